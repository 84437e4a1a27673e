// The Auth service through the real supabase-js client: e-mail signup and confirmation via the
// mail catcher, login, refresh rotation, user updates, logout, password reset, Google sign-in
// through the sandbox provider with PKCE, the admin API and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, urls } from '../config.ts';
import { signJWT } from './jwt.ts';
import { bcryptCost } from './routes-account.ts';
import { authTarget, client, fragmentOf, latestMail, locationOf, pkceClient, startLocalAuth, uniqueEmail, verifyLink, type AuthTarget } from './test-support.ts';

let target: AuthTarget;
// The stack's site URL (its PODIUM_PORT_BASE applies): redirects are checked against it.
const SITE = urls.site;

beforeAll(async () => {
  target = await authTarget();
});
afterAll(async () => {
  await target?.close();
});

const raw = (path: string, init: RequestInit = {}) =>
  fetch(`${target.url}/auth/v1${path}`, {
    ...init,
    headers: { apikey: keys.anon, 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });

const jsonOf = async (response: Response) => (await response.json()) as Record<string, unknown>;

async function signUpConfirmed(email: string, password = 'geheim123') {
  const supabase = client(target);
  const { error } = await supabase.auth.signUp({ email, password, options: { data: { first_name: 'Test' } } });
  expect(error).toBeNull();
  const mail = await latestMail(email);
  const { location } = await locationOf(verifyLink(mail));
  expect(fragmentOf(location).get('access_token')).toBeTruthy();
  return supabase;
}

describe('e-mail signup and session lifecycle', () => {
  it('signs up, confirms through the mailed link, logs in, refreshes, updates and logs out', async () => {
    const email = uniqueEmail('signup');
    const supabase = client(target);
    const data = { first_name: 'Jan', last_name: 'Jansen', role: 'customer', terms_accepted: true };
    const signUp = await supabase.auth.signUp({
      email,
      password: 'geheim123',
      options: { data, emailRedirectTo: `${SITE}/auth/confirm` },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);
    expect(signUp.data.user?.user_metadata).toMatchObject(data);
    expect(signUp.data.user?.identities?.[0]?.provider).toBe('email');
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();

    // The row is a real auth.users row with the metadata (what app triggers read).
    const { rows } = await target.pool.query('select raw_user_meta_data, encrypted_password from auth.users where email = $1', [email]);
    expect(rows[0].raw_user_meta_data).toMatchObject(data);
    // bcrypt at the stack's cost: GoTrue's 10, or what PODIUM_AUTH_BCRYPT_COST set for it (npm test: 4).
    expect(rows[0].encrypted_password).toMatch(new RegExp(`^\\$2[aby]\\$${String(bcryptCost(process.env.PODIUM_AUTH_BCRYPT_COST)).padStart(2, '0')}\\$`));

    // Not confirmed yet.
    const early = await supabase.auth.signInWithPassword({ email, password: 'geheim123' });
    expect(early.error?.message).toBe('Email not confirmed');
    expect(early.error?.code).toBe('email_not_confirmed');

    const mail = await latestMail(email);
    expect(mail.Subject).toBe('Bevestig je e-mailadres bij Podium');
    expect(mail.HTML).toContain('Podium');
    const link = verifyLink(mail);
    expect(link).toContain('type=signup');
    const { status, location } = await locationOf(link);
    expect(status).toBe(303);
    expect(location.startsWith(`${SITE}/auth/confirm#`)).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('refresh_token')).toBeTruthy();

    // The link is single use.
    const again = await locationOf(link);
    expect(fragmentOf(again.location).get('error_code')).toBe('otp_expired');

    const login = await supabase.auth.signInWithPassword({ email, password: 'geheim123' });
    expect(login.error).toBeNull();
    const session = login.data.session!;
    expect(session.user.email_confirmed_at).toBeTruthy();
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.iss).toMatch(/\/auth\/v1$/);
    expect(claims.amr[0].method).toBe('password');
    expect(claims.session_id).toBeTruthy();

    const refreshed = await supabase.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token);

    const authed = client(target);
    await authed.auth.setSession({ access_token: refreshed.data.session!.access_token, refresh_token: refreshed.data.session!.refresh_token });
    const user = await authed.auth.getUser();
    expect(user.data.user?.email).toBe(email);

    const updated = await authed.auth.updateUser({ data: { first_name: 'Janneke' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata.first_name).toBe('Janneke');
    expect(updated.data.user?.user_metadata.last_name).toBe('Jansen');

    const changed = await authed.auth.updateUser({ password: 'nieuwgeheim456' });
    expect(changed.error).toBeNull();
    expect((await client(target).auth.signInWithPassword({ email, password: 'nieuwgeheim456' })).error).toBeNull();

    const out = await authed.auth.signOut();
    expect(out.error).toBeNull();
    const afterLogout = await raw('/user', { headers: { authorization: `Bearer ${refreshed.data.session!.access_token}` } });
    expect(afterLogout.status).toBe(403);
    expect((await jsonOf(afterLogout)).error_code).toBe('session_not_found');
  });

  it('rejects a wrong password and an unknown user alike', async () => {
    const email = uniqueEmail('wrongpw');
    await signUpConfirmed(email);
    const supabase = client(target);
    const wrong = await supabase.auth.signInWithPassword({ email, password: 'verkeerd!' });
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
    const unknown = await supabase.auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'whatever1' });
    expect(unknown.error?.message).toBe('Invalid login credentials');
  });

  it('treats a repeated signup like GoTrue: obfuscated user for confirmed, re-sent mail for unconfirmed', async () => {
    const confirmed = uniqueEmail('dup');
    await signUpConfirmed(confirmed);
    const repeat = await client(target).auth.signUp({ email: confirmed, password: 'anders123' });
    expect(repeat.error).toBeNull();
    expect(repeat.data.user?.identities).toEqual([]);
    const { rows } = await target.pool.query('select id from auth.users where email = $1', [confirmed]);
    expect(rows).toHaveLength(1);
    expect(repeat.data.user?.id).not.toBe(rows[0].id);

    const pending = uniqueEmail('dup-pending');
    const first = await client(target).auth.signUp({ email: pending, password: 'geheim123' });
    const firstMail = await latestMail(pending);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await client(target).auth.signUp({ email: pending, password: 'geheim123' });
    expect(second.error).toBeNull();
    expect(second.data.user?.id).toBe(first.data.user?.id);
    const secondMail = await latestMail(pending, { after: firstMail.ID });
    expect(verifyLink(secondMail)).not.toBe(verifyLink(firstMail));
  });

  it('detects reuse of a rotated refresh token and revokes the session', async () => {
    const email = uniqueEmail('reuse');
    await signUpConfirmed(email);
    const supabase = client(target);
    const { data } = await supabase.auth.signInWithPassword({ email, password: 'geheim123' });
    const original = data.session!.refresh_token;
    const first = await supabase.auth.refreshSession({ refresh_token: original });
    expect(first.error).toBeNull();
    // Within the reuse interval the parent of the active token returns the active one.
    const retry = await supabase.auth.refreshSession({ refresh_token: original });
    expect(retry.data.session?.refresh_token).toBe(first.data.session?.refresh_token);
    // Outside the interval reuse is an attack: age the revoked token and try again.
    await target.pool.query(`update auth.refresh_tokens set updated_at = now() - interval '1 hour' where token = $1`, [original]);
    const second = await supabase.auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(second.error).toBeNull();
    // The original token is now two generations old: its reuse revokes the whole session.
    const reused = await raw('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: original }),
    });
    expect(reused.status).toBe(400);
    expect(await jsonOf(reused)).toMatchObject({ error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' });
    // Every token of the session is revoked now (outside the reuse window, none works).
    await target.pool.query(`update auth.refresh_tokens set updated_at = now() - interval '1 hour' where token = $1`, [second.data.session!.refresh_token]);
    const family = await raw('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: second.data.session!.refresh_token }),
    });
    expect(family.status).toBe(400);
    const unknown = await supabase.auth.refreshSession({ refresh_token: 'doesnotexist' });
    expect(unknown.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });

  it('logs out this session (local), the other sessions (others) or all of them (global)', async () => {
    const email = uniqueEmail('logout');
    await signUpConfirmed(email);
    const signIn = async () => {
      const supabase = client(target);
      const { data, error } = await supabase.auth.signInWithPassword({ email, password: 'geheim123' });
      expect(error).toBeNull();
      return { supabase, session: data.session! };
    };
    const alive = async ({ session }: { session: { access_token: string; refresh_token: string } }) => {
      const user = await client(target).auth.getUser(session.access_token);
      return user.error === null;
    };
    const [a, b, c] = [await signIn(), await signIn(), await signIn()];

    expect((await a.supabase.auth.admin.signOut(a.session.access_token, 'others')).error).toBeNull();
    expect(await alive(a)).toBe(true);
    expect(await alive(b)).toBe(false);
    expect(await alive(c)).toBe(false);
    const refreshB = await client(target).auth.refreshSession({ refresh_token: b.session.refresh_token });
    expect(refreshB.error?.code).toBe('refresh_token_not_found');

    const d = await signIn();
    expect((await a.supabase.auth.admin.signOut(a.session.access_token, 'local')).error).toBeNull();
    expect(await alive(a)).toBe(false);
    expect(await alive(d)).toBe(true);

    const e = await signIn();
    expect((await d.supabase.auth.admin.signOut(d.session.access_token, 'global')).error).toBeNull();
    expect(await alive(d)).toBe(false);
    expect(await alive(e)).toBe(false);
    const stale = await client(target).auth.getUser(e.session.access_token);
    // GoTrue answers 403 session_not_found, which supabase-js reports as a missing session.
    expect(stale.error?.name).toBe('AuthSessionMissingError');
  });

  it('re-sends the signup confirmation on request, and the new link confirms', async () => {
    const email = uniqueEmail('resend');
    expect((await client(target).auth.signUp({ email, password: 'geheim123' })).error).toBeNull();
    const first = await latestMail(email);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await client(target).auth.resend({ type: 'signup', email })).error).toBeNull();
    const second = await latestMail(email, { after: first.ID });
    expect(second.Subject).toBe(first.Subject);
    const { location } = await locationOf(verifyLink(second));
    expect(fragmentOf(location).get('type')).toBe('signup');
    const login = await client(target).auth.signInWithPassword({ email, password: 'geheim123' });
    expect(login.error).toBeNull();
  });
});

describe('password reset', () => {
  it('mails a recovery link that signs the user in, after which the password can be changed', async () => {
    const email = uniqueEmail('reset');
    await signUpConfirmed(email);
    const supabase = client(target);
    const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/auth/reset-password` });
    expect(error).toBeNull();
    const mail = await latestMail(email);
    expect(mail.Subject).toBe('Wachtwoord opnieuw instellen');
    const { location } = await locationOf(verifyLink(mail));
    expect(location.startsWith(`${SITE}/auth/reset-password#`)).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('type')).toBe('recovery');
    const authed = client(target);
    await authed.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect((await authed.auth.updateUser({ password: 'hersteld789' })).error).toBeNull();
    expect((await client(target).auth.signInWithPassword({ email, password: 'hersteld789' })).error).toBeNull();
    // Unknown addresses get the same answer and no mail.
    expect((await supabase.auth.resetPasswordForEmail(uniqueEmail('ghost'))).error).toBeNull();
  });

  it('supports the PKCE variant: ?code= on the redirect, exchanged for a session', async () => {
    const email = uniqueEmail('reset-pkce');
    await signUpConfirmed(email);
    const supabase = pkceClient(target);
    expect((await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/auth/reset-password` })).error).toBeNull();
    const { location } = await locationOf(verifyLink(await latestMail(email)));
    const code = new URL(location).searchParams.get('code');
    expect(code).toBeTruthy();
    const exchanged = await supabase.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
  });
});

describe('Google sign-in through the sandbox identity provider', () => {
  async function googleLogin(email: string, name: string) {
    const supabase = pkceClient(target);
    const { data, error } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: {
        redirectTo: `${SITE}/auth/callback`,
        queryParams: { access_type: 'offline', prompt: 'consent' },
        skipBrowserRedirect: true,
      },
    });
    expect(error).toBeNull();
    const toIdp = await locationOf(data.url!);
    expect(toIdp.status).toBe(302);
    const consentUrl = new URL(toIdp.location);
    expect(consentUrl.pathname).toBe('/auth/v1/sandbox-idp/authorize');
    expect(consentUrl.searchParams.get('access_type')).toBe('offline');
    expect(consentUrl.searchParams.get('prompt')).toBe('consent');
    const page = await fetch(consentUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('lokale sandbox');
    const form = new URLSearchParams({
      state: consentUrl.searchParams.get('state')!,
      redirect_uri: consentUrl.searchParams.get('redirect_uri')!,
      scope: consentUrl.searchParams.get('scope')!,
      client_id: consentUrl.searchParams.get('client_id')!,
      email,
      name,
      decision: 'allow',
    });
    const toCallback = await locationOf(consentUrl.toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(new URL(toCallback.location).pathname).toBe('/auth/v1/callback');
    const toApp = await locationOf(toCallback.location);
    expect(toApp.location.startsWith(`${SITE}/auth/callback?`)).toBe(true);
    const code = new URL(toApp.location).searchParams.get('code')!;
    return supabase.auth.exchangeCodeForSession(code);
  }

  it('creates a confirmed user with a google identity and GoTrue-shaped metadata', async () => {
    const email = uniqueEmail('google');
    const { data, error } = await googleLogin(email, 'Eva de Boer');
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toMatchObject({ provider: 'google', providers: ['google'] });
    expect(user.user_metadata).toMatchObject({ full_name: 'Eva de Boer', name: 'Eva de Boer', email, email_verified: true });
    expect(user.user_metadata.avatar_url).toBeTruthy();
    expect(user.user_metadata.provider_id).toBe(user.user_metadata.sub);
    expect(user.identities?.[0]).toMatchObject({ provider: 'google' });
    expect(user.identities?.[0]?.identity_data?.email_verified).toBe(true);
    expect(data.session?.provider_token).toBeTruthy();
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.amr[0].method).toBe('oauth');

    // Signing in again finds the same user.
    const again = await googleLogin(email, 'Eva de Boer');
    expect(again.data.user?.id).toBe(user.id);
  });

  it('links Google to an existing e-mail account', async () => {
    const email = uniqueEmail('link');
    await signUpConfirmed(email);
    const { data } = await googleLogin(email, 'Link Test');
    expect(data.user?.app_metadata.providers).toEqual(expect.arrayContaining(['email', 'google']));
    expect(data.user?.identities).toHaveLength(2);
  });

  /** Chooses a Google account on the sandbox's consent page; returns where the auth server sends the browser back. */
  async function consent(consentUrl: URL, email: string, name: string) {
    const form = new URLSearchParams({
      state: consentUrl.searchParams.get('state')!,
      redirect_uri: consentUrl.searchParams.get('redirect_uri')!,
      scope: consentUrl.searchParams.get('scope')!,
      client_id: consentUrl.searchParams.get('client_id')!,
      email,
      name,
      decision: 'allow',
    });
    const toCallback = await locationOf(consentUrl.toString(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    return new URL((await locationOf(toCallback.location)).location);
  }

  async function signedInWithPassword(email: string) {
    await signUpConfirmed(email);
    const supabase = pkceClient(target);
    expect((await supabase.auth.signInWithPassword({ email, password: 'geheim123' })).error).toBeNull();
    return supabase;
  }

  it('links a Google account to the signed-in user (linkIdentity), then unlinks it, never the last identity', async () => {
    const email = uniqueEmail('koppel');
    const supabase = await signedInWithPassword(email);
    const { data: me } = await supabase.auth.getUser();
    const { data, error } = await supabase.auth.linkIdentity({ provider: 'google', options: { redirectTo: `${SITE}/auth/link`, skipBrowserRedirect: true } });
    expect(error).toBeNull();
    const consentUrl = new URL(data.url!);
    expect(consentUrl.pathname).toBe('/auth/v1/sandbox-idp/authorize');

    // Another address than the account's: linking does not go by e-mail, it adds to the signed-in user.
    const gmail = uniqueEmail('gmail');
    const back = await consent(consentUrl, gmail, 'Koppel Test');
    expect(`${back.origin}${back.pathname}`).toBe(`${SITE}/auth/link`);
    const exchanged = await supabase.auth.exchangeCodeForSession(back.searchParams.get('code')!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.id).toBe(me.user!.id);
    expect(exchanged.data.user?.email).toBe(email);
    expect(exchanged.data.user?.app_metadata.providers).toEqual(['email', 'google']);

    const identities = (await supabase.auth.getUserIdentities()).data!.identities;
    expect(identities.map((identity) => identity.provider).sort()).toEqual(['email', 'google']);
    const google = identities.find((identity) => identity.provider === 'google')!;
    expect(google.identity_data?.email).toBe(gmail);

    expect((await supabase.auth.unlinkIdentity(google)).error).toBeNull();
    await supabase.auth.refreshSession();
    const left = (await supabase.auth.getUserIdentities()).data!.identities;
    expect(left.map((identity) => identity.provider)).toEqual(['email']);
    expect((await supabase.auth.getUser()).data.user?.app_metadata.providers).toEqual(['email']);

    const last = await supabase.auth.unlinkIdentity(left[0]!);
    expect(last.error?.status).toBe(422);
    expect(last.error?.code).toBe('single_identity_not_deletable');
  });

  it('refuses to link a Google account that belongs to another user, and unlinking what is not yours', async () => {
    const gmail = uniqueEmail('bezet');
    const owner = await googleLogin(gmail, 'Eigenaar');
    expect(owner.error).toBeNull();
    const supabase = await signedInWithPassword(uniqueEmail('ander'));
    const { data } = await supabase.auth.linkIdentity({ provider: 'google', options: { redirectTo: `${SITE}/auth/link`, skipBrowserRedirect: true } });
    const back = await consent(new URL(data.url!), gmail, 'Eigenaar');
    expect(back.searchParams.get('error_code')).toBe('identity_already_exists');
    expect(back.searchParams.get('error_description')).toBe('Identity is already linked to another user');
    expect((await supabase.auth.getUserIdentities()).data!.identities).toHaveLength(1);

    const response = await raw(`/user/identities/${owner.data.user!.identities![0]!.identity_id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${(await supabase.auth.getSession()).data.session!.access_token}` },
    });
    expect(response.status).toBe(422);
    expect(await jsonOf(response)).toMatchObject({ error_code: 'single_identity_not_deletable' });
    const anonymous = await raw('/user/identities/authorize?provider=google');
    expect(anonymous.status).toBe(401);
  });

  it('refuses unknown providers like GoTrue', async () => {
    const response = await fetch(`${target.url}/auth/v1/authorize?provider=myspace`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toMatchObject({ error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' });
  });
});

describe('reauthentication (GET /reauthenticate and the nonce of a password change)', () => {
  it('mails a code; with secure password change on, an old session needs that code, once', async () => {
    const secure = await startLocalAuth({ settings: { securePasswordChange: true } });
    try {
      const email = uniqueEmail('herauth');
      const supabase = client(secure);
      expect((await supabase.auth.signUp({ email, password: 'geheim123' })).error).toBeNull();
      await locationOf(verifyLink(await latestMail(email)));
      const signedIn = await supabase.auth.signInWithPassword({ email, password: 'geheim123' });
      expect(signedIn.error).toBeNull();
      const signup = await latestMail(email);

      // A session under 24 hours old changes the password without a code, as GoTrue allows.
      expect((await supabase.auth.updateUser({ password: 'nieuw-geheim1' })).error).toBeNull();
      await secure.pool.query(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [signedIn.data.user!.id]);

      const needed = await supabase.auth.updateUser({ password: 'nieuw-geheim2' });
      expect(needed.error?.code).toBe('reauthentication_needed');

      expect((await supabase.auth.reauthenticate()).error).toBeNull();
      const mail = await latestMail(email, { after: signup.ID });
      expect(mail.Subject).toBe('Je verificatiecode voor Podium');
      const nonce = /Je code: (\d{6})/.exec(mail.Text)![1]!;
      expect(mail.Text).not.toContain('/auth/v1/verify');

      const wrong = await supabase.auth.updateUser({ password: 'nieuw-geheim2', nonce: nonce === '000000' ? '111111' : '000000' });
      expect(wrong.error?.code).toBe('reauthentication_not_valid');
      expect((await supabase.auth.updateUser({ password: 'nieuw-geheim2', nonce })).error).toBeNull();
      const reused = await supabase.auth.updateUser({ password: 'nieuw-geheim3', nonce });
      expect(reused.error?.code).toBe('reauthentication_not_valid');
      expect((await client(secure).auth.signInWithPassword({ email, password: 'nieuw-geheim2' })).error).toBeNull();
    } finally {
      await secure.close();
    }
  });

  it('refuses without a signed-in user', async () => {
    const response = await raw('/reauthenticate');
    expect(response.status).toBe(401);
  });
});

describe('admin API', () => {
  const admin = () => client(target, 'implicit', keys.serviceRole).auth.admin;

  it('creates, reads, lists, updates and deletes users; refuses non-admins', async () => {
    const email = uniqueEmail('admin');
    const created = await admin().createUser({ email, password: 'geheim123', email_confirm: true, user_metadata: { first_name: 'Ad' } });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    expect((await client(target).auth.signInWithPassword({ email, password: 'geheim123' })).error).toBeNull();

    expect((await admin().getUserById(id)).data.user?.email).toBe(email);
    const listed = await admin().listUsers({ page: 1, perPage: 5 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.length).toBeGreaterThan(0);

    // No arguments: supabase-js sends `?page=&per_page=`, which GoTrue reads as its defaults (page 1, 50 a page).
    const firstPage = await admin().listUsers();
    expect(firstPage.error).toBeNull();
    expect(firstPage.data.users.length).toBeGreaterThan(0);
    expect(firstPage.data.users.length).toBeLessThanOrEqual(50);
    const bad = await fetch(`${target.url}/auth/v1/admin/users?page=twee`, { headers: { apikey: keys.serviceRole, authorization: `Bearer ${keys.serviceRole}` } });
    expect(bad.status).toBe(400);

    const updated = await admin().updateUserById(id, { app_metadata: { role: 'admin' }, user_metadata: { last_name: 'Min' } });
    expect(updated.data.user?.app_metadata.role).toBe('admin');
    expect(updated.data.user?.user_metadata).toMatchObject({ first_name: 'Ad', last_name: 'Min' });

    const dup = await admin().createUser({ email, password: 'geheim123' });
    expect(dup.error?.code).toBe('email_exists');

    expect((await admin().deleteUser(id)).error).toBeNull();
    expect((await admin().getUserById(id)).error?.code).toBe('user_not_found');

    const denied = await client(target).auth.admin.listUsers();
    expect(denied.error?.status).toBe(403);
    expect(denied.error?.code).toBe('not_admin');
  });

  it('generates links whose verification signs the user in', async () => {
    const email = uniqueEmail('genlink');
    const signup = await admin().generateLink({ type: 'signup', email, password: 'geheim123', options: { redirectTo: `${SITE}/welkom` } });
    expect(signup.error).toBeNull();
    expect(signup.data.properties!).toMatchObject({ verification_type: 'signup', redirect_to: `${SITE}/welkom` });
    expect(signup.data.properties!.email_otp).toMatch(/^\d{6}$/);
    const { location } = await locationOf(signup.data.properties!.action_link);
    expect(fragmentOf(location).get('access_token')).toBeTruthy();

    const magic = await admin().generateLink({ type: 'magiclink', email });
    const verified = await client(target).auth.verifyOtp({ token_hash: magic.data.properties!.hashed_token, type: 'magiclink' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);

    const recovery = await admin().generateLink({ type: 'recovery', email });
    const byOtp = await client(target).auth.verifyOtp({ email, token: recovery.data.properties!.email_otp, type: 'recovery' });
    expect(byOtp.error).toBeNull();

    const invite = await admin().generateLink({ type: 'invite', email: uniqueEmail('invitee') });
    expect(invite.data.properties?.verification_type).toBe('invite');
  });

  it('changes e-mail through the link sent to the new address', async () => {
    const email = uniqueEmail('change');
    await signUpConfirmed(email);
    const supabase = client(target);
    const { data } = await supabase.auth.signInWithPassword({ email, password: 'geheim123' });
    const authed = client(target);
    await authed.auth.setSession({ access_token: data.session!.access_token, refresh_token: data.session!.refresh_token });
    const newEmail = uniqueEmail('changed');
    const update = await authed.auth.updateUser({ email: newEmail });
    expect(update.error).toBeNull();
    expect(update.data.user?.new_email).toBe(newEmail);
    const mail = await latestMail(newEmail);
    expect(mail.Subject).toBe('Bevestig je nieuwe e-mailadres');
    const { location } = await locationOf(verifyLink(mail));
    expect(fragmentOf(location).get('access_token')).toBeTruthy();
    expect((await client(target).auth.signInWithPassword({ email: newEmail, password: 'geheim123' })).error).toBeNull();
  });
});

describe('bad input', () => {
  it('answers validation errors with GoTrue codes and messages', async () => {
    const supabase = client(target);
    const weak = await supabase.auth.signUp({ email: uniqueEmail('weak'), password: '123' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    // An empty new password is a weak one too, not an update that changes nothing.
    const email = uniqueEmail('empty-password');
    await signUpConfirmed(email);
    const { data } = await supabase.auth.signInWithPassword({ email, password: 'geheim123' });
    const empty = await raw('/user', { method: 'PUT', headers: { authorization: `Bearer ${data.session!.access_token}` }, body: '{"password":""}' });
    expect(empty.status).toBe(422);
    expect((await jsonOf(empty)).error_code).toBe('weak_password');
    expect((await client(target).auth.signInWithPassword({ email, password: 'geheim123' })).error).toBeNull();
    const invalid = await supabase.auth.signUp({ email: 'geen-email', password: 'geheim123' });
    expect(invalid.error?.status).toBe(400);
    expect(invalid.error?.message).toBe('Unable to validate email address: invalid format');

    const badJson = await raw('/signup', { method: 'POST', body: '{"email": ' });
    expect(badJson.status).toBe(400);
    const body = await jsonOf(badJson);
    expect(body.code).toBe(400);
    expect(body.error_code).toBe('bad_json');
    expect(body.msg).toMatch(/^Could not parse request body as JSON: /);

    const versioned = await raw('/signup', { method: 'POST', body: '[]', headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect((await jsonOf(versioned)).code).toBe('bad_json');

    const huge = await raw('/signup', { method: 'POST', body: JSON.stringify({ email: 'a@b.nl', password: 'x'.repeat(2_000_000) }) });
    expect(huge.status).toBe(413);

    const grant = await raw('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(grant.status).toBe(400);
    expect((await jsonOf(grant)).msg).toBe('unsupported_grant_type');

    const missing = await raw('/nope');
    expect(missing.status).toBe(404);
    expect(await jsonOf(missing)).toMatchObject({ code: 404, error_code: 'not_found' });
  });

  it("answers what config.toml leaves off (anonymous, SAML, Web3, ID tokens) with GoTrue's errors", async () => {
    const supabase = client(target);
    const anonymous = await supabase.auth.signInAnonymously();
    expect([anonymous.error?.status, anonymous.error?.code, anonymous.error?.message]).toEqual([422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled']);
    const sso = await supabase.auth.signInWithSSO({ domain: 'podium.nl' });
    expect([sso.error?.status, sso.error?.code, sso.error?.message]).toEqual([404, 'saml_provider_disabled', 'SAML 2.0 is disabled']);
    const web3 = await raw('/token?grant_type=web3', { method: 'POST', body: JSON.stringify({ chain: 'ethereum', message: 'x', signature: '0x1' }) });
    expect(await jsonOf(web3)).toMatchObject({ code: 422, error_code: 'web3_provider_disabled', msg: 'Web3 provider is disabled' });
    const idToken = await supabase.auth.signInWithIdToken({ provider: 'google', token: 'geen-echt-token' });
    expect([idToken.error?.status, idToken.data.session]).toEqual([400, null]);
    expect(idToken.error?.message).toMatch(/not enabled/);
  });

  it('refuses forged, unsigned and expired JWTs with 403 bad_jwt', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = signJWT({ sub: crypto.randomUUID(), role: 'authenticated', exp: now + 60 }, 'not-the-secret-not-the-secret-not-the');
    const expired = signJWT({ sub: crypto.randomUUID(), role: 'authenticated', exp: now - 60 }, keys.jwtSecret);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: crypto.randomUUID(), role: 'service_role' })).toString('base64url')}.`;
    for (const token of [forged, expired, none, 'garbage']) {
      const response = await raw('/user', { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(403);
      const body = await jsonOf(response);
      expect(body.error_code).toBe('bad_jwt');
      expect(body.msg).toMatch(/^invalid JWT: unable to parse or verify signature, /);
    }
    const adminWithNone = await raw('/admin/users', { headers: { authorization: `Bearer ${none}` } });
    expect(adminWithNone.status).toBe(403);
  });

  it('redirects a bad verify link back with the error in the fragment', async () => {
    const { status, location } = await locationOf(`${target.url}/auth/v1/verify?token=nope&type=signup&redirect_to=${encodeURIComponent(`${SITE}/auth/confirm`)}`);
    expect(status).toBe(303);
    const fragment = fragmentOf(location);
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_code')).toBe('otp_expired');
    expect(fragment.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('falls back to the site URL for redirect targets outside the allow-list', async () => {
    const { location } = await locationOf(`${target.url}/auth/v1/verify?token=nope&type=signup&redirect_to=${encodeURIComponent('https://evil.example.com/')}`);
    expect(location.startsWith(SITE)).toBe(true);
  });
});

describe('triggers on auth.users, as app migrations write them', () => {
  // A throwaway trigger pair: one copies signup metadata into a table (what a profiles trigger
  // does), one refuses a marked signup (what a failing trigger does).
  const suffix = crypto.randomUUID().slice(0, 8);
  const table = `public.signup_copies_${suffix}`;

  beforeAll(async () => {
    await target.pool.query(`
      create table ${table} (id uuid primary key, first_name text, role text);
      create function public.copy_signup_${suffix}() returns trigger language plpgsql security definer set search_path = '' as $$
      begin
        if new.raw_user_meta_data ->> 'first_name' = 'Weigeraar' then
          raise exception 'refused by trigger';
        end if;
        insert into ${table} (id, first_name, role) values (new.id, new.raw_user_meta_data ->> 'first_name', new.raw_user_meta_data ->> 'role');
        return new;
      end $$;
      create trigger copy_signup_${suffix} after insert on auth.users for each row execute function public.copy_signup_${suffix}();
    `);
  });

  afterAll(async () => {
    await target.pool.query(`
      drop trigger if exists copy_signup_${suffix} on auth.users;
      drop function if exists public.copy_signup_${suffix}();
      drop table if exists ${table};
    `);
  });

  it('fires on signup with the signup metadata, in the same transaction', async () => {
    const email = uniqueEmail('trigger');
    const { data, error } = await client(target).auth.signUp({ email, password: 'geheim123', options: { data: { first_name: 'Anna', role: 'customer' } } });
    expect(error).toBeNull();
    const { rows } = await target.pool.query(`select first_name, role from ${table} where id = $1`, [data.user!.id]);
    expect(rows).toEqual([{ first_name: 'Anna', role: 'customer' }]);
  });

  it('turns a failing trigger into GoTrue’s 500 "Database error saving new user", with nothing stored', async () => {
    const email = uniqueEmail('refused');
    const { data, error } = await client(target).auth.signUp({ email, password: 'geheim123', options: { data: { first_name: 'Weigeraar' } } });
    expect(data.user).toBeNull();
    expect(error?.status).toBe(500);
    expect(error?.message).toBe('Database error saving new user');
    const { rows } = await target.pool.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(0);
    await expect(latestMail(email, { timeoutMs: 500 })).rejects.toThrow();
  });
});

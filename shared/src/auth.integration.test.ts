// The account actions and the session store against the running local stack: real supabase-js
// through our auth server, the profile trigger, and confirmation mails read from the mail catcher.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createAuthActions } from './auth-actions.ts';
import { createSessionStore } from './session.ts';
import { anonClient, closePool, createPasswordUser, deleteAuthUser, eventually, latestMail, locationOf, mailCount, serviceClient, uniqueEmail, verifyLink } from './stack.test-support.ts';

const origin = 'http://127.0.0.1:3000';
const cleanup: string[] = [];
afterAll(async () => {
  for (const id of cleanup) await deleteAuthUser(id);
  await closePool();
});

describe('signup, confirmation and login through the real auth server', () => {
  const email = uniqueEmail('Core-Signup');
  const form = { firstName: ' Sanne ', lastName: 'de Vries', email: `  ${email.toUpperCase()} `, password: 'geheim123', confirmPassword: 'geheim123', termsAccepted: true };
  const address = email.toLowerCase();

  it('signs up: toast, a confirmation mail, and a profile made from the metadata', async () => {
    const actions = createAuthActions({ client: anonClient(), origin });
    const result = await actions.signup({ ...form, role: 'artist' });
    expect(result).toMatchObject({ ok: true, toast: { title: 'Account aangemaakt!' } });
    const mail = await latestMail(address);
    expect(verifyLink(mail)).toContain('redirect_to=');
    const { data } = await serviceClient().from('profiles').select('id, role, first_name, last_name, email_verified').eq('email', address).single();
    expect(data).toMatchObject({ role: 'artist', first_name: 'Sanne', last_name: 'de Vries', email_verified: false });
    if (data) cleanup.push(data.id);
  });

  it('login before confirming is refused with the resend button; resend sends another mail', async () => {
    const client = anonClient();
    const actions = createAuthActions({ client, origin });
    expect(await actions.login({ email: address, password: 'geheim123' })).toEqual({
      ok: false,
      toast: { title: 'Inloggen mislukt', description: 'Bevestig eerst je e-mailadres voordat je inlogt.', variant: 'destructive' },
      showResendButton: true,
    });
    const before = await mailCount(address);
    // the auth server sends one mail per address per second (max_frequency)
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await actions.resendVerificationFromLogin(address)).toMatchObject({ ok: true, toast: { title: 'Email verzonden!' } });
    await eventually(async () => (await mailCount(address)) > before);
    expect((await client.auth.getSession()).data.session).toBeNull();
  });

  it('after confirming through the mailed link, login succeeds for the artist tab and goes to the artist dashboard', async () => {
    const { status } = await locationOf(verifyLink(await latestMail(address)));
    expect(status).toBe(303);
    const client = anonClient();
    const store = createSessionStore(client);
    const actions = createAuthActions({ client, origin, session: store });
    const result = await actions.login({ email: form.email, password: 'geheim123', requestedRole: 'artist' });
    expect(result).toMatchObject({ ok: true, toast: { title: 'Welkom terug!' }, destination: '/dashboard/artist', profile: { role: 'artist', email_verified: true } });
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', profile: { first_name: 'Sanne' } });
    expect(await actions.sendVerificationEmail()).toEqual({ success: false, error: 'Je email is al geverifieerd.' });
    expect(await actions.checkEmailVerified()).toBe(true);
    store.dispose();
  });
  it("a repeated signup of the confirmed address is 'already registered' and switches to login", async () => {
    const actions = createAuthActions({ client: anonClient(), origin });
    const onSwitchToLogin = vi.fn();
    const result = await actions.signup(form, { onSwitchToLogin });
    expect(result).toMatchObject({ ok: false, alreadyRegistered: true, toast: { title: 'Account bestaat al' } });
    await eventually(() => onSwitchToLogin.mock.calls.length > 0, 3_000);
  });
});

describe('login failures', () => {
  it('wrong password', async () => {
    const user = await createPasswordUser();
    cleanup.push(user.id);
    const actions = createAuthActions({ client: anonClient(), origin });
    expect(await actions.login({ email: user.email, password: 'fout-wachtwoord' })).toMatchObject({
      ok: false,
      toast: { description: 'Ongeldige inloggegevens. Controleer je e-mailadres en wachtwoord.' },
      showResendButton: false,
    });
  });

  it('a customer on the artist tab is rejected and signed out', async () => {
    const user = await createPasswordUser('customer');
    cleanup.push(user.id);
    const client = anonClient();
    const actions = createAuthActions({ client, origin });
    expect(await actions.login({ email: user.email, password: user.password, requestedRole: 'artist' })).toMatchObject({
      ok: false,
      toast: { description: 'Je hebt geen artiest/klant account. Gebruik de juiste inlog tab of registreer een nieuw account.' },
    });
    expect((await client.auth.getSession()).data.session).toBeNull();
  });
});

describe('the session store and sign-out with a real client', () => {
  it('loads the profile 1.5 s after a sign-in, and sign-out clears it and ends the server session', async () => {
    const user = await createPasswordUser('customer', { first_name: 'Daan', last_name: 'Jansen' });
    cleanup.push(user.id);
    const client = anonClient();
    const store = createSessionStore(client);
    await eventually(() => store.getSnapshot().status === 'no-user');
    const { data } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
    const signedInAt = Date.now();
    expect(store.getSnapshot()).toMatchObject({ status: 'no-profile', user: { id: user.id } });
    await eventually(() => store.getSnapshot().status === 'ready');
    expect(Date.now() - signedInAt).toBeGreaterThanOrEqual(1_400);
    expect(store.getSnapshot()).toMatchObject({ profile: { id: user.id, first_name: 'Daan', role: 'customer' } });

    const actions = createAuthActions({ client, origin, session: store });
    expect(await actions.signOut()).toEqual({ ok: true, toast: null });
    expect(store.getSnapshot().status).toBe('no-user');
    expect((await client.auth.getSession()).data.session).toBeNull();
    // the refresh token no longer works on the server
    const refreshed = await anonClient().auth.refreshSession({ refresh_token: data.session?.refresh_token ?? '' });
    expect(refreshed.error).not.toBeNull();
    store.dispose();
  });
});

describe('password reset', () => {
  it('mails a link that returns to /auth/reset-password', async () => {
    const user = await createPasswordUser();
    cleanup.push(user.id);
    const actions = createAuthActions({ client: anonClient(), origin });
    const result = await actions.forgotPassword(user.email.toUpperCase());
    expect(result).toMatchObject({ ok: true, toast: { title: 'Reset email verzonden!' }, sentTo: user.email });
    const mail = await latestMail(user.email);
    expect(decodeURIComponent(verifyLink(mail))).toContain(`${origin}/auth/reset-password`);
  });
});

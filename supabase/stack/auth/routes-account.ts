// Sign-up, password recovery, resend, e-mail OTP / magic link, and the signed-in user's own
// endpoints (GET/PUT /user, /logout), after GoTrue's signup.go, recover.go, resend.go,
// magic_link.go, otp.go, user.go and logout.go.
import bcrypt from 'bcrypt';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { requireUser, limitRequest, type AuthContext } from './context.ts';
import { sendEmailChange, sendReauthentication, sendUserMail, validateEmail, verifyReauthentication, type FlowType } from './flows.ts';
import { AuthError, badRequest, header, obj, readParams, sendJSON, sendNoContent, str, unprocessable, type JSONObject } from './http.ts';
import { validatePKCEParams } from './pkce.ts';
import { resolveRedirect } from './redirect.ts';
import {
  audit,
  createFlowState,
  createIdentity,
  findUserByEmail,
  insertUser,
  isConfirmed,
  issueSession,
  loadFactors,
  loadIdentities,
  loadUserJSON,
  mergeUserMetadata,
  reloadUser,
  secureAlphanumeric,
  userJSON,
  withTx,
  confirmUser,
  type DB,
  type UserRow,
} from './store.ts';

export const MAX_PASSWORD_LENGTH = 72;
/**
 * bcrypt's cost: GoTrue's (10) unless PODIUM_AUTH_BCRYPT_COST names another (4 to 31). `npm test`
 * runs its stacks at 4: the same kind of hash, 60 times cheaper to make and check, where thousands
 * of test accounts sign up and sign in (at 10 that was minutes of CPU in a run).
 */
export const BCRYPT_COST = bcryptCost(process.env.PODIUM_AUTH_BCRYPT_COST);

export function bcryptCost(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === '') return 10;
  const cost = Number(setting);
  if (!Number.isInteger(cost) || cost < 4 || cost > 31) throw new Error(`PODIUM_AUTH_BCRYPT_COST is a whole number from 4 to 31, not '${setting}'`);
  return cost;
}

/** The redirect target of a request: `redirect_to` in the query (supabase-js puts it there), else the body. */
export function requestRedirect(ctx: AuthContext, req: IncomingMessage, url: URL, body?: JSONObject): string {
  const fromQuery = url.searchParams.get('redirect_to');
  const fromBody = body && typeof body.redirect_to === 'string' ? body.redirect_to : undefined;
  return resolveRedirect(ctx.settings, fromQuery || fromBody, header(req, 'referer'));
}

/** GoTrue's checkPasswordStrength with the configured minimum length. */
export function checkPasswordStrength(ctx: AuthContext, password: string) {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const min = ctx.settings.minimumPasswordLength;
  if ([...password].length < min) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
}

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

/** For a PKCE request, the flow state that later turns the mailed link into a `?code=`. */
async function recordPkceFlow(tx: DB, pkce: ReturnType<typeof pkceParams>, userId: string, authenticationMethod: string, providerType = authenticationMethod) {
  if (pkce.flow !== 'pkce') return;
  await createFlowState(tx, { providerType, authenticationMethod, codeChallenge: pkce.challenge, codeChallengeMethod: pkce.method, userId });
}

function pkceParams(params: JSONObject) {
  const challenge = str(params, 'code_challenge');
  const method = str(params, 'code_challenge_method');
  const normalised = validatePKCEParams(method, challenge);
  const flow: FlowType = normalised ? 'pkce' : 'implicit';
  return { challenge, method: normalised, flow };
}

/** Identity data GoTrue stores for an e-mail identity: sub and email, then the signup metadata. */
export function emailIdentityData(user: UserRow, data: Record<string, unknown>, emailVerified = false) {
  const identityData: Record<string, unknown> = {
    sub: user.id,
    email: user.email ?? '',
    email_verified: emailVerified,
    phone_verified: false,
  };
  for (const [key, value] of Object.entries(data)) if (!(key in identityData)) identityData[key] = value;
  return identityData;
}

/** GoTrue's sanitizeUser: what a repeated signup sees, so it can't tell whether the address is taken. */
function obfuscatedUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export async function signup(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  limitRequest(ctx.limiters.signup, req);
  const params = await readParams(req);
  const password = str(params, 'password');
  const phone = str(params, 'phone');
  let email = str(params, 'email');
  const data = obj(params, 'data') ?? {};
  // GoTrue sends a signup with neither address to anonymous sign-in, which config.toml leaves off.
  if (email === '' && phone === '') throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(ctx, password);
  if (email !== '' && phone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.');
  }
  const pkce = pkceParams(params);
  if (email === '' && phone !== '') throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (email === '') throw badRequest('validation_failed', 'Sign up only available with email provider');
  email = validateEmail(email);
  const redirectTo = requestRedirect(ctx, req, url, params);

  const existing = await findUserByEmail(ctx.pool, email);
  if (existing && isConfirmed(existing)) {
    await withTx(ctx.pool, (tx) => audit(tx, req, existing, 'user_repeated_signup', { provider: 'email' }));
    if (!ctx.settings.enableConfirmations) {
      throw unprocessable('user_already_exists', 'User already registered');
    }
    return sendJSON(res, 200, obfuscatedUser(email, data));
  }

  const passwordHash = existing ? undefined : await hashPassword(password);
  const result = await withTx(ctx.pool, async (tx) => {
    let user = existing;
    if (!user) {
      user = await insertUser(tx, { email, passwordHash, userMetadata: data, provider: 'email' });
    } else {
      // Unconfirmed: GoTrue leaves the user as it is (the claimed identity is unproven) and re-sends.
      user = await reloadUser(tx, user.id);
    }
    const identities = await loadIdentities(tx, user.id);
    if (!identities.some((identity) => identity.provider === 'email')) {
      await createIdentity(tx, user.id, 'email', user.id, emailIdentityData(user, data));
      // Unconfirmed identities of other providers go, against pre-account takeover.
      await tx.query(`delete from auth.identities where user_id = $1 and provider <> 'email'`, [user.id]);
    }
    if (!ctx.settings.enableConfirmations) {
      await audit(tx, req, user, 'user_signedup', { provider: 'email' });
      await confirmUser(tx, user.id);
      await tx.query(`update auth.identities set identity_data = identity_data || '{"email_verified": true}' where user_id = $1 and provider = 'email'`, [user.id]);
      await audit(tx, req, user, 'login', { provider: 'email' });
      return { session: await issueSession(tx, ctx.settings, req, user.id, 'password') };
    }
    await audit(tx, req, user, 'user_confirmation_requested', { provider: 'email' });
    await recordPkceFlow(tx, pkce, user.id, 'email/signup', 'email');
    await sendUserMail(ctx, req, tx, user, 'signup', pkce.flow, redirectTo);
    return { user: await loadUserJSON(tx, user.id) };
  });
  sendJSON(res, 200, result.session ?? result.user);
}

export async function recover(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  limitRequest(ctx.limiters.signup, req);
  const params = await readParams(req);
  const rawEmail = str(params, 'email');
  if (rawEmail === '') throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(rawEmail);
  const pkce = pkceParams(params);
  const redirectTo = requestRedirect(ctx, req, url, params);
  const user = await findUserByEmail(ctx.pool, email);
  if (!user) return sendJSON(res, 200, {});
  await withTx(ctx.pool, async (tx) => {
    const locked = await reloadUser(tx, user.id);
    await audit(tx, req, locked, 'user_recovery_requested');
    await recordPkceFlow(tx, pkce, user.id, 'recovery');
    await sendUserMail(ctx, req, tx, locked, 'recovery', pkce.flow, redirectTo);
  });
  sendJSON(res, 200, {});
}

export async function resend(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  limitRequest(ctx.limiters.signup, req);
  const params = await readParams(req);
  const type = str(params, 'type');
  const rawEmail = str(params, 'email');
  const phone = str(params, 'phone');
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  if ((type === 'signup' || type === 'email_change') && rawEmail === '') {
    throw badRequest('validation_failed', 'Type provided requires an email address');
  }
  if ((type === 'sms' || type === 'phone_change') && phone === '') {
    throw badRequest('validation_failed', 'Type provided requires a phone number');
  }
  if (rawEmail !== '' && phone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
  }
  if (type === 'sms' || type === 'phone_change') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = validateEmail(rawEmail);
  const pkce = pkceParams(params);
  const redirectTo = requestRedirect(ctx, req, url, params);
  const user = await findUserByEmail(ctx.pool, email);
  if (!user) return sendJSON(res, 200, {});
  if (type === 'signup' && isConfirmed(user)) return sendJSON(res, 200, {});
  if (type === 'email_change' && !user.email_change) return sendJSON(res, 200, {});
  await withTx(ctx.pool, async (tx) => {
    const locked = await reloadUser(tx, user.id);
    if (type === 'signup') {
      await audit(tx, req, locked, 'user_confirmation_requested');
      await recordPkceFlow(tx, pkce, user.id, 'email/signup');
      await sendUserMail(ctx, req, tx, locked, 'signup', pkce.flow, redirectTo);
    } else {
      await recordPkceFlow(tx, pkce, user.id, 'email_change');
      await sendEmailChange(ctx, req, tx, locked, locked.email_change ?? '', pkce.flow, redirectTo);
    }
  });
  sendJSON(res, 200, {});
}

/** POST /otp (signInWithOtp) and POST /magiclink for e-mail: a magic link, or a signup mail for new users. */
export async function otp(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  limitRequest(ctx.limiters.signup, req);
  const params = await readParams(req);
  const rawEmail = str(params, 'email');
  if (str(params, 'phone') !== '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (rawEmail === '') throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(rawEmail);
  const data = obj(params, 'data') ?? {};
  const createUser = params.create_user === undefined ? true : params.create_user === true;
  const pkce = pkceParams(params);
  const redirectTo = requestRedirect(ctx, req, url, params);
  const existing = await findUserByEmail(ctx.pool, email);
  if (!existing && !createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  const passwordHash = existing ? undefined : await hashPassword(secureAlphanumeric(64));
  await withTx(ctx.pool, async (tx) => {
    let user = existing ? await reloadUser(tx, existing.id) : undefined;
    if (!user) {
      user = await insertUser(tx, { email, passwordHash, userMetadata: data, provider: 'email' });
      await createIdentity(tx, user.id, 'email', user.id, emailIdentityData(user, data));
    }
    if (!isConfirmed(user)) {
      await audit(tx, req, user, 'user_confirmation_requested', { provider: 'email' });
      await recordPkceFlow(tx, pkce, user.id, 'email/signup', 'email');
      await sendUserMail(ctx, req, tx, user, 'signup', pkce.flow, redirectTo);
      return;
    }
    await audit(tx, req, user, 'user_recovery_requested');
    await recordPkceFlow(tx, pkce, user.id, 'magiclink');
    await sendUserMail(ctx, req, tx, user, 'magiclink', pkce.flow, redirectTo);
  });
  sendJSON(res, 200, {});
}

export async function getUser(ctx: AuthContext, req: IncomingMessage, res: ServerResponse) {
  const { user } = await requireUser(ctx, req);
  sendJSON(res, 200, userJSON(user, await loadIdentities(ctx.pool, user.id), await loadFactors(ctx.pool, user.id)));
}

export async function updateUser(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  const { user, sessionId } = await requireUser(ctx, req);
  const params = await readParams(req);
  const rawEmail = str(params, 'email');
  const password = params.password === undefined || params.password === null ? undefined : str(params, 'password');
  const data = obj(params, 'data');
  const appData = obj(params, 'app_metadata');
  if (str(params, 'phone') !== '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (appData) throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  const pkce = pkceParams(params);
  const email = rawEmail === '' ? '' : validateEmail(rawEmail);
  const redirectTo = requestRedirect(ctx, req, url, params);

  if (email !== '' && email !== user.email) {
    const taken = await findUserByEmail(ctx.pool, email);
    if (taken && taken.id !== user.id) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
  }
  let passwordHash: string | undefined;
  if (password !== undefined) {
    // GoTrue checks every password sent, an empty one too (a weak_password, not a silent no-op).
    checkPasswordStrength(ctx, password);
    if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password).catch(() => false))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password);
  }

  const nonce = str(params, 'nonce');
  const body = await withTx(ctx.pool, async (tx) => {
    const locked = await reloadUser(tx, user.id);
    if (passwordHash !== undefined && ctx.settings.securePasswordChange && !(await sessionIsRecent(tx, sessionId))) {
      if (nonce === '') throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
      await verifyReauthentication(ctx, tx, locked, nonce);
    }
    if (passwordHash !== undefined) {
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [user.id, passwordHash]);
      // A new password signs out every other session (GoTrue's UpdatePassword).
      await tx.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2`, [user.id, sessionId ?? null]);
      await audit(tx, req, locked, 'user_updated_password');
    }
    if (data) await mergeUserMetadata(tx, user.id, data);
    if (email !== '' && email !== locked.email) {
      await recordPkceFlow(tx, pkce, user.id, 'email_change');
      await sendEmailChange(ctx, req, tx, locked, email, pkce.flow, redirectTo);
    }
    await audit(tx, req, locked, 'user_modified');
    return loadUserJSON(tx, user.id);
  });
  sendJSON(res, 200, body);
}

/** GoTrue asks for the reauthentication code only when the session is older than 24 hours. */
async function sessionIsRecent(tx: pg.PoolClient, sessionId: string | undefined): Promise<boolean> {
  if (!sessionId) return false;
  const { rows } = await tx.query<{ recent: boolean }>(`select created_at > now() - interval '24 hours' as recent from auth.sessions where id = $1`, [sessionId]);
  return rows[0]?.recent ?? false;
}

export async function reauthenticate(ctx: AuthContext, req: IncomingMessage, res: ServerResponse) {
  const { user } = await requireUser(ctx, req);
  if (!user.email) throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
  if (!isConfirmed(user)) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  await withTx(ctx.pool, async (tx) => {
    await audit(tx, req, user, 'user_reauthenticate');
    await sendReauthentication(ctx, req, tx, await reloadUser(tx, user.id));
  });
  sendJSON(res, 200, {});
}

export async function logout(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  const scope = url.searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  const { user, sessionId } = await requireUser(ctx, req);
  await withTx(ctx.pool, async (tx) => {
    await audit(tx, req, user, 'logout');
    if (scope === 'global' || !sessionId) {
      await tx.query(`delete from auth.sessions where user_id = $1`, [user.id]);
      await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where user_id = $1 and not coalesce(revoked, false)`, [user.id]);
    } else if (scope === 'local') {
      await tx.query(`delete from auth.sessions where id = $1`, [sessionId]);
    } else {
      await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [user.id, sessionId]);
    }
  });
  sendNoContent(res);
}

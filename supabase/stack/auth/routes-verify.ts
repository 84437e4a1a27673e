// GET and POST /verify: e-mailed links and typed OTPs for signup, invite, recovery, magic link
// and e-mail change (GoTrue's verify.go). GET answers with a 303 to the redirect target:
// `#access_token=…` for the implicit flow, `?code=…` for PKCE, `#error=…` on failure.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { limitRequest, type AuthContext } from './context.ts';
import { AuthError, badRequest, forbidden, internal, readParams, redirect, sendJSON, str, unprocessable } from './http.ts';
import { validateEmail } from './flows.ts';
import { hashPassword, requestRedirect } from './routes-account.ts';
import {
  audit,
  clearOneTimeToken,
  confirmUser,
  createIdentity,
  findUserByEmail,
  findUserByToken,
  isBanned,
  isConfirmed,
  issueAuthCode,
  issueSession,
  loadIdentities,
  reloadUser,
  secureAlphanumeric,
  sessionFragment,
  tokenHash,
  updateAppMetaDataProviders,
  withTx,
  type SessionResponse,
  type UserRow,
} from './store.ts';

const EMAIL_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'] as const;
type VerifyType = (typeof EMAIL_TYPES)[number];

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** The flow-state authentication method of a verification type (models.ParseAuthenticationMethod). */
function authMethodOf(type: string): string {
  if (type.endsWith('signup')) return 'email/signup';
  return type;
}

const expired = (sentAt: Date | null, seconds: number) => !sentAt || Date.now() > sentAt.getTime() + seconds * 1000;

/** Finds the user a token hash belongs to and checks it has not expired (verifyTokenHash). */
async function userByTokenHash(ctx: AuthContext, tx: pg.PoolClient, type: VerifyType, hash: string) {
  let user: UserRow | undefined;
  let effective: VerifyType = type;
  switch (type) {
    case 'email':
      user = await findUserByToken(tx, 'confirmation_token', hash);
      effective = 'signup';
      if (!user) {
        user = await findUserByToken(tx, 'recovery_token', hash);
        effective = 'magiclink';
      }
      break;
    case 'signup':
    case 'invite':
      user = await findUserByToken(tx, 'confirmation_token', hash);
      break;
    case 'recovery':
    case 'magiclink':
      user = await findUserByToken(tx, 'recovery_token', hash);
      break;
    case 'email_change':
      user = await findUserByToken(tx, 'email_change_token_new', hash);
      break;
  }
  if (!user) throw forbidden('otp_expired', 'Email link is invalid or has expired');
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const sentAt = effective === 'signup' || effective === 'invite' ? user.confirmation_sent_at : effective === 'email_change' ? user.email_change_sent_at : user.recovery_sent_at;
  if (expired(sentAt, ctx.settings.otpExpirySeconds)) throw forbidden('otp_expired', 'Email link is invalid or has expired');
  return { user, type: effective };
}

/** Finds the user by e-mail and checks the typed OTP against the stored hash (verifyUserAndToken). */
async function userByEmailAndOtp(ctx: AuthContext, tx: pg.PoolClient, type: VerifyType, email: string, otp: string) {
  const invalid = () => forbidden('otp_expired', 'Token has expired or is invalid');
  let user: UserRow | undefined;
  if (type === 'email_change') {
    const { rows } = await tx.query<UserRow>(`select * from auth.users where lower(email_change) = lower($1) and aud = 'authenticated' and is_sso_user = false for update`, [email]);
    user = rows[0];
  } else {
    const found = await findUserByEmail(tx, email);
    user = found ? await reloadUser(tx, found.id) : undefined;
  }
  if (!user) throw invalid();
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const hash = tokenHash(email.toLowerCase(), otp);
  const valid = (stored: string | null, sentAt: Date | null) => !!stored && !expired(sentAt, ctx.settings.otpExpirySeconds) && (stored === hash || stored === `pkce_${hash}`);
  let effective: VerifyType = type;
  let ok = false;
  switch (type) {
    case 'email':
      if (valid(user.confirmation_token, user.confirmation_sent_at)) {
        ok = true;
        effective = 'signup';
      } else if (valid(user.recovery_token, user.recovery_sent_at)) {
        ok = true;
        effective = 'magiclink';
      }
      break;
    case 'signup':
    case 'invite':
      ok = valid(user.confirmation_token, user.confirmation_sent_at);
      break;
    case 'recovery':
    case 'magiclink':
      ok = valid(user.recovery_token, user.recovery_sent_at);
      break;
    case 'email_change':
      ok = valid(user.email_change_token_new, user.email_change_sent_at);
      break;
  }
  if (!ok) throw invalid();
  return { user, type: effective };
}

/** Applies the verification to the user (signupVerify / recoverVerify / emailChangeVerify). */
async function applyVerification(ctx: AuthContext, req: IncomingMessage, tx: pg.PoolClient, user: UserRow, type: VerifyType) {
  switch (type) {
    case 'signup':
    case 'invite': {
      if (type === 'invite' && !user.encrypted_password) {
        // Invited users get a random password until they set their own.
        await tx.query(`update auth.users set encrypted_password = $2 where id = $1`, [user.id, await hashPassword(secureAlphanumeric(64))]);
      }
      await audit(tx, req, user, 'user_signedup', { provider: 'email' });
      await confirmUser(tx, user.id);
      await tx.query(
        `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
          where user_id = $1 and email is not null and email = lower($2)`,
        [user.id, user.email ?? ''],
      );
      break;
    }
    case 'recovery':
    case 'magiclink': {
      await tx.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
      await clearOneTimeToken(tx, user.id, 'recovery_token');
      if (!isConfirmed(user)) {
        await audit(tx, req, user, 'user_signedup', { provider: 'email' });
        await confirmUser(tx, user.id);
      } else {
        await audit(tx, req, user, 'login');
      }
      break;
    }
    case 'email_change': {
      const newEmail = user.email_change ?? '';
      if (!newEmail) throw forbidden('otp_expired', 'Email link is invalid or has expired');
      const taken = await findUserByEmail(tx, newEmail);
      if (taken && taken.id !== user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      await audit(tx, req, user, 'user_modified');
      const identities = await loadIdentities(tx, user.id);
      const emailIdentity = identities.find((identity) => identity.provider === 'email');
      if (emailIdentity) {
        await tx.query(`update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now() where id = $1`, [
          emailIdentity.id,
          newEmail,
        ]);
      } else {
        await createIdentity(tx, user.id, 'email', user.id, { sub: user.id, email: newEmail, email_verified: true, phone_verified: false });
      }
      await tx.query(
        `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
            email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()), is_anonymous = false, updated_at = now()
          where id = $1`,
        [user.id, newEmail],
      );
      await clearOneTimeToken(tx, user.id, 'email_change_token_new');
      await clearOneTimeToken(tx, user.id, 'email_change_token_current');
      break;
    }
    default:
      throw badRequest('validation_failed', 'Unsupported verification type');
  }
  await updateAppMetaDataProviders(tx, user.id);
  return reloadUser(tx, user.id);
}

function parseType(type: string): VerifyType {
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((EMAIL_TYPES as readonly string[]).includes(type)) return type as VerifyType;
  if (type === 'sms' || type === 'phone_change') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  throw badRequest('validation_failed', 'Unsupported verification type');
}

export async function verifyGet(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  limitRequest(ctx.limiters.verify, req);
  const token = url.searchParams.get('token') ?? '';
  const rawType = url.searchParams.get('type') ?? '';
  const redirectTo = requestRedirect(ctx, req, url);
  const type = parseType(rawType);
  if (token === '') throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const flow = token.startsWith('pkce_') ? 'pkce' : 'implicit';
  const hash = token.startsWith('pkce_') ? token.slice(5) : token;

  let session: SessionResponse | undefined;
  let code: string | undefined;
  let appliedType: string = type;
  try {
    await withTx(ctx.pool, async (tx) => {
      const found = await userByTokenHash(ctx, tx, type, hash);
      appliedType = found.type;
      const user = await applyVerification(ctx, req, tx, found.user, found.type);
      if (flow === 'implicit') {
        session = await issueSession(tx, ctx.settings, req, user.id, 'otp');
      } else {
        code = await issueAuthCode(tx, user.id, authMethodOf(type));
        if (!code) {
          throw badRequest('flow_state_not_found', 'No associated flow state found. 422: No valid flow state found for user.');
        }
      }
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return redirect(res, 303, errorRedirect(redirectTo, error, flow));
  }
  let target = redirectTo;
  if (session) {
    target = `${redirectTo.split('#')[0]}#${sessionFragment(session, { type: appliedType })}`;
  } else if (code) {
    const next = new URL(redirectTo);
    next.searchParams.set('code', code);
    target = next.toString();
  }
  redirect(res, 303, target);
}

/** GoTrue's prepErrorRedirectURL: the error in the fragment (and in the query for PKCE). */
export function errorRedirect(redirectTo: string, error: AuthError, flow: 'pkce' | 'implicit'): string {
  let target: URL;
  try {
    target = new URL(redirectTo);
  } catch {
    throw internal('Unable to build the redirect URL');
  }
  const hash = new URLSearchParams();
  const oauthError = OAUTH_ERRORS[error.status];
  if (oauthError) hash.set('error', oauthError);
  hash.set('error_code', error.errorCode);
  hash.set('error_description', error.message);
  if (flow === 'pkce') {
    if (oauthError) target.searchParams.set('error', oauthError);
    target.searchParams.set('error_code', error.errorCode);
    target.searchParams.set('error_description', error.message);
  }
  hash.set('sb', '');
  hash.sort();
  target.hash = hash.toString();
  return target.toString();
}

export async function verifyPost(ctx: AuthContext, req: IncomingMessage, res: ServerResponse) {
  limitRequest(ctx.limiters.verify, req);
  const params = await readParams(req);
  const type = parseType(str(params, 'type'));
  const hashParam = str(params, 'token_hash');
  const token = str(params, 'token');
  const email = str(params, 'email');
  if (str(params, 'phone') !== '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (hashParam === '' && token === '') throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  if (hashParam !== '' && token !== '') throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  if (hashParam !== '' && email !== '') throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  if (token !== '' && email === '') throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
  if (token !== '') {
    try {
      validateEmail(email);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
  }
  const session = await withTx(ctx.pool, async (tx) => {
    const found = hashParam !== '' ? await userByTokenHash(ctx, tx, type, hashParam.replace(/^pkce_/, '')) : await userByEmailAndOtp(ctx, tx, type, email, token);
    const user = await applyVerification(ctx, req, tx, found.user, found.type);
    return issueSession(tx, ctx.settings, req, user.id, 'otp');
  });
  sendJSON(res, 200, session);
}

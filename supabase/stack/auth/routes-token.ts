// POST /token: the password, refresh_token and pkce grants (GoTrue's token.go and the token
// service's RefreshTokenGrant, with legacy rotating refresh tokens in auth.refresh_tokens).
import bcrypt from 'bcrypt';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { limitRequest, type AuthContext } from './context.ts';
import { CommitWithError, badRequest, notFound, readParams, sendJSON, str, unprocessable } from './http.ts';
import { checkCodeVerifier } from './pkce.ts';
import { idTokenGrant, web3Grant } from './routes-disabled.ts';
import { audit, findUserByEmail, findUserById, insertRefreshToken, isBanned, isConfirmed, issueSession, sessionResponse, withTx, type FlowStateRow } from './store.ts';

export const INVALID_LOGIN = 'Invalid login credentials';

export async function token(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  const grantType = url.searchParams.get('grant_type') ?? '';
  switch (grantType) {
    case 'password':
      limitRequest(ctx.limiters.token, req);
      return passwordGrant(ctx, req, res);
    case 'refresh_token':
      limitRequest(ctx.limiters.refresh, req);
      return refreshTokenGrant(ctx, req, res);
    case 'pkce':
      limitRequest(ctx.limiters.token, req);
      return pkceGrant(ctx, req, res);
    case 'web3':
      return web3Grant(req);
    case 'id_token':
      return idTokenGrant(req);
    default:
      // Read (and so validate) the body first, as GoTrue's handler chain does.
      await readParams(req);
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}

async function passwordGrant(ctx: AuthContext, req: IncomingMessage, res: ServerResponse) {
  const params = await readParams(req);
  const email = str(params, 'email');
  const phone = str(params, 'phone');
  const password = str(params, 'password');
  if (email !== '' && phone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (phone !== '') throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (email === '') throw badRequest('validation_failed', 'missing email or phone');
  const user = await findUserByEmail(ctx.pool, email.trim());
  if (!user) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  const hash = user.encrypted_password ?? '';
  const matches = hash !== '' && (await bcrypt.compare(password, hash).catch(() => false));
  if (!matches) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');
  const session = await withTx(ctx.pool, async (tx) => {
    await audit(tx, req, user, 'login', { provider: 'email' });
    return issueSession(tx, ctx.settings, req, user.id, 'password');
  });
  sendJSON(res, 200, session);
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean | null;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

async function refreshTokenGrant(ctx: AuthContext, req: IncomingMessage, res: ServerResponse) {
  const params = await readParams(req);
  const refreshToken = str(params, 'refresh_token');
  if (refreshToken === '') throw badRequest('validation_failed', 'Refresh token is not valid');

  const session = await withTx(ctx.pool, async (tx) => {
    const { rows } = await tx.query<RefreshTokenRow>(`select * from auth.refresh_tokens where token = $1 for update`, [refreshToken]);
    const current = rows[0];
    if (!current) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await findUserById(tx, current.user_id);
    if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    if (!current.session_id) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    const { rows: sessions } = await tx.query<{ id: string; not_after: Date | null }>(`select id, not_after from auth.sessions where id = $1 for update`, [current.session_id]);
    const sessionRow = sessions[0];
    if (!sessionRow) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    if (sessionRow.not_after && sessionRow.not_after.getTime() < Date.now()) {
      throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    }

    let issued: string | undefined;
    if (current.revoked) {
      const active = await activeToken(tx, current.session_id);
      if (active && active.parent === current.token) {
        // The client lost the answer to its last refresh: hand back the token it should have stored.
        issued = active.token;
      } else {
        const reuseUntil = current.updated_at.getTime() + ctx.settings.refreshTokenReuseIntervalSeconds * 1000;
        if (Date.now() > reuseUntil) {
          // Reuse of an old token: revoke the whole family, keep that revocation, refuse.
          await tx.query(`update auth.refresh_tokens set revoked = true where session_id = $1 and not coalesce(revoked, false)`, [current.session_id]);
          throw new CommitWithError(badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used'));
        }
      }
    }
    await audit(tx, req, user, 'token_refreshed');
    if (!issued) {
      await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [current.id]);
      issued = await insertRefreshToken(tx, user.id, current.session_id, current.token);
      await audit(tx, req, user, 'token_revoked');
    }
    await tx.query(`update auth.sessions set refreshed_at = timezone('utc', now()), updated_at = now(), user_agent = coalesce($2, user_agent) where id = $1`, [
      current.session_id,
      req.headers['user-agent'] ?? null,
    ]);
    return sessionResponse(tx, ctx.settings, user.id, current.session_id, issued);
  });
  sendJSON(res, 200, session);
}

async function activeToken(tx: pg.PoolClient, sessionId: string): Promise<RefreshTokenRow | undefined> {
  const { rows } = await tx.query<RefreshTokenRow>(`select * from auth.refresh_tokens where session_id = $1 and not coalesce(revoked, false) order by id desc limit 1`, [sessionId]);
  return rows[0];
}

async function pkceGrant(ctx: AuthContext, req: IncomingMessage, res: ServerResponse) {
  const params = await readParams(req);
  const authCode = str(params, 'auth_code');
  const codeVerifier = str(params, 'code_verifier');
  if (authCode === '' || codeVerifier === '') {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  const session = await withTx(ctx.pool, async (tx) => {
    const { rows } = await tx.query<FlowStateRow>(`select * from auth.flow_state where auth_code = $1 for update`, [authCode]);
    const flow = rows[0];
    if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    const expiry = ctx.settings.flowStateExpirySeconds * 1000;
    const since = flow.auth_code_issued_at && flow.authentication_method === 'magiclink' ? flow.auth_code_issued_at : flow.created_at;
    if (Date.now() > since.getTime() + expiry) {
      throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
    }
    const user = await findUserById(tx, flow.user_id);
    if (!user) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    const problem = flow.code_challenge ? checkCodeVerifier(flow.code_challenge, flow.code_challenge_method ?? '', codeVerifier) : 'PKCE verification not applicable for implicit flow';
    if (problem) throw badRequest('bad_code_verifier', problem);
    await audit(tx, req, user, 'login', { provider_type: flow.provider_type });
    const issued = await issueSession(tx, ctx.settings, req, user.id, flow.authentication_method);
    if (flow.provider_access_token) issued.provider_token = flow.provider_access_token;
    if (flow.provider_refresh_token) issued.provider_refresh_token = flow.provider_refresh_token;
    await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
    return issued;
  });
  sendJSON(res, 200, session);
}

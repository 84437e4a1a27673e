// What every route handler gets, and the identity checks GoTrue's middleware makes:
// requireAuthentication (a user's JWT with an existing user and session) and requireAdmin
// (a service_role JWT).
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { AuthError, badRequest, bearer, clientIP, forbidden, tooMany } from './http.ts';
import { JWTError, verifyJWT, type JWTClaims } from './jwt.ts';
import type { Mailer } from './mail.ts';
import { RateLimiter } from './ratelimit.ts';
import type { AuthSettings } from './settings.ts';
import { findUserById, isBanned, type UserRow } from './store.ts';

export interface Limiters {
  emailPerAddress: RateLimiter;
  emailPerIp: RateLimiter;
  token: RateLimiter;
  refresh: RateLimiter;
  verify: RateLimiter;
  signup: RateLimiter;
  mfaChallenge: RateLimiter;
  mfaVerify: RateLimiter;
  mfaVerifyPerFactor: RateLimiter;
}

export interface AuthContext {
  pool: pg.Pool;
  settings: AuthSettings;
  mailer: Mailer;
  limiters: Limiters;
}

const MINUTE = 60 * 1000;
const FIVE_MINUTES = 5 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export function createLimiters(settings: AuthSettings): Limiters {
  const r = settings.rateLimits;
  return {
    emailPerAddress: new RateLimiter(r.emailPerAddressPerHour, HOUR),
    emailPerIp: new RateLimiter(r.emailPerIpPerHour, HOUR),
    token: new RateLimiter(r.tokenPerIpPer5Min, FIVE_MINUTES),
    refresh: new RateLimiter(r.refreshPerIpPer5Min, FIVE_MINUTES),
    verify: new RateLimiter(r.verifyPerIpPer5Min, FIVE_MINUTES),
    signup: new RateLimiter(r.signupPerIpPer5Min, FIVE_MINUTES),
    mfaChallenge: new RateLimiter(r.mfaPerIpPerMinute, MINUTE),
    mfaVerify: new RateLimiter(r.mfaPerIpPerMinute, MINUTE),
    mfaVerifyPerFactor: new RateLimiter(r.mfaVerifyPerFactorPerMinute, MINUTE),
  };
}

/** GoTrue's per-IP request limiter: 429 over_request_rate_limit "Request rate limit reached". */
export function limitRequest(limiter: RateLimiter, req: IncomingMessage) {
  if (!limiter.allow(clientIP(req))) throw tooMany('over_request_rate_limit', 'Request rate limit reached');
}

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** Parses and verifies the bearer JWT; 401 without one, 403 bad_jwt for a bad one. */
export function requireClaims(ctx: AuthContext, req: IncomingMessage): JWTClaims {
  const token = bearer(req);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return verifyJWT(token, ctx.settings.jwtSecret);
  } catch (error) {
    if (error instanceof JWTError) {
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${error.message}`);
    }
    throw error;
  }
}

export function requireAdmin(ctx: AuthContext, req: IncomingMessage): JWTClaims {
  const claims = requireClaims(ctx, req);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) {
    throw forbidden('not_admin', 'User not allowed');
  }
  return claims;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUUID = (value: string) => UUID_PATTERN.test(value);

export interface Authenticated {
  claims: JWTClaims;
  user: UserRow;
  sessionId: string | undefined;
}

/** A signed-in user's request: the JWT's user must exist, and its session too. */
export async function requireUser(ctx: AuthContext, req: IncomingMessage): Promise<Authenticated> {
  const claims = requireClaims(ctx, req);
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUUID(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.pool, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let sessionId: string | undefined;
  if (typeof claims.session_id === 'string' && claims.session_id !== '') {
    if (!isUUID(claims.session_id)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const { rowCount } = await ctx.pool.query('select 1 from auth.sessions where id = $1', [claims.session_id]);
    if (!rowCount) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    sessionId = claims.session_id;
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return { claims, user, sessionId };
}

// TOTP multi-factor sign-in after GoTrue's mfa.go: enroll (POST /factors), challenge, verify
// (a session raised to aal2 with a 'totp' amr claim), unenroll, and the admin API's factor
// endpoints. Factors and challenges live in auth.mfa_factors and auth.mfa_challenges; whether
// TOTP may be enrolled and verified comes from config.toml's [auth.mfa.totp], as the Supabase
// CLI hands it to GoTrue (GOTRUE_MFA_TOTP_ENROLL_ENABLED / _VERIFY_ENABLED win over it).
// Challenge and verify are rate limited as GoTrue limits them (429 over_request_rate_limit), and
// verify per factor too; a wrong code spends its challenge, so every guess needs a new one.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as OTPAuth from 'otpauth';
import { totpFor } from '@podium/shared/totp';
import QRCode from 'qrcode';
import { parse } from 'smol-toml';
import { paths } from '../config.ts';
import { isUUID, limitRequest, requireAdmin, requireUser, type AuthContext, type Authenticated } from './context.ts';
import { CommitWithError, badRequest, clientIP, forbidden, notFound, readParams, sendJSON, str, tooMany, unprocessable } from './http.ts';
import { loadTarget } from './routes-admin.ts';
import { audit, factorJSON, findUserById, insertRefreshToken, loadFactors, sessionResponse, withTx, type DB, type FactorRow } from './store.ts';

/** GoTrue's defaults: MFA_CHALLENGE_EXPIRY_DURATION 300 s, MFA_MAX_VERIFIED_FACTORS 10, MFA_MAX_ENROLLED_FACTORS 10. */
const CHALLENGE_EXPIRY_SECONDS = 300;
const MAX_VERIFIED_FACTORS = 10;
const MAX_ENROLLED_FACTORS = 10;
/** GoTrue's secrets are 20 bytes; codes are checked with one 30 s step of skew either way (shared/src/totp.ts). */

export interface TotpSettings {
  enrollEnabled: boolean;
  verifyEnabled: boolean;
}

const flag = (value: string | undefined, fallback: boolean) => (value === 'true' ? true : value === 'false' ? false : fallback);

export function totpSettings(file = paths.configToml): TotpSettings {
  type Toml = { auth?: { mfa?: { totp?: { enroll_enabled?: boolean; verify_enabled?: boolean } } } };
  const totp = existsSync(file) ? (parse(readFileSync(file, 'utf8')) as Toml).auth?.mfa?.totp : undefined;
  return {
    enrollEnabled: flag(process.env.GOTRUE_MFA_TOTP_ENROLL_ENABLED, totp?.enroll_enabled ?? false),
    verifyEnabled: flag(process.env.GOTRUE_MFA_TOTP_VERIFY_ENABLED, totp?.verify_enabled ?? false),
  };
}

interface SessionState {
  aal: string | null;
}

async function currentAal(db: DB, sessionId: string | undefined): Promise<string> {
  if (!sessionId) return 'aal1';
  const { rows } = await db.query<SessionState>('select aal from auth.sessions where id = $1', [sessionId]);
  return rows[0]?.aal ?? 'aal1';
}

/** The user's factor with this id; GoTrue answers 404 mfa_factor_not_found for anyone else's. */
async function ownFactor(db: DB, auth: Authenticated, factorId: string, forUpdate = false): Promise<FactorRow> {
  if (!isUUID(factorId)) throw notFound('mfa_factor_not_found', 'Factor not found');
  const { rows } = await db.query<FactorRow>(`select * from auth.mfa_factors where id = $1 and user_id = $2 ${forUpdate ? 'for update' : ''}`, [factorId, auth.user.id]);
  if (!rows[0]) throw notFound('mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

function requireTotp(factorType: string) {
  if (factorType !== 'totp') throw badRequest('validation_failed', 'factor_type needs to be totp, phone or webauthn');
}

const otherKinds: Record<string, [code: string, name: string]> = {
  phone: ['mfa_phone_enroll_not_enabled', 'Phone'],
  webauthn: ['mfa_webauthn_enroll_not_enabled', 'WebAuthn'],
};

/** POST /factors */
export async function enroll(ctx: AuthContext, req: IncomingMessage, res: ServerResponse) {
  const auth = await requireUser(ctx, req);
  const params = await readParams(req);
  const factorType = str(params, 'factor_type');
  const other = otherKinds[factorType];
  if (other) throw unprocessable(other[0], `MFA enroll is disabled for ${other[1]}`);
  requireTotp(factorType);
  if (!totpSettings().enrollEnabled) throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  const friendlyName = str(params, 'friendly_name');
  const issuer = str(params, 'issuer') || new URL(ctx.settings.siteUrl).host;

  const body = await withTx(ctx.pool, async (tx) => {
    await findUserById(tx, auth.user.id, true);
    const factors = await loadFactors(tx, auth.user.id);
    const verified = factors.filter((factor) => factor.status === 'verified');
    if (factors.length >= MAX_ENROLLED_FACTORS) {
      throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of enrolled factors reached, unenroll to continue');
    }
    if (verified.length >= MAX_VERIFIED_FACTORS) {
      throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
    }
    if (verified.length > 0 && (await currentAal(tx, auth.sessionId)) !== 'aal2') {
      throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    if (friendlyName && factors.some((factor) => factor.friendly_name === friendlyName)) {
      throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
    }
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const uri = totpFor(secret, issuer, auth.user.email ?? '').toString();
    const { rows } = await tx.query<FactorRow>(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4) returning *`,
      [randomUUID(), auth.user.id, friendlyName, secret],
    );
    const factor = rows[0] as FactorRow;
    await audit(tx, req, auth.user, 'factor_in_progress', { factor_id: factor.id, factor_type: 'totp' });
    // GoTrue sends the bare SVG; supabase-js makes it a data URI (data:image/svg+xml;utf-8,…)
    // without escaping it, so the SVG names its colours: a '#' would end the URI there and the
    // browser would show a broken image (GoTrue's SVG says black and white too).
    const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
      .then((svg) => svg.replaceAll('"#ffffff"', '"white"').replaceAll('"#000000"', '"black"'))
      .catch(() => {
        // More than a QR code holds (an issuer of thousands of characters): the request's fault.
        throw badRequest('validation_failed', 'The issuer is too long for a QR code');
      });
    return {
      id: factor.id,
      type: 'totp',
      ...(friendlyName ? { friendly_name: friendlyName } : {}),
      totp: { qr_code: qrCode, secret, uri },
    };
  });
  sendJSON(res, 200, body);
}

/** POST /factors/{id}/challenge */
export async function challenge(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, factorId: string) {
  const auth = await requireUser(ctx, req);
  limitRequest(ctx.limiters.mfaChallenge, req);
  await readParams(req);
  const body = await withTx(ctx.pool, async (tx) => {
    const factor = await ownFactor(tx, auth, factorId, true);
    if (factor.factor_type === 'totp' && !totpSettings().verifyEnabled) {
      throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
    }
    const id = randomUUID();
    const { rows } = await tx.query<{ created_at: Date }>(`insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, clock_timestamp(), $3) returning created_at`, [
      id,
      factor.id,
      inet(clientIP(req)),
    ]);
    await tx.query(`update auth.mfa_factors set last_challenged_at = clock_timestamp() where id = $1`, [factor.id]);
    const createdAt = (rows[0] as { created_at: Date }).created_at;
    return { id, type: factor.factor_type, expires_at: Math.floor(createdAt.getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS };
  });
  sendJSON(res, 200, body);
}

interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
}

/** POST /factors/{id}/verify: a session of aal2 with the 'totp' method, on a new refresh token. */
export async function verify(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, factorId: string) {
  const auth = await requireUser(ctx, req);
  limitRequest(ctx.limiters.mfaVerify, req);
  const params = await readParams(req);
  const challengeId = str(params, 'challenge_id');
  const code = str(params, 'code');
  if (!totpSettings().verifyEnabled) throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  if (!auth.sessionId) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  const sessionId = auth.sessionId;

  const session = await withTx(ctx.pool, async (tx) => {
    const factor = await ownFactor(tx, auth, factorId, true);
    // Counted only for the caller's own factor: nobody can use up another user's attempts.
    if (!ctx.limiters.mfaVerifyPerFactor.allow(factor.id)) throw tooMany('over_request_rate_limit', 'Request rate limit reached');
    const { rows } = isUUID(challengeId)
      ? await tx.query<ChallengeRow>(
          `select id, factor_id, created_at, verified_at, host(ip_address) as ip_address from auth.mfa_challenges
            where id = $1 and factor_id = $2 for update`,
          [challengeId, factor.id],
        )
      : { rows: [] as ChallengeRow[] };
    const found = rows[0];
    if (!found) throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    // A challenge is answered once: a code sent again for it is refused.
    if (found.verified_at || found.ip_address !== inet(clientIP(req))) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch. Try enrollment again.');
    }
    if (found.created_at.getTime() + CHALLENGE_EXPIRY_SECONDS * 1000 < Date.now()) {
      await tx.query('delete from auth.mfa_challenges where id = $1', [found.id]);
      throw new CommitWithError(unprocessable('mfa_challenge_expired', `${found.id} has expired, verify against another challenge or create a new challenge.`));
    }
    const valid = /^\d{6}$/.test(code) && totpFor(factor.secret ?? '').validate({ token: code, window: 1 }) !== null;
    if (!valid) {
      // One guess per challenge: the next verify of this challenge finds none.
      await tx.query('delete from auth.mfa_challenges where id = $1', [found.id]);
      throw new CommitWithError(unprocessable('mfa_verification_failed', 'Invalid TOTP code entered'));
    }

    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [found.id]);
    const firstVerification = factor.status === 'unverified';
    if (firstVerification) {
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      // Enrolment done: the user's other sessions, still aal1, end (GoTrue's InvalidateSessionsWithAALLessThan).
      await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') < 'aal2'`, [auth.user.id, sessionId]);
    }
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factor.id]);
    await tx.query(
      `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
       values ($1, now(), now(), 'totp', $2)
       on conflict (session_id, authentication_method) do update set updated_at = now()`,
      [sessionId, randomUUID()],
    );
    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not coalesce(revoked, false)`, [sessionId]);
    const refreshToken = await insertRefreshToken(tx, auth.user.id, sessionId, null);
    await audit(tx, req, auth.user, firstVerification ? 'verification_attempted' : 'login', { factor_id: factor.id, factor_status: 'verified' });
    return sessionResponse(tx, ctx.settings, auth.user.id, sessionId, refreshToken);
  });
  sendJSON(res, 200, session);
}

/** DELETE /factors/{id}: a verified factor goes only from an aal2 session. */
export async function unenroll(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, factorId: string) {
  const auth = await requireUser(ctx, req);
  const body = await withTx(ctx.pool, async (tx) => {
    const factor = await ownFactor(tx, auth, factorId, true);
    if (factor.status === 'verified' && (await currentAal(tx, auth.sessionId)) !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await removeFactor(tx, factor);
    await audit(tx, req, auth.user, 'factor_unenrolled', { factor_id: factor.id, factor_type: factor.factor_type });
    return { id: factor.id };
  });
  sendJSON(res, 200, body);
}

/** Deletes a factor and brings the sessions it raised back to aal1 (GoTrue's DowngradeSessionsToAAL1). */
async function removeFactor(db: DB, factor: FactorRow) {
  const { rows } = await db.query<{ id: string }>(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1 returning id`, [factor.id]);
  const sessions = rows.map((row) => row.id);
  if (sessions.length) {
    await db.query(`delete from auth.mfa_amr_claims where session_id = any($1::uuid[]) and authentication_method = 'totp'`, [sessions]);
  }
  await db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
}

/** GET /admin/users/{id}/factors */
export async function adminListFactors(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, userId: string) {
  requireAdmin(ctx, req);
  const user = await loadTarget(ctx.pool, userId);
  sendJSON(res, 200, (await loadFactors(ctx.pool, user.id)).map(factorJSON));
}

/** DELETE /admin/users/{id}/factors/{factorId} */
export async function adminDeleteFactor(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, userId: string, factorId: string) {
  requireAdmin(ctx, req);
  const body = await withTx(ctx.pool, async (tx) => {
    const user = await loadTarget(tx, userId);
    const { rows } = isUUID(factorId) ? await tx.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2 for update', [factorId, user.id]) : { rows: [] as FactorRow[] };
    const factor = rows[0];
    if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
    await removeFactor(tx, factor);
    return factorJSON(factor);
  });
  sendJSON(res, 200, body);
}

function inet(ip: string): string {
  return /^[0-9a-fA-F:.]+$/.test(ip) ? ip : '0.0.0.0';
}

// Users, identities, sessions, refresh tokens, flow states and audit entries in the `auth`
// schema, read and written the way GoTrue's models do. Every write runs inside a transaction
// that the route handler opens with `withTx`, so a failed request leaves nothing behind.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { CommitWithError, clientIP, internal, userAgent } from './http.ts';
import { accessTokenClaims, signJWT } from './jwt.ts';
import type { AuthSettings } from './settings.ts';

export type DB = pg.Pool | pg.PoolClient;

export interface UserRow {
  instance_id: string | null;
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  reauthentication_sent_at: Date | null;
  is_sso_user: boolean;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string | null;
  code_challenge_method: string | null;
  code_challenge: string | null;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  created_at: Date;
  authentication_method: string;
  auth_code_issued_at: Date | null;
  referrer: string | null;
  /** Set when a signed-in user links a provider identity (GET /user/identities/authorize). */
  linking_target_id: string | null;
}

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const DEFAULT_AUD = 'authenticated';

/** Runs `fn` in a transaction on one connection; rolls back on any error (commits first for CommitWithError). */
export async function withTx<T>(pool: pg.Pool, fn: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    try {
      const result = await fn(client);
      await client.query('commit');
      return result;
    } catch (error) {
      if (error instanceof CommitWithError) {
        await client.query('commit');
        throw error.error;
      }
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
}

// ---------------------------------------------------------------------------------------------
// Tokens

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function secureAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

export function generateOtp(digits: number): string {
  let out = '';
  for (let i = 0; i < digits; i += 1) out += String(randomInt(10));
  return out;
}

/** GoTrue's crypto.GenerateTokenHash: hex SHA-224 of the address followed by the OTP. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');
}

export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

// ---------------------------------------------------------------------------------------------
// Users

export async function findUserById(db: DB, id: string, forUpdate = false): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select * from auth.users where id = $1 ${forUpdate ? 'for update' : ''}`, [id]);
  return rows[0];
}

export async function findUserByEmail(db: DB, email: string, aud = DEFAULT_AUD): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select * from auth.users
      where instance_id = $1 and lower(email) = lower($2) and aud = $3 and is_sso_user = false
      order by created_at limit 1`,
    [NIL_UUID, email, aud],
  );
  return rows[0];
}

/** Finds the user whose `column` holds this token hash (also when stored with the `pkce_` prefix). */
export async function findUserByToken(db: DB, column: 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current', hash: string): Promise<UserRow | undefined> {
  if (!hash) return undefined;
  const { rows } = await db.query<UserRow>(`select * from auth.users where ${column} = $1 or ${column} = 'pkce_' || $1 limit 1 for update`, [hash]);
  return rows[0];
}

export interface NewUser {
  email: string;
  password?: string | null;
  passwordHash?: string | null;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  provider: string;
  emailConfirmed?: boolean;
  invited?: boolean;
  role?: string;
  aud?: string;
  phone?: string | null;
  banDuration?: Date | null;
  isSsoUser?: boolean;
}

/**
 * Inserts into auth.users, where app triggers run (creating profiles, say). Their failure is
 * GoTrue's 500 with its message ('Database error saving new user', or for the admin API
 * 'Database error creating new user'); the cause goes to the log, not to the client.
 */
export async function insertUser(db: DB, user: NewUser, failure = 'Database error saving new user'): Promise<UserRow> {
  const appMeta = { provider: user.provider, providers: [user.provider], ...(user.appMetadata ?? {}) };
  const { rows } = await db
    .query<UserRow>(
      `insert into auth.users (
        instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
        confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
        raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, phone,
        phone_change, phone_change_token, reauthentication_token, banned_until, is_sso_user, is_anonymous)
      values ($1, $2, $3, $4, $5, $6, case when $7 then now() end, case when $8 then now() end,
        '', '', '', '', '', $9, $10, null, now(), now(), $11, '', '', '', $12, $13, false)
      returning *`,
      [
        NIL_UUID,
        randomUUID(),
        user.aud ?? DEFAULT_AUD,
        user.role ?? DEFAULT_AUD,
        user.email.toLowerCase(),
        user.passwordHash ?? '',
        user.emailConfirmed ?? false,
        user.invited ?? false,
        JSON.stringify(appMeta),
        JSON.stringify(user.userMetadata ?? {}),
        user.phone || null,
        user.banDuration ?? null,
        user.isSsoUser ?? false,
      ],
    )
    .catch((error: Error) => {
      console.error(`[auth] inserting ${user.email} into auth.users failed: ${error.message}`);
      throw internal(failure);
    });
  return rows[0] as UserRow;
}

export async function reloadUser(db: DB, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw internal('Database error loading user');
  return user;
}

export function isConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null;
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

export async function confirmUser(db: DB, userId: string) {
  await db.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '', updated_at = now() where id = $1`, [userId]);
  await clearOneTimeToken(db, userId, 'confirmation_token');
}

/** Sets app_metadata.providers from the user's identities (GoTrue's UpdateAppMetaDataProviders). */
export async function updateAppMetaDataProviders(db: DB, userId: string) {
  await db.query(
    `update auth.users u
        set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb) || jsonb_build_object(
          'providers', coalesce((select jsonb_agg(distinct i.provider) from auth.identities i where i.user_id = u.id), '[]'::jsonb)),
            updated_at = now()
      where u.id = $1`,
    [userId],
  );
}

export async function mergeUserMetadata(db: DB, userId: string, data: Record<string, unknown>) {
  // GoTrue merges top-level keys and deletes the keys whose new value is null.
  await db.query(`update auth.users set raw_user_meta_data = ${MERGE_SQL('raw_user_meta_data')}, updated_at = now() where id = $1`, [userId, JSON.stringify(data)]);
}

const MERGE_SQL = (column: string) =>
  `(coalesce(${column}, '{}'::jsonb) || $2::jsonb) - coalesce(
     (select array_agg(key) from jsonb_each($2::jsonb) where value = 'null'::jsonb), '{}'::text[])`;

export async function mergeAppMetadata(db: DB, userId: string, data: Record<string, unknown>) {
  await db.query(`update auth.users set raw_app_meta_data = ${MERGE_SQL('raw_app_meta_data')}, updated_at = now() where id = $1`, [userId, JSON.stringify(data)]);
}

export async function loadIdentities(db: DB, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(`select * from auth.identities where user_id = $1 order by created_at, id`, [userId]);
  return rows;
}

export async function findIdentity(db: DB, providerId: string, provider: string): Promise<IdentityRow | undefined> {
  const { rows } = await db.query<IdentityRow>(`select * from auth.identities where provider_id = $1 and provider = $2`, [providerId, provider]);
  return rows[0];
}

export async function createIdentity(db: DB, userId: string, provider: string, providerId: string, identityData: Record<string, unknown>): Promise<IdentityRow> {
  const { rows } = await db.query<IdentityRow>(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now(), now()) returning *`,
    [randomUUID(), providerId, userId, JSON.stringify(identityData), provider],
  );
  return rows[0] as IdentityRow;
}

export async function updateIdentityData(db: DB, identityId: string, patch: Record<string, unknown>) {
  await db.query(`update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now() where id = $1`, [identityId, JSON.stringify(patch)]);
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : undefined);

export function identityJSON(identity: IdentityRow) {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  };
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'webauthn' | 'phone';
  status: 'unverified' | 'verified';
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  phone: string | null;
  last_challenged_at: Date | null;
}

export async function loadFactors(db: DB, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(`select * from auth.mfa_factors where user_id = $1 order by created_at, id`, [userId]);
  return rows;
}

/** A factor as GoTrue's models.Factor serialises it (the secret never leaves the server). */
export function factorJSON(factor: FactorRow) {
  const json: Record<string, unknown> = {
    id: factor.id,
    friendly_name: factor.friendly_name || undefined,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
    last_challenged_at: factor.last_challenged_at?.toISOString() ?? null,
  };
  if (json.friendly_name === undefined) delete json.friendly_name;
  return json;
}

/** The user object exactly as GoTrue serialises it (omitempty fields left out when unset, `factors` too). */
export function userJSON(user: UserRow, identities: IdentityRow[], factors: FactorRow[] = []) {
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    new_phone: user.phone_change || undefined,
    phone_change_sent_at: iso(user.phone_change_sent_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJSON),
    factors: factors.length ? factors.map(factorJSON) : undefined,
    created_at: iso(user.created_at) ?? new Date(0).toISOString(),
    updated_at: iso(user.updated_at) ?? new Date(0).toISOString(),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  };
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}

export async function loadUserJSON(db: DB, userId: string) {
  const user = await reloadUser(db, userId);
  return userJSON(user, await loadIdentities(db, userId), await loadFactors(db, userId));
}

// ---------------------------------------------------------------------------------------------
// One-time tokens (kept in step with the users' token columns, as GoTrue does)

export type OneTimeTokenType = 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current' | 'reauthentication_token';

export async function createOneTimeToken(db: DB, userId: string, relatesTo: string, hash: string, type: OneTimeTokenType) {
  await clearOneTimeToken(db, userId, type);
  await db.query(`insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4, $5)`, [randomUUID(), userId, type, hash, relatesTo.toLowerCase()]);
}

export async function clearOneTimeToken(db: DB, userId: string, type: OneTimeTokenType) {
  await db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [userId, type]);
}

// ---------------------------------------------------------------------------------------------
// Audit log

export async function audit(db: DB, req: IncomingMessage, actor: Pick<UserRow, 'id' | 'email' | 'phone' | 'is_sso_user' | 'raw_user_meta_data'>, action: string, traits?: Record<string, unknown>) {
  const logType: Record<string, string> = {
    login: 'account',
    logout: 'account',
    invite_accepted: 'account',
    user_signedup: 'team',
    user_invited: 'team',
    user_deleted: 'team',
    user_modified: 'user',
    user_recovery_requested: 'user',
    user_reauthenticate_requested: 'user',
    user_confirmation_requested: 'user',
    user_repeated_signup: 'user',
    user_updated_password: 'user',
    token_revoked: 'token',
    token_refreshed: 'token',
    identity_linked: 'account',
  };
  const payload: Record<string, unknown> = {
    actor_id: actor.id,
    actor_via_sso: actor.is_sso_user,
    actor_username: actor.phone || actor.email || '',
    action,
    log_type: logType[action] ?? 'account',
  };
  const name = actor.raw_user_meta_data?.full_name;
  if (name !== undefined) payload.actor_name = name;
  if (traits) payload.traits = traits;
  await db.query(`insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address) values ($1, $2, $3, now(), $4)`, [
    NIL_UUID,
    randomUUID(),
    JSON.stringify(payload),
    clientIP(req).slice(0, 64),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Flow states (PKCE)

export async function createFlowState(
  db: DB,
  params: {
    providerType: string;
    authenticationMethod: string;
    codeChallenge?: string;
    codeChallengeMethod?: string;
    userId?: string | null;
    referrer?: string;
    linkingTargetId?: string;
  },
): Promise<FlowStateRow> {
  const pkce = Boolean(params.codeChallenge);
  const { rows } = await db.query<FlowStateRow>(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
        provider_access_token, provider_refresh_token, created_at, updated_at, authentication_method, referrer, linking_target_id)
     values ($1, $2, $3, $4, $5, $6, '', '', now(), now(), $7, $8, $9) returning *`,
    [
      randomUUID(),
      params.userId ?? null,
      pkce ? randomUUID() : null,
      pkce ? params.codeChallengeMethod : null,
      pkce ? params.codeChallenge : null,
      params.providerType,
      params.authenticationMethod,
      params.referrer ?? null,
      params.linkingTargetId ?? null,
    ],
  );
  return rows[0] as FlowStateRow;
}

/** GoTrue's issueAuthCode: the newest flow state of this user and method, stamped as issued. */
export async function issueAuthCode(db: DB, userId: string, authenticationMethod: string): Promise<string | undefined> {
  const { rows } = await db.query<FlowStateRow>(
    `select * from auth.flow_state where user_id = $1 and authentication_method = $2
      order by created_at desc limit 1 for update`,
    [userId, authenticationMethod],
  );
  const flow = rows[0];
  if (!flow || !flow.code_challenge || !flow.auth_code) return undefined;
  await db.query(`update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1`, [flow.id]);
  return flow.auth_code;
}

// ---------------------------------------------------------------------------------------------
// Sessions and refresh tokens

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  provider_token?: string;
  provider_refresh_token?: string;
  weak_password?: unknown;
}

export async function insertRefreshToken(db: DB, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = secureAlphanumeric(12);
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [NIL_UUID, token, userId, parent, sessionId],
  );
  return token;
}

/** Creates a session with its first refresh token and access token (GoTrue's IssueRefreshToken). */
export async function issueSession(db: DB, settings: AuthSettings, req: IncomingMessage, userId: string, authenticationMethod: string): Promise<SessionResponse> {
  const sessionId = randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', null, $3, $4)`,
    [sessionId, userId, userAgent(req) || null, toInet(clientIP(req))],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, authenticationMethod, randomUUID()],
  );
  await db.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await db.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [userId]);
  const refreshToken = await insertRefreshToken(db, userId, sessionId, null);
  return sessionResponse(db, settings, userId, sessionId, refreshToken);
}

export async function sessionResponse(db: DB, settings: AuthSettings, userId: string, sessionId: string, refreshToken: string): Promise<SessionResponse> {
  const user = await reloadUser(db, userId);
  const identities = await loadIdentities(db, userId);
  const factors = await loadFactors(db, userId);
  const { rows: sessions } = await db.query<{ aal: string | null }>(`select aal from auth.sessions where id = $1`, [sessionId]);
  const { rows: claims } = await db.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + settings.jwtExpirySeconds;
  const accessToken = signJWT(
    accessTokenClaims({
      issuer: settings.externalUrl,
      userId: user.id,
      aud: user.aud ?? DEFAULT_AUD,
      email: user.email ?? '',
      phone: user.phone ?? '',
      appMetadata: user.raw_app_meta_data ?? {},
      userMetadata: user.raw_user_meta_data ?? {},
      role: user.role || DEFAULT_AUD,
      sessionId,
      aal: sessions[0]?.aal ?? 'aal1',
      amr: claims.map((claim) => ({
        method: claim.authentication_method,
        timestamp: Math.floor(claim.updated_at.getTime() / 1000),
      })),
      isAnonymous: user.is_anonymous,
      issuedAt,
      expiresAt,
    }),
    settings.jwtSecret,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresAt - issuedAt,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJSON(user, identities, factors),
  };
}

function toInet(ip: string): string | null {
  return /^[0-9a-fA-F:.]+$/.test(ip) && ip.length > 0 ? ip : null;
}

/** The fragment GoTrue appends to a redirect for the implicit flow (AccessTokenResponse.AsRedirectURL). */
export function sessionFragment(session: SessionResponse, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  const all: Record<string, string> = {
    ...extra,
    access_token: session.access_token,
    token_type: session.token_type,
    expires_in: String(session.expires_in),
    expires_at: String(session.expires_at),
    refresh_token: session.refresh_token,
    sb: '',
  };
  // Go's url.Values.Encode sorts keys.
  for (const key of Object.keys(all).sort()) params.set(key, all[key] as string);
  return params.toString();
}

// Who is calling, and running SQL as them: storage-api verifies the request's JWT and runs every
// statement in a transaction with the JWT's role and claims set (set_config('role', ...),
// request.jwt.claims), so the project's RLS policies on storage.* decide, as on hosted Supabase.
import type { IncomingMessage } from 'node:http';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type pg from 'pg';
import { ERRORS, fromDatabaseError } from './errors.ts';

export interface Caller {
  role: string;
  claims: JWTPayload & { role?: string };
  jwt: string;
  /** False when no valid JWT came along (storage-api's `isAuthenticated`). */
  authenticated: boolean;
}

/** The database roles a JWT may switch to; any other role claim is refused. */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

const ANONYMOUS: Caller = { role: 'anon', claims: { role: 'anon' }, jwt: '', authenticated: false };

export class Keys {
  readonly secret: Uint8Array;
  constructor(jwtSecret: string) {
    this.secret = new TextEncoder().encode(jwtSecret);
  }

  async sign(payload: Record<string, unknown>, expiresInSeconds: number): Promise<string> {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + Math.floor(expiresInSeconds))
      .sign(this.secret);
  }

  async verify(token: string): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
    return payload;
  }
}

function bearer(req: IncomingMessage): string {
  const header = req.headers.authorization;
  if (header) return header.replace(/^Bearer\s+/i, '');
  // Browsers' plain <img> requests carry no Authorization; the apikey (a JWT) stands in, as the
  // hosted gateway passes it on.
  const apikey = req.headers.apikey;
  return typeof apikey === 'string' ? apikey : '';
}

/**
 * The caller of a request. With `allowInvalid` (storage-api's `allowInvalidJwt` routes) a
 * missing or bad token makes the caller anonymous instead of failing the request.
 */
export async function callerOf(req: IncomingMessage, keys: Keys, allowInvalid = false): Promise<Caller> {
  const jwt = bearer(req);
  if (!jwt && allowInvalid) return ANONYMOUS;
  let claims: JWTPayload;
  try {
    claims = await keys.verify(jwt);
  } catch (error) {
    if (allowInvalid) return ANONYMOUS;
    throw ERRORS.accessDenied(jwtErrorMessage(error));
  }
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  if (!API_ROLES.has(role)) throw ERRORS.accessDenied('Access denied: Invalid role', 403);
  return { role, claims: claims as Caller['claims'], jwt, authenticated: true };
}

/** jose's wording, which storage-api passes on ('"exp" claim timestamp check failed', ...). */
export function jwtErrorMessage(error: unknown): string {
  if (error instanceof joseErrors.JOSEError) return error.message;
  return error instanceof Error ? error.message : 'Invalid JWT';
}

/** Runs `work` in one transaction, as the caller (RLS applies) or, with `null`, as the storage admin. */
export async function inScope<T>(
  pool: pg.Pool,
  caller: Caller | null,
  request: { method: string; path: string },
  work: (client: pg.PoolClient) => Promise<T>,
  /** Runs first in the same transaction as the storage admin, e.g. to lock the row being replaced. */
  prelude?: (client: pg.PoolClient) => Promise<void>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    if (prelude) await prelude(client);
    if (caller) {
      await client.query(
        `select set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true), set_config('request.jwt', $2, true),
                set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claims', $4, true),
                set_config('request.method', $5, true), set_config('request.path', $6, true),
                set_config('storage.allow_delete_query', 'true', true)`,
        [caller.role, caller.jwt, typeof caller.claims.sub === 'string' ? caller.claims.sub : '', JSON.stringify(caller.claims), request.method, request.path],
      );
    } else {
      await client.query(`select set_config('storage.allow_delete_query', 'true', true)`);
    }
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw fromDatabaseError(error) ?? error;
  } finally {
    client.release();
  }
}

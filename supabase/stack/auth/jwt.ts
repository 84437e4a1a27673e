// HS256 JWTs as GoTrue issues and checks them. Only HS256 is accepted: `alg: none` and every
// other algorithm are rejected before the signature is even looked at.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type JWTClaims = Record<string, unknown> & {
  sub?: string;
  role?: string;
  exp?: number;
  iat?: number;
  session_id?: string;
  aud?: string | string[];
};

const b64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

export function signJWT(claims: JWTClaims, secret: string): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** Why a token was refused, worded like golang-jwt (GoTrue prefixes "invalid JWT: unable to parse or verify signature, "). */
export class JWTError extends Error {}

export function verifyJWT(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): JWTClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JWTError('token is malformed: token contains an invalid number of segments');
  const [head, body, signature] = parts as [string, string, string];
  let header: unknown;
  let claims: unknown;
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  } catch {
    throw new JWTError('token is malformed: could not JSON decode header');
  }
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new JWTError('token is malformed: could not JSON decode claim');
  }
  if (!header || typeof header !== 'object' || !claims || typeof claims !== 'object' || Array.isArray(claims)) {
    throw new JWTError('token is malformed: could not JSON decode claim');
  }
  const alg = (header as { alg?: unknown }).alg;
  if (alg !== 'HS256') {
    throw new JWTError(`token is unverifiable: error while executing keyfunc: signing method ${String(alg)} is invalid`);
  }
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JWTError('token signature is invalid: signature is invalid');
  }
  const result = claims as JWTClaims;
  if (result.exp !== undefined && (typeof result.exp !== 'number' || result.exp <= nowSeconds)) {
    throw new JWTError('token has invalid claims: token is expired');
  }
  return result;
}

/** The access-token claims GoTrue puts in a session's JWT. */
export interface AccessTokenInput {
  issuer: string;
  userId: string;
  aud: string;
  email: string;
  phone: string;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  role: string;
  sessionId: string;
  /** The session's assurance level: 'aal2' once a factor was verified in it. */
  aal: string;
  amr: { method: string; timestamp: number }[];
  isAnonymous: boolean;
  issuedAt: number;
  expiresAt: number;
}

export function accessTokenClaims(input: AccessTokenInput): JWTClaims {
  return {
    iss: input.issuer,
    sub: input.userId,
    aud: input.aud,
    exp: input.expiresAt,
    iat: input.issuedAt,
    email: input.email,
    phone: input.phone,
    app_metadata: input.appMetadata,
    user_metadata: input.userMetadata,
    role: input.role,
    aal: input.aal,
    amr: input.amr,
    session_id: input.sessionId,
    is_anonymous: input.isAnonymous,
  };
}

// Channel access tokens checked as Supabase Realtime does (RealtimeWeb.ChannelsAuthorization),
// with its reasons word for word, as realtime-js shows them in a CHANNEL_ERROR.
import { JWTError, verifyJWT, type JWTClaims } from '../auth/jwt.ts';

export type TokenCheck = { ok: true; claims: JWTClaims & { role: string; exp: number } } | { ok: false; reason: string };

export function checkToken(token: string | undefined, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): TokenCheck {
  if (!token) return { ok: false, reason: 'MalformedJWT: The token provided is not a valid JWT' };
  let claims: JWTClaims;
  try {
    // Expiry is checked below, to say by how much (verifyJWT would only say "expired").
    claims = verifyJWT(token.replace(/\s/g, ''), secret, Number.NEGATIVE_INFINITY);
  } catch (error) {
    if (error instanceof JWTError && error.message.startsWith('token is malformed')) return { ok: false, reason: 'MalformedJWT: The token provided is not a valid JWT' };
    return { ok: false, reason: 'JwtSignatureError: Failed to validate JWT signature' };
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' };
  }
  if (claims.exp <= nowSeconds) return { ok: false, reason: `InvalidJWTToken: Token has expired ${nowSeconds - claims.exp} seconds ago` };
  return { ok: true, claims: claims as JWTClaims & { role: string; exp: number } };
}

// PKCE (RFC 7636) as GoTrue checks it: challenge format on the way in, verifier on the way out.
import { createHash, timingSafeEqual } from 'node:crypto';
import { badRequest } from './http.ts';

export const MIN_CODE_CHALLENGE_LENGTH = 43;
export const MAX_CODE_CHALLENGE_LENGTH = 128;
export const INVALID_PKCE_PARAMS = 'PKCE flow requires code_challenge_method and code_challenge';
export const PKCE_INVALID_CHALLENGE = 'code challenge does not match previously saved code verifier';
export const PKCE_INVALID_METHOD = 'code challenge method not supported';

export type ChallengeMethod = 's256' | 'plain';

/** Validates the pair a client sends; both empty means the implicit flow. Returns the normalised method. */
export function validatePKCEParams(method: string, challenge: string): ChallengeMethod | undefined {
  if ((challenge === '') !== (method === '')) throw badRequest('validation_failed', INVALID_PKCE_PARAMS);
  if (challenge === '') return undefined;
  if (challenge.length < MIN_CODE_CHALLENGE_LENGTH || challenge.length > MAX_CODE_CHALLENGE_LENGTH) {
    throw badRequest('validation_failed', `code challenge has to be between ${MIN_CODE_CHALLENGE_LENGTH} and ${MAX_CODE_CHALLENGE_LENGTH} characters`);
  }
  if (!/^[a-zA-Z0-9\-._~]+$/.test(challenge)) {
    throw badRequest('validation_failed', 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
  const normalised = method.toLowerCase();
  if (normalised !== 's256' && normalised !== 'plain') {
    throw badRequest('validation_failed', 'Invalid code_challenge_method');
  }
  return normalised;
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Returns an error message (GoTrue's wording) or undefined when the verifier matches. */
export function checkCodeVerifier(challenge: string, method: string, verifier: string): string | undefined {
  switch (method.toLowerCase()) {
    case 's256':
      return same(challenge, s256(verifier)) ? undefined : PKCE_INVALID_CHALLENGE;
    case 'plain':
      return same(challenge, verifier) ? undefined : PKCE_INVALID_CHALLENGE;
    default:
      return PKCE_INVALID_METHOD;
  }
}

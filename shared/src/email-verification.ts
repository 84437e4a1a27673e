// SPEC 4.3, the e-mail verification gate, in its intended reading: the blocking pop-up shows on
// every path outside the exempt list (the original's exemption check matched every path, so
// its pop-up never appeared; the spec names that a defect by calling the other reading intended).
import { normalizePath } from './roles.ts';

/** Exact paths that never show the pop-up. */
export const verificationExemptPaths: readonly string[] = [
  '/',
  '/artists',
  '/artiesten',
  '/news',
  '/sound-light',
  '/over-ons',
  '/contact',
  '/admin',
  '/artist-onboarding',
  '/auth/callback',
  '/auth/confirm',
  '/auth/instagram/callback',
  '/verify-email',
  '/email-verification-required',
  '/terms-acceptance',
  '/terms',
  '/privacy',
  '/messages',
  '/bookings',
  '/profile',
  '/favorites',
];

/** Every path under these is exempt too. */
export const verificationExemptPrefixes: readonly string[] = ['/artists/', '/news/', '/admin/'];

/** Any path containing this is exempt (all checkout pages). */
export const verificationExemptFragment = '/checkout';

export function isVerificationExempt(pathname: string): boolean {
  const path = normalizePath(pathname);
  return verificationExemptPaths.includes(path) || verificationExemptPrefixes.some((prefix) => path.startsWith(prefix)) || path.includes(verificationExemptFragment);
}

export interface VerificationGateInput {
  path: string;
  user: { id: string } | null;
  profile: { role: string; email_verified: boolean } | null;
}

/**
 * Whether the blocking pop-up shows: a logged-in, non-admin user with a profile whose e-mail is
 * not verified, on a path outside the exempt list. It follows the profile, so it closes by itself
 * once the e-mail turns out verified, and it is gone after logout (no user).
 */
export function shouldShowVerificationGate({ path, user, profile }: VerificationGateInput): boolean {
  if (!user || !profile) return false;
  if (profile.role === 'admin' || profile.email_verified) return false;
  return !isVerificationExempt(path);
}

/** 'Later doen' on a non-exempt path navigates here (SPEC 4.3); on an exempt path the pop-up is not shown at all. */
export const pathAfterPostponingVerification = '/';

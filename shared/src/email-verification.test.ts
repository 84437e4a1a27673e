import { describe, expect, it } from 'vitest';
import { isVerificationExempt, shouldShowVerificationGate, verificationExemptPaths, verificationExemptPrefixes } from './email-verification.ts';
import { specText } from './spec-text.test-support.ts';

const user = { id: 'u1' };
const unverified = { role: 'customer', email_verified: false };

describe('SPEC 4.3: exempt paths', () => {
  // The list as SPEC 4.3 writes it, row by row.
  const rows = [
    ['/', '/artists', '/artiesten', '/news', '/sound-light', '/over-ons', '/contact'],
    ['/admin', '/artist-onboarding'],
    ['/auth/callback', '/auth/confirm', '/auth/instagram/callback'],
    ['/verify-email', '/email-verification-required', '/terms-acceptance', '/terms', '/privacy'],
    ['/messages', '/bookings', '/profile', '/favorites'],
  ];

  it.each(rows)('the row %s, ... is exempt', (...paths) => {
    expect(specText).toContain(`  - ${paths.join(', ')};`);
    for (const path of paths) expect(isVerificationExempt(path), path).toBe(true);
  });

  it('the exact list is the spec’s and nothing more', () => {
    expect([...verificationExemptPaths].sort()).toEqual(rows.flat().sort());
    expect(verificationExemptPrefixes).toEqual(['/artists/', '/news/', '/admin/']);
  });

  it.each(['/artists/the-blue-band', '/news/nieuwe-artiesten', '/admin/approvals', '/booking/b1/checkout', '/checkout/success', '/bookings/'])(
    '%s is exempt (any /artists/..., /news/..., /admin/... path or any path containing /checkout)',
    (path) => {
      expect(isVerificationExempt(path)).toBe(true);
    },
  );

  it.each([
    '/profile/edit',
    '/complete-profile',
    '/referral-bands/dashboard',
    '/reviews/customer',
    '/reviews/artist',
    '/dashboard/artist',
    '/artist-onboarding/step-2',
    '/review',
    '/ref/ABC123',
    '/newsletter',
    '/artiesten/the-blue-band',
  ])('%s is not exempt: the pop-up shows there (the intended reading)', (path) => {
    expect(isVerificationExempt(path)).toBe(false);
    expect(shouldShowVerificationGate({ path, user, profile: unverified })).toBe(true);
  });
});

describe('SPEC 4.3: when the pop-up appears', () => {
  it.each([
    ['a logged-in customer with an unverified e-mail', user, unverified, true],
    ['an artist with an unverified e-mail', user, { role: 'artist', email_verified: false }, true],
    ['an admin with an unverified e-mail (exempt, SPEC 6)', user, { role: 'admin', email_verified: false }, false],
    ['a verified customer', user, { role: 'customer', email_verified: true }, false],
    ['a user whose profile is not loaded', user, null, false],
    ['nobody (after logout it resets)', null, null, false],
  ])('%s: %s', (_who, who, profile, shows) => {
    expect(shouldShowVerificationGate({ path: '/profile/edit', user: who, profile })).toBe(shows);
  });

  it('never shows on an exempt path', () => {
    expect(shouldShowVerificationGate({ path: '/bookings', user, profile: unverified })).toBe(false);
  });
});

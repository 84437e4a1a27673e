import { describe, expect, it } from 'vitest';
import { completeProfileRedirect } from './profile-completion.ts';

const complete = { role: 'customer', first_name: 'Jan', last_name: 'Jansen', terms_accepted_at: '2026-01-01T00:00:00Z' };
const google = { role: 'customer', first_name: '', last_name: '', terms_accepted_at: null };

describe('completeProfileRedirect', () => {
  it('lets a complete profile be', () => {
    expect(completeProfileRedirect({ pathname: '/bookings' }, complete)).toBeNull();
  });

  it('sends a profile without names or terms to /complete-profile, keeping where it was going', () => {
    expect(completeProfileRedirect({ pathname: '/bookings', search: '?tab=bevestigd' }, google)).toBe('/complete-profile?next=%2Fbookings%3Ftab%3Dbevestigd');
    expect(completeProfileRedirect({ pathname: '/' }, google)).toBe('/complete-profile');
    expect(completeProfileRedirect({ pathname: '/artists/de-band' }, { ...complete, terms_accepted_at: null })).toBe('/complete-profile?next=%2Fartists%2Fde-band');
    expect(completeProfileRedirect({ pathname: '/profile' }, { ...complete, last_name: '  ' })).toBe('/complete-profile?next=%2Fprofile');
  });

  it('never on the form itself, the auth returns, the terms and privacy pages, or another app', () => {
    for (const pathname of ['/complete-profile', '/complete-profile/', '/auth/callback', '/auth/confirm', '/terms', '/privacy', '/dashboard/artist', '/admin/login', '/artist-onboarding']) {
      expect(completeProfileRedirect({ pathname }, google)).toBeNull();
    }
  });

  it('never for admins, nor without a profile', () => {
    expect(completeProfileRedirect({ pathname: '/bookings' }, { ...google, role: 'admin' })).toBeNull();
    expect(completeProfileRedirect({ pathname: '/bookings' }, null)).toBeNull();
  });
});

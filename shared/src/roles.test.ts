import { describe, expect, it } from 'vitest';
import {
  becomeArtistTarget,
  destinationForRole,
  hasRole,
  normalizePath,
  passesRoleTab,
  requiredRoleForPath,
  seesAdminDashboardLink,
  seesArtistDashboardLink,
  seesBecomeArtistLink,
  type Role,
} from './roles.ts';
import { specText } from './spec-text.test-support.ts';

describe('SPEC 2.3: destination after login, by role', () => {
  it.each([
    ['artist', '/dashboard/artist'],
    ['customer', '/'],
    ['admin', '/admin/approvals'],
    ['anything else', '/login'],
  ])('%s -> %s', (role, destination) => {
    expect(destinationForRole(role)).toBe(destination);
    // the row as SPEC 2.3 writes it
    expect(specText).toContain(`| ${role} | ${destination} |`);
  });

  it.each([null, undefined, '', 'Admin', 'guest'])('an unknown role (%o) goes to /login', (role) => {
    expect(destinationForRole(role)).toBe('/login');
  });
});

describe('SPEC 6: role checks, admin passes', () => {
  it.each<[string | null, Role, boolean]>([
    ['customer', 'customer', true],
    ['customer', 'artist', false],
    ['customer', 'admin', false],
    ['artist', 'artist', true],
    ['artist', 'customer', false],
    ['artist', 'admin', false],
    ['admin', 'customer', true],
    ['admin', 'artist', true],
    ['admin', 'admin', true],
    [null, 'customer', false],
  ])('%s checked for %s: %s', (role, required, expected) => {
    expect(hasRole(role, required)).toBe(expected);
  });

  it.each<[string, Role, boolean]>([
    ['artist', 'artist', true],
    ['customer', 'artist', false],
    ['artist', 'customer', false],
    ['customer', 'customer', true],
    ['admin', 'artist', true],
    ['admin', 'customer', true],
  ])('SPEC 5.2 role tab: %s logging in on the %s tab passes: %s', (role, tab, expected) => {
    expect(passesRoleTab(role, tab)).toBe(expected);
  });
});

describe('required role by path (SPEC 2.1)', () => {
  it.each<[string, Role | null]>([
    ['/admin', 'admin'],
    ['/admin/', 'admin'],
    ['/admin/dashboard', 'admin'],
    ['/admin/approvals', 'admin'],
    ['/admin/login', null],
    ['/dashboard/artist', 'artist'],
    ['/reviews/artist', 'artist'],
    ['/reviews/customer', null],
    ['/administratie', null],
    ['/bookings', null],
    ['/', null],
  ])('%s needs %s', (path, role) => {
    expect(requiredRoleForPath(path)).toBe(role);
  });

  it('normalizes trailing slashes, queries and hashes', () => {
    expect(normalizePath('/bookings/?tab=1#x')).toBe('/bookings');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });
});

describe('SPEC 2.6 / 6: role links', () => {
  it.each([
    ['guest', null, false, false, true],
    ['customer', 'customer', false, false, true],
    ['artist', 'artist', false, true, false],
    ['admin', 'admin', true, true, false],
  ])('a %s sees ADMIN DASHBOARD %s, Artiesten Dashboard %s, Artiest worden %s', (_who, role, admin, artist, become) => {
    expect([seesAdminDashboardLink(role), seesArtistDashboardLink(role), seesBecomeArtistLink(role)]).toEqual([admin, artist, become]);
  });

  it("'Artiest worden' takes a logged-in user to onboarding and gives a guest the signup dialog", () => {
    expect(becomeArtistTarget(true)).toBe('/artist-onboarding');
    expect(becomeArtistTarget(false)).toBeNull();
  });
});

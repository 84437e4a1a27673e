import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  confirmationRedirect,
  createAuthGuardController,
  decideAuthGuard,
  peekPostLoginDestination,
  safeDestination,
  firstAuthGuardDecision,
  postLoginDestination,
  redirectDestinationKey,
  rememberPostLoginDestination,
  takePostLoginDestination,
  type AuthGuardInput,
} from './auth-guard.ts';
import { memoryStorage } from './memory-storage.test-support.ts';

const user = { id: 'u1' };
const customer = { role: 'customer' };
const artist = { role: 'artist' };
const admin = { role: 'admin' };
const base: AuthGuardInput = { path: '/bookings', loading: false, user, profile: customer, elapsedMs: 0, sessionRefreshTried: true };
const decide = (input: Partial<AuthGuardInput>) => decideAuthGuard({ ...base, ...input });

describe('SPEC 4.2: while loading', () => {
  it('shows a spinner, whatever else is known', () => {
    expect(decide({ loading: true })).toEqual({ action: 'spinner' });
    expect(decide({ loading: true, user: null, profile: null, elapsedMs: 60_000 })).toEqual({ action: 'spinner' });
  });
});

describe('SPEC 4.2: a user without a profile', () => {
  it.each([
    ['/reviews/customer', undefined, '/'],
    ['/complete-profile', undefined, '/'],
    ['/referral-bands/dashboard', undefined, '/'],
    ['/reviews/artist', 'artist' as const, '/'],
    ['/some/admin-guarded/page', 'admin' as const, '/admin/login'],
  ])('on %s (role %s) waits 10 s, then goes to %s', (path, requiredRole, to) => {
    expect(decide({ path, requiredRole, profile: null, elapsedMs: 0 })).toEqual({ action: 'spinner', recheckInMs: 10_000 });
    expect(decide({ path, requiredRole, profile: null, elapsedMs: 9_999 })).toEqual({ action: 'spinner', recheckInMs: 1 });
    expect(decide({ path, requiredRole, profile: null, elapsedMs: 10_000 })).toEqual({ action: 'redirect', to, from: path, rememberDestination: null });
  });

  it.each([
    '/dashboard',
    '/dashboard/artist',
    '/dashboard/artist/agenda',
    '/admin',
    '/admin/approvals',
    '/artist-onboarding',
    '/artist-onboarding/step-2',
    '/messages',
    '/bookings',
    '/profile',
    '/favorites',
    '/profile/',
  ])('never redirects on %s', (path) => {
    expect(decide({ path, profile: null, elapsedMs: 3_600_000 })).toEqual({ action: 'spinner' });
    expect(decide({ path, requiredRole: 'admin', profile: null, elapsedMs: 3_600_000 })).toEqual({ action: 'spinner' });
  });

  it('does redirect from pages merely starting like an exempt one', () => {
    expect(decide({ path: '/profile/edit', profile: null, elapsedMs: 10_000 })).toMatchObject({ action: 'redirect', to: '/' });
  });
});

describe('SPEC 4.2: no user', () => {
  it('first tries to refresh the session once', () => {
    expect(decide({ user: null, profile: null, sessionRefreshTried: false })).toEqual({ action: 'refresh-session' });
  });

  it('on /dashboard/artist waits 8 s, then redirects without storing a destination', () => {
    const input = { path: '/dashboard/artist', user: null, profile: null, requiredRole: 'artist' as const };
    expect(decide({ ...input, elapsedMs: 0 })).toEqual({ action: 'spinner', recheckInMs: 8_000 });
    expect(decide({ ...input, elapsedMs: 7_999 })).toEqual({ action: 'spinner', recheckInMs: 1 });
    expect(decide({ ...input, elapsedMs: 8_000 })).toEqual({ action: 'redirect', to: '/', from: '/dashboard/artist', rememberDestination: null });
  });

  it.each([
    ['/bookings', undefined, '/', '/bookings'],
    ['/messages?conversation=c1', undefined, '/', '/messages?conversation=c1'],
    ['/reviews/artist', 'artist' as const, '/', '/reviews/artist'],
    ['/admin/news', 'admin' as const, '/admin/login', '/admin/news'],
    ['/admin', 'admin' as const, '/admin/login', '/admin'],
    ['/', undefined, '/', null],
    ['/auth/callback', undefined, '/', null],
    ['/auth/reset-password', undefined, '/', null],
  ])('on %s (role %s) goes to %s at once, remembering %s', (path, requiredRole, to, remembered) => {
    expect(decide({ path, requiredRole, user: null, profile: null, elapsedMs: 0 })).toEqual({ action: 'redirect', to, from: path, rememberDestination: remembered });
  });
});

describe('SPEC 4.2: a user lacking the required role goes to their own dashboard route', () => {
  it.each([
    [customer, 'artist' as const, '/'],
    [customer, 'admin' as const, '/'],
    [artist, 'admin' as const, '/dashboard/artist'],
    [{ role: 'mystery' }, 'artist' as const, '/login'],
  ])('%o on a %s page -> %s', (profile, requiredRole, to) => {
    expect(decide({ path: '/x', profile, requiredRole })).toEqual({ action: 'redirect', to, from: '/x', rememberDestination: null });
  });

  it('admin passes every role, and content renders only with user and profile', () => {
    expect(decide({ profile: admin, requiredRole: 'artist' })).toEqual({ action: 'render' });
    expect(decide({ profile: admin, requiredRole: 'admin' })).toEqual({ action: 'render' });
    expect(decide({ profile: artist, requiredRole: 'artist' })).toEqual({ action: 'render' });
    expect(decide({ profile: customer })).toEqual({ action: 'render' });
  });
});

describe('the post-login destination', () => {
  it("is kept under 'auth_redirect_destination' and serves one login", () => {
    const storage = memoryStorage();
    rememberPostLoginDestination(storage, '/bookings');
    expect(storage.values.get('auth_redirect_destination')).toBe('/bookings');
    expect(redirectDestinationKey).toBe('auth_redirect_destination');
    expect(takePostLoginDestination(storage)).toBe('/bookings');
    expect(takePostLoginDestination(storage)).toBeNull();
  });

  it.each([
    ['customer', '/bookings', '/bookings'],
    ['customer', null, '/'],
    ['customer', '/admin/news', '/'],
    ['customer', '/dashboard/artist', '/'],
    ['artist', '/dashboard/artist', '/dashboard/artist'],
    ['artist', null, '/dashboard/artist'],
    ['admin', '/dashboard/artist', '/dashboard/artist'],
    ['admin', null, '/admin/approvals'],
    ['customer', 'https://evil.example/phish', '/'],
    ['customer', '//evil.example', '/'],
  ])('%s with stored %o goes to %s', (role, stored, destination) => {
    expect(postLoginDestination(role, stored)).toBe(destination);
  });

  it.each([
    ['artist', null, 'artist', '/dashboard/artist'],
    ['artist', null, 'customer', '/'],
    ['artist', '/bookings', 'customer', '/bookings'],
    ['artist', '/reviews/artist', 'customer', '/reviews/artist'],
    ['admin', null, 'customer', '/admin/approvals'],
    ['admin', null, 'artist', '/admin/approvals'],
    ['customer', null, 'artist', '/'],
  ] as const)('SPEC 4.4: %s with stored %o in %s mode goes to %s', (role, stored, mode, destination) => {
    expect(postLoginDestination(role, stored, mode)).toBe(destination);
  });
});

describe('the confirmation mail carries the destination to a new tab', () => {
  it.each([
    ['/artists/bella-voce/boeken?datum=2027-01-14&pakket=p1', 'https://podium.nl/auth/confirm?next=%2Fartists%2Fbella-voce%2Fboeken%3Fdatum%3D2027-01-14%26pakket%3Dp1'],
    ['/bookings', 'https://podium.nl/auth/confirm?next=%2Fbookings'],
    [null, 'https://podium.nl/auth/confirm'],
    ['/', 'https://podium.nl/auth/confirm'],
    ['/auth/confirm', 'https://podium.nl/auth/confirm'],
    ['//evil.example/x', 'https://podium.nl/auth/confirm'],
    ['https://evil.example', 'https://podium.nl/auth/confirm'],
  ])('destination %o links to %s', (destination, link) => {
    expect(confirmationRedirect('https://podium.nl', destination)).toBe(link);
  });

  it('follows only paths on this site, never / or the auth screens', () => {
    expect(safeDestination('/artists/x/boeken?datum=2027-01-14')).toBe('/artists/x/boeken?datum=2027-01-14');
    for (const unsafe of [null, '', '/', '/?x=1', '/auth/callback', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'https://evil.example']) {
      expect(safeDestination(unsafe)).toBeNull();
    }
  });

  it('peeking leaves the destination for the login', () => {
    const storage = memoryStorage();
    rememberPostLoginDestination(storage, '/bookings');
    expect(peekPostLoginDestination(storage)).toBe('/bookings');
    expect(takePostLoginDestination(storage)).toBe('/bookings');
  });
});

describe('SPEC 4.2: the guard over time', () => {
  function sessionStub(initial: { status: string; user: { id: string } | null; profile: { role: string } | null } | { status: 'loading' }) {
    let state = initial;
    const listeners = new Set<() => void>();
    return {
      subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
      getSnapshot: () => state,
      set(next: typeof state) {
        state = next;
        for (const listener of listeners) listener();
      },
    };
  }
  const storage = () => {
    const values = new Map<string, string>();
    return { values, getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), removeItem: (k: string) => void values.delete(k) };
  };

  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('no user: one session refresh, then stores the destination and redirects', async () => {
    const session = sessionStub({ status: 'no-user', user: null, profile: null });
    const refreshSession = vi.fn(() => Promise.resolve());
    const redirect = vi.fn();
    const sessionStorage = storage();
    const guard = createAuthGuardController({ session, refreshSession, sessionStorage, path: '/bookings', redirect });
    expect(guard.getSnapshot()).toEqual({ action: 'spinner' });
    expect(refreshSession).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(0);
    expect(redirect).toHaveBeenCalledWith('/', '/bookings');
    expect(sessionStorage.values.get('auth_redirect_destination')).toBe('/bookings');
    expect(refreshSession).toHaveBeenCalledOnce();
    guard.dispose();
  });

  it('no user, but the refresh brings one back: renders', async () => {
    const session = sessionStub({ status: 'no-user', user: null, profile: null });
    const redirect = vi.fn();
    const guard = createAuthGuardController({
      session,
      refreshSession: () => Promise.resolve(session.set({ status: 'ready', user: { id: 'u1' }, profile: { role: 'customer' } })),
      sessionStorage: storage(),
      path: '/bookings',
      redirect,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(guard.getSnapshot()).toEqual({ action: 'render' });
    expect(redirect).not.toHaveBeenCalled();
  });

  it('a user without a profile: redirected after 10 s, unless the profile arrives first', async () => {
    const session = sessionStub({ status: 'no-profile', user: { id: 'u1' }, profile: null });
    const redirect = vi.fn();
    createAuthGuardController({ session, refreshSession: () => Promise.resolve(), sessionStorage: storage(), path: '/complete-profile', redirect });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(redirect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(redirect).toHaveBeenCalledWith('/', '/complete-profile');

    const late = sessionStub({ status: 'no-profile', user: { id: 'u1' }, profile: null });
    const lateRedirect = vi.fn();
    const guard = createAuthGuardController({ session: late, refreshSession: () => Promise.resolve(), sessionStorage: storage(), path: '/complete-profile', redirect: lateRedirect });
    await vi.advanceTimersByTimeAsync(9_000);
    late.set({ status: 'ready', user: { id: 'u1' }, profile: { role: 'customer' } });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(lateRedirect).not.toHaveBeenCalled();
    expect(guard.getSnapshot()).toEqual({ action: 'render' });
  });

  it('on /dashboard/artist without a user: waits 8 s, then redirects', async () => {
    const session = sessionStub({ status: 'no-user', user: null, profile: null });
    const redirect = vi.fn();
    const sessionStorage = storage();
    createAuthGuardController({ session, refreshSession: () => Promise.resolve(), sessionStorage, path: '/dashboard/artist', requiredRole: 'artist', redirect });
    await vi.advanceTimersByTimeAsync(7_999);
    expect(redirect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(redirect).toHaveBeenCalledWith('/', '/dashboard/artist');
    expect(sessionStorage.values.size).toBe(0);
  });

  it('a user lacking the role goes to their own dashboard at once', () => {
    const session = sessionStub({ status: 'ready', user: { id: 'u1' }, profile: { role: 'artist' } });
    const redirect = vi.fn();
    createAuthGuardController({ session, refreshSession: () => Promise.resolve(), sessionStorage: storage(), path: '/admin/news', requiredRole: 'admin', redirect });
    expect(redirect).toHaveBeenCalledWith('/dashboard/artist', '/admin/news');
  });
});

describe('the first render, before the controller runs', () => {
  it('renders at once for a user the route allows, with no side effects', () => {
    expect(firstAuthGuardDecision({ status: 'ready', user, profile: customer }, '/bookings')).toEqual({ action: 'render' });
  });
  it('shows the spinner otherwise: a guest, a missing profile, the wrong role', () => {
    expect(firstAuthGuardDecision({ status: 'no-user', user: null, profile: null }, '/bookings')).toEqual({ action: 'spinner' });
    expect(firstAuthGuardDecision({ status: 'no-profile', user, profile: null }, '/profile')).toEqual({ action: 'spinner' });
    expect(firstAuthGuardDecision({ status: 'ready', user, profile: customer }, '/admin/news', 'admin')).toEqual({ action: 'spinner' });
  });
});

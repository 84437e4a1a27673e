// SPEC 4.2, the auth guard on protected routes, as one pure decision: given the path, who is
// logged in, the required role and how long the guard has been waiting, what to show or where to
// go. The app's guard component renders the decision and asks again when `recheckInMs` passes.
import { authGuardArtistDashboardWaitMs, authGuardMissingProfileWaitMs } from './constants.ts';
import { destinationForRole, hasRole, normalizePath, requiredRoleForPath, roleDestinations, type Role } from './roles.ts';
import type { UserMode } from './user-mode.ts';

/** Session storage key of the post-login destination (SPEC 4.2). */
export const redirectDestinationKey = 'auth_redirect_destination';

export interface AuthGuardInput {
  /** The current location's path; a query string and hash may be included. */
  path: string;
  /** Still loading the session (SPEC 4.1). */
  loading: boolean;
  user: { id: string } | null;
  profile: { role: string } | null;
  requiredRole?: Role | undefined;
  /** Milliseconds since the guard began waiting in its current state (user or profile missing). */
  elapsedMs: number;
  /** Whether the guard has already tried its one session refresh. */
  sessionRefreshTried: boolean;
}

export type AuthGuardDecision =
  | { action: 'spinner'; recheckInMs?: number }
  | { action: 'refresh-session' }
  | {
      action: 'redirect';
      to: string;
      /** The location the user was sent away from, for the login screen ("passing along the original location"). */
      from: string;
      /** When set, store it under `redirectDestinationKey` before redirecting. */
      rememberDestination: string | null;
    }
  | { action: 'render' };

// Where a user without a profile is never sent away: these screens wait for the profile themselves.
const waitForProfilePrefixes = ['/dashboard', '/admin', '/artist-onboarding'];
const waitForProfilePaths = new Set(['/messages', '/bookings', '/profile', '/favorites']);

const signInPage = (requiredRole: Role | undefined) => (requiredRole === 'admin' ? '/admin/login' : '/');

export function decideAuthGuard(input: AuthGuardInput): AuthGuardDecision {
  const { path: location, loading, user, profile, requiredRole, elapsedMs, sessionRefreshTried } = input;
  const path = normalizePath(location);
  if (loading) return { action: 'spinner' };

  if (!user) {
    if (!sessionRefreshTried) return { action: 'refresh-session' };
    if (path === '/dashboard/artist') {
      if (elapsedMs < authGuardArtistDashboardWaitMs) return { action: 'spinner', recheckInMs: authGuardArtistDashboardWaitMs - elapsedMs };
      return { action: 'redirect', to: signInPage(requiredRole), from: location, rememberDestination: null };
    }
    return { action: 'redirect', to: signInPage(requiredRole), from: location, rememberDestination: isRememberable(path) ? location : null };
  }

  if (!profile) {
    if (waitForProfilePaths.has(path) || waitForProfilePrefixes.some((prefix) => path.startsWith(prefix))) return { action: 'spinner' };
    if (elapsedMs < authGuardMissingProfileWaitMs) return { action: 'spinner', recheckInMs: authGuardMissingProfileWaitMs - elapsedMs };
    return { action: 'redirect', to: signInPage(requiredRole), from: location, rememberDestination: null };
  }

  // SPEC 6 leaves open whether an admin passes the guard's artist check; we use the one role
  // check of the account logic (admin passes), since admins see the 'Artiesten Dashboard' link.
  if (requiredRole && !hasRole(profile.role, requiredRole)) {
    return { action: 'redirect', to: destinationForRole(profile.role), from: location, rememberDestination: null };
  }
  return { action: 'render' };
}

/**
 * What a guard shows before its controller runs (the first render, with no side effects): the
 * page at once when the session already allows it, else the spinner.
 */
export function firstAuthGuardDecision(state: SessionLike, path: string, requiredRole?: Role): AuthGuardDecision {
  const decision = decideAuthGuard({
    path,
    loading: state.status === 'loading',
    user: state.user ?? null,
    profile: state.profile ?? null,
    requiredRole,
    elapsedMs: 0,
    sessionRefreshTried: false,
  });
  return decision.action === 'render' ? decision : { action: 'spinner' };
}

/** Not for / and not for /auth/ paths (SPEC 4.2). */
const isRememberable = (path: string) => path !== '/' && !path.startsWith('/auth/');

type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function rememberPostLoginDestination(storage: SessionStorageLike, destination: string): void {
  storage.setItem(redirectDestinationKey, destination);
}

/** A destination that may be followed: a path on this site, not / and not an /auth/ screen. */
export function safeDestination(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  return isRememberable(normalizePath(raw)) ? raw : null;
}

/** The stored destination, left in place (the signup mail carries it; the login takes it). */
export function peekPostLoginDestination(storage: SessionStorageLike): string | null {
  return safeDestination(storage.getItem(redirectDestinationKey));
}

/**
 * The confirmation link's target. The stored destination lives in this tab's sessionStorage, but
 * the mailed link opens a new tab; so the link carries it as `?next=` (the auth server keeps a
 * same-site query string), and /auth/confirm follows it.
 */
export function confirmationRedirect(origin: string, destination: string | null): string {
  const next = safeDestination(destination);
  return `${origin}/auth/confirm${next ? `?next=${encodeURIComponent(next)}` : ''}`;
}

/** Reads and forgets the stored destination: it serves one login. */
export function takePostLoginDestination(storage: SessionStorageLike): string | null {
  const destination = storage.getItem(redirectDestinationKey);
  storage.removeItem(redirectDestinationKey);
  return destination;
}

/**
 * Where to go after login. SPEC 2.3 leaves open how the stored destination and the role table
 * interact; we take the stored destination when the role may open it (so a customer sent to
 * login from /bookings comes back there), and the role's destination otherwise. An artist who
 * last chose customer mode on this device (SPEC 4.4) came to book, not to work: the home page.
 */
export function postLoginDestination(role: string | null | undefined, storedDestination: string | null, mode?: UserMode): string {
  if (storedDestination?.startsWith('/') && !storedDestination.startsWith('//')) {
    const required = requiredRoleForPath(storedDestination);
    if (!required || hasRole(role, required)) return storedDestination;
  }
  if (role === 'artist' && mode === 'customer') return roleDestinations.customer;
  return destinationForRole(role);
}

export interface AuthGuardControllerOptions {
  session: { subscribe(listener: () => void): () => void; getSnapshot(): SessionLike };
  /** The guard's one session refresh (supabase-js `auth.refreshSession`); its outcome arrives through the session store. */
  refreshSession: () => Promise<unknown>;
  sessionStorage: SessionStorageLike;
  path: string;
  requiredRole?: Role | undefined;
  /** Navigate away (replacing the entry), passing along the original location. */
  redirect: (to: string, from: string) => void;
}

/** What the guard reads of the session store's state (SessionState fits). */
type SessionLike = { status: string; user?: { id: string } | null; profile?: { role: string } | null };

export interface AuthGuardController {
  getSnapshot(): AuthGuardDecision;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

/**
 * Runs `decideAuthGuard` for one mounted guard: measures how long it has waited in the current
 * state, makes the one session refresh, asks again when a wait runs out, stores the post-login
 * destination and redirects once. A React guard reads it with useSyncExternalStore.
 */
export function createAuthGuardController(options: AuthGuardControllerOptions): AuthGuardController {
  const listeners = new Set<() => void>();
  let sessionRefreshTried = false;
  let waitingSince = Date.now();
  let waitingFor = '';
  let recheck: ReturnType<typeof setTimeout> | undefined;
  let redirected = false;
  let decision: AuthGuardDecision = { action: 'spinner' };

  const evaluate = () => {
    const state = options.session.getSnapshot();
    const loading = state.status === 'loading';
    const user = state.user ?? null;
    const profile = state.profile ?? null;
    // The wait restarts whenever the situation changes (another user, a profile arriving or going).
    const situation = `${loading}|${user?.id ?? ''}|${profile ? 'profile' : ''}`;
    if (situation !== waitingFor) {
      waitingFor = situation;
      waitingSince = Date.now();
    }
    const next = decideAuthGuard({
      path: options.path,
      loading,
      user,
      profile,
      requiredRole: options.requiredRole,
      elapsedMs: Date.now() - waitingSince,
      sessionRefreshTried,
    });
    clearTimeout(recheck);
    recheck = undefined;
    if (next.action === 'refresh-session') {
      sessionRefreshTried = true;
      void options
        .refreshSession()
        .catch(() => undefined)
        .then(evaluate);
      decision = { action: 'spinner' };
    } else {
      decision = next;
      if (next.action === 'spinner' && next.recheckInMs !== undefined) recheck = setTimeout(evaluate, next.recheckInMs);
      if (next.action === 'redirect' && !redirected) {
        redirected = true;
        if (next.rememberDestination) rememberPostLoginDestination(options.sessionStorage, next.rememberDestination);
        options.redirect(next.to, next.from);
      }
    }
    for (const listener of listeners) listener();
  };

  const unsubscribe = options.session.subscribe(evaluate);
  evaluate();
  return {
    getSnapshot: () => decision,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      unsubscribe();
      clearTimeout(recheck);
      listeners.clear();
    },
  };
}

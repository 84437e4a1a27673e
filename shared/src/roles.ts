// Roles (SPEC 2.3, 5.2, 6): where each role lands after login, and the one role check every app
// uses. Admin passes every role check in the account logic.

export const roles = ['customer', 'artist', 'admin'] as const;
export type Role = (typeof roles)[number];

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (roles as readonly string[]).includes(value);

/** SPEC 2.3: the destination after login, by role. */
export const roleDestinations: Record<Role, string> = {
  artist: '/dashboard/artist',
  customer: '/',
  admin: '/admin/approvals',
};

/** For anything that is not a known role, SPEC 2.3 sends the user to /login. */
export const unknownRoleDestination = '/login';

export function destinationForRole(role: string | null | undefined): string {
  return isRole(role) ? roleDestinations[role] : unknownRoleDestination;
}

/** SPEC 6: a role check is true for the role itself, and always for admin. */
export function hasRole(profileRole: string | null | undefined, required: Role): boolean {
  return profileRole === required || profileRole === 'admin';
}

/** SPEC 5.2: a login for a requested role ('role tab') needs that role, or admin. */
export const passesRoleTab = hasRole;

/**
 * The role a path requires, from the route table of SPEC 2.1: /admin/* for admins,
 * /dashboard/artist and /reviews/artist for artists; null when no role is needed
 * (/admin/login is open).
 */
export function requiredRoleForPath(pathname: string): Role | null {
  const path = normalizePath(pathname);
  if (path === '/admin/login') return null;
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  if (path === '/dashboard/artist' || path.startsWith('/dashboard/artist/') || path === '/reviews/artist') return 'artist';
  return null;
}

/** Without a trailing slash (except the root) and without query or hash. */
export function normalizePath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path || '/';
}

// SPEC 2.6 / 2.7 / 2.10 / 6: which role links a user sees (null = guest).
export const seesAdminDashboardLink = (role: string | null | undefined) => role === 'admin';
export const seesArtistDashboardLink = (role: string | null | undefined) => role === 'artist' || role === 'admin';
export const seesBecomeArtistLink = (role: string | null | undefined) => role === null || role === undefined || role === 'customer';

export const artistOnboardingPath = '/artist-onboarding';

/** 'Artiest worden': a logged-in user goes to onboarding; a guest gets the signup dialog (null). */
export const becomeArtistTarget = (loggedIn: boolean): typeof artistOnboardingPath | null => (loggedIn ? artistOnboardingPath : null);

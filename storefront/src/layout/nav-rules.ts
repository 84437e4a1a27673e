// SPEC 2.6 / 2.7 / 2.10 / 6: which navigation a visitor sees, as pure data the header, the
// bottom navigation and its Menu sheet render. Role checks come from @podium/shared/roles.
import { bottomNavHidingBreakpointPx } from '@podium/shared/constants';
import { appServing } from '@podium/shared/app-paths';
import { normalizePath, seesAdminDashboardLink, seesArtistDashboardLink, seesBecomeArtistLink, type Role } from '@podium/shared/roles';

export interface MainLink {
  label: string;
  to: string;
  match: 'exact' | 'prefix';
}

/** SPEC 2.6, the desktop header's main links and when each is active. */
export const mainLinks: readonly MainLink[] = [
  { label: 'HOME', to: '/', match: 'exact' },
  { label: 'ARTISTS', to: '/artists', match: 'prefix' },
  { label: 'SOUND & LIGHT', to: '/sound-light', match: 'exact' },
  { label: 'NEWS', to: '/news', match: 'prefix' },
];

export function isLinkActive(link: Pick<MainLink, 'to' | 'match'>, pathname: string): boolean {
  const path = normalizePath(pathname);
  if (link.match === 'exact') return path === link.to;
  return path === link.to || path.startsWith(`${link.to}/`);
}

/** The role of whoever is looking: null for a guest. */
export type Viewer = Role | null;

export interface NavItem {
  label: string;
  /** A path; absent for actions. */
  to?: string;
  action?: 'login' | 'signup' | 'logout' | 'become-artist';
  badge?: 'unread';
}

export const artistDashboardPath = '/dashboard/artist';
export const adminDashboardPath = '/admin/approvals';

/** SPEC 2.6, the header's role links. */
export function headerRoleLinks(viewer: Viewer): NavItem[] {
  const links: NavItem[] = [];
  if (seesAdminDashboardLink(viewer)) links.push({ label: 'ADMIN DASHBOARD', to: adminDashboardPath });
  if (seesArtistDashboardLink(viewer)) links.push({ label: 'Artiesten Dashboard', to: artistDashboardPath });
  if (seesBecomeArtistLink(viewer)) links.push({ label: 'Artiest worden', action: 'become-artist' });
  return links;
}

/** SPEC 2.6, the profile menu's items after the name and e-mail (logged-in users only). */
export function profileMenuItems(role: Role | null): NavItem[] {
  const items: NavItem[] = [
    { label: 'Favorieten', to: '/favorites' },
    { label: 'Boekingen', to: '/bookings' },
    { label: 'Berichten', to: '/messages', badge: 'unread' },
    { label: 'Profiel', to: '/profile' },
    { label: 'Mijn reviews', to: '/reviews/customer' },
    { label: 'BANDS Dashboard', to: '/referral-bands/dashboard' },
  ];
  if (role === 'customer') items.push({ label: 'Artiest worden', action: 'become-artist' });
  if (seesArtistDashboardLink(role)) items.push({ label: 'Artiesten Dashboard', to: artistDashboardPath });
  if (seesAdminDashboardLink(role)) items.push({ label: 'Admin Dashboard', to: adminDashboardPath });
  items.push({ label: 'Uitloggen', action: 'logout' });
  return items;
}

/** SPEC 2.7, the bottom navigation's items. */
export function bottomNavItems(loggedIn: boolean): NavItem[] {
  return [
    { label: 'Ontdek', to: '/' },
    { label: 'Artiesten', to: '/artists' },
    { label: 'Favorieten', to: '/favorites' },
    loggedIn ? { label: 'Berichten', to: '/messages', badge: 'unread' } : { label: 'Inloggen', action: 'login' },
  ];
}

/** SPEC 2.7, the Menu sheet, in groups: pages, account, and the role and guest entries. */
export function menuSheetItems(loggedIn: boolean, role: Role | null): NavItem[] {
  const items: NavItem[] = [
    { label: 'Home', to: '/' },
    { label: 'Artiesten', to: '/artists' },
    { label: 'Sound & Light', to: '/sound-light' },
    { label: 'News', to: '/news' },
  ];
  if (loggedIn) {
    items.push(
      { label: 'Mijn Boekingen', to: '/bookings' },
      { label: 'Berichten', to: '/messages', badge: 'unread' },
      { label: 'Mijn Profiel', to: '/profile' },
      { label: 'BANDS Dashboard', to: '/referral-bands/dashboard' },
      { label: 'Contact', to: '/contact' },
    );
  }
  const viewer: Viewer = loggedIn ? role : null;
  // A logged-in user whose profile has not loaded yet counts as neither: no role entry until it has.
  if (!loggedIn || role) {
    if (seesBecomeArtistLink(viewer)) items.push({ label: 'Artiest worden', action: 'become-artist' });
    if (seesArtistDashboardLink(viewer)) items.push({ label: 'Artiesten dashboard', to: artistDashboardPath });
  }
  if (loggedIn) {
    items.push({ label: 'Uitloggen', action: 'logout' });
  } else {
    items.push({ label: 'Contact', to: '/contact' }, { label: 'Inloggen', action: 'login' }, { label: 'Registreren', action: 'signup' });
  }
  return items;
}

/**
 * SPEC 2.7: the bottom navigation is a phone and tablet element (below 1024px; the desktop header
 * takes over from there). It is hidden on /artist-onboarding and /admin pages, and below 1024px
 * on /artists/... pages and checkout pages.
 */
export function bottomNavVisible(pathname: string, viewportWidth: number): boolean {
  const path = normalizePath(pathname);
  if (path === '/artist-onboarding' || path.startsWith('/artist-onboarding/')) return false;
  if (path === '/admin' || path.startsWith('/admin/')) return false;
  if (viewportWidth >= bottomNavHidingBreakpointPx) return false;
  if (path.startsWith('/artists/') || path.includes('/checkout')) return false;
  return true;
}

/** The full desktop header (main links, role links, profile menu) from 1024px; a compact bar below. */
export const desktopHeaderMinWidthPx = bottomNavHidingBreakpointPx;
export const showsDesktopHeader = (viewportWidth: number) => viewportWidth >= desktopHeaderMinWidthPx;

/** Paths served by the other two apps on this origin: reached by a full-page navigation. */
export const belongsToOtherApp = (pathname: string): boolean => appServing(pathname) !== 'storefront';

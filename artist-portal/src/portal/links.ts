// The portal's navigation for an approved artist: the header's links on a wide screen; on a phone
// the first four are the tab bar's and the rest sit under its 'Meer'.
import { appServing } from '@podium/shared/app-paths';

export interface PortalLink {
  to: string;
  label: string;
  /** One of the phone's tabs (the others are under 'Meer'). */
  tab?: boolean;
  /** Shows the unread-message count. */
  unread?: boolean;
}

export const portalMessagesPath = '/dashboard/artist/berichten';

export const dashboardLinks: readonly PortalLink[] = [
  { to: '/dashboard/artist', label: 'Overzicht', tab: true },
  { to: '/dashboard/artist/boekingen', label: 'Boekingen', tab: true },
  { to: '/dashboard/artist/agenda', label: 'Agenda', tab: true },
  { to: portalMessagesPath, label: 'Berichten', tab: true, unread: true },
  { to: '/dashboard/artist/profiel', label: 'Profiel' },
  { to: '/dashboard/artist/uitbetalingen', label: 'Uitbetalingen' },
  { to: '/reviews/artist', label: 'Reviews' },
];

/** Whether the portal serves a path (otherwise a link to it is a full page load). */
export const portalOwns = (path: string) => appServing(path) === 'artist-portal';

/** Whether a link is the page shown: the overview only at its own address, the others with their sub-pages. */
export function isCurrent(link: Pick<PortalLink, 'to'>, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return link.to === '/dashboard/artist' ? path === link.to : path === link.to || path.startsWith(`${link.to}/`);
}

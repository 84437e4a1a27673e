// The portal's navigation for an approved artist (PortalFrame shows it on every dashboard page).
import type { PortalLink } from './PortalFrame.tsx';

export const dashboardLinks: readonly PortalLink[] = [
  { to: '/dashboard/artist', label: 'Overzicht' },
  { to: '/dashboard/artist/boekingen', label: 'Boekingen' },
  { to: '/dashboard/artist/agenda', label: 'Agenda' },
  { to: '/dashboard/artist/profiel', label: 'Profiel' },
  { to: '/dashboard/artist/uitbetalingen', label: 'Uitbetalingen' },
  { to: '/reviews/artist', label: 'Reviews' },
  // The storefront's messages page: customers and artists chat there.
  { to: '/messages', label: 'Berichten', external: true },
];

// The portal's route table: each page with its guard, the dashboard's pages inside its frame. Only
// the guard and the Mollie return are on a guest's first page; every screen loads lazily.
import { lazyPage } from '@podium/shared/errors/lazy-page.ts';
import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import type { Role } from '@podium/shared/roles';
import { ArtistGuard } from '../ArtistGuard.tsx';
import MollieReturnPage from '../payouts/MollieReturnPage.tsx';

// The dashboard's frame brings Chakra, react-query and supabase-js, with the overview in the same
// chunk: loaded only once the guard lets an artist in, so a guest's first page stays small.
const loadDashboard = () => import('../dashboard/DashboardPage.tsx');
const DashboardPage = lazyPage(loadDashboard);
const OverviewPage = lazyPage(() => loadDashboard().then((module) => ({ default: module.OverviewPage })));
const PortalNotFound = lazyPage(() => loadDashboard().then((module) => ({ default: module.PortalNotFound })));
// The other pages (the listing brings the onboarding steps' forms, dialogs and drag-and-drop) load when an artist opens them.
const BookingsPage = lazyPage(() => import('../bookings/BookingsPage.tsx').then((module) => ({ default: module.BookingsPage })));
const CalendarPage = lazyPage(() => import('../calendar/CalendarPage.tsx').then((module) => ({ default: module.CalendarPage })));
const ListingPage = lazyPage(() => import('../dashboard/ListingPage.tsx').then((module) => ({ default: module.ListingPage })));
const MessagesPage = lazyPage(() => import('../messages/MessagesPage.tsx').then((module) => ({ default: module.MessagesPage })));
const PayoutsPage = lazyPage(() => import('../payouts/PayoutsPage.tsx').then((module) => ({ default: module.PayoutsPage })));
const OnboardingPage = lazyPage(() => import('../onboarding/OnboardingPage.tsx'));
const ReviewsPage = lazyPage(() => import('../reviews/ReviewsPage.tsx'));

const waiting = <p className="session" aria-busy="true" />;

const guarded = (page: ReactNode, requiredRole: Role | null = 'artist') => (
  <ArtistGuard requiredRole={requiredRole}>
    <Suspense fallback={waiting}>{page}</Suspense>
  </ArtistGuard>
);

/** Mails and older links name a booking as /dashboard/artist?booking=…: those land on the bookings page with the same query. */
function OverviewOrBookingLink() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  if (params.has('booking') || params.has('tab')) return <Navigate to={`/dashboard/artist/boekingen${search}`} replace />;
  return <OverviewPage />;
}

// No basename: the portal's pages share no prefix. The web server sends it only these paths.
export const routes: RouteObject[] = [
  // Mollie Connect's way back (mollieConnectReturnPath): no guard.
  { path: 'dashboard/artist/mollie', element: <MollieReturnPage /> },
  {
    path: 'dashboard/artist',
    element: guarded(<DashboardPage />),
    children: [
      { index: true, element: <OverviewOrBookingLink /> },
      { path: 'boekingen', element: <BookingsPage /> },
      { path: 'agenda', element: <CalendarPage /> },
      { path: 'profiel', element: <ListingPage /> },
      { path: 'uitbetalingen', element: <PayoutsPage /> },
      { path: 'berichten', element: <MessagesPage /> },
      { path: '*', element: <PortalNotFound /> },
    ],
  },
  // Only a login: a customer becomes an artist here.
  { path: 'artist-onboarding/*', element: guarded(<OnboardingPage />, null) },
  { path: 'reviews/artist', element: guarded(<ReviewsPage />) },
];

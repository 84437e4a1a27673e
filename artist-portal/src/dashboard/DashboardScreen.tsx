// The artist dashboard (/dashboard/artist/*): the overview, the bookings, the calendar, the
// messages, the listing editor and the payouts under one navigation, for an artist whose act is approved (others see their onboarding
// status, portal/ApprovedActOnly.tsx). Mails and older links name a booking as
// /dashboard/artist?booking=…; those land on the bookings page with the same query.
// Only the overview is the first screen: the other pages (the listing editor brings the
// onboarding steps' forms, dialogs and drag-and-drop) load when an artist opens them.
import { Container } from '@chakra-ui/react';
import { lazyPage } from '@podium/shared/errors/lazy-page.ts';
import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ApprovedActOnly } from '../portal/ApprovedActOnly.tsx';
import { dashboardLinks } from '../portal/links.ts';
import { Loading } from '../portal/LoadState.tsx';
import { PortalFrame } from '../portal/PortalFrame.tsx';
import { PortalNotFound } from '../portal/PortalNotFound.tsx';
import { Overview } from './Overview.tsx';

const BookingsPage = lazyPage(() => import('../bookings/BookingsPage.tsx').then((module) => ({ default: module.BookingsPage })));
const CalendarPage = lazyPage(() => import('../calendar/CalendarPage.tsx').then((module) => ({ default: module.CalendarPage })));
const ListingEditor = lazyPage(() => import('./ListingEditor.tsx').then((module) => ({ default: module.ListingEditor })));
const MessagesPage = lazyPage(() => import('../messages/MessagesPage.tsx').then((module) => ({ default: module.MessagesPage })));
const PayoutsPage = lazyPage(() => import('../payouts/PayoutsPage.tsx').then((module) => ({ default: module.PayoutsPage })));

const pageLoading = (
  <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
    <Loading height="16rem" />
  </Container>
);

function OverviewOrBookingLink() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  if (params.has('booking') || params.has('tab')) return <Navigate to={`/dashboard/artist/boekingen${search}`} replace />;
  return <Overview />;
}

export default function DashboardScreen() {
  return (
    <PortalFrame links={dashboardLinks}>
      <ApprovedActOnly>
        <Suspense fallback={pageLoading}>
          <Routes>
            <Route index element={<OverviewOrBookingLink />} />
            <Route path="boekingen" element={<BookingsPage />} />
            <Route path="agenda" element={<CalendarPage />} />
            <Route path="profiel" element={<ListingEditor />} />
            <Route path="uitbetalingen" element={<PayoutsPage />} />
            <Route path="berichten" element={<MessagesPage />} />
            <Route path="*" element={<PortalNotFound />} />
          </Routes>
        </Suspense>
      </ApprovedActOnly>
    </PortalFrame>
  );
}

// The artist dashboard (/dashboard/artist/*): the overview, the bookings, the calendar
// and the listing editor under one navigation, for an artist whose act is approved (others see their onboarding
// status, portal/ApprovedActOnly.tsx). Mails and older links name a booking as
// /dashboard/artist?booking=…; those land on the bookings page with the same query.
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { BookingsPage } from '../bookings/BookingsPage.tsx';
import { CalendarPage } from '../calendar/CalendarPage.tsx';
import { ApprovedActOnly } from '../portal/ApprovedActOnly.tsx';
import { dashboardLinks } from '../portal/links.ts';
import { PortalFrame } from '../portal/PortalFrame.tsx';
import { ListingEditor } from './ListingEditor.tsx';
import { Overview } from './Overview.tsx';

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
        <Routes>
          <Route index element={<OverviewOrBookingLink />} />
          <Route path="boekingen" element={<BookingsPage />} />
          <Route path="agenda" element={<CalendarPage />} />
          <Route path="profiel" element={<ListingEditor />} />
          <Route path="*" element={<Navigate to="/dashboard/artist" replace />} />
        </Routes>
      </ApprovedActOnly>
    </PortalFrame>
  );
}

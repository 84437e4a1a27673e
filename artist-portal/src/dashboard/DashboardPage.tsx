// The dashboard's frame (/dashboard/artist/*): one navigation around its pages (app/routes.tsx), for
// an artist whose act is approved (others see their onboarding status, portal/ApprovedActOnly.tsx).
// The overview and the not-found screen come in this chunk: the overview is an artist's first screen.
import { Container } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ApprovedActOnly } from '../portal/ApprovedActOnly.tsx';
import { dashboardLinks } from '../portal/links.ts';
import { Loading } from '../portal/LoadState.tsx';
import { PortalFrame } from '../portal/PortalFrame.tsx';

export { OverviewPage } from './OverviewPage.tsx';
export { PortalNotFound } from '../portal/PortalNotFound.tsx';

const pageLoading = (
  <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
    <Loading height="16rem" />
  </Container>
);

export default function DashboardPage() {
  return (
    <PortalFrame links={dashboardLinks}>
      <ApprovedActOnly>
        <Suspense fallback={pageLoading}>
          <Outlet />
        </Suspense>
      </ApprovedActOnly>
    </PortalFrame>
  );
}

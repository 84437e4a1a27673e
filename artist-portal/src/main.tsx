import { startApp } from '@podium/shared/shell';
import { lazy, Suspense } from 'react';
import { ArtistGuard } from './ArtistGuard.tsx';
import MollieReturn from './payouts/MollieReturn.tsx';

// The dashboard brings Chakra, react-query and supabase-js: loaded only once the guard lets
// an artist in, so a guest's first page stays small.
const DashboardScreen = lazy(() => import('./dashboard/DashboardScreen.tsx'));
const OnboardingScreen = lazy(() => import('./onboarding/OnboardingScreen.tsx'));
const ReviewsScreen = lazy(() => import('./reviews/ReviewsScreen.tsx'));
const waiting = <p className="session" aria-busy="true" />;

// No basename: the portal's pages share no prefix. The web server sends it only these paths.
startApp({
  routes: [
    {
      // Mollie Connect's way back (mollieConnectReturnPath): before the dashboard's routes, no guard.
      path: 'dashboard/artist/mollie',
      element: <MollieReturn />,
    },
    {
      path: 'dashboard/artist/*',
      element: (
        <ArtistGuard>
          <Suspense fallback={waiting}>
            <DashboardScreen />
          </Suspense>
        </ArtistGuard>
      ),
    },
    {
      path: 'artist-onboarding/*',
      element: (
        <ArtistGuard requiredRole={null}>
          <Suspense fallback={waiting}>
            <OnboardingScreen />
          </Suspense>
        </ArtistGuard>
      ),
    },
    {
      path: 'reviews/artist',
      element: (
        <ArtistGuard>
          <Suspense fallback={waiting}>
            <ReviewsScreen />
          </Suspense>
        </ArtistGuard>
      ),
    },
  ],
});

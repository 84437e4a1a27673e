import { startApp } from '@podium/shared/shell';
import { setErrorReporter } from '@podium/shared/errors/report.ts';
import { lazyPage } from '@podium/shared/errors/lazy-page.ts';
import { Suspense } from 'react';
import { ArtistGuard } from './ArtistGuard.tsx';
import MollieReturn from './payouts/MollieReturn.tsx';

// The dashboard brings Chakra, react-query and supabase-js: loaded only once the guard lets
// an artist in, so a guest's first page stays small.
const DashboardScreen = lazyPage(() => import('./dashboard/DashboardScreen.tsx'));
const OnboardingScreen = lazyPage(() => import('./onboarding/OnboardingScreen.tsx'));
const ReviewsScreen = lazyPage(() => import('./reviews/ReviewsScreen.tsx'));
const waiting = <p className="session" aria-busy="true" />;

// The portal has no analytics service: what goes wrong is written to the console, where a support session finds it.
setErrorReporter((error, context) => console.error(`Podium Artiestenportaal (${context.source ?? 'window'}):`, error));

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

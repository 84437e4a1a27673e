// SPEC 2.1, the route table: every path with its layout and guard; paths served by the artist
// portal and back office are left with a full-page navigation.
import type { RouteObject } from 'react-router';
import { Navigate, useLocation } from 'react-router';
import { lazy, Suspense, useEffect } from 'react';
import { lazyPage } from '@podium/shared/errors/lazy-page.ts';
import { MainLayout, RootLayout, StandaloneLayout } from '../layout/Layouts.tsx';
import HomePage, { prerenderQueries as homePrerenderQueries } from '../pages/HomePage.tsx';
import { landingPaths } from '../pages/landing-pages.ts';
import { siteReviewsQuery } from '../data/site-reviews.ts';
import { AppProvider, useApp } from './app-context.tsx';

const NotFoundPage = lazyPage(() => import('../errors/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));
const AuthGuard = lazy(() => import('../auth/AuthGuard.tsx').then((m) => ({ default: m.AuthGuard })));

// The artist profile's layout and page load together (no waterfall), and cost the other pages nothing.
const loadArtistPage = () => import('../pages/ArtistPage.tsx');
const ArtistPage = lazyPage(loadArtistPage);
const ArtistLayout = lazyPage(() => {
  void loadArtistPage().catch(() => undefined);
  return import('../artist-page/ArtistLayout.tsx');
});
const LandingPage = lazyPage(() => import('../pages/LandingPage.tsx'));
const NewsListPage = lazyPage(() => import('../pages/news/NewsListPage.tsx'));
const NewsArticlePage = lazyPage(() => import('../pages/news/NewsArticlePage.tsx'));
const SoundLightPage = lazyPage(() => import('../pages/SoundLightPage.tsx'));
const AboutPage = lazyPage(() => import('../pages/info/AboutPage.tsx'));
const ContactPage = lazyPage(() => import('../pages/info/ContactPage.tsx'));
const PrivacyPage = lazyPage(() => import('../pages/info/PrivacyPage.tsx'));
const TermsPage = lazyPage(() => import('../pages/info/TermsPage.tsx'));
const ArtistListPage = lazyPage(() => import('../pages/ArtistListPage.tsx'));
const FavoritesPage = lazyPage(() => import('../pages/FavoritesPage.tsx'));
const ComparePage = lazyPage(() => import('../favorites/ComparePage.tsx'));
const authPages = () => import('../auth/AuthPages.tsx');
const AuthCallbackPage = lazyPage(() => authPages().then((m) => ({ default: m.AuthCallbackPage })));
const ConfirmAccountPage = lazyPage(() => authPages().then((m) => ({ default: m.ConfirmAccountPage })));
const ResetPasswordPage = lazyPage(() => authPages().then((m) => ({ default: m.ResetPasswordPage })));
const VerifyEmailPage = lazyPage(() => authPages().then((m) => ({ default: m.VerifyEmailPage })));
const AuthLinkPage = lazyPage(() => authPages().then((m) => ({ default: m.AuthLinkPage })));
const InstagramCallbackPage = lazyPage(() => authPages().then((m) => ({ default: m.InstagramCallbackPage })));
const ReviewBookingPage = lazyPage(() => import('../reviews/ReviewBookingPage.tsx'));
const ReviewArtistPage = lazyPage(() => import('../reviews/ReviewArtistPage.tsx'));
const MyReviewsPage = lazyPage(() => import('../reviews/MyReviewsPage.tsx'));
const BookingsPage = lazyPage(() => import('../bookings/BookingsPage.tsx'));
const MessagesPage = lazyPage(() => import('../messages/MessagesPage.tsx'));
const CheckoutPage = lazyPage(() => import('../checkout/CheckoutPage.tsx'));
const BookingRequestPage = lazyPage(() => import('../booking-request/BookingRequestPage.tsx'));
const CheckoutSuccessPage = lazyPage(() => import('../checkout/CheckoutSuccessPage.tsx'));
const ProfilePage = lazyPage(() => import('../profile/ProfilePage.tsx'));
const ProfileEditPage = lazyPage(() => import('../profile/ProfileEditPage.tsx'));
const CompleteProfilePage = lazyPage(() => import('../profile/CompleteProfilePage.tsx'));
const referralPages = () => import('../referral/pages.ts');
const BandsDashboardPage = lazyPage(() => referralPages().then((m) => ({ default: m.BandsDashboardPage })));
const LeaderboardPage = lazyPage(() => referralPages().then((m) => ({ default: m.LeaderboardPage })));
// Development builds only, and only in them (a production build has neither module nor its
// preload list): the Safari checks, and the booking flow test, whose module signs in as the
// seeded demo accounts.
const SafariDebugPage = import.meta.env.DEV ? lazyPage(() => import('../pages/dev-pages.tsx').then((m) => ({ default: m.SafariDebugPage }))) : NotFoundPage;
const TestBookingFlowPage = import.meta.env.DEV ? lazyPage(() => import('../booking-flow-test/TestBookingFlowPage.tsx')) : NotFoundPage;

/** A path another app on this origin serves: leave the storefront for it. */
function OtherApp() {
  const location = useLocation();
  useEffect(() => {
    window.location.replace(`${location.pathname}${location.search}${location.hash}`);
  }, [location]);
  return null;
}

/** /ref/{code}: the code is already stored (RootLayout); guests land on / with the signup dialog. */
function ReferralRedirect() {
  return <Navigate to="/?signup=1" replace />;
}

/** /login, the fallback destination of SPEC 2.3: the homepage with the login dialog. */
export function LoginRedirect() {
  const { openLogin } = useApp();
  useEffect(() => openLogin(), [openLogin]);
  return <Navigate to="/" replace />;
}

const guarded = (Screen: () => React.ReactNode) => (
  <Suspense fallback={null}>
    <AuthGuard>
      <Screen />
    </AuthGuard>
  </Suspense>
);

/** The layouts with the footer prerender what its review block shows (layout/ReviewWidget.tsx). */
const withFooter = { prerenderQueries: () => [siteReviewsQuery] };

export function createRoutes(options: { development: boolean }): RouteObject[] {
  return [
    {
      element: (
        <AppProvider>
          <RootLayout />
        </AppProvider>
      ),
      children: [
        {
          children: [
            // Outside the main layout.
            {
              element: <StandaloneLayout />,
              children: [
                { path: '/auth/callback', element: <AuthCallbackPage /> },
                { path: '/auth/confirm', element: <ConfirmAccountPage /> },
                { path: '/auth/reset-password', element: <ResetPasswordPage /> },
                { path: '/auth/instagram/callback', element: <InstagramCallbackPage /> },
                { path: '/auth/link', element: <AuthLinkPage /> },
                { path: '/booking/:bookingId/checkout', element: guarded(() => <CheckoutPage />), handle: { private: true } },
                { path: '/checkout/success', element: guarded(() => <CheckoutSuccessPage />), handle: { private: true } },
                { path: '/reviews/booking/:bookingId', element: guarded(() => <ReviewBookingPage />), handle: { private: true } },
                { path: '/review', element: guarded(() => <ReviewBookingPage />), handle: { private: true } },
                { path: '/review/artist/:slug', element: guarded(() => <ReviewArtistPage />), handle: { private: true } },
                { path: '/reviews/customer', element: guarded(() => <MyReviewsPage />), handle: { private: true } },
                ...(options.development ? [{ path: '/safari-debug-test', element: <SafariDebugPage /> }] : []),
              ],
            },
            // The public artist profile, in its own layout.
            {
              element: (
                <Suspense fallback={null}>
                  <ArtistLayout />
                </Suspense>
              ),
              handle: withFooter,
              children: [
                { path: '/artists/:slug', element: <ArtistPage /> },
                // The booking request: open to guests (they log in at the end), never prerendered.
                { path: '/artists/:slug/boeken', element: <BookingRequestPage />, handle: { private: true } },
              ],
            },
            // Under the main layout.
            {
              element: <MainLayout />,
              handle: withFooter,
              children: [
                { index: true, element: <HomePage />, handle: { prerenderQueries: homePrerenderQueries } },
                { path: '/artiesten', element: <ArtistListPage /> },
                { path: '/artists', element: <ArtistListPage /> },
                { path: '/news', element: <NewsListPage /> },
                { path: '/news/:slug', element: <NewsArticlePage /> },
                { path: '/sound-light', element: <SoundLightPage /> },
                { path: '/over-ons', element: <AboutPage /> },
                { path: '/contact', element: <ContactPage /> },
                { path: '/privacy', element: <PrivacyPage /> },
                { path: '/terms', element: <TermsPage /> },
                { path: '/verify-email', element: <VerifyEmailPage /> },
                { path: '/confirm-account', element: <ConfirmAccountPage /> },
                ...landingPaths.map((path) => ({ path, element: <LandingPage /> })),
                { path: '/profile', element: guarded(() => <ProfilePage />), handle: { private: true } },
                { path: '/profile/edit', element: guarded(() => <ProfileEditPage />), handle: { private: true } },
                { path: '/bookings', element: guarded(() => <BookingsPage />), handle: { private: true } },
                { path: '/favorites', element: <FavoritesPage /> },
                // Favourites side by side: personal, so never prerendered.
                { path: '/favorites/vergelijken', element: <ComparePage />, handle: { private: true } },
                { path: '/messages', element: guarded(() => <MessagesPage />), handle: { private: true } },
                { path: '/complete-profile', element: guarded(() => <CompleteProfilePage />), handle: { private: true } },
                { path: '/referral-bands/dashboard', element: guarded(() => <BandsDashboardPage />), handle: { private: true } },
                // SPEC 2.1's open point, declared: open to everyone; guests see what it is.
                { path: '/referral-bands/leaderboard', element: <LeaderboardPage /> },
                { path: '/ref/:code', element: <ReferralRedirect /> },
                { path: '/login', element: <LoginRedirect /> },
                ...(options.development ? [{ path: '/test-booking-flow', element: <TestBookingFlowPage /> }] : []),
                { path: '*', element: <NotFoundPage /> },
              ],
            },
            // Served by the artist portal and the back office.
            { path: '/dashboard/artist/*', element: <OtherApp /> },
            { path: '/artist-onboarding/*', element: <OtherApp /> },
            { path: '/reviews/artist', element: <OtherApp /> },
            { path: '/admin/*', element: <OtherApp /> },
          ],
        },
      ],
    },
  ];
}

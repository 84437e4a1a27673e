// The layouts of SPEC 2.1. The root carries what every page has (bottom navigation, dialogs,
// toasts, pop-ups, the cookie banner, the verification gate); the main layout adds the desktop
// header, the footer and the floating contact button; the standalone layout (auth returns,
// checkout, reviews, the public artist profile) a slim header only.
import { Box, Container, Flex } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router';
import { useApp, useSessionState } from '../app/app-context.tsx';
import { useToasts } from '@podium/shared/toast';
import { PageOutlet } from './PageOutlet.tsx';
import { RouteErrorBoundary } from '@podium/shared/errors/RouteErrorBoundary.tsx';
import { AfterFirstPaint } from './AfterFirstPaint.tsx';
import { BottomNav } from './BottomNav.tsx';
import { ClientOnly } from './ClientOnly.tsx';
import { DesktopHeader } from './DesktopHeader.tsx';
import { Logo } from '@podium/shared/ui/Logo';

const AuthDialogs = lazy(() => import('../auth/AuthDialogs.tsx'));
// Below the fold, after a delay, or only for signed-in users: none of these is part of the first paint.
const ContactButton = lazy(() => import('./ContactButton.tsx').then((module) => ({ default: module.ContactButton })));
const Footer = lazy(() => import('./Footer.tsx').then((module) => ({ default: module.Footer })));
const CookieBanner = lazy(() => import('../overlays/CookieBanner.tsx').then((module) => ({ default: module.CookieBanner })));
const Toaster = lazy(() => import('@podium/shared/ui/Toaster').then((module) => ({ default: module.Toaster })));
const MessagePopups = lazy(() => import('../overlays/MessagePopups.tsx').then((module) => ({ default: module.MessagePopups })));

const trackPageView = (path: string) => void import('../platform/analytics.ts').then((module) => module.trackPageView(path));
const VerificationGate = lazy(() => import('../overlays/VerificationGate.tsx'));
const ProfileCompletionRedirect = lazy(() => import('../profile/ProfileCompletionRedirect.tsx'));

export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const app = useApp();
  const session = useSessionState();
  const toasts = useToasts();

  useEffect(() => {
    // SPEC 2.2 / 4.5: ?ref= on any page and /ref/{code} keep a pending referral code.
    // The referral module loads only when the address carries a code.
    if (location.search.includes('ref=') || location.pathname.startsWith('/ref/')) {
      void import('@podium/shared/referral').then(({ capturePendingReferral }) => {
        try {
          capturePendingReferral(window.localStorage, location.pathname, location.search);
        } catch {
          // Storage blocked: the referral is lost, the page is not.
        }
      });
    }
    trackPageView(location.pathname);
  }, [location.pathname, location.search]);

  const shownPath = useRef(location.pathname);
  const navigationType = useNavigationType();
  useEffect(() => {
    // A new page starts at the top (the browser router does not restore scroll by itself). Not
    // the page the visitor arrived on: it is where the browser put it (the top, or where a reload
    // was), and scrolling it would force a layout of the whole page during start-up. Nor a page
    // reached with back or forward: the browser puts it back where the visitor left it.
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.pathname, navigationType]);

  const { openSignup, openLogin } = app;
  useEffect(() => {
    // SPEC 2.2: ?signup=1 opens the signup dialog; the parameter is then taken off the address.
    if (params.get('signup') === '1') {
      openSignup();
      const next = new URLSearchParams(params);
      next.delete('signup');
      void navigate({ pathname: location.pathname, search: next.toString() ? `?${next}` : '' }, { replace: true });
    }
  }, [params, openSignup, navigate, location.pathname]);

  useEffect(() => {
    // Sent here by the auth guard (SPEC 4.2): offer the login straight away.
    const from = (location.state as { from?: string } | null)?.from;
    if (from && session.status === 'no-user') openLogin();
    // Only when a guard redirect arrives, not on every session change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.state]);

  // Only an unverified, non-admin user can meet the gate; for them its module loads and applies
  // the full rule (shouldShowVerificationGate, exempt paths included).
  const mayMeetGate = session.status === 'ready' && !session.profile.email_verified && session.profile.role !== 'admin';

  return (
    <>
      <a href="#main" className="skip-link">
        Naar de inhoud
      </a>
      <RouteErrorBoundary key={location.pathname}>
        <Outlet />
      </RouteErrorBoundary>
      <AfterFirstPaint>
        <BottomNav />
      </AfterFirstPaint>
      {/* One boundary each: a part loading later (the toaster for a first toast) must not hide
          the others while it loads, such as an open cookie settings dialog. */}
      <ClientOnly>
        <Suspense fallback={null}>{toasts.length > 0 && <Toaster />}</Suspense>
        <Suspense fallback={null}>{session.status === 'ready' && <MessagePopups />}</Suspense>
        <Suspense fallback={null}>
          <CookieBanner />
        </Suspense>
      </ClientOnly>
      {app.authDialog && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
      {mayMeetGate && (
        <Suspense fallback={null}>
          <VerificationGate />
        </Suspense>
      )}
      {/* A profile without names or accepted terms (a Google sign-up) is completed
          first; the rule loads for signed-in users only, admins never need it. */}
      {session.status === 'ready' && session.profile.role !== 'admin' && (
        <Suspense fallback={null}>
          <ProfileCompletionRedirect />
        </Suspense>
      )}
    </>
  );
}

export function MainLayout() {
  const { pathname } = useLocation();
  return (
    <Flex direction="column" minH="100dvh">
      <DesktopHeader />
      <Box as="main" id="main" flex="1" pb={{ base: '16', lg: '0' }} pt={pathname === '/' ? '0' : undefined}>
        <Suspense fallback={<PageSpinner />}>
          <RouteErrorBoundary key={pathname}>
            <PageOutlet withQueries={pathname !== '/'} />
          </RouteErrorBoundary>
        </Suspense>
      </Box>
      <Suspense fallback={<Box as="footer" minH="md" bg="ink.950" />}>
        <Footer />
        {/* On the messages page it would cover the send button; the chat is the contact there. */}
        {pathname !== '/messages' && <ContactButton />}
      </Suspense>
    </Flex>
  );
}

export function StandaloneLayout() {
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Box as="header" borderBottomWidth="1px" bg="white">
        <Container maxW="7xl" px={{ base: '4', md: '6' }} h="16" display="flex" alignItems="center">
          <Logo />
        </Container>
      </Box>
      <Box as="main" id="main" flex="1" pb={{ base: '20', lg: '8' }}>
        <Suspense fallback={<PageSpinner />}>
          <PageOutlet />
        </Suspense>
      </Box>
    </Flex>
  );
}

function PageSpinner() {
  return <Box minH="60vh" aria-busy="true" />;
}

// SPEC 2.6: the header of every main-layout page. From 1024px the full desktop header (main
// links with their active rules, role links, unread count, profile menu or Inloggen/Registreer);
// below, a compact bar (the bottom navigation carries the rest). On / it is transparent over the
// hero until the page is scrolled; past 50px it takes its solid, shadowed style everywhere.
//
// It is fixed on every page, and other pages keep the room of the tall bar above their content,
// so growing and shrinking at 50px never moves the page. In the flow it did: each change of
// height made the browser's scroll anchoring move the page by as much, back across 50px, and a
// page left between 50 and 66px (where the back button returns it) shook without end.
import { Box, Button, Container, Flex, HStack, IconButton } from '@chakra-ui/react';
import { headerScrollThresholdPx } from '@podium/shared/constants';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isRole } from '@podium/shared/roles';
import { useApp, useSessionState, useUnreadBadge } from '../app/app-context.tsx';
import { MessageIcon, UserIcon } from '@podium/shared/ui/icons';
import { Logo } from '@podium/shared/ui/Logo';
import { headerRoleLinks, isLinkActive, mainLinks } from './nav-rules.ts';
import { Tip } from './Tip.tsx';
import { UnreadBadge } from '@podium/shared/ui/UnreadBadge';
import { afterNextPaint } from '../platform/next-paint.ts';

const ProfileMenu = lazy(() => import('./ProfileMenu.tsx'));
// The profile photo is known only once the session has loaded, long after first paint: its code waits too.
const UserAvatar = lazy(() => import('./UserAvatar.tsx').then((module) => ({ default: module.UserAvatar })));

export function useScrolledPast(threshold: number): boolean {
  // Not scrolled on the first render, as in the prerendered HTML; the effect reads the real position.
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    // The first read waits for the next frame to be drawn: read now, right after hydration has
    // changed the page, the position would force the browser to lay the whole page out at once.
    const cancelFirstRead = afterNextPaint(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelFirstRead();
      window.removeEventListener('scroll', onScroll);
    };
  }, [threshold]);
  return scrolled;
}

export function DesktopHeader() {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(headerScrollThresholdPx);
  const transparent = pathname === '/' && !scrolled;
  const session = useSessionState();
  const app = useApp();
  const unread = useUnreadBadge();
  const loggedIn = session.status === 'ready' || session.status === 'no-profile';
  const role = session.status === 'ready' && isRole(session.profile.role) ? session.profile.role : null;
  const [menuArmed, setMenuArmed] = useState(false);
  // The menu opens when it mounts, so it is disarmed whenever it leaves the header (logged out, or
  // the session loading again): after a new login it waits for a press instead of opening by itself.
  if (menuArmed && !loggedIn) setMenuArmed(false);
  const fg = transparent ? 'white' : 'ink.900';
  // From 1024px (lg, desktopHeaderMinWidthPx) the full desktop header; below it a compact bar (the
  // bottom navigation has the rest). CSS decides, so the prerendered HTML is right at every width
  // and hydration has nothing to change.
  const desktopOnly = { base: 'none', lg: 'flex' } as const;

  return (
    <>
      <Box
        as="header"
        data-testid="site-header"
        data-scrolled={scrolled ? 'true' : 'false'}
        data-transparent={transparent ? 'true' : 'false'}
        position="fixed"
        top="0"
        insetX="0"
        zIndex="sticky"
        bg={transparent ? 'transparent' : 'rgba(255, 250, 246, 0.92)'}
        backdropFilter={transparent ? undefined : 'saturate(180%) blur(12px)'}
        borderBottomWidth="1px"
        borderColor={transparent ? 'transparent' : 'border'}
        boxShadow={scrolled ? '0 6px 24px -12px rgba(37, 29, 42, 0.25)' : 'none'}
        transition="background 200ms, box-shadow 200ms, height 200ms"
      >
        <Container maxW="7xl" px={{ base: '4', md: '6' }}>
          <Flex h={scrolled ? '16' : '20'} align="center" justify="space-between" gap="6" transition="height 200ms">
            <Logo inverted={transparent} />
            <HStack as="nav" aria-label="Hoofdnavigatie" gap="1" display={desktopOnly}>
              {mainLinks.map((link) => {
                const active = isLinkActive(link, pathname);
                return (
                  <Button
                    key={link.to}
                    asChild
                    variant="ghost"
                    size="sm"
                    fontWeight="700"
                    letterSpacing="0.06em"
                    fontSize="xs"
                    color={active ? (transparent ? 'white' : 'brand.700') : fg}
                    bg={active ? (transparent ? 'whiteAlpha.200' : 'brand.50') : undefined}
                    _hover={{ bg: transparent ? 'whiteAlpha.200' : 'brand.50' }}
                  >
                    <Link to={link.to} aria-current={active ? 'page' : undefined}>
                      {link.label}
                    </Link>
                  </Button>
                );
              })}
            </HStack>
            <HStack gap="2">
              <HStack gap="1" display={desktopOnly}>
                {(loggedIn && role === null ? [] : headerRoleLinks(role)).map((item) =>
                  item.action ? (
                    <Button key={item.label} variant="ghost" size="sm" color={fg} _hover={{ bg: transparent ? 'whiteAlpha.200' : 'brand.50' }} onClick={app.becomeArtist}>
                      {item.label}
                    </Button>
                  ) : (
                    <Button key={item.label} variant="ghost" size="sm" color={fg} _hover={{ bg: transparent ? 'whiteAlpha.200' : 'brand.50' }} onClick={() => app.go(item.to ?? '/')}>
                      {item.label}
                    </Button>
                  ),
                )}
              </HStack>
              {session.status === 'loading' ? (
                <Box w="10" h="10" rounded="full" bg={transparent ? 'whiteAlpha.300' : 'bg.muted'} aria-busy="true" aria-label="Sessie laden" role="status" />
              ) : loggedIn ? (
                <>
                  <Tip label="Berichten" placement="bottom">
                    <IconButton asChild variant="ghost" rounded="full" color={fg} position="relative" aria-label="Berichten">
                      <Link to="/messages">
                        <MessageIcon />
                        <UnreadBadge text={unread} />
                      </Link>
                    </IconButton>
                  </Tip>
                  {menuArmed ? (
                    <Suspense fallback={<ProfileButton inverted={transparent} />}>
                      <ProfileMenu inverted={transparent} defaultOpen />
                    </Suspense>
                  ) : (
                    <ProfileButton inverted={transparent} onOpen={() => setMenuArmed(true)} />
                  )}
                </>
              ) : (
                <>
                  <Button variant="ghost" size="sm" color={fg} _hover={{ bg: transparent ? 'whiteAlpha.200' : 'brand.50' }} onClick={() => app.openLogin()}>
                    Inloggen
                  </Button>
                  <Button size="sm" colorPalette="brand" rounded="full" px="5" onClick={() => app.openSignup()}>
                    Registreer
                  </Button>
                </>
              )}
            </HStack>
          </Flex>
        </Container>
      </Box>
      {/* The tall bar's room, border included; on / the hero runs under the bar. */}
      {pathname !== '/' && <Box aria-hidden="true" h="20" borderBottomWidth="1px" borderColor="transparent" />}
    </>
  );
}

/** The profile button before the menu's code has loaded; one press loads it and opens the menu. */
export function ProfileButton({ inverted, onOpen }: { inverted: boolean; onOpen?: () => void }) {
  const session = useSessionState();
  const avatarPath = session.status === 'ready' ? session.profile.avatar_path : null;
  return (
    <IconButton
      aria-label="Profielmenu"
      aria-haspopup="menu"
      rounded="full"
      variant="outline"
      overflow="hidden"
      color={inverted ? 'white' : 'ink.900'}
      borderColor={inverted ? 'whiteAlpha.500' : 'border'}
      onClick={onOpen}
      onPointerEnter={() => void import('./ProfileMenu.tsx')}
    >
      {avatarPath ? (
        <Suspense fallback={<UserIcon />}>
          <UserAvatar path={avatarPath} size={38} fallback={<UserIcon />} />
        </Suspense>
      ) : (
        <UserIcon />
      )}
    </IconButton>
  );
}

// SPEC 2.7: the mobile bottom navigation: Ontdek, Artiesten, Favorieten, Berichten (with the
// unread badge; 'Inloggen' for guests) and Menu, which opens the Menu sheet. Hidden by the rules
// in nav-rules.ts (onboarding, /admin; below 1024px on /artists/... and checkout pages).
import { Box, Flex, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useApp, useSessionState, useUnreadBadge } from '../app/app-context.tsx';
import { CompassIcon, HeartIcon, MenuIcon, MessageIcon, MusicIcon, UserIcon } from './icons.tsx';
import { bottomNavItems, bottomNavVisible, isLinkActive } from './nav-rules.ts';
import { UnreadBadge } from './UnreadBadge.tsx';
import { useViewportWidth } from './use-viewport-width.ts';

const MenuSheet = lazy(() => import('./MenuSheet.tsx'));

const iconFor: Record<string, ReactNode> = {
  Ontdek: <CompassIcon size={22} />,
  Artiesten: <MusicIcon size={22} />,
  Favorieten: <HeartIcon size={22} />,
  Berichten: <MessageIcon size={22} />,
  Inloggen: <UserIcon size={22} />,
};

export function BottomNav() {
  const { pathname } = useLocation();
  const width = useViewportWidth();
  const session = useSessionState();
  const app = useApp();
  const unread = useUnreadBadge();
  // SPEC 2.6: the mobile menu closes on every route change (it is open only on the path it was opened on).
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const menuOpen = menuOpenedOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenedOn(open ? pathname : null);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const loggedIn = session.status === 'ready' || session.status === 'no-profile';

  if (!bottomNavVisible(pathname, width)) return null;

  const itemStyle = {
    flex: '1',
    direction: 'column' as const,
    align: 'center',
    justify: 'center',
    gap: '0.5',
    py: '2',
    fontSize: '2xs',
    fontWeight: '600',
    position: 'relative' as const,
    minH: '14',
  };

  return (
    <>
      <Box
        as="nav"
        aria-label="Mobiele navigatie"
        data-testid="bottom-nav"
        position="fixed"
        bottom="0"
        insetX="0"
        zIndex="sticky"
        bg="rgba(255, 255, 255, 0.96)"
        backdropFilter="blur(12px)"
        borderTopWidth="1px"
        boxShadow="0 -6px 24px -16px rgba(37, 29, 42, 0.35)"
        pb="env(safe-area-inset-bottom)"
      >
        <Flex maxW="lg" mx="auto">
          {bottomNavItems(loggedIn).map((item) => {
            const active = item.to ? isLinkActive({ to: item.to, match: item.to === '/' ? 'exact' : 'prefix' }, pathname) : false;
            const content = (
              <>
                <Box position="relative" display="inline-flex">
                  {iconFor[item.label]}
                  {item.badge === 'unread' && <UnreadBadge text={unread} />}
                </Box>
                <Text as="span">{item.label}</Text>
              </>
            );
            return item.to ? (
              <Flex key={item.label} asChild {...itemStyle} color={active ? 'brand.700' : 'fg.muted'}>
                <Link to={item.to} aria-current={active ? 'page' : undefined}>
                  {content}
                </Link>
              </Flex>
            ) : (
              <Flex key={item.label} asChild {...itemStyle} color="fg.muted">
                <button type="button" onClick={() => app.openLogin()}>
                  {content}
                </button>
              </Flex>
            );
          })}
          <Flex asChild {...itemStyle} color={menuOpen ? 'brand.700' : 'fg.muted'}>
            <button
              type="button"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onPointerEnter={() => void import('./MenuSheet.tsx')}
              onClick={() => {
                setMenuLoaded(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon size={22} />
              <Text as="span">Menu</Text>
            </button>
          </Flex>
        </Flex>
      </Box>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MenuSheet open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

// SPEC 2.7: the mobile bottom navigation: Ontdek, Artiesten, Favorieten, Berichten (with the
// unread badge; 'Inloggen' for guests) and Menu, which opens the Menu sheet. Hidden by the rules
// in nav-rules.ts (onboarding, /admin; below 1024px on /artists/... and checkout pages).
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useApp, useSessionState, useUnreadBadge } from '../app/app-context.tsx';
import { CompassIcon, HeartIcon, MenuIcon, MessageIcon, MusicIcon, UserIcon } from '@podium/shared/ui/icons';
import { bottomNavItems, bottomNavVisible, isLinkActive } from './nav-rules.ts';
import { TabBar, type TabBarItem } from '@podium/shared/ui/TabBar';
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

  const items: TabBarItem[] = bottomNavItems(loggedIn).map((item) => ({
    label: item.label,
    icon: iconFor[item.label],
    ...(item.to ? { to: item.to, active: isLinkActive({ to: item.to, match: item.to === '/' ? 'exact' : 'prefix' }, pathname) } : { onClick: () => app.openLogin() }),
    ...(item.badge === 'unread' ? { badge: unread } : {}),
  }));
  items.push({
    label: 'Menu',
    icon: <MenuIcon size={22} />,
    popup: 'dialog',
    expanded: menuOpen,
    onPointerEnter: () => void import('./MenuSheet.tsx'),
    onClick: () => {
      setMenuLoaded(true);
      setMenuOpen(true);
    },
  });

  return (
    <>
      <TabBar label="Mobiele navigatie" testId="bottom-nav" items={items} />
      {menuLoaded && (
        <Suspense fallback={null}>
          <MenuSheet open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

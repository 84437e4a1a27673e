// The portal on a phone: its main pages as tabs at the bottom (Berichten with the unread count),
// and 'Meer' for the rest and the account. Hidden from 1024 px, where the header lists them.
import { Box } from '@chakra-ui/react';
import { CalendarIcon, GridIcon, ListIcon, MenuIcon, MessageIcon } from '@podium/shared/ui/icons';
import { TabBar, type TabBarItem } from '@podium/shared/ui/TabBar';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isCurrent, type PortalLink } from './links.ts';

const AccountMenu = lazy(() => import('./AccountMenu.tsx'));

const icons: Record<string, ReactNode> = {
  Overzicht: <GridIcon size={22} />,
  Boekingen: <ListIcon size={22} />,
  Agenda: <CalendarIcon size={22} />,
  Berichten: <MessageIcon size={22} />,
};

export function PortalTabBar({ links, unread, customerMode }: { links: readonly PortalLink[]; unread: string | null; customerMode: boolean }) {
  const { pathname } = useLocation();
  const [menuArmed, setMenuArmed] = useState(false);
  const more = links.filter((link) => !link.tab);
  const items: TabBarItem[] = links
    .filter((link) => link.tab)
    .map((link) => ({ label: link.label, icon: icons[link.label], to: link.to, active: isCurrent(link, pathname), ...(link.unread ? { badge: unread } : {}) }));
  items.push({
    label: 'Meer',
    icon: <MenuIcon size={22} />,
    active: more.some((link) => isCurrent(link, pathname)),
    popup: 'menu',
    onClick: () => setMenuArmed(true),
    onPointerEnter: () => void import('./AccountMenu.tsx'),
    wrap: menuArmed
      ? (button) => (
          <Suspense key="meer" fallback={button}>
            <AccountMenu trigger={button} links={more} placement="top-end" customerMode={customerMode} />
          </Suspense>
        )
      : undefined,
  });
  return (
    <Box hideFrom="lg">
      <TabBar label="Artiestenportaal op je telefoon" testId="portal-tabs" items={items} />
    </Box>
  );
}

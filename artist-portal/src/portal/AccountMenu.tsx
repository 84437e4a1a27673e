// The portal's account menu (SPEC 2.6's profile menu, as the portal needs it): the name and
// e-mail, the pages the phone's tabs leave out, 'Naar klantmodus' and 'Uitloggen'. Loaded on the
// first press of its button, which it then opens.
import { Menu, Portal } from '@chakra-ui/react';
import { profileMenuName } from '@podium/shared/session';
import { menuRecipe } from '@podium/shared/theme-recipes';
import { MenuAccountHeading } from '@podium/shared/ui/MenuAccountHeading';
import type { ReactElement } from 'react';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { sessionStore } from '../app/session.ts';
import { logOut } from './account.ts';
import { portalOwns, type PortalLink } from './links.ts';
import { leaveForCustomerMode } from './user-mode.ts';

export interface AccountMenuProps {
  /** The button that opens it (already on the page before this loaded). */
  trigger: ReactElement;
  /** Pages listed above the account's own items. */
  links: readonly PortalLink[];
  placement: 'bottom-end' | 'top-end';
  /** Whether the artist can switch to customer mode here (an approved act's owner). */
  customerMode: boolean;
}

export default function AccountMenu({ trigger, links, placement, customerMode }: AccountMenuProps) {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
  const navigate = useNavigate();
  const name = profileMenuName(session);
  const email = session.status === 'ready' || session.status === 'no-profile' ? session.user.email : null;
  const go = (to: string) => (portalOwns(to) ? void navigate(to) : window.location.assign(to));
  return (
    <Menu.Root recipe={menuRecipe} defaultOpen positioning={{ placement, gutter: 8 }}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="64" rounded="xl" p="2" boxShadow="lg" data-testid="account-menu">
            <MenuAccountHeading name={name} email={email} />
            {links.map((link) => (
              <Menu.Item key={link.to} value={link.to} rounded="md" py="2" onSelect={() => go(link.to)}>
                {link.label}
              </Menu.Item>
            ))}
            {links.length > 0 && <Menu.Separator />}
            <Menu.Item value="website" rounded="md" py="2" onSelect={() => window.location.assign('/')}>
              Naar de website
            </Menu.Item>
            {customerMode && (
              <Menu.Item value="customer-mode" rounded="md" py="2" onSelect={() => void leaveForCustomerMode()}>
                Naar klantmodus
              </Menu.Item>
            )}
            <Menu.Item value="logout" rounded="md" py="2" color="brand.700" onSelect={() => void logOut()}>
              Uitloggen
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

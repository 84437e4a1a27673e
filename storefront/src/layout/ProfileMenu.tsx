// SPEC 2.6: the profile menu. The full name and e-mail ('Profiel laden...' while the profile
// loads; the e-mail's local part or 'Gebruiker' without one), then the items for the user's role;
// 'Uitloggen' signs out and closes the menu. Users who can run an act see their mode (SPEC 4.4)
// and switch it here.
import { menuRecipe } from '@podium/shared/theme-recipes';
import { MenuAccountHeading } from '@podium/shared/ui/MenuAccountHeading';
import { Box, IconButton, Menu, Portal } from '@chakra-ui/react';
import { profileMenuName } from '@podium/shared/session';
import { isRole } from '@podium/shared/roles';
import { mayHaveArtistMode, userModeLabels, userModes, type UserMode } from '@podium/shared/user-mode';
import { useApp, useSessionState, useUnreadBadge } from '../app/app-context.tsx';
import { profileMenuItems } from './nav-rules.ts';
import { UserIcon } from '@podium/shared/ui/icons';
import { UnreadBadge } from '@podium/shared/ui/UnreadBadge';
import { UserAvatar } from './UserAvatar.tsx';
import { switchUserMode, useUserMode } from './user-mode.ts';

export default function ProfileMenu({ inverted, defaultOpen = false }: { inverted: boolean; defaultOpen?: boolean }) {
  const session = useSessionState();
  const app = useApp();
  const unread = useUnreadBadge();
  const name = profileMenuName(session);
  const email = session.status === 'ready' || session.status === 'no-profile' ? session.user.email : null;
  const role = session.status === 'ready' && isRole(session.profile.role) ? session.profile.role : null;
  const mode = useUserMode(role);
  const userId = session.status === 'ready' ? session.user.id : null;

  return (
    <Menu.Root recipe={menuRecipe} defaultOpen={defaultOpen} positioning={{ placement: 'bottom-end', gutter: 8 }}>
      <Menu.Trigger asChild>
        <IconButton aria-label="Profielmenu" rounded="full" variant="outline" color={inverted ? 'white' : 'ink.900'} borderColor={inverted ? 'whiteAlpha.500' : 'border'} overflow="hidden">
          <UserAvatar path={session.status === 'ready' ? session.profile.avatar_path : null} size={38} fallback={<UserIcon />} />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="64" rounded="xl" p="2" boxShadow="lg" data-testid="profile-menu">
            <MenuAccountHeading name={name} email={email} />
            {userId && mayHaveArtistMode(role) && (
              <Menu.RadioItemGroup value={mode} onValueChange={(event) => void switchUserMode(event.value as UserMode, userId, app.go)} pb="1" mb="1" borderBottomWidth="1px" data-testid="user-mode">
                <Menu.ItemGroupLabel px="3" fontSize="xs" color="fg.muted" fontWeight="600">
                  Je gebruikt Podium als
                </Menu.ItemGroupLabel>
                {userModes.map((value) => (
                  <Menu.RadioItem key={value} value={value} rounded="md" py="2">
                    <Menu.ItemIndicator />
                    <Box flex="1">{userModeLabels[value]}</Box>
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            )}
            {profileMenuItems(role).map((item) => (
              <Menu.Item
                key={item.label}
                value={item.label}
                rounded="md"
                py="2"
                color={item.action === 'logout' ? 'brand.700' : undefined}
                onSelect={() => {
                  if (item.action === 'logout') void app.logout();
                  else if (item.action === 'become-artist') app.becomeArtist();
                  else if (item.to) app.go(item.to);
                }}
              >
                <Box flex="1">{item.label}</Box>
                {item.badge === 'unread' && <UnreadBadge text={unread} placement="inline" />}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

// SPEC 2.7: the bottom navigation's Menu sheet, with the entries for the visitor's role; users
// who can run an act see their mode and switch it at the top (SPEC 4.4).
import { drawerRecipe } from '@podium/shared/theme-recipes';
import { Box, CloseButton, Drawer, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { isRole } from '@podium/shared/roles';
import { mayHaveArtistMode, userModeLabels, userModes } from '@podium/shared/user-mode';
import { useApp, useSessionState, useUnreadBadge } from '../app/app-context.tsx';
import { menuSheetItems, belongsToOtherApp } from './nav-rules.ts';
import { UnreadBadge } from '@podium/shared/ui/UnreadBadge';
import { switchUserMode, useUserMode } from './user-mode.ts';

export default function MenuSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = useSessionState();
  const app = useApp();
  const unread = useUnreadBadge();
  const loggedIn = session.status === 'ready' || session.status === 'no-profile';
  const role = session.status === 'ready' && isRole(session.profile.role) ? session.profile.role : null;
  const userId = session.status === 'ready' ? session.user.id : null;
  const mode = useUserMode(role);

  const rowStyle = {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    w: 'full',
    px: '4',
    py: '3',
    rounded: 'lg',
    fontWeight: '600',
    fontSize: 'md',
    textAlign: 'start' as const,
    _hover: { bg: 'brand.50' },
  };

  return (
    <Drawer.Root recipe={drawerRecipe} open={open} onOpenChange={(event) => !event.open && onClose()} placement="bottom">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="2xl" maxH="85vh" data-testid="menu-sheet">
            <Drawer.Header borderBottomWidth="1px" pb="3">
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="3" overflowY="auto">
              {userId && mayHaveArtistMode(role) && (
                <Box as="fieldset" px="4" pb="3" mb="2" borderBottomWidth="1px" data-testid="user-mode">
                  <Text as="legend" fontSize="sm" color="fg.muted" fontWeight="600" mb="2">
                    Je gebruikt Podium als
                  </Text>
                  <HStack gap="2">
                    {userModes.map((value) => (
                      <Box
                        as="label"
                        key={value}
                        flex="1"
                        textAlign="center"
                        py="2"
                        rounded="full"
                        borderWidth="1px"
                        fontWeight="600"
                        cursor="pointer"
                        bg={mode === value ? 'brand.600' : 'white'}
                        color={mode === value ? 'white' : 'fg'}
                        borderColor={mode === value ? 'brand.600' : 'border'}
                        css={{ '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'var(--chakra-colors-brand-600)', outlineOffset: '2px' } }}
                      >
                        <input
                          type="radio"
                          name="user-mode"
                          value={value}
                          checked={mode === value}
                          onChange={() => {
                            if (value === 'artist') onClose();
                            void switchUserMode(value, userId, app.go);
                          }}
                          style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
                        />
                        {userModeLabels[value]}
                      </Box>
                    ))}
                  </HStack>
                </Box>
              )}
              <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
                {menuSheetItems(loggedIn, role).map((item) => (
                  <Box as="li" key={`${item.label}-${item.to ?? item.action}`}>
                    {item.to && !belongsToOtherApp(item.to) ? (
                      <Box asChild {...rowStyle}>
                        <Link to={item.to} onClick={onClose}>
                          <Text as="span">{item.label}</Text>
                          {item.badge === 'unread' && <UnreadBadge text={unread} placement="inline" />}
                        </Link>
                      </Box>
                    ) : (
                      <Box asChild {...rowStyle} color={item.action === 'logout' ? 'brand.700' : undefined}>
                        <button
                          type="button"
                          onClick={() => {
                            onClose();
                            if (item.to) app.go(item.to);
                            else if (item.action === 'login') app.openLogin();
                            else if (item.action === 'signup') app.openSignup();
                            else if (item.action === 'logout') void app.logout();
                            else if (item.action === 'become-artist') app.becomeArtist();
                          }}
                        >
                          {item.label}
                        </button>
                      </Box>
                    )}
                  </Box>
                ))}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Menu sluiten" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

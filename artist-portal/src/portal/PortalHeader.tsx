// The portal's header: Podium's wordmark leading to the overview, the portal's pages on a wide
// screen (the phone has the tab bar), and the account button. Sticky and one row high, so a phone
// keeps its screen for the page.
import { Box, Container, Flex, HStack, IconButton, Link as ChakraLink, Text } from '@chakra-ui/react';
import { UserIcon } from '@podium/shared/ui/icons';
import { Logo } from '@podium/shared/ui/Logo';
import { UnreadBadge } from '@podium/shared/ui/UnreadBadge';
import { forwardRef, lazy, Suspense, useState, type ComponentProps } from 'react';
import { NavLink, useLocation } from 'react-router';
import { isCurrent, type PortalLink } from './links.ts';

const AccountMenu = lazy(() => import('./AccountMenu.tsx'));

export function PortalHeader({ links, unread, customerMode }: { links: readonly PortalLink[]; unread: string | null; customerMode: boolean }) {
  const { pathname } = useLocation();
  const [menuArmed, setMenuArmed] = useState(false);
  const button = <AccountButton onClick={() => setMenuArmed(true)} />;
  return (
    <Box as="header" data-testid="portal-header" position="sticky" top="0" zIndex="sticky" bg="rgba(255, 255, 255, 0.96)" backdropFilter="blur(12px)" borderBottomWidth="1px">
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Flex h={{ base: '14', lg: '16' }} align="center" gap="4">
          <HStack gap="2" flexShrink="0">
            <Logo to="/dashboard/artist" label="Podium Artiestenportaal, naar je overzicht" />
            <Text as="span" fontSize="sm" fontWeight="600" color="fg.muted" borderStartWidth="1px" ps="2">
              Artiestenportaal
            </Text>
          </HStack>
          {links.length > 0 && (
            <HStack as="nav" aria-label="Artiestenportaal" gap="1" hideBelow="lg" minW="0">
              {links.map((link) => {
                const current = isCurrent(link, pathname);
                return (
                  <ChakraLink
                    key={link.to}
                    asChild
                    px="3"
                    py="2"
                    rounded="full"
                    fontWeight="600"
                    fontSize="sm"
                    whiteSpace="nowrap"
                    color={current ? 'brand.700' : 'fg.muted'}
                    bg={current ? 'brand.50' : undefined}
                    position="relative"
                    _hover={{ bg: current ? 'brand.50' : 'ink.50', textDecoration: 'none' }}
                  >
                    <NavLink to={link.to} aria-current={current ? 'page' : undefined}>
                      {link.label}
                      {link.unread && unread && (
                        <Box as="span" ms="1.5">
                          <UnreadBadge text={unread} placement="inline" />
                        </Box>
                      )}
                    </NavLink>
                  </ChakraLink>
                );
              })}
            </HStack>
          )}
          <Box ms="auto">
            {menuArmed ? (
              <Suspense fallback={button}>
                <AccountMenu trigger={button} links={[]} placement="bottom-end" customerMode={customerMode} />
              </Suspense>
            ) : (
              button
            )}
          </Box>
        </Flex>
      </Container>
    </Box>
  );
}

/** The account button; the menu's code loads on the first press (or hover) and opens. */
const AccountButton = forwardRef<HTMLButtonElement, ComponentProps<typeof IconButton>>(function AccountButton(props, ref) {
  return (
    <IconButton
      ref={ref}
      aria-label="Accountmenu"
      aria-haspopup="menu"
      rounded="full"
      variant="outline"
      color="ink.900"
      borderColor="border"
      onPointerEnter={() => void import('./AccountMenu.tsx')}
      {...props}
    >
      <UserIcon />
    </IconButton>
  );
});

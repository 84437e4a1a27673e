// What every portal screen stands in once the guard lets someone in: Chakra with the storefront's
// theme, one query client, the realtime manager (bookings and the act refresh live, SPEC 4.6),
// the portal's navigation and the toasts that say a step is done. Loaded with the first screen,
// never on a guest's first page.
import { Box, Button, ChakraProvider, Container, HStack, Link as ChakraLink } from '@chakra-ui/react';
import { createQueryClient } from '@podium/shared/query-client';
import { browserConnectivity, createRealtimeManager } from '@podium/shared/realtime';
import { podiumSystem } from '@podium/shared/theme';
import { Toaster } from '@podium/shared/ui/Toaster';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { sessionStore } from '../session.ts';
import { supabase } from '../supabase.ts';
import { leaveForCustomerMode } from './user-mode.ts';

export interface PortalLink {
  to: string;
  label: string;
  /** A page of another app on this origin (a full page load). */
  external?: boolean;
}

export function PortalFrame({ links, children }: { links: readonly PortalLink[]; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
  const userId = session.status === 'ready' ? session.user.id : null;
  useEffect(() => {
    if (!userId) return;
    const manager = createRealtimeManager({ client: supabase, userId, queryClient, connectivity: browserConnectivity() });
    manager.start();
    return () => void manager.stop();
  }, [userId, queryClient]);
  return (
    <ChakraProvider value={podiumSystem}>
      <QueryClientProvider client={queryClient}>
        {links.length > 1 && (
          <Box as="nav" aria-label="Artiestenportaal" bg="white" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
            <Container maxW="5xl" px={{ base: '2', md: '6' }}>
              <HStack gap="1" flexWrap="wrap" py="2">
                {links.map((link) => (
                  <ChakraLink
                    key={link.to}
                    asChild
                    px="3"
                    py="2"
                    rounded="full"
                    fontWeight="600"
                    whiteSpace="nowrap"
                    color="fg.muted"
                    _hover={{ bg: 'ink.50', textDecoration: 'none' }}
                    css={{ '&[aria-current=page]': { bg: 'brand.50', color: 'brand.700' } }}
                  >
                    {link.external ? (
                      <a href={link.to}>{link.label}</a>
                    ) : (
                      <NavLink to={link.to} end>
                        {link.label}
                      </NavLink>
                    )}
                  </ChakraLink>
                ))}
                <Button ms="auto" variant="outline" size="sm" rounded="full" onClick={() => void leaveForCustomerMode()} title="Je gebruikt Podium nu als artiest">
                  Naar klantmodus
                </Button>
              </HStack>
            </Container>
          </Box>
        )}
        {children}
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>
  );
}

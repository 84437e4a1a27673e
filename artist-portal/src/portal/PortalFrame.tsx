// What every portal screen stands in once the guard lets someone in: Chakra with Podium's theme,
// one query client, the realtime manager (bookings, the act and messages refresh live, SPEC 4.6,
// and new messages pop up, SPEC 2.11), the header with the account menu, the phone's tab bar,
// the footer and the toasts. Loaded with the first screen, never on a guest's first page.
import { Box, ChakraProvider, Flex } from '@chakra-ui/react';
import { MessagePopupStack } from '@podium/shared/chat/MessagePopups.tsx';
import { AppErrorBoundary } from '@podium/shared/errors/AppErrorBoundary.tsx';
import { RouteErrorBoundary } from '@podium/shared/errors/RouteErrorBoundary.tsx';
import { createQueryClient } from '@podium/shared/query-client';
import { browserConnectivity, createRealtimeManager, showStateOnPage } from '@podium/shared/realtime';
import { podiumSystem } from '@podium/shared/theme';
import { Toaster } from '@podium/shared/ui/Toaster';
import { unreadBadgeText, useUnreadCount } from '@podium/shared/unread';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { sessionStore } from '../app/session.ts';
import { supabase } from '../app/services.ts';
import { portalMessagesPath, type PortalLink } from './links.ts';
import { messagePopups } from './message-popups.ts';
import { PortalFooter } from './PortalFooter.tsx';
import { PortalHeader } from './PortalHeader.tsx';
import { PortalTabBar } from './PortalTabBar.tsx';

export function PortalFrame({ links, children }: { links: readonly PortalLink[]; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
  const userId = session.status === 'ready' ? session.user.id : null;
  useEffect(() => {
    if (!userId) return;
    const manager = createRealtimeManager({ client: supabase, userId, queryClient, onNewMessage: messagePopups.show, connectivity: browserConnectivity() });
    const hideState = showStateOnPage(manager);
    manager.start();
    return () => {
      hideState();
      void manager.stop();
    };
  }, [userId, queryClient]);
  return (
    <ChakraProvider value={podiumSystem}>
      <QueryClientProvider client={queryClient}>
        <AppErrorBoundary>
          <Frame links={links} userId={userId}>
            <PageErrors>{children}</PageErrors>
          </Frame>
        </AppErrorBoundary>
        <MessagePopupStack store={messagePopups} messagesPath={portalMessagesPath} />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>
  );
}

function Frame({ links, userId, children }: { links: readonly PortalLink[]; userId: string | null; children: ReactNode }) {
  // SPEC 2.6 / 2.7: the unread-message count, on 'Berichten' in the header and the tab bar.
  const unread = unreadBadgeText(useUnreadCount(supabase, userId));
  // The dashboard's pages belong to an approved act, whose owner may switch to customer mode (SPEC 4.4).
  const customerMode = links.length > 0;
  return (
    <>
      <Flex direction="column" minH="100dvh">
        <PortalHeader links={links} unread={unread} customerMode={customerMode} />
        <Box as="main" flex="1">
          {children}
        </Box>
        <Box pb={links.length > 0 ? { base: '16', lg: '0' } : undefined}>
          <PortalFooter />
        </Box>
      </Flex>
      {links.length > 0 && <PortalTabBar links={links} unread={unread} customerMode={customerMode} />}
    </>
  );
}

/** A page that fails shows SPEC 8.7's screens inside the frame; going to another page tries anew. */
function PageErrors({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary key={pathname}>{children}</RouteErrorBoundary>;
}

// SPEC 2.11 / 4.6 / 7.5: new-message pop-ups. While a user is signed in, the shared realtime
// manager follows their data and hands each new message from someone else to the pop-up store
// (5 s, closable by hand); the manager refreshes messages, conversations and the unread count.
// The conversation open on /messages?c= gets none (its messages arrive in the thread), and the
// pop-ups start below whatever the page marks with data-popups-below (the open thread's header).
import { Box, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { createMessagePopupStore, type MessagePopupItem } from '@podium/shared/message-popups';
import { memo, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { useSessionState } from '../app/app-context.tsx';
import { loadQueryRuntime } from '../app/query.tsx';
import { loadBackend } from '../app/services.ts';
import { MessageIcon } from '../layout/icons.tsx';

export const messagePopups = createMessagePopupStore();

export function MessagePopups() {
  const session = useSessionState();
  const userId = session.status === 'ready' ? session.user.id : null;
  const items = useSyncExternalStore(messagePopups.subscribe, messagePopups.getSnapshot);
  const { pathname, search } = useLocation();
  const openConversation = pathname === '/messages' ? new URLSearchParams(search).get('c') : null;
  useEffect(() => {
    messagePopups.setOpenConversation(openConversation);
    return () => messagePopups.setOpenConversation(null);
  }, [openConversation]);
  const top = useTopBelowMarked(items.length, `${pathname}${search}`);

  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    let stop: (() => Promise<void>) | undefined;
    void Promise.all([loadBackend(), import('@podium/shared/realtime'), loadQueryRuntime()]).then(([backend, realtime, { queryClient }]) => {
      if (stopped) return;
      const manager = realtime.createRealtimeManager({
        client: backend.supabase,
        userId,
        queryClient,
        onNewMessage: messagePopups.show,
        connectivity: realtime.browserConnectivity(),
      });
      // The connection's state (SPEC 4.6) on <html data-realtime>, for whoever looks into a page.
      const showStatus = () => {
        document.documentElement.dataset.realtime = manager.getSnapshot();
      };
      const unsubscribe = manager.subscribe(showStatus);
      manager.start();
      stop = async () => {
        unsubscribe();
        delete document.documentElement.dataset.realtime;
        await manager.stop();
      };
    });
    return () => {
      stopped = true;
      void stop?.();
    };
  }, [userId]);

  if (items.length === 0) return null;
  return (
    <Stack position="fixed" top={{ base: '3', md: '24' }} style={top === undefined ? undefined : { top }} right="4" zIndex="popover" gap="2" w="sm" maxW="calc(100vw - 2rem)">
      {items.map((item) => (
        <MessagePopup key={item.id} item={item} />
      ))}
    </Stack>
  );
}

/**
 * Just below the element marked data-popups-below while it is in view, in px; undefined
 * otherwise (the default place). Measured with each new pop-up, and when the page scrolls or resizes.
 */
function useTopBelowMarked(showing: number, address: string): number | undefined {
  const [top, setTop] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (!showing) return;
    const measure = () => {
      const bottom = document.querySelector('[data-popups-below]')?.getBoundingClientRect().bottom;
      setTop(bottom !== undefined && bottom > 0 ? Math.round(bottom) + 8 : undefined);
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { passive: true });
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure);
    };
  }, [showing, address]);
  return top;
}

/** One pop-up; memoised, so a new one renders itself and not every one still showing. */
const MessagePopup = memo(function MessagePopup({ item }: { item: MessagePopupItem }) {
  return (
    <Box role="status" data-testid="message-popup" bg="white" rounded="xl" borderWidth="1px" boxShadow="lg" p="3" pe="10" position="relative">
      <HStack gap="3" align="flex-start" asChild>
        <Link to={`/messages?c=${item.conversationId}`} onClick={() => messagePopups.close(item.id)}>
          <Box rounded="full" bg="brand.50" color="brand.700" p="2" flexShrink={0}>
            <MessageIcon size={18} />
          </Box>
          <Box minW="0">
            <HStack gap="2">
              <Text fontWeight="700" truncate>
                {item.displayName}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {item.time}
              </Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted" lineClamp={2}>
              {item.messageText}
            </Text>
          </Box>
        </Link>
      </HStack>
      <CloseButton size="xs" position="absolute" top="2" right="2" aria-label="Melding sluiten" onClick={() => messagePopups.close(item.id)} />
    </Box>
  );
});

// SPEC 2.11 / 7.5: new-message pop-ups (5 s, closable by hand), in the storefront and the artist
// portal alike. The app's realtime manager hands each new message from someone else to the store;
// the pop-ups start below whatever the page marks with data-popups-below (the open thread's header).
import { Box, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { memo, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import type { MessagePopupItem, MessagePopupStore } from '../message-popups.ts';
import { MessageIcon } from '../ui/icons.tsx';

/**
 * The pop-ups of one store, top right; a click opens the conversation on the app's 'Berichten'
 * page. The conversation open there gets none: its messages arrive in the thread.
 */
export function MessagePopupStack({ store, messagesPath }: { store: MessagePopupStore; messagesPath: string }) {
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const { pathname, search } = useLocation();
  const openConversation = pathname === messagesPath ? new URLSearchParams(search).get('c') : null;
  useEffect(() => {
    store.setOpenConversation(openConversation);
    return () => store.setOpenConversation(null);
  }, [openConversation, store]);
  const top = useTopBelowMarked(items.length, `${pathname}${search}`);
  if (items.length === 0) return null;
  return (
    <Stack position="fixed" top={{ base: '3', md: '24' }} style={top === undefined ? undefined : { top }} right="4" zIndex="popover" gap="2" w="sm" maxW="calc(100vw - 2rem)">
      {items.map((item) => (
        <MessagePopup key={item.id} item={item} store={store} messagesPath={messagesPath} />
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
const MessagePopup = memo(function MessagePopup({ item, store, messagesPath }: { item: MessagePopupItem; store: MessagePopupStore; messagesPath: string }) {
  return (
    <Box role="status" data-testid="message-popup" bg="white" rounded="xl" borderWidth="1px" boxShadow="lg" p="3" pe="10" position="relative">
      <HStack gap="3" align="flex-start" asChild>
        <Link to={`${messagesPath}?c=${item.conversationId}`} onClick={() => store.close(item.id)}>
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
      <CloseButton size="xs" position="absolute" top="2" right="2" aria-label="Melding sluiten" onClick={() => store.close(item.id)} />
    </Box>
  );
});

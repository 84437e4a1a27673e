// 'Berichten' (SPEC 2.1), in the storefront (/messages) and the artist portal alike: the
// conversations on the left (the other side's name and photo, the last message, its time, the
// unread count), the open one on the right; on a phone the list, then the thread full height with
// a way back. ?c={id} opens a conversation, ?artist={id} (the artist page's 'Stuur een bericht')
// opens or starts the one with that artist.
import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { queryKeys } from '../query-keys.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError, SkeletonBlock } from '../ui/LoadState.tsx';
import { conversationsQuery, startConversation } from './chat-data.ts';
import { chatQueryOptions, useChatServices } from './chat-services.tsx';
import { ConversationList } from './ConversationList.tsx';
import { MessageThread } from './MessageThread.tsx';

export interface MessagesViewProps {
  /** What the page says while there are no conversations yet. */
  empty: ReactNode;
  /** The open thread's height on a phone: the screen less the app's own header and bars. */
  phoneThreadHeight: string;
}

export function MessagesView({ empty, phoneThreadHeight }: MessagesViewProps) {
  const services = useChatServices();
  const [params, setParams] = useSearchParams();
  const conversations = useQuery(chatQueryOptions(services, conversationsQuery()));
  const artistId = params.get('artist');
  const openId = params.get('c');
  const started = useStartConversation(artistId, (id) => setParams({ c: id }, { replace: true }));
  const open = conversations.data?.find((conversation) => conversation.id === openId) ?? null;
  return (
    <Container maxW="6xl" px={{ base: '0', md: '6' }} py={{ base: '0', md: '8' }}>
      <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800" px={{ base: '4', md: '0' }} pt={{ base: '4', md: '0' }} pb="4" hideBelow={openId ? 'md' : undefined}>
        Berichten
      </Heading>
      {started.error && (
        <Text role="alert" color="red.700" px={{ base: '4', md: '0' }} pb="3">
          {started.error.message}
        </Text>
      )}
      <Box
        display="grid"
        gridTemplateColumns={{ base: '1fr', md: '320px minmax(0, 1fr)' }}
        bg="white"
        borderWidth={{ base: '0', md: '1px' }}
        rounded={{ base: 'none', md: '2xl' }}
        overflow="hidden"
        h={{ base: openId ? phoneThreadHeight : 'auto', md: 'min(44rem, calc(100dvh - 12rem))' }}
      >
        <Box as="nav" aria-label="Gesprekken" borderEndWidth={{ md: '1px' }} overflowY="auto" hideBelow={openId ? 'md' : undefined}>
          {conversations.isError ? (
            <Box p="4">
              <LoadError subject="Je gesprekken" plural={true} onRetry={() => void conversations.refetch()} />
            </Box>
          ) : !conversations.data ? (
            <Stack p="4" gap="3">
              {[0, 1, 2].map((key) => (
                <SkeletonBlock key={key} h="4rem" />
              ))}
            </Stack>
          ) : conversations.data.length === 0 ? (
            <Stack p="6" gap="2">
              <Text fontWeight="700">Nog geen berichten</Text>
              {empty}
            </Stack>
          ) : (
            <ConversationList conversations={conversations.data} openId={openId} />
          )}
        </Box>
        <Box hideBelow={openId ? undefined : 'md'} minH="0" display="flex" flexDirection="column">
          {open ? (
            <MessageThread key={open.id} conversation={open} />
          ) : openId && conversations.data ? (
            <Stack p="6" gap="2">
              <Text fontWeight="700">Dit gesprek is niet gevonden.</Text>
              <Link to={services.messagesPath}>Terug naar je gesprekken</Link>
            </Stack>
          ) : (
            <Stack flex="1" align="center" justify="center" p="6" color="fg.muted">
              <Text>{started.isPending ? 'Het gesprek wordt geopend…' : 'Kies een gesprek.'}</Text>
            </Stack>
          )}
        </Box>
      </Box>
    </Container>
  );
}

/** ?artist=: the conversation with that artist, started when there is none, then opened as ?c=. */
function useStartConversation(artistId: string | null, onOpen: (id: string) => void) {
  const queryClient = useQueryClient();
  const { loadClient } = useChatServices();
  const start = useMutation({
    mutationFn: async (artist: string) => startConversation(await loadClient(), artist),
    retry: false,
    // The list's first read may be under way, from before the conversation exists: an
    // invalidation would only wait for that read, so it is cancelled and read again after.
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.conversations }),
    onSuccess: async (id) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.conversations });
      onOpen(id);
    },
  });
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!artistId || asked.current === artistId) return;
    asked.current = artistId;
    start.mutate(artistId);
  }, [artistId, start]);
  return start;
}

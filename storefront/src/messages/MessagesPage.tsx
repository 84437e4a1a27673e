// 'Berichten' (/messages, SPEC 2.1, issue 17): the conversations on the left (the other side's
// name and photo, the last message, its time, the unread count), the open one on the right;
// on a phone the list, then the thread full height with a way back. ?c={id} opens a
// conversation, ?artist={id} (the artist page's 'Stuur een bericht') opens or starts the one with
// that artist. Opening a thread marks it read, so the header's badge follows; new messages
// arrive live (the realtime manager refreshes the chat keys). Sending shows the message at once,
// retries as SPEC 9 says for writes, and offers 'Opnieuw' when it still fails.
import { Box, Button, chakra, Container, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { imageUrl } from '@podium/shared/images';
import { queryKeys } from '@podium/shared/query-keys';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type UIEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSessionState } from '../app/app-context.tsx';
import { LoadError, SkeletonBlock } from '../content/LoadState.tsx';
import { conversationsQuery, cursorOf, markConversationRead, messageMaxLength, messageProblem, sendMessage, startConversation, threadHistoryKey, threadHistoryPage, threadQuery, type ChatMessage, type Conversation, type MessageCursor } from '../data/messages.ts';
import { loadPrivateClient, privateQueryOptions } from '../data/private-query.ts';
import { env } from '../env.ts';
import { PageMeta } from '../seo/PageMeta.tsx';
import { dayLabel, listTime } from './chat-format.ts';
import { estimatedRowHeight, threadRows, type ThreadRow } from './thread-rows.ts';
import { useLiveThread } from './live-thread.ts';
import { useTyping } from './typing.ts';
import { dutchClock } from '@podium/shared/dutch';
import { bookingStatusLabel } from '@podium/shared/booking-status';

const StyledTextarea = chakra(Textarea, textareaRecipe);

const maskedNote = 'Telefoonnummers en e-mailadressen zijn verborgen tot er een bevestigde boeking is. Zo blijven jullie afspraken en je betaling beschermd via Podium.';

export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const conversations = useQuery(privateQueryOptions(conversationsQuery()));
  const artistId = params.get('artist');
  const openId = params.get('c');
  const started = useStartConversation(artistId, (id) => setParams({ c: id }, { replace: true }));
  const open = conversations.data?.find((conversation) => conversation.id === openId) ?? null;
  return (
    <>
      <PageMeta title="Berichten" description="Je gesprekken met artiesten en klanten op Podium." path="/messages" noindex />
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
          h={{ base: openId ? 'calc(100dvh - 9.5rem)' : 'auto', md: 'min(44rem, calc(100dvh - 12rem))' }}
        >
          <Box as="nav" aria-label="Gesprekken" borderEndWidth={{ md: '1px' }} overflowY="auto" hideBelow={openId ? 'md' : undefined}>
            {conversations.isError ? (
              <Box p="4">
                <LoadError what="Je gesprekken konden" onRetry={() => void conversations.refetch()} />
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
                <Text color="fg.muted">Stuur een artiest een bericht vanaf zijn pagina, bijvoorbeeld om je datum en wensen te bespreken.</Text>
                <Link to="/artiesten">
                  <Text as="span" color="brand.700" fontWeight="600" textDecoration="underline">
                    Artiesten bekijken
                  </Text>
                </Link>
              </Stack>
            ) : (
              <ConversationList conversations={conversations.data} openId={openId} />
            )}
          </Box>
          <Box hideBelow={openId ? undefined : 'md'} minH="0" display="flex" flexDirection="column">
            {open ? (
              <ThreadView key={open.id} conversation={open} />
            ) : openId && conversations.data ? (
              <Stack p="6" gap="2">
                <Text fontWeight="700">Dit gesprek is niet gevonden.</Text>
                <Link to="/messages">Terug naar je gesprekken</Link>
              </Stack>
            ) : (
              <Stack flex="1" align="center" justify="center" p="6" color="fg.muted">
                <Text>{started.isPending ? 'Het gesprek wordt geopend…' : 'Kies een gesprek.'}</Text>
              </Stack>
            )}
          </Box>
        </Box>
      </Container>
    </>
  );
}

/** ?artist=: the conversation with that artist, started when there is none, then opened as ?c=. */
function useStartConversation(artistId: string | null, onOpen: (id: string) => void) {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: async (artist: string) => startConversation(await loadPrivateClient(), artist),
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

function Avatar({ conversation, size }: { conversation: Conversation; size: number }) {
  const src = imageUrl({ supabaseUrl: env.supabaseUrl, bucket: conversation.other_photo_bucket, path: conversation.other_photo_path, preset: 'thumbnail', device: 'mobile' });
  if (src) return <img src={src} alt="" width={size} height={size} style={{ width: size, height: size, borderRadius: '9999px', objectFit: 'cover', flexShrink: 0 }} />;
  return (
    <Box w={`${size}px`} h={`${size}px`} rounded="full" bg="brand.100" color="brand.800" display="grid" placeItems="center" fontWeight="700" flexShrink="0" aria-hidden="true">
      {conversation.other_name.slice(0, 1).toUpperCase()}
    </Box>
  );
}

function ConversationList({ conversations, openId }: { conversations: Conversation[]; openId: string | null }) {
  const [now] = useState(() => new Date());
  return (
    <Stack as="ul" gap="0">
      {conversations.map((conversation) => {
        const current = conversation.id === openId;
        return (
          <li key={conversation.id}>
            <Link to={`/messages?c=${conversation.id}`} aria-current={current ? 'page' : undefined} data-testid="conversation">
              <HStack gap="3" px="4" py="3" bg={current ? 'brand.50' : undefined} _hover={{ bg: current ? 'brand.50' : 'ink.50' }} borderBottomWidth="1px" align="center">
                <Avatar conversation={conversation} size={44} />
                <Stack gap="0" flex="1" minW="0">
                  <HStack justify="space-between" gap="2">
                    <Text fontWeight={conversation.unread > 0 ? '800' : '700'} lineClamp={1}>
                      {conversation.other_name}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" flexShrink="0">
                      {listTime(conversation.last_message_at, now)}
                    </Text>
                  </HStack>
                  <HStack justify="space-between" gap="2">
                    <Text fontSize="sm" color={conversation.unread > 0 ? 'fg' : 'fg.muted'} lineClamp={1}>
                      {conversation.last_message === null ? 'Nog geen berichten' : `${conversation.last_from_me ? 'Jij: ' : ''}${conversation.last_message}`}
                    </Text>
                    {conversation.unread > 0 && (
                      <Box as="span" bg="brand.600" color="white" rounded="full" fontSize="xs" fontWeight="700" minW="5" h="5" px="1.5" display="grid" placeItems="center" flexShrink="0" data-testid="conversation-unread">
                        {conversation.unread > 99 ? '99+' : conversation.unread}
                        <Box as="span" srOnly>
                          {' '}
                          ongelezen
                        </Box>
                      </Box>
                    )}
                  </HStack>
                </Stack>
              </HStack>
            </Link>
          </li>
        );
      })}
    </Stack>
  );
}

interface Outgoing {
  id: string;
  text: string;
  state: 'sending' | 'failed';
  problem?: string;
}

/** How near (px) the bottom counts as reading the newest messages, which new ones then follow. */
const atEndWithinPx = 32;

function ThreadView({ conversation }: { conversation: Conversation }) {
  const session = useSessionState();
  const me = session.status === 'ready' ? session.user.id : '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The live end of the thread; once the reader goes back in time, it runs from `floor` (the
  // oldest message they had then) and the history is read page by page before it.
  const [floor, setFloor] = useState<MessageCursor | null>(null);
  const head = useQuery({ ...privateQueryOptions(threadQuery(conversation.id, floor)), placeholderData: (previous) => previous });
  const history = useInfiniteQuery({
    queryKey: threadHistoryKey(conversation.id, floor),
    queryFn: async ({ pageParam }) => (pageParam ? threadHistoryPage(await loadPrivateClient(), conversation.id, pageParam) : { messages: [], hasOlder: false }),
    initialPageParam: floor,
    getNextPageParam: (page) => (page.hasOlder && page.messages[0] ? cursorOf(page.messages[0]) : undefined),
    enabled: floor !== null,
  });
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [now] = useState(() => new Date());
  const presence = useTyping(conversation.id, me);
  useLiveThread(conversation.id, me);
  const messages = useMemo(() => [...(history.data?.pages ?? [])].reverse().flatMap((page) => page.messages).concat(head.data?.messages ?? []), [history.data, head.data]);
  const hasOlder = floor ? !history.data || history.hasNextPage : (head.data?.hasOlder ?? false);
  const loadingOlder = floor !== null && history.isFetching;
  const unreadFromOther = (head.data?.messages ?? []).filter((message) => message.sender_id !== me && !message.is_read).length;
  const confirmed = conversation.booking_status === 'confirmed' || conversation.booking_status === 'completed';
  const rows = useMemo(() => {
    const stored = new Set(messages.map((message) => message.id));
    const pending = outgoing.filter((item) => !stored.has(item.id));
    return threadRows({ messages, pending, me, note: !confirmed, hasOlder, loaded: head.data !== undefined });
  }, [messages, outgoing, me, confirmed, hasOlder, head.data]);

  // Opening the thread, and each message that arrives in it, marks it read.
  useEffect(() => {
    if (unreadFromOther === 0 || !me) return;
    void (async () => {
      await markConversationRead(await loadPrivateClient(), conversation.id);
      await Promise.all([queryKeys.unreadCount, queryKeys.conversations, queryKeys.messages].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    })().catch(() => undefined);
  }, [unreadFromOther, me, conversation.id, queryClient]);

  // Only the rows in view are in the page. The list opens at the newest message and follows new
  // ones while the reader is there; older ones put in front keep the reader's row where it was.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const rowKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const rowEstimate = useCallback((index: number) => (rows[index] ? estimatedRowHeight(rows[index], 40) : 60), [rows]);
  // The hook keeps its own state and re-renders through it; this app is not built by React Compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const list = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize: rowEstimate,
    getItemKey: rowKey,
    overscan: 8,
    paddingStart: 16,
    paddingEnd: 8,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: atEndWithinPx,
  });

  // The reader's place: the first message at the top of the view, and how far below the top it
  // starts. Older messages put in front leave it there (the list alone would keep whatever row is
  // at the top, which may be the day heading those messages go under, or the top's own rows).
  const place = useRef<{ key: string; offset: number } | null>(null);
  const notePlace = (top: number) => {
    const inView = list.getVirtualItems();
    const item = inView.find((candidate) => candidate.end > top && rows[candidate.index]?.kind === 'message');
    place.current = item ? { key: String(item.key), offset: item.start - top } : null;
  };
  const firstId = messages[0]?.id ?? null;
  const firstShown = useRef<string | null>(null);
  useLayoutEffect(() => {
    const before = firstShown.current;
    firstShown.current = firstId;
    const kept = place.current;
    if (!scroller || !kept || before === null || before === firstId) return;
    const index = rows.findIndex((row) => row.key === kept.key);
    const start = index < 0 ? undefined : list.getOffsetForIndex(index, 'start')?.[0];
    if (start !== undefined && Math.abs(scroller.scrollTop - (start - kept.offset)) > 1) scroller.scrollTop = start - kept.offset;
  }, [firstId, rows, list, scroller]);

  const loadOlder = () => {
    if (loadingOlder || !hasOlder) return;
    if (scroller) notePlace(scroller.scrollTop);
    const first = head.data?.messages[0];
    if (!floor) {
      if (!first || !head.data) return;
      const since = cursorOf(first);
      // The live end from `since` holds what it holds now: no blank moment while it is read again.
      queryClient.setQueryData(threadQuery(conversation.id, since).queryKey, head.data);
      setFloor(since);
    } else if (history.hasNextPage) {
      void history.fetchNextPage();
    }
  };

  // Reading further up: 'Nieuwe berichten' once something new comes in below, and older
  // messages loaded before the reader reaches the top.
  const newest = messages.at(-1)?.id ?? null;
  const [away, setAway] = useState<{ newestThen: string | null } | null>(null);
  const lastTop = useRef(0);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= atEndWithinPx;
    if (atEnd && away) setAway(null);
    if (!atEnd && !away) setAway({ newestThen: newest });
    notePlace(element.scrollTop);
    const goingUp = element.scrollTop < lastTop.current;
    lastTop.current = element.scrollTop;
    if (goingUp && element.scrollTop < element.clientHeight) loadOlder();
  };
  const somethingNew = away !== null && newest !== away.newestThen;
  const toNewest = () => list.scrollToEnd();

  const send = useMutation({
    mutationFn: async (message: { id: string; text: string }) => sendMessage(await loadPrivateClient(), { id: message.id, conversationId: conversation.id, senderId: me, text: message.text }),
    onSuccess: async () => {
      await Promise.all([queryKeys.messages, queryKeys.conversations].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error, message) => setOutgoing((items) => items.map((item) => (item.id === message.id ? { ...item, state: 'failed', problem: error.message } : item))),
  });
  const submit = (text: string) => {
    presence.stop();
    const message = { id: crypto.randomUUID(), text: text.trim() };
    setOutgoing((items) => [...items, { ...message, state: 'sending' }]);
    send.mutate(message);
    // One's own message is always shown, also when reading further up.
    if (away) requestAnimationFrame(toNewest);
  };
  const retry = (item: Outgoing) => {
    setOutgoing((items) => items.map((other) => (other.id === item.id ? { ...other, state: 'sending' } : other)));
    send.mutate({ id: item.id, text: item.text });
  };

  // Screen readers hear what the other side sends while the thread is open.
  const arrived = useMemo(() => messages.findLast((message) => message.sender_id !== me && new Date(message.created_at) > now), [messages, me, now]);
  const bookingLink = conversation.booking_id
    ? conversation.my_role === 'customer'
      ? `/bookings?booking=${conversation.booking_id}`
      : `/dashboard/artist/boekingen?booking=${conversation.booking_id}`
    : null;
  const renderRow = (row: ThreadRow<ChatMessage, Outgoing>) => {
    switch (row.kind) {
      case 'note':
        return (
          <Text fontSize="sm" color="fg.muted" textAlign="center" pb="4" px="4">
            {maskedNote}
          </Text>
        );
      case 'older':
        return (
          <Box textAlign="center" pb="3" data-testid="older-messages" aria-busy={loadingOlder}>
            <Button size="sm" variant="outline" rounded="full" bg="white" onClick={loadOlder} loading={loadingOlder} loadingText="Oudere berichten laden…">
              Oudere berichten laden
            </Button>
          </Box>
        );
      case 'empty':
        return (
          <Text color="fg.muted" textAlign="center" mt="6">
            Nog geen berichten. Vertel {conversation.other_name} wat je zoekt: je datum, de plaats en het soort feest.
          </Text>
        );
      case 'day':
        return (
          <Text textAlign="center" fontSize="xs" fontWeight="700" color="fg.muted" textTransform="uppercase" letterSpacing="wide" pt="1" pb="3">
            {dayLabel(row.day, now)}
          </Text>
        );
      case 'message':
        return <Bubble message={row.message} own={row.own} read={row.read} />;
      case 'pending':
        return <PendingBubble item={row.item} onRetry={() => retry(row.item)} />;
    }
  };
  return (
    <Stack gap="0" flex="1" minH="0" as="section" aria-label={`Gesprek met ${conversation.other_name}`}>
      <HStack px={{ base: '2', md: '4' }} py="3" borderBottomWidth="1px" gap="3">
        <Button variant="ghost" size="sm" hideFrom="md" onClick={() => void navigate('/messages')} aria-label="Terug naar je gesprekken">
          ←
        </Button>
        <Avatar conversation={conversation} size={36} />
        <Stack gap="0" minW="0" flex="1">
          <Heading as="h2" fontSize="lg" fontWeight="800" lineClamp={1}>
            {conversation.my_role === 'customer' ? <Link to={`/artists/${conversation.artist_slug}`}>{conversation.other_name}</Link> : conversation.other_name}
          </Heading>
          {bookingLink && conversation.booking_status && (
            <Link to={bookingLink} reloadDocument={conversation.my_role === 'artist'}>
              <Text as="span" fontSize="sm" color="brand.700" textDecoration="underline">
                Boeking: {bookingStatusLabel(conversation.booking_status)}
              </Text>
            </Link>
          )}
        </Stack>
      </HStack>
      <Box position="relative" flex="1" minH="0" display="flex" flexDirection="column">
        <Box ref={setScroller} flex="1" minH="0" overflowY="auto" overflowAnchor="none" px={{ base: '3', md: '5' }} bg="bg.subtle" data-testid="thread" role="region" aria-label="Berichten" tabIndex={0} onScroll={onScroll}>
          {head.isError && (
            <Box pt="4">
              <LoadError what="Dit gesprek kon" onRetry={() => void head.refetch()} />
            </Box>
          )}
          <ol style={{ position: 'relative', height: list.getTotalSize(), margin: 0, padding: 0 }}>
            {list.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <li key={item.key} data-index={item.index} ref={list.measureElement} style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)`, listStyleType: 'none' }}>
                  {renderRow(row)}
                </li>
              );
            })}
          </ol>
        </Box>
        {somethingNew && (
          <Button position="absolute" bottom="3" left="50%" transform="translateX(-50%)" size="sm" colorPalette="brand" rounded="full" shadow="md" onClick={toNewest}>
            Nieuwe berichten ↓
          </Button>
        )}
      </Box>
      <Box srOnly aria-live="polite">
        {arrived ? `${conversation.other_name}: ${arrived.message_text}` : ''}
      </Box>
      <Text fontSize="xs" color="fg.muted" px="4" minH="5" aria-live="polite" data-testid="typing">
        {presence.othersTyping ? `${conversation.other_name} typt…` : ''}
      </Text>
      <Composer onSend={submit} onTyping={presence.typing} otherName={conversation.other_name} />
    </Stack>
  );
}

function Bubble({ message, own, read }: { message: ChatMessage; own: boolean; read: boolean }) {
  return (
    <Stack align={own ? 'flex-end' : 'flex-start'} gap="1" pb="2" data-testid={own ? 'own-message' : 'their-message'}>
      <Box maxW="80%" bg={own ? 'brand.600' : 'white'} color={own ? 'white' : 'fg'} borderWidth={own ? '0' : '1px'} px="3.5" py="2" rounded="2xl" roundedBottomRight={own ? 'md' : '2xl'} roundedBottomLeft={own ? '2xl' : 'md'} whiteSpace="pre-wrap" overflowWrap="anywhere">
        {message.message_text}
      </Box>
      <Text fontSize="xs" color="fg.muted">
        {dutchClock(message.created_at)}
        {read ? ' · Gelezen' : ''}
      </Text>
      {message.masked && (
        <Text fontSize="xs" color="fg.muted" maxW="80%" textAlign={own ? 'end' : 'start'} data-testid="masked-note">
          Contactgegevens verborgen tot de boeking is bevestigd.
        </Text>
      )}
    </Stack>
  );
}

function PendingBubble({ item, onRetry }: { item: Outgoing; onRetry: () => void }) {
  return (
    <Stack align="flex-end" gap="1" pb="2">
      <Box maxW="80%" bg={item.state === 'failed' ? 'red.50' : 'brand.600'} color={item.state === 'failed' ? 'red.800' : 'white'} borderWidth={item.state === 'failed' ? '1px' : '0'} borderColor="red.300" px="3.5" py="2" rounded="2xl" whiteSpace="pre-wrap" overflowWrap="anywhere" opacity={item.state === 'sending' ? 0.75 : 1} data-testid="pending-message">
        {item.text}
      </Box>
      {item.state === 'sending' ? (
        <Text fontSize="xs" color="fg.muted">
          Versturen…
        </Text>
      ) : (
        <HStack gap="2">
          <Text fontSize="xs" color="red.700" role="alert">
            {item.problem ?? 'Niet verstuurd.'}
          </Text>
          <Button size="xs" variant="outline" rounded="full" onClick={onRetry}>
            Opnieuw
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

function Composer({ onSend, onTyping, otherName }: { onSend: (text: string) => void; onTyping: () => void; otherName: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const refusal = messageProblem(text);
    setProblem(refusal);
    if (refusal) return;
    onSend(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <Box asChild borderTopWidth="1px" px={{ base: '3', md: '4' }} py="3" bg="white">
      <form onSubmit={submit} noValidate aria-label={`Bericht aan ${otherName}`}>
      <Box asChild srOnly>
        <label htmlFor={id}>Bericht aan {otherName}</label>
      </Box>
      <HStack align="flex-end" gap="2">
        <StyledTextarea
          id={id}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            onTyping();
          }}
          onKeyDown={onKeyDown}
          placeholder="Schrijf een bericht…"
          rows={2}
          maxLength={messageMaxLength + 1}
          autoFocus
          resize="none"
          bg="white"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <Button type="submit" colorPalette="brand" rounded="full">
          Versturen
        </Button>
      </HStack>
      <Text fontSize="xs" color="fg.muted" mt="1" hideBelow="md">
        Enter verstuurt, Shift+Enter is een nieuwe regel.
      </Text>
      {problem && (
        <Text id={`${id}-problem`} role="alert" color="red.700" fontSize="sm" mt="1">
          {problem}
        </Text>
      )}
      </form>
    </Box>
  );
}

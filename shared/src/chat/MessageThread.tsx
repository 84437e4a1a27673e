// One conversation of 'Berichten': its header (the other side, the related booking), the thread as
// a virtualised list (it opens at the newest message, follows new ones while the reader is at the
// bottom, loads older ones as they scroll up and keeps their place), '… typt…', and the composer.
// Opening the thread, and each message arriving in it, marks it read. A message sent shows at
// once, is retried as SPEC 9 says for writes, and offers 'Opnieuw' when it still fails.
//
// Delivery (p95 <= 150 ms from Enter to the other side's screen) is mostly rendering:
// every row, the header and the composer are memoised and get stable handlers, so an arriving
// message renders its own row, not the thread.
import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { bookingStatusLabel } from '../booking-status.ts';
import { queryKeys } from '../query-keys.ts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '../ui/LoadState.tsx';
import {
  conversationBlockQuery,
  cursorOf,
  sendMessage,
  threadHistoryKey,
  threadHistoryPage,
  threadQuery,
  withNewMessage,
  withOthersRead,
  type ChatMessage,
  type Conversation,
  type MessageCursor,
  type Thread,
} from './chat-data.ts';
import { markConversationRead } from '../unread.ts';
import { chatLink, chatQueryOptions, useChatServices } from './chat-services.tsx';
import { Composer } from './Composer.tsx';
import { BlockedNote, SafetyActions } from './ConversationSafety.tsx';
import { Avatar } from './ConversationList.tsx';
import { Bubble, DayHeading, PendingBubble, type Outgoing } from './MessageBubbles.tsx';
import { useStableHandler } from './stable-handler.ts';
import { estimatedRowHeight, threadRows, type ThreadRow } from './thread-rows.ts';
import { useLiveThread } from './live-thread.ts';
import { TypingLine, useTyping } from './typing.tsx';

const maskedNote =
  'Telefoonnummers, e-mailadressen en andere contactgegevens zijn verborgen tot jullie boeking vaststaat: bevestigd en niet meer kosteloos te annuleren. Zo blijven jullie afspraken en je betaling beschermd via Podium.';

/** How near (px) the bottom counts as reading the newest messages, which new ones then follow. */
const atEndWithinPx = 32;
/** How long after a wheel, touch, key or pointer a scroll counts as the reader's own. */
const userScrollWindowMs = 1000;

export function MessageThread({ conversation }: { conversation: Conversation }) {
  const services = useChatServices();
  const { me, loadClient } = services;
  const queryClient = useQueryClient();
  // The live end of the thread; once the reader goes back in time, it runs from `floor` (the
  // oldest message they had then) and the history is read page by page before it.
  const [floor, setFloor] = useState<MessageCursor | null>(null);
  const head = useQuery({ ...chatQueryOptions(services, threadQuery(conversation.id, floor)), placeholderData: (previous) => previous });
  const history = useInfiniteQuery({
    queryKey: threadHistoryKey(conversation.id, floor),
    queryFn: async ({ pageParam }) => (pageParam ? threadHistoryPage(await loadClient(), conversation.id, pageParam) : { messages: [], hasOlder: false }),
    initialPageParam: floor,
    getNextPageParam: (page) => (page.hasOlder && page.messages[0] ? cursorOf(page.messages[0]) : undefined),
    enabled: floor !== null,
  });
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [now] = useState(() => new Date());
  const presence = useTyping(conversation.id, me);
  const blocked = useQuery(chatQueryOptions(services, conversationBlockQuery(conversation.id))).data?.blocked ?? false;
  useLiveThread(conversation.id, me);
  const messages = useMemo(
    () =>
      [...(history.data?.pages ?? [])]
        .reverse()
        .flatMap((page) => page.messages)
        .concat(head.data?.messages ?? []),
    [history.data, head.data],
  );
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
      await markConversationRead(await loadClient(), conversation.id);
      // The thread as read, here at once; the list and the header's count are read again.
      queryClient.setQueriesData<Thread>({ queryKey: [...queryKeys.messages, conversation.id] }, (thread) => (thread ? withOthersRead(thread, me) : thread));
      await Promise.all([queryKeys.unreadCount, queryKeys.conversations].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    })().catch(() => undefined);
  }, [unreadFromOther, me, conversation.id, queryClient, loadClient]);

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

  const loadOlder = useStableHandler(() => {
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
  });

  // Reading further up: 'Nieuwe berichten' once something new comes in below, and older
  // messages loaded before the reader reaches the top.
  const newest = messages.at(-1)?.id ?? null;
  const [away, setAway] = useState<{ newestThen: string | null } | null>(null);
  const lastTop = useRef(0);
  // Whether the reader follows the newest messages: until they scroll away themselves (wheel,
  // touch, keys, the scrollbar), and again once they are back at the end. The list follows an
  // append only while it measures itself at the end; a row that grows after it, or an append it
  // does not recognise as one (the live end read again and trimmed at the top while a message
  // arrived), would otherwise leave the reader above every later message for good.
  const following = useRef(true);
  const userScrolledAt = useRef(-Infinity);
  const noteUserScroll = () => {
    userScrolledAt.current = performance.now();
  };
  const lastRowKey = rows.at(-1)?.key;
  useLayoutEffect(() => {
    if (following.current && lastRowKey !== undefined) list.scrollToEnd();
  }, [lastRowKey, list]);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= atEndWithinPx;
    if (atEnd) following.current = true;
    else if (performance.now() - userScrolledAt.current < userScrollWindowMs) following.current = false;
    if (following.current && away) setAway(null);
    if (!following.current && !away) setAway({ newestThen: newest });
    notePlace(element.scrollTop);
    const goingUp = element.scrollTop < lastTop.current;
    lastTop.current = element.scrollTop;
    if (goingUp && element.scrollTop < element.clientHeight) loadOlder();
  };
  const somethingNew = away !== null && newest !== away.newestThen;
  const toNewest = () => list.scrollToEnd();

  const send = useMutation({
    mutationFn: async (message: { id: string; text: string }) => sendMessage(await loadClient(), { id: message.id, conversationId: conversation.id, senderId: me, text: message.text }),
    // One after another within a conversation: two messages typed quickly went out side by side,
    // and the database could store the second first (the other side read them swapped).
    scope: { id: `chat-send-${conversation.id}` },
    // The stored message takes the pending one's place at once (the realtime insert may come
    // later, or not at all while the connection is down); the list shows it as the last message.
    onSuccess: async (stored) => {
      if (stored) queryClient.setQueriesData<Thread>({ queryKey: [...queryKeys.messages, conversation.id] }, (thread) => (thread ? withNewMessage(thread, stored) : thread));
      await Promise.all((stored ? [queryKeys.conversations] : [queryKeys.messages, queryKeys.conversations]).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error, message) => {
      setOutgoing((items) => items.map((item) => (item.id === message.id ? { ...item, state: 'failed', problem: error.message } : item)));
      // Blocked meanwhile: the thread says so in the composer's place.
      if ((error as { blocked?: boolean }).blocked) void queryClient.invalidateQueries({ queryKey: conversationBlockQuery(conversation.id).queryKey });
    },
  });
  const submit = useStableHandler((text: string) => {
    presence.stop();
    const message = { id: crypto.randomUUID(), text: text.trim() };
    setOutgoing((items) => [...items, { ...message, state: 'sending' }]);
    send.mutate(message);
    // One's own message is always shown, also when reading further up.
    if (away) requestAnimationFrame(toNewest);
  });
  const retry = useStableHandler((item: Outgoing) => {
    setOutgoing((items) => items.map((other) => (other.id === item.id ? { ...other, state: 'sending' } : other)));
    send.mutate({ id: item.id, text: item.text });
  });
  const typing = useStableHandler(() => presence.typing());

  // Screen readers hear what the other side sends while the thread is open.
  const arrived = useMemo(() => messages.findLast((message) => message.sender_id !== me && new Date(message.created_at) > now), [messages, me, now]);
  const bookingLink = conversation.booking_id ? chatLink(services, bookingPath(conversation.my_role, conversation.booking_id)) : null;
  const artistPage = conversation.my_role === 'customer' ? chatLink(services, `/artists/${conversation.artist_slug}`) : null;
  const renderRow = (row: ThreadRow<ChatMessage, Outgoing>) => {
    switch (row.kind) {
      case 'note':
        return <MaskedNote />;
      case 'older':
        return <OlderMessages loading={loadingOlder} onLoad={loadOlder} />;
      case 'empty':
        return <NoMessagesYet otherName={conversation.other_name} />;
      case 'day':
        return <DayHeading day={row.day} now={now} />;
      case 'message':
        return <Bubble message={row.message} own={row.own} read={row.read} />;
      case 'pending':
        return <PendingBubble item={row.item} onRetry={retry} />;
    }
  };
  return (
    <Stack gap="0" flex="1" minH="0" as="section" aria-label={`Gesprek met ${conversation.other_name}`}>
      <ThreadHeader
        otherName={conversation.other_name}
        photoBucket={conversation.other_photo_bucket}
        photoPath={conversation.other_photo_path}
        artistPage={artistPage}
        bookingLink={bookingLink}
        bookingStatus={conversation.booking_status}
        messagesPath={services.messagesPath}
        conversationId={conversation.id}
        myRole={conversation.my_role}
        blocked={blocked}
      />
      <Box position="relative" flex="1" minH="0" display="flex" flexDirection="column">
        <Box
          ref={setScroller}
          flex="1"
          minH="0"
          overflowY="auto"
          overflowAnchor="none"
          px={{ base: '3', md: '5' }}
          bg="bg.subtle"
          data-testid="thread"
          role="region"
          aria-label="Berichten"
          tabIndex={0}
          onScroll={onScroll}
          onWheel={noteUserScroll}
          onTouchMove={noteUserScroll}
          onKeyDown={noteUserScroll}
          onPointerDown={noteUserScroll}
        >
          {head.isError && (
            <Box pt="4">
              <LoadError subject="Dit gesprek" plural={false} onRetry={() => void head.refetch()} />
            </Box>
          )}
          <ol style={{ position: 'relative', height: list.getTotalSize(), margin: 0, padding: 0 }}>
            {list.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <li
                  key={item.key}
                  data-index={item.index}
                  ref={list.measureElement}
                  style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)`, listStyleType: 'none' }}
                >
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
      <TypingLine state={presence.others} otherName={conversation.other_name} />
      {blocked ? (
        <BlockedNote conversationId={conversation.id} myRole={conversation.my_role} otherName={conversation.other_name} />
      ) : (
        <Composer onSend={submit} onTyping={typing} otherName={conversation.other_name} />
      )}
    </Stack>
  );
}

type AppLink = ReturnType<typeof chatLink>;

/** A booking as its side sees it: the customer in 'Mijn boekingen', the act's owner in the portal. */
function bookingPath(role: Conversation['my_role'], bookingId: string) {
  return role === 'customer' ? `/bookings?booking=${bookingId}` : `/dashboard/artist/boekingen?booking=${bookingId}`;
}

const ThreadHeader = memo(function ThreadHeader(props: {
  otherName: string;
  photoBucket: Conversation['other_photo_bucket'];
  photoPath: string | null;
  artistPage: AppLink | null;
  bookingLink: AppLink | null;
  bookingStatus: Conversation['booking_status'];
  messagesPath: string;
  conversationId: string;
  myRole: Conversation['my_role'];
  blocked: boolean;
}) {
  const navigate = useNavigate();
  return (
    // Pop-ups about other conversations start below it (data-popups-below, MessagePopups.tsx).
    <HStack px={{ base: '2', md: '4' }} py="3" borderBottomWidth="1px" gap="3" data-popups-below="">
      <Button variant="ghost" size="sm" hideFrom="md" onClick={() => void navigate(props.messagesPath)} aria-label="Terug naar je gesprekken">
        ←
      </Button>
      <Avatar name={props.otherName} bucket={props.photoBucket} path={props.photoPath} size={36} />
      <Stack gap="0" minW="0" flex="1">
        <Heading as="h2" fontSize="lg" fontWeight="800" lineClamp={1}>
          {props.artistPage ? <Link {...props.artistPage}>{props.otherName}</Link> : props.otherName}
        </Heading>
        {props.bookingLink && props.bookingStatus && (
          <Link {...props.bookingLink}>
            <Text as="span" fontSize="sm" color="brand.700" textDecoration="underline">
              Boeking: {bookingStatusLabel(props.bookingStatus)}
            </Text>
          </Link>
        )}
      </Stack>
      <SafetyActions conversationId={props.conversationId} myRole={props.myRole} otherName={props.otherName} blocked={props.blocked} />
    </HStack>
  );
});

const MaskedNote = memo(function MaskedNote() {
  return (
    <Text fontSize="sm" color="fg.muted" textAlign="center" pb="4" px="4">
      {maskedNote}
    </Text>
  );
});

const OlderMessages = memo(function OlderMessages({ loading, onLoad }: { loading: boolean; onLoad: () => void }) {
  return (
    <Box textAlign="center" pb="3" data-testid="older-messages" aria-busy={loading}>
      <Button size="sm" variant="outline" rounded="full" bg="white" onClick={onLoad} loading={loading} loadingText="Oudere berichten laden…">
        Oudere berichten laden
      </Button>
    </Box>
  );
});

const NoMessagesYet = memo(function NoMessagesYet({ otherName }: { otherName: string }) {
  return (
    <Text color="fg.muted" textAlign="center" mt="6">
      Nog geen berichten. Vertel {otherName} wat je zoekt: je datum, de plaats en het soort feest.
    </Text>
  );
});

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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSessionState } from '../app/app-context.tsx';
import { LoadError, SkeletonBlock } from '../content/LoadState.tsx';
import { conversationsQuery, markConversationRead, messageMaxLength, messageProblem, sendMessage, startConversation, threadPageSize, threadQuery, type ChatMessage, type Conversation } from '../data/messages.ts';
import { loadPrivateClient, privateQueryOptions } from '../data/private-query.ts';
import { env } from '../env.ts';
import { PageMeta } from '../seo/PageMeta.tsx';
import { byDay, dayLabel, listTime } from './chat-format.ts';
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

function ThreadView({ conversation }: { conversation: Conversation }) {
  const session = useSessionState();
  const me = session.status === 'ready' ? session.user.id : '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [size, setSize] = useState(threadPageSize);
  const thread = useQuery({ ...privateQueryOptions(threadQuery(conversation.id, size)), placeholderData: (previous) => previous });
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [now] = useState(() => new Date());
  const presence = useTyping(conversation.id, me);
  const end = useRef<HTMLDivElement>(null);
  const messages = thread.data?.messages ?? [];
  const stored = new Set(messages.map((message) => message.id));
  const pending = outgoing.filter((item) => !stored.has(item.id));
  const unreadFromOther = messages.filter((message) => message.sender_id !== me && !message.is_read).length;

  // Opening the thread, and each message that arrives in it, marks it read.
  useEffect(() => {
    if (unreadFromOther === 0 || !me) return;
    void (async () => {
      await markConversationRead(await loadPrivateClient(), conversation.id);
      await Promise.all([queryKeys.unreadCount, queryKeys.conversations, queryKeys.messages].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    })().catch(() => undefined);
  }, [unreadFromOther, me, conversation.id, queryClient]);

  // The newest message in view, as in every chat.
  const newest = messages.at(-1)?.id ?? '';
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [newest, pending.length]);

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
  };
  const retry = (item: Outgoing) => {
    setOutgoing((items) => items.map((other) => (other.id === item.id ? { ...other, state: 'sending' } : other)));
    send.mutate({ id: item.id, text: item.text });
  };

  const lastOwn = [...messages].reverse().find((message) => message.sender_id === me);
  const bookingLink = conversation.booking_id
    ? conversation.my_role === 'customer'
      ? `/bookings?booking=${conversation.booking_id}`
      : `/dashboard/artist/boekingen?booking=${conversation.booking_id}`
    : null;
  const confirmed = conversation.booking_status === 'confirmed' || conversation.booking_status === 'completed';
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
      <Box flex="1" overflowY="auto" px={{ base: '3', md: '5' }} py="4" bg="bg.subtle" data-testid="thread" aria-live="polite">
        {!confirmed && (
          <Text fontSize="sm" color="fg.muted" textAlign="center" mb="4" px="4">
            {maskedNote}
          </Text>
        )}
        {thread.isError && <LoadError what="Dit gesprek kon" onRetry={() => void thread.refetch()} />}
        {thread.data?.hasOlder && (
          <Box textAlign="center" mb="3">
            <Button size="sm" variant="outline" rounded="full" bg="white" onClick={() => setSize((current) => current + threadPageSize)} loading={thread.isFetching}>
              Oudere berichten laden
            </Button>
          </Box>
        )}
        {thread.data && messages.length === 0 && pending.length === 0 && (
          <Text color="fg.muted" textAlign="center" mt="6">
            Nog geen berichten. Vertel {conversation.other_name} wat je zoekt: je datum, de plaats en het soort feest.
          </Text>
        )}
        {byDay(messages).map(({ day, items }) => (
          <Stack key={day} gap="2" mb="3" as="ol" aria-label={dayLabel(day, now)}>
            <Text as="li" textAlign="center" fontSize="xs" fontWeight="700" color="fg.muted" textTransform="uppercase" letterSpacing="wide" listStyleType="none">
              {dayLabel(day, now)}
            </Text>
            {items.map((message) => (
              <Bubble key={message.id} message={message} own={message.sender_id === me} read={message.id === lastOwn?.id && message.is_read} />
            ))}
          </Stack>
        ))}
        {pending.length > 0 && (
          <Stack gap="2" as="ol" aria-label="Wordt verstuurd">
            {pending.map((item) => (
              <Stack as="li" key={item.id} align="flex-end" gap="1" listStyleType="none">
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
                    <Button size="xs" variant="outline" rounded="full" onClick={() => retry(item)}>
                      Opnieuw
                    </Button>
                  </HStack>
                )}
              </Stack>
            ))}
          </Stack>
        )}
        <div ref={end} />
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
    <Stack as="li" align={own ? 'flex-end' : 'flex-start'} gap="1" listStyleType="none" data-testid={own ? 'own-message' : 'their-message'}>
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

// The messages page's data (SPEC 2.1 /messages, 7.2): the caller's conversations in
// one call (my_conversations), a thread's newest messages and its history page by page as the
// reader scrolls up, starting the conversation with an artist, sending and marking read. The keys
// are under shared/src/query-keys.ts's chat keys, so the realtime manager refreshes them on every
// change (a thread's history excepted: see threadHistoryKey).
import type { ChatReportReason } from '../chat-safety.ts';
import { queryKeys } from '../query-keys.ts';
import { unwrap } from '../unwrap.ts';
import type { ChatClient, ChatQuery } from './chat-services.tsx';

export interface Conversation {
  id: string;
  my_role: 'customer' | 'artist';
  artist_id: string;
  artist_slug: string;
  other_name: string;
  other_photo_bucket: 'avatars' | 'artist-media';
  other_photo_path: string | null;
  last_message: string | null;
  last_message_at: string;
  last_from_me: boolean | null;
  unread: number;
  booking_id: string | null;
  booking_status: string | null;
  booking_starts_at: string | null;
}

export interface ChatMessage {
  id: string;
  sender_id: string;
  message_text: string;
  created_at: string;
  is_read: boolean;
  masked: boolean;
}

export interface Thread {
  messages: ChatMessage[];
  /** More, older messages than these exist. */
  hasOlder: boolean;
}

/** Where a message sits in a thread's order (created_at, then id): the edge of a page. */
export interface MessageCursor {
  created_at: string;
  id: string;
}

/** How many of the newest messages a thread shows at first, and how many more each step back. */
export const threadPageSize = 50;
export const messageMaxLength = 5000;

export const conversationsKey = [...queryKeys.conversations, 'mine'] as const;

export function conversationsQuery(): ChatQuery<Conversation[]> {
  return {
    queryKey: conversationsKey,
    fetch: async (client) => unwrap(await client.rpc('my_conversations')) as Conversation[],
  };
}

export const cursorOf = (message: Pick<ChatMessage, 'created_at' | 'id'>): MessageCursor => ({ created_at: message.created_at, id: message.id });

// PostgREST's or=(…) for the thread order; the timestamp is quoted (it holds ':' and '+').
/** The messages before a cursor. */
export const beforeCursor = (cursor: MessageCursor) => `created_at.lt."${cursor.created_at}",and(created_at.eq."${cursor.created_at}",id.lt.${cursor.id})`;
/** The cursor's message and every later one. */
export const fromCursor = (cursor: MessageCursor) => `created_at.gt."${cursor.created_at}",and(created_at.eq."${cursor.created_at}",id.gte.${cursor.id})`;

const messageColumns = 'id, sender_id, message_text, created_at, is_read, masked';

/**
 * The live end of a thread, which the realtime manager refreshes: its newest messages, or, once
 * the reader has gone back further (`since`, the oldest message they had then), every message
 * from there on, so that nothing falls between it and the history as new messages arrive.
 */
export function threadQuery(conversationId: string, since: MessageCursor | null): ChatQuery<Thread> {
  return {
    queryKey: [...queryKeys.messages, conversationId, since ?? 'newest'],
    async fetch(client) {
      const messages = client.from('chat_messages').select(messageColumns).eq('conversation_id', conversationId);
      if (since) {
        const rows = unwrap(await messages.or(fromCursor(since)).order('created_at').order('id')) as ChatMessage[];
        // What lies before `since` is the history's to tell.
        return { messages: rows, hasOlder: true };
      }
      const rows = unwrap(
        await messages
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(threadPageSize + 1),
      ) as ChatMessage[];
      return { messages: rows.slice(0, threadPageSize).reverse(), hasOlder: rows.length > threadPageSize };
    },
  };
}

/**
 * A thread's history, read back page by page from the live end's first message. Not under the
 * realtime manager's keys: messages do not change once written, and refreshing every page the
 * reader scrolled through for each new message is the cost a long thread must not pay.
 */
export const threadHistoryKey = (conversationId: string, floor: MessageCursor | null) => ['chat', 'history', conversationId, floor] as const;

/** The page of messages just before `before`, oldest first. */
export async function threadHistoryPage(client: ChatClient, conversationId: string, before: MessageCursor): Promise<Thread> {
  const rows = unwrap(
    await client
      .from('chat_messages')
      .select(messageColumns)
      .eq('conversation_id', conversationId)
      .or(beforeCursor(before))
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(threadPageSize + 1),
  ) as ChatMessage[];
  return { messages: rows.slice(0, threadPageSize).reverse(), hasOlder: rows.length > threadPageSize };
}

/** The conversation with an artist (made when there is none); a Dutch message when refused. */
export async function startConversation(client: ChatClient, artistId: string): Promise<string> {
  const { data, error } = await client.rpc('start_conversation', { artist: artistId });
  if (error)
    throw new Error(
      error.code === '22023' || error.code === 'P0002' || error.code === '42501' || error.hint === 'rate_limited' ? error.message : 'Het gesprek kon niet worden geopend. Probeer het opnieuw.',
    );
  return data as string;
}

/** What a message may not be, in Dutch; null when it can be sent. */
export function messageProblem(text: string): string | null {
  if (text.trim() === '') return 'Typ eerst een bericht.';
  if (text.length > messageMaxLength) return `Je bericht is te lang (maximaal ${messageMaxLength} tekens).`;
  return null;
}

/**
 * Sends a message under the id the page gave it and answers it as stored (masked, when the server
 * masked it). A retry after a lost answer meets the primary key (23505) and counts as sent, so a
 * message is never stored twice; it answers null then, as the stored row was not read.
 */
export async function sendMessage(client: ChatClient, message: { id: string; conversationId: string; senderId: string; text: string }): Promise<ChatMessage | null> {
  const { data, error } = await client
    .from('chat_messages')
    .insert({ id: message.id, conversation_id: message.conversationId, sender_id: message.senderId, message_text: message.text })
    .select(messageColumns)
    .single();
  if (!error) return data as ChatMessage;
  if (error.code === '23505') return null;
  // Our own refusals are Dutch and final: a bad message, too many at once, a blocked conversation.
  const ours = error.code === '22023' || error.hint === 'rate_limited' || error.hint === 'blocked';
  throw Object.assign(new Error(ours ? error.message : 'Je bericht is niet verstuurd.'), { status: ours || error.code === '42501' ? 400 : 500, blocked: error.hint === 'blocked' });
}

/**
 * Whether the act's owner blocked the customer of a conversation (both sides read it). Not under
 * the realtime manager's keys: a block comes with no message, and reading it again for every
 * message costs the thread a request each time; the page reads it when a send is refused.
 */
export function conversationBlockQuery(conversationId: string): ChatQuery<{ blocked: boolean }> {
  return {
    queryKey: ['chat', 'blocked', conversationId],
    fetch: async (client) => {
      const row = unwrap(await client.from('chat_conversations').select('blocked_at').eq('id', conversationId).maybeSingle()) as { blocked_at: string | null } | null;
      return { blocked: row?.blocked_at != null };
    },
  };
}

/** The owner of the act blocks (or lets back in) the customer of a conversation. */
export async function setConversationBlocked(client: ChatClient, conversationId: string, blocked: boolean): Promise<void> {
  const { error } = blocked ? await client.rpc('block_conversation', { conversation: conversationId }) : await client.rpc('unblock_conversation', { conversation: conversationId });
  if (error)
    throw new Error(error.code === '42501' || error.code === 'P0002' ? error.message : blocked ? 'Blokkeren is niet gelukt. Probeer het opnieuw.' : 'Deblokkeren is niet gelukt. Probeer het opnieuw.');
}

/** Reports the conversation to the Podium team, with a reason from the list and optional words. */
export async function reportConversation(client: ChatClient, report: { conversationId: string; reason: ChatReportReason; details: string }): Promise<void> {
  const { error } = await client.rpc('report_conversation', { conversation: report.conversationId, reason: report.reason, details: report.details.trim() === '' ? undefined : report.details });
  if (error) throw new Error(error.code === '22023' || error.code === 'P0002' ? error.message : 'Je melding is niet verstuurd. Probeer het opnieuw.');
}

/** A thread as it is once the reader has read it: every message of the other side read. */
export function withOthersRead(thread: Thread, me: string): Thread {
  if (!thread.messages.some((message) => message.sender_id !== me && !message.is_read)) return thread;
  return { ...thread, messages: thread.messages.map((message) => (message.sender_id !== me && !message.is_read ? { ...message, is_read: true } : message)) };
}

/** A thread with a message that has just arrived (live, before the thread is read again), in order and once. */
export function withNewMessage(thread: Thread, message: ChatMessage): Thread {
  if (thread.messages.some((other) => other.id === message.id)) return thread;
  const after = (other: ChatMessage) => other.created_at > message.created_at || (other.created_at === message.created_at && other.id > message.id);
  const at = thread.messages.findIndex(after);
  const messages = at < 0 ? [...thread.messages, message] : [...thread.messages.slice(0, at), message, ...thread.messages.slice(at)];
  return { ...thread, messages };
}

// The messages page's data (SPEC 2.1 /messages, 7.2, issue 17): the caller's conversations in
// one call (my_conversations), a thread's newest messages (more as the reader scrolls up),
// starting the conversation with an artist, sending and marking read. The keys are under
// shared/src/query-keys.ts's chat keys, so the realtime manager refreshes them on every change.
import { queryKeys } from '@podium/shared/query-keys';
import type { PrivateClient, PrivateQuery } from './private-query.ts';
import { unwrap } from './public-query.ts';

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

/** How many of the newest messages a thread shows at first, and how many more each step back. */
export const threadPageSize = 50;
export const messageMaxLength = 5000;

export const conversationsKey = [...queryKeys.conversations, 'mine'] as const;

export function conversationsQuery(): PrivateQuery<Conversation[]> {
  return {
    queryKey: conversationsKey,
    fetch: async (client) => unwrap(await client.rpc('my_conversations')) as Conversation[],
  };
}

export function threadQuery(conversationId: string, size: number): PrivateQuery<Thread> {
  return {
    queryKey: [...queryKeys.messages, conversationId, size],
    async fetch(client) {
      const rows = unwrap(
        await client
          .from('chat_messages')
          .select('id, sender_id, message_text, created_at, is_read, masked')
          .eq('conversation_id', conversationId)
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(size + 1),
      ) as ChatMessage[];
      return { messages: rows.slice(0, size).reverse(), hasOlder: rows.length > size };
    },
  };
}

/** The conversation with an artist (made when there is none); a Dutch message when refused. */
export async function startConversation(client: PrivateClient, artistId: string): Promise<string> {
  const { data, error } = await client.rpc('start_conversation', { artist: artistId });
  if (error) throw new Error(error.code === '22023' || error.code === 'P0002' || error.code === '42501' ? error.message : 'Het gesprek kon niet worden geopend. Probeer het opnieuw.');
  return data as string;
}

/** What a message may not be, in Dutch; null when it can be sent. */
export function messageProblem(text: string): string | null {
  if (text.trim() === '') return 'Typ eerst een bericht.';
  if (text.length > messageMaxLength) return `Je bericht is te lang (maximaal ${messageMaxLength} tekens).`;
  return null;
}

/**
 * Sends a message under the id the page gave it: a retry after a lost answer meets the primary
 * key (23505) and counts as sent, so a message is never stored twice.
 */
export async function sendMessage(client: PrivateClient, message: { id: string; conversationId: string; senderId: string; text: string }): Promise<void> {
  const { error } = await client
    .from('chat_messages')
    .insert({ id: message.id, conversation_id: message.conversationId, sender_id: message.senderId, message_text: message.text });
  if (!error || error.code === '23505') return;
  throw Object.assign(new Error(error.code === '22023' ? error.message : 'Je bericht is niet verstuurd.'), { status: error.code === '22023' || error.code === '42501' ? 400 : 500 });
}

export async function markConversationRead(client: PrivateClient, conversationId: string): Promise<number> {
  return unwrap(await client.rpc('mark_conversation_read', { conversation_id: conversationId })) as number;
}

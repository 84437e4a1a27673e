// SPEC 6 / 2.6 / 2.7 / 9: the unread-message count behind the header and bottom-nav badges. The
// counting rule lives once, in the unread_count() SQL function (an artist counts conversations
// where they are the customer or the artist, others only where they are the customer, and the
// user's own messages never count), so every app and the database agree.
import { useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { unreadBadgeMax } from './constants.ts';
import type { Database } from './database.types.ts';
import { queryKeys } from './query-keys.ts';

type Client = SupabaseClient<Database>;

export async function fetchUnreadCount(client: Client): Promise<number> {
  const { data, error } = await client.rpc('unread_count');
  if (error) throw error;
  return data;
}

/** Marks the other side's messages in a conversation read; returns how many changed. */
export async function markConversationRead(client: Client, conversationId: string): Promise<number> {
  const { data, error } = await client.rpc('mark_conversation_read', { conversation_id: conversationId });
  if (error) throw error;
  return data;
}

/** The badge text: nothing at 0, the number up to 99, '99+' above. */
export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > unreadBadgeMax ? `${unreadBadgeMax}+` : String(Math.floor(count));
}

/** The count for the signed-in user (0 for guests); refreshed by the realtime manager on chat changes. */
export function useUnreadCount(client: Client, userId: string | null | undefined): number {
  const { data } = useQuery({
    queryKey: [...queryKeys.unreadCount, userId ?? null],
    queryFn: () => fetchUnreadCount(client),
    enabled: Boolean(userId),
  });
  return userId ? (data ?? 0) : 0;
}

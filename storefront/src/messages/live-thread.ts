// New messages straight into the open thread (delivery within 150 ms): the
// conversation's inserts, as realtime postgres_changes (the server checks the reader's RLS), are
// put into the cached thread as they arrive, instead of waiting for the read that the realtime
// manager's refresh starts; that read then finds them there.
import { queryKeys } from '@podium/shared/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { withNewMessage, type ChatMessage, type Thread } from '../data/messages.ts';
import { loadPrivateClient, type PrivateClient } from '../data/private-query.ts';

export function useLiveThread(conversationId: string, me: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!me) return;
    let stopped = false;
    let client: PrivateClient | undefined;
    let channel: ReturnType<PrivateClient['channel']> | undefined;
    void loadPrivateClient().then((loaded) => {
      if (stopped) return;
      client = loaded;
      channel = loaded
        .channel(`thread:${conversationId}:${me}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'chat_messages', filter: `conversation_id=eq.${conversationId}` }, (payload) => {
          const message = payload.new as ChatMessage;
          queryClient.setQueriesData<Thread>({ queryKey: [...queryKeys.messages, conversationId] }, (thread) => (thread ? withNewMessage(thread, message) : thread));
        })
        .subscribe();
    });
    return () => {
      stopped = true;
      if (channel && client) void client.removeChannel(channel);
    };
  }, [conversationId, me, queryClient]);
}

// New messages straight into the open thread (delivery within 150 ms): the
// conversation's inserts, as realtime postgres_changes (the server checks the reader's RLS), are
// put into the cached thread as they arrive, instead of waiting for the read that the realtime
// manager's refresh starts; that read then finds them there.
import { queryKeys } from '../query-keys.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { withNewMessage, type ChatMessage, type Thread } from './chat-data.ts';
import { useChatServices, type ChatClient } from './chat-services.tsx';

export function useLiveThread(conversationId: string, me: string) {
  const queryClient = useQueryClient();
  const { loadClient } = useChatServices();
  useEffect(() => {
    if (!me) return;
    let stopped = false;
    let client: ChatClient | undefined;
    let channel: ReturnType<ChatClient['channel']> | undefined;
    void loadClient().then((loaded) => {
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
  }, [conversationId, me, queryClient, loadClient]);
}

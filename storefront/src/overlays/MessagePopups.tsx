// SPEC 2.11 / 4.6: while a user is signed in, the shared realtime manager follows their data,
// refreshes messages, conversations and the unread count, and hands each new message from someone
// else to the pop-ups.
import { MessagePopupStack } from '@podium/shared/chat/MessagePopups.tsx';
import { createMessagePopupStore } from '@podium/shared/message-popups';
import { useEffect } from 'react';
import { useSessionState } from '../app/app-context.tsx';
import { loadQueryRuntime } from '../app/query.tsx';
import { loadBackend } from '../app/services.ts';

export const messagePopups = createMessagePopupStore();

export function MessagePopups() {
  const session = useSessionState();
  const userId = session.status === 'ready' ? session.user.id : null;

  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    let stop: (() => Promise<void>) | undefined;
    void Promise.all([loadBackend(), import('@podium/shared/realtime'), loadQueryRuntime()]).then(([backend, realtime, { queryClient }]) => {
      if (stopped) return;
      const manager = realtime.createRealtimeManager({
        client: backend.supabase,
        userId,
        queryClient,
        onNewMessage: messagePopups.show,
        connectivity: realtime.browserConnectivity(),
      });
      const hideState = realtime.showStateOnPage(manager);
      manager.start();
      stop = async () => {
        hideState();
        await manager.stop();
      };
    });
    return () => {
      stopped = true;
      void stop?.();
    };
  }, [userId]);

  return <MessagePopupStack store={messagePopups} messagesPath="/messages" />;
}

// 'typt…': whether the other side of a conversation is typing, through realtime presence on the
// private channel 'chat:{conversation id}' (only the two participants may join it: the
// realtime.messages policies of migration 20261126000300). Typing is announced at most every
// 2 s and withdrawn after 3 s without a key, or when the message is sent. Whether the other side
// types is kept outside React state: only the line that says so (TypingLine) renders when it
// changes, not the thread (which it would otherwise render twice for every message typed).
import { Text } from '@chakra-ui/react';
import { memo, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useChatServices, type ChatClient } from './chat-services.tsx';

type Channel = ReturnType<ChatClient['channel']>;

export const typingAnnounceEveryMs = 2000;
export const typingQuietAfterMs = 3000;

/** Whether anyone but `me` in a presence state is typing. */
export function othersTypingIn(state: Record<string, readonly { typing?: boolean }[]>, me: string): boolean {
  return Object.entries(state).some(([key, metas]) => key !== me && metas.some((meta) => meta.typing === true));
}

/** Whether the other side types, for whoever subscribes. */
export interface TypingState {
  subscribe(listener: () => void): () => void;
  othersTyping(): boolean;
}

function typingStore() {
  let typing = false;
  const listeners = new Set<() => void>();
  const state: TypingState = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    othersTyping: () => typing,
  };
  const set = (next: boolean) => {
    if (next === typing) return;
    typing = next;
    for (const listener of listeners) listener();
  };
  return { state, set };
}

export function useTyping(conversationId: string, me: string) {
  const { loadClient } = useChatServices();
  const [store] = useState(typingStore);
  const channel = useRef<Channel | null>(null);
  const lastAnnounced = useRef(0);
  const quiet = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!me) return;
    let stopped = false;
    let client: ChatClient | undefined;
    void loadClient().then((loaded) => {
      if (stopped) return;
      client = loaded;
      const joined = loaded.channel(`chat:${conversationId}`, { config: { private: true, presence: { key: me } } });
      joined.on('presence', { event: 'sync' }, () => store.set(othersTypingIn(joined.presenceState<{ typing?: boolean }>(), me))).subscribe();
      channel.current = joined;
    });
    return () => {
      stopped = true;
      clearTimeout(quiet.current);
      const joined = channel.current;
      channel.current = null;
      if (joined && client) void client.removeChannel(joined);
    };
  }, [conversationId, me, store, loadClient]);

  const stop = () => {
    clearTimeout(quiet.current);
    lastAnnounced.current = 0;
    void channel.current?.track({ typing: false });
  };
  const typing = () => {
    const now = Date.now();
    if (now - lastAnnounced.current > typingAnnounceEveryMs) {
      lastAnnounced.current = now;
      void channel.current?.track({ typing: true });
    }
    clearTimeout(quiet.current);
    quiet.current = setTimeout(stop, typingQuietAfterMs);
  };
  return { others: store.state, typing, stop };
}

/** '{name} typt…' while the other side types (announced politely to screen readers). */
export const TypingLine = memo(function TypingLine({ state, otherName }: { state: TypingState; otherName: string }) {
  const othersTyping = useSyncExternalStore(state.subscribe, state.othersTyping, () => false);
  return (
    <Text fontSize="xs" color="fg.muted" px="4" minH="5" aria-live="polite" data-testid="typing">
      {othersTyping ? `${otherName} typt…` : ''}
    </Text>
  );
});

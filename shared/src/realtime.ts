// SPEC 4.6 / 2.11 / 7.5: the realtime manager. Per signed-in user it subscribes to changes on
// chat_messages, chat_conversations, bookings and artists (the server filters them by the
// user's RLS) and refreshes the data each change affects, by query key (the changes of a 100 ms
// window together, each key once); it turns each new chat
// message from someone else into a pop-up item (the conversation's name read once); it checks its health every 30 s and reconnects
// when the tab becomes visible or the browser comes back online, and when a live connection drops
// (the realtime server restarted), backing off 1000 ms x 2^(n-1) up to 10 s; once subscribed again
// it reads again what it may have missed.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { realtimeChangeRefreshWindowMs, realtimeHealthCheckIntervalMs, realtimeReconnectBaseMs, realtimeReconnectCapMs } from './constants.ts';
import type { Database } from './database.types.ts';
import { conversationDisplayName, formatMessageTime, type MessagePopupItem } from './message-popups.ts';
import { queryKeys, type QueryKeyName } from './query-keys.ts';

export const connectionStatuses = ['connected', 'disconnected', 'healthy', 'unhealthy', 'offline'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

export const watchedTables = ['chat_messages', 'chat_conversations', 'bookings', 'artists'] as const;
export type WatchedTable = (typeof watchedTables)[number];

/** Which data each table's changes refresh (SPEC 4.6). */
export const refreshesOnChange: Record<WatchedTable, readonly QueryKeyName[]> = {
  chat_messages: ['messages', 'unreadCount', 'conversations'],
  chat_conversations: ['conversations', 'unreadCount'],
  bookings: ['customerBookings', 'artistBookings', 'adminBookings', 'bookingStatistics', 'bookingNotifications'],
  artists: ['artistLists', 'profiles'],
};

/** The n-th reconnect attempt (from 1) waits 1000 ms x 2^(n-1), at most 10 s. */
export const reconnectDelay = (attempt: number) => Math.min(realtimeReconnectBaseMs * 2 ** (Math.max(attempt, 1) - 1), realtimeReconnectCapMs);

export interface QueryInvalidator {
  invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<unknown> | unknown;
}

/** When the tab becomes visible or the browser comes online again, and when it goes offline. */
export interface Connectivity {
  onResume(listener: () => void): () => void;
  onOffline(listener: () => void): () => void;
  isOnline(): boolean;
}

export function browserConnectivity(): Connectivity {
  return {
    onResume(listener) {
      const onVisible = () => {
        if (document.visibilityState === 'visible') listener();
      };
      document.addEventListener('visibilitychange', onVisible);
      window.addEventListener('online', listener);
      return () => {
        document.removeEventListener('visibilitychange', onVisible);
        window.removeEventListener('online', listener);
      };
    },
    onOffline(listener) {
      window.addEventListener('offline', listener);
      return () => window.removeEventListener('offline', listener);
    },
    isOnline: () => navigator.onLine,
  };
}

export interface RealtimeManagerOptions {
  client: SupabaseClient<Database>;
  userId: string;
  queryClient: QueryInvalidator;
  /** Each new chat message not sent by this user, ready for the pop-up store. */
  onNewMessage?: (item: MessagePopupItem) => void;
  connectivity?: Connectivity;
  /** For formatting pop-up times; the reader's own zone when unset. */
  timeZone?: string;
  /** The tables to hear (all of watchedTables when unset): the back office hears bookings and artists only. */
  tables?: readonly WatchedTable[];
  /** Each change as it is heard, before the refresh of its window (the back office's notifications). */
  onChange?: (change: RealtimeChange) => void;
}

/** A change the server sent: its table, INSERT/UPDATE/DELETE, and the row as it is now (the old one's key for a DELETE). */
export interface RealtimeChange {
  table: WatchedTable;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  record: Record<string, unknown>;
}

export interface RealtimeManager {
  getSnapshot(): ConnectionStatus;
  subscribe(listener: () => void): () => void;
  start(): void;
  stop(): Promise<void>;
  /** Runs the health check now (also runs every 30 s). */
  checkHealth(): Promise<boolean>;
}

/** The connection's state (SPEC 4.6) on <html data-realtime>, for whoever looks into a page; answers how to take it off. */
export function showStateOnPage(manager: Pick<RealtimeManager, 'subscribe' | 'getSnapshot'>, root: HTMLElement = document.documentElement): () => void {
  const show = () => {
    root.dataset.realtime = manager.getSnapshot();
  };
  const unsubscribe = manager.subscribe(show);
  show();
  return () => {
    unsubscribe();
    delete root.dataset.realtime;
  };
}

export function createRealtimeManager(options: RealtimeManagerOptions): RealtimeManager {
  const { client, userId, queryClient } = options;
  const tables = options.tables ?? watchedTables;
  let status: ConnectionStatus = 'disconnected';
  let channels: RealtimeChannel[] = [];
  let running = false;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let healthTimer: ReturnType<typeof setInterval> | undefined;
  let unsubscribeConnectivity: (() => void)[] = [];
  const listeners = new Set<() => void>();

  const setStatus = (next: ConnectionStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of listeners) listener();
  };

  // What the heard tables' changes refresh: all of it again after a gap in hearing them.
  const heardKeys = [...new Set(tables.flatMap((table) => refreshesOnChange[table]))];
  const refresh = (names: Iterable<QueryKeyName>) => {
    for (const name of names) void queryClient.invalidateQueries({ queryKey: queryKeys[name] });
  };

  // What changes heard within one window affect, refreshed once at its end.
  const due = new Set<QueryKeyName>();
  let dueTimer: ReturnType<typeof setTimeout> | undefined;
  const refreshSoon = (names: readonly QueryKeyName[]) => {
    for (const name of names) due.add(name);
    dueTimer ??= setTimeout(() => {
      dueTimer = undefined;
      const names = [...due];
      due.clear();
      if (running) refresh(names);
    }, realtimeChangeRefreshWindowMs);
  };

  // A conversation's display name, once read for its first pop-up: later messages in it come
  // with their text and time in the change itself (as stored: masked when the server masked it),
  // so they need no read of their own.
  const names = new Map<string, string>();
  const onMessageInserted = async (row: { id?: string; sender_id?: string; conversation_id?: string; message_text?: string; created_at?: string }) => {
    if (!row.id || row.sender_id === userId || !options.onNewMessage) return;
    const known = row.conversation_id ? names.get(row.conversation_id) : undefined;
    if (known !== undefined && typeof row.message_text === 'string' && row.created_at) {
      options.onNewMessage({ id: row.id, conversationId: row.conversation_id!, displayName: known, messageText: row.message_text, time: formatMessageTime(row.created_at, options.timeZone) });
      return;
    }
    const item = await loadPopupItem(client, row.id, userId, options.timeZone);
    if (item) names.set(item.conversationId, item.displayName);
    if (item && running) options.onNewMessage(item);
  };

  /** Subscribes both channels; resolves true when the changes channel is subscribed. */
  const connect = () =>
    new Promise<boolean>((resolve) => {
      let settled = false;
      const settle = (ok: boolean) => {
        if (!settled) {
          settled = true;
          resolve(ok);
        }
      };
      const changes = client.channel(`db-changes:${userId}`);
      for (const table of tables) {
        changes.on(
          'postgres_changes',
          { event: '*', schema: 'public', table },
          (payload: { eventType?: RealtimeChange['eventType']; new?: Record<string, unknown>; old?: Record<string, unknown> }) => {
            if (options.onChange && payload.eventType) {
              const record = payload.eventType === 'DELETE' ? (payload.old ?? {}) : (payload.new ?? {});
              options.onChange({ table, eventType: payload.eventType, record });
            }
            refreshSoon(refreshesOnChange[table]);
          },
        );
      }
      changes.subscribe((state) => {
        if (!running) return settle(false);
        // After the first answer, the channel is live: a later state is the connection dropping
        // (the realtime server went away) or realtime-js joining it again by itself.
        const live = settled && channels.includes(changes);
        if (state === 'SUBSCRIBED') {
          setStatus('connected');
          if (live) rejoined();
          settle(true);
        } else {
          if (status !== 'offline') setStatus('disconnected');
          if (live && options.connectivity?.isOnline() !== false) scheduleReconnect();
          settle(false);
        }
      });
      channels = [changes];
      if (tables.includes('chat_messages')) {
        const popups = client
          .channel(`message_popup:${userId}`)
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'chat_messages' }, (payload) => {
            void onMessageInserted(payload.new as { id?: string; sender_id?: string });
          })
          .subscribe();
        channels.push(popups);
      }
    });

  const disconnect = async () => {
    const closing = channels;
    channels = [];
    await Promise.all(closing.map((channel) => client.removeChannel(channel)));
  };

  const reconnect = async () => {
    reconnectTimer = undefined;
    if (!running) return;
    await disconnect();
    if (await connect()) {
      attempt = 0;
      // Changes made while the connection was down were never heard: refresh everything.
      refresh(heardKeys);
    } else if (running && options.connectivity?.isOnline() !== false) {
      scheduleReconnect();
    }
  };

  /** Joined again without us: the back-off starts over and what changed meanwhile is read again. */
  const rejoined = () => {
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    attempt = 0;
    refresh(heardKeys);
  };

  const scheduleReconnect = () => {
    if (!running || reconnectTimer) return;
    attempt += 1;
    reconnectTimer = setTimeout(() => void reconnect(), reconnectDelay(attempt));
  };

  const manager: RealtimeManager = {
    getSnapshot: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (running) return;
      running = true;
      // What changed between the page's first reads and the subscription was never heard: once
      // subscribed, the data on screen is read again (only active queries refetch).
      void connect().then((subscribed) => {
        if (subscribed && running) refresh(heardKeys);
      });
      healthTimer = setInterval(() => void manager.checkHealth(), realtimeHealthCheckIntervalMs);
      const { connectivity } = options;
      if (connectivity) {
        unsubscribeConnectivity = [
          connectivity.onResume(() => {
            if (status === 'offline' && connectivity.isOnline()) setStatus('disconnected');
            if (status !== 'connected' && status !== 'healthy') scheduleReconnect();
          }),
          connectivity.onOffline(() => setStatus('offline')),
        ];
        if (!connectivity.isOnline()) setStatus('offline');
      }
    },
    async stop() {
      running = false;
      clearInterval(healthTimer);
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      clearTimeout(dueTimer);
      dueTimer = undefined;
      due.clear();
      for (const unsubscribe of unsubscribeConnectivity) unsubscribe();
      unsubscribeConnectivity = [];
      await disconnect();
      setStatus('disconnected');
      attempt = 0;
    },
    async checkHealth() {
      if (status === 'offline') return false;
      try {
        const { error } = await client.from('chat_messages').select('id').limit(1);
        if (!running) return !error;
        setStatus(error ? 'unhealthy' : 'healthy');
        return !error;
      } catch {
        if (running) setStatus('unhealthy');
        return false;
      }
    },
  };
  return manager;
}

/** SPEC 7.5: the new message read again by id, with the names the pop-up shows (the customer's full name: profile_names, which only the two sides of the conversation may read). */
export async function loadPopupItem(client: SupabaseClient<Database>, messageId: string, currentUserId: string, timeZone?: string): Promise<MessagePopupItem | null> {
  const { data, error } = await client
    .from('chat_messages')
    .select(
      `id, message_text, created_at, sender_id, conversation_id,
       conversation:chat_conversations(id, customer_id, artist_id,
         customer:profile_names!chat_conversations_customer_profile_names_fkey(first_name, last_name),
         artist:artists(name))`,
    )
    .eq('id', messageId)
    .maybeSingle();
  if (error || !data || data.sender_id === currentUserId) return null;
  const conversation = data.conversation;
  return {
    id: data.id,
    conversationId: data.conversation_id,
    displayName: conversationDisplayName(
      conversation ? { customerId: conversation.customer_id, customerName: conversation.customer, artistName: conversation.artist?.name ?? null } : null,
      currentUserId,
    ),
    messageText: data.message_text,
    time: formatMessageTime(data.created_at, timeZone),
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from './query-keys.ts';
import { realtimeChangeRefreshWindowMs } from './constants.ts';
import { connectionStatuses, createRealtimeManager, reconnectDelay, refreshesOnChange, showStateOnPage, type ConnectionStatus, type Connectivity } from './realtime.ts';
import { specText } from './spec-text.test-support.ts';

type Handler = (payload: { new: Record<string, unknown>; eventType?: string }) => void;

/** A supabase client with scripted channels: each subscribe answers with the next scripted state. */
function fakeClient(subscribeStates: string[] = []) {
  const channels: { name: string; handlers: { filter: { table: string; event: string }; handler: Handler }[]; removed: boolean }[] = [];
  let health: () => Promise<{ error: unknown }> = () => Promise.resolve({ error: null });
  const popupRows: Record<string, Record<string, unknown>> = {};
  const popupReads: string[] = [];
  // Each db-changes channel's subscribe callback: realtime-js calls it again when the connection drops or it joins again.
  const joins: ((state: string) => void)[] = [];
  const client = {
    channel(name: string) {
      const record = { name, handlers: [] as (typeof channels)[number]['handlers'], removed: false };
      channels.push(record);
      const channel = {
        on(_type: string, filter: { table: string; event: string }, handler: Handler) {
          record.handlers.push({ filter, handler });
          return channel;
        },
        subscribe(callback?: (state: string) => void) {
          if (record.name.startsWith('db-changes')) {
            const state = subscribeStates.shift() ?? 'SUBSCRIBED';
            if (callback) joins.push(callback);
            queueMicrotask(() => callback?.(state));
          }
          return channel;
        },
        record,
      };
      return channel;
    },
    removeChannel(channel: { record: { removed: boolean } }) {
      channel.record.removed = true;
      return Promise.resolve('ok');
    },
    from: () => ({
      select: () => ({
        limit: () => health(),
        // The pop-up's read of a new message by id (loadPopupItem).
        eq: (_column: string, id: string) => ({
          maybeSingle: () => {
            popupReads.push(id);
            return Promise.resolve({ data: popupRows[id] ?? null, error: null });
          },
        }),
      }),
    }),
  };
  return {
    client: client as unknown as Parameters<typeof createRealtimeManager>[0]['client'],
    channels,
    popupRows,
    popupReads,
    setHealth: (next: typeof health) => (health = next),
    /** The newest changes channel hears `state` from realtime-js. */
    channelState: (state: string) => joins.at(-1)?.(state),
    emit(table: string, row: Record<string, unknown> = {}, eventType?: string) {
      for (const channel of channels.filter((c) => !c.removed)) {
        for (const { filter, handler } of channel.handlers) if (filter.table === table) handler({ new: row, eventType });
      }
    },
  };
}

function fakeConnectivity() {
  let resume = () => {};
  let offline = () => {};
  let online = true;
  const connectivity: Connectivity = {
    onResume: (listener) => ((resume = listener), () => {}),
    onOffline: (listener) => ((offline = listener), () => {}),
    isOnline: () => online,
  };
  return {
    connectivity,
    resume: () => ((online = true), resume()),
    goOffline: () => ((online = false), offline()),
  };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('SPEC 4.6: realtime', () => {
  it('has the five connection status values', () => {
    expect(connectionStatuses).toEqual(['connected', 'disconnected', 'healthy', 'unhealthy', 'offline']);
    expect(specText).toContain('connected, disconnected, healthy, unhealthy, offline');
  });

  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
    [5, 10_000],
    [9, 10_000],
  ])('reconnect attempt %i waits %i ms', (attempt, delay) => {
    expect(reconnectDelay(attempt)).toBe(delay);
  });

  it.each([
    ['chat_messages', [queryKeys.messages, queryKeys.unreadCount, queryKeys.conversations]],
    ['chat_conversations', [queryKeys.conversations, queryKeys.unreadCount]],
    ['bookings', [queryKeys.customerBookings, queryKeys.artistBookings, queryKeys.adminBookings, queryKeys.bookingStatistics, queryKeys.bookingNotifications]],
    ['artists', [queryKeys.artistLists, queryKeys.profiles]],
  ])('a change in %s refreshes its data', async (table, keys) => {
    const fake = fakeClient();
    const queryClient = { invalidateQueries: vi.fn() };
    const manager = createRealtimeManager({ client: fake.client, userId: 'u1', queryClient });
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    queryClient.invalidateQueries.mockClear();
    fake.emit(table, { id: 'x', sender_id: 'u1' });
    await vi.advanceTimersByTimeAsync(realtimeChangeRefreshWindowMs);
    expect(queryClient.invalidateQueries.mock.calls.map(([filters]) => filters.queryKey)).toEqual(keys);
    await manager.stop();
  });

  it('changes heard within one window refresh each query once, at its end', async () => {
    const fake = fakeClient();
    const queryClient = { invalidateQueries: vi.fn() };
    const manager = createRealtimeManager({ client: fake.client, userId: 'u1', queryClient });
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    queryClient.invalidateQueries.mockClear();
    // A message sent, then read by the other side: an insert and an update, and the conversation's last message.
    fake.emit('chat_messages', { id: 'm1', sender_id: 'u1' });
    await vi.advanceTimersByTimeAsync(40);
    fake.emit('chat_messages', { id: 'm1', sender_id: 'u1' });
    fake.emit('chat_conversations', { id: 'c1' });
    await vi.advanceTimersByTimeAsync(realtimeChangeRefreshWindowMs - 41);
    expect(queryClient.invalidateQueries).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(queryClient.invalidateQueries.mock.calls.map(([filters]) => filters.queryKey)).toEqual([queryKeys.messages, queryKeys.unreadCount, queryKeys.conversations]);
    // The next change opens a new window.
    fake.emit('bookings', { id: 'b1' });
    await vi.advanceTimersByTimeAsync(realtimeChangeRefreshWindowMs);
    expect(queryClient.invalidateQueries).toHaveBeenCalledTimes(3 + refreshesOnChange.bookings.length);
    // Stopped within a window: nothing is refreshed any more.
    fake.emit('artists', { id: 'a1' });
    await manager.stop();
    await vi.advanceTimersByTimeAsync(realtimeChangeRefreshWindowMs);
    expect(queryClient.invalidateQueries).toHaveBeenCalledTimes(3 + refreshesOnChange.bookings.length);
  });

  it('every piece of data SPEC 4.6 names is refreshed by some table', () => {
    const refreshed = new Set(Object.values(refreshesOnChange).flat());
    expect([...refreshed].sort()).toEqual(Object.keys(queryKeys).sort());
  });

  it('hears only the tables asked for, hands each change to onChange, and refreshes only what those tables affect', async () => {
    const fake = fakeClient();
    const queryClient = { invalidateQueries: vi.fn() };
    const heard: unknown[] = [];
    const manager = createRealtimeManager({ client: fake.client, userId: 'admin1', queryClient, tables: ['bookings', 'artists'], onChange: (change) => heard.push(change) });
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    // No pop-up channel without chat_messages: an admin is not a party to the conversations.
    expect(fake.channels.map((channel) => channel.name)).toEqual(['db-changes:admin1']);
    expect(fake.channels[0]?.handlers.map((h) => h.filter.table)).toEqual(['bookings', 'artists']);
    // Once subscribed, what the heard tables affect is read again; nothing of the chat.
    const first = queryClient.invalidateQueries.mock.calls.map(([filters]) => filters.queryKey);
    expect(first).toEqual([...refreshesOnChange.bookings, ...refreshesOnChange.artists].map((name) => queryKeys[name]));
    queryClient.invalidateQueries.mockClear();

    fake.emit('bookings', { id: 'b1', status: 'confirmed' }, 'UPDATE');
    expect(heard).toEqual([{ table: 'bookings', eventType: 'UPDATE', record: { id: 'b1', status: 'confirmed' } }]);
    await vi.advanceTimersByTimeAsync(realtimeChangeRefreshWindowMs);
    expect(queryClient.invalidateQueries.mock.calls.map(([filters]) => filters.queryKey)).toEqual(refreshesOnChange.bookings.map((name) => queryKeys[name]));
    await manager.stop();
  });

  it('subscribes per user, including message_popup:{userId} for INSERTs on chat_messages', async () => {
    const fake = fakeClient();
    const manager = createRealtimeManager({ client: fake.client, userId: 'u1', queryClient: { invalidateQueries: vi.fn() } });
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(manager.getSnapshot()).toBe('connected');
    expect(fake.channels.map((channel) => channel.name)).toEqual(['db-changes:u1', 'message_popup:u1']);
    expect(fake.channels[1]?.handlers.map((h) => h.filter)).toEqual([{ event: 'INSERT', schema: 'public', table: 'chat_messages' }]);
    expect(fake.channels[0]?.handlers.map((h) => h.filter.table)).toEqual(['chat_messages', 'chat_conversations', 'bookings', 'artists']);
    await manager.stop();
    expect(fake.channels.every((channel) => channel.removed)).toBe(true);
    expect(manager.getSnapshot()).toBe('disconnected');
  });

  it('checks health every 30 s: healthy, then unhealthy when the check fails', async () => {
    const fake = fakeClient();
    const manager = createRealtimeManager({ client: fake.client, userId: 'u1', queryClient: { invalidateQueries: vi.fn() } });
    const health = vi.fn(() => Promise.resolve({ error: null as unknown }));
    fake.setHealth(health);
    manager.start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(health).not.toHaveBeenCalled();
    expect(manager.getSnapshot()).toBe('connected');
    await vi.advanceTimersByTimeAsync(1);
    expect(health).toHaveBeenCalledOnce();
    expect(manager.getSnapshot()).toBe('healthy');
    health.mockImplementation(() => Promise.resolve({ error: { message: 'down' } }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(health).toHaveBeenCalledTimes(2);
    expect(manager.getSnapshot()).toBe('unhealthy');
    await manager.stop();
  });

  it('goes offline, and on coming back reconnects with back-off until subscribed', async () => {
    // first connect works; then three failed reconnects, then success
    const fake = fakeClient(['SUBSCRIBED', 'CHANNEL_ERROR', 'TIMED_OUT', 'CHANNEL_ERROR', 'SUBSCRIBED']);
    const net = fakeConnectivity();
    const queryClient = { invalidateQueries: vi.fn() };
    const manager = createRealtimeManager({ client: fake.client, userId: 'u1', queryClient, connectivity: net.connectivity });
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(manager.getSnapshot()).toBe('connected');
    // Once subscribed, what changed since the page's first reads is read again.
    expect(queryClient.invalidateQueries).toHaveBeenCalledTimes(Object.keys(queryKeys).length);
    queryClient.invalidateQueries.mockClear();

    net.goOffline();
    expect(manager.getSnapshot()).toBe('offline');
    net.resume();
    expect(manager.getSnapshot()).toBe('disconnected');
    const subscribedChannels = () => fake.channels.filter((channel) => channel.name.startsWith('db-changes')).length;
    expect(subscribedChannels()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(subscribedChannels()).toBe(1);
    await vi.advanceTimersByTimeAsync(1); // attempt 1 after 1000 ms: fails
    expect(subscribedChannels()).toBe(2);
    expect(manager.getSnapshot()).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(subscribedChannels()).toBe(2);
    await vi.advanceTimersByTimeAsync(1); // attempt 2 after 2000 ms: fails
    expect(subscribedChannels()).toBe(3);
    await vi.advanceTimersByTimeAsync(4_000); // attempt 3 after 4000 ms: fails
    expect(subscribedChannels()).toBe(4);
    await vi.advanceTimersByTimeAsync(7_999);
    expect(subscribedChannels()).toBe(4);
    await vi.advanceTimersByTimeAsync(1); // attempt 4 after 8000 ms: subscribed
    expect(subscribedChannels()).toBe(5);
    expect(manager.getSnapshot()).toBe('connected');
    // everything missed while down is refreshed
    expect(queryClient.invalidateQueries).toHaveBeenCalledTimes(Object.keys(queryKeys).length);
    // old channels were removed each time: only the newest pair is live
    expect(fake.channels.filter((channel) => !channel.removed)).toHaveLength(2);
    await manager.stop();
  });

  it('when the realtime server goes away, reconnects by itself with back-off and reads again what it missed', async () => {
    const fake = fakeClient(['SUBSCRIBED', 'CHANNEL_ERROR', 'SUBSCRIBED']);
    const queryClient = { invalidateQueries: vi.fn() };
    const manager = createRealtimeManager({ client: fake.client, userId: 'u1', queryClient, connectivity: fakeConnectivity().connectivity });
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    queryClient.invalidateQueries.mockClear();
    const changeChannels = () => fake.channels.filter((channel) => channel.name.startsWith('db-changes')).length;

    fake.channelState('CHANNEL_ERROR');
    expect(manager.getSnapshot()).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(999);
    expect(changeChannels()).toBe(1);
    await vi.advanceTimersByTimeAsync(1); // attempt 1 after 1000 ms: fails
    expect(changeChannels()).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000); // attempt 2 after 2000 ms: subscribed
    expect(changeChannels()).toBe(3);
    expect(manager.getSnapshot()).toBe('connected');
    expect(queryClient.invalidateQueries).toHaveBeenCalledTimes(Object.keys(queryKeys).length);
    queryClient.invalidateQueries.mockClear();

    // realtime-js joins the dropped channel again before our own attempt: that counts, and the back-off starts over.
    fake.channelState('CLOSED');
    fake.channelState('SUBSCRIBED');
    expect(manager.getSnapshot()).toBe('connected');
    expect(queryClient.invalidateQueries).toHaveBeenCalledTimes(Object.keys(queryKeys).length);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(changeChannels()).toBe(3);
    await manager.stop();
    // A channel we removed ourselves is no reason to reconnect.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(changeChannels()).toBe(3);
  });

  it('does not reconnect on resume while connected', async () => {
    const fake = fakeClient();
    const net = fakeConnectivity();
    const manager = createRealtimeManager({ client: fake.client, userId: 'u1', queryClient: { invalidateQueries: vi.fn() }, connectivity: net.connectivity });
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    net.resume();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fake.channels).toHaveLength(2);
    await manager.stop();
  });

  it('ignores its own messages for pop-ups', async () => {
    const fake = fakeClient();
    const onNewMessage = vi.fn();
    const manager = createRealtimeManager({ client: fake.client, userId: 'u1', queryClient: { invalidateQueries: vi.fn() }, onNewMessage });
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    fake.emit('chat_messages', { id: 'm1', sender_id: 'u1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(onNewMessage).not.toHaveBeenCalled();
    await manager.stop();
  });

  it("reads a conversation's name for its first pop-up only; later ones come from the change itself", async () => {
    const fake = fakeClient();
    const onNewMessage = vi.fn();
    const manager = createRealtimeManager({ client: fake.client, userId: 'artist', queryClient: { invalidateQueries: vi.fn() }, onNewMessage, timeZone: 'Europe/Amsterdam' });
    const conversation = { id: 'c1', customer_id: 'klant', artist_id: 'a1', customer: { first_name: 'Kim', last_name: 'de Klant' }, artist: { name: 'The Blue Band' } };
    fake.popupRows.m1 = { id: 'm1', message_text: 'Hoi!', created_at: '2026-06-01T07:05:00Z', sender_id: 'klant', conversation_id: 'c1', conversation };
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    fake.emit('chat_messages', { id: 'm1', sender_id: 'klant', conversation_id: 'c1', message_text: 'Hoi!', created_at: '2026-06-01T07:05:00Z' });
    await vi.advanceTimersByTimeAsync(0);
    fake.emit('chat_messages', { id: 'm2', sender_id: 'klant', conversation_id: 'c1', message_text: 'Mijn nummer is [verborgen]', created_at: '2026-06-01T07:06:00Z' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.popupReads).toEqual(['m1']);
    expect(onNewMessage.mock.calls.map(([item]) => item)).toEqual([
      { id: 'm1', conversationId: 'c1', displayName: 'Kim de Klant', messageText: 'Hoi!', time: '09:05' },
      { id: 'm2', conversationId: 'c1', displayName: 'Kim de Klant', messageText: 'Mijn nummer is [verborgen]', time: '09:06' },
    ]);
    await manager.stop();
  });
});

describe('showStateOnPage', () => {
  it("puts the connection's state on the page as it changes, and takes it off when told", () => {
    let state: ConnectionStatus = 'disconnected';
    const listeners = new Set<() => void>();
    const manager = {
      getSnapshot: () => state,
      subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    };
    const root = { dataset: {} as Record<string, string | undefined> } as unknown as HTMLElement;
    const hide = showStateOnPage(manager, root);
    expect(root.dataset.realtime).toBe('disconnected');
    state = 'connected';
    for (const listener of listeners) listener();
    expect(root.dataset.realtime).toBe('connected');
    hide();
    expect(root.dataset.realtime).toBeUndefined();
    expect(listeners.size).toBe(0);
  });
});

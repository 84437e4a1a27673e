// The realtime manager (SPEC 4.6, 2.11, 7.5) against the running stack's realtime server: it
// connects, reports health, refreshes the right data when a watched table changes, and turns a
// message from the other side of a conversation into a pop-up item — never the user's own
// message and never one from a conversation they are not part of.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.types.ts';
import type { MessagePopupItem } from './message-popups.ts';
import { queryKeys } from './query-keys.ts';
import { createRealtimeManager, type RealtimeManager } from './realtime.ts';
import { closePool, createArtist, createUser, eventually, sql, type TestUser } from './stack.test-support.ts';

/**
 * A user's client whose realtime connection carries their own token, as after a login. Awaited
 * before channels join: a channel joining while setAuth is still under way keeps the anon key.
 */
async function signedIn(user: TestUser) {
  await user.client.realtime.setAuth(user.token);
  return user.client as unknown as SupabaseClient<Database>;
}

let customer: TestUser;
let artistUser: TestUser;
let stranger: TestUser;
let conversationId: string;
let strangersConversation: string;
let manager: RealtimeManager | undefined;
const popups: MessagePopupItem[] = [];
const refreshed: string[] = [];

beforeAll(async () => {
  [customer, artistUser, stranger] = await Promise.all([
    createUser('customer', { first: 'Lotte', last: 'Visser' }),
    createUser('artist', { first: 'Ruben', last: 'Mol' }),
    createUser('customer', { first: 'Kees', last: 'Jansen' }),
  ]);
  const artistId = await createArtist(artistUser, { name: 'De Zingende Zaag' });
  [{ id: conversationId }, { id: strangersConversation }] = (await sql<{ id: string }>('insert into public.chat_conversations (customer_id, artist_id) values ($1, $3), ($2, $3) returning id', [
    customer.id,
    stranger.id,
    artistId,
  ])) as [{ id: string }, { id: string }];

  manager = createRealtimeManager({
    client: await signedIn(customer),
    userId: customer.id,
    queryClient: { invalidateQueries: async ({ queryKey }) => void refreshed.push(queryKey.join('/')) },
    onNewMessage: (item) => popups.push(item),
    timeZone: 'Europe/Amsterdam',
  });
  manager.start();
  await eventually(() => manager!.getSnapshot() === 'connected');
  // 'connected' follows the changes channel; the pop-up channel joins alongside it.
  await eventually(() => customer.client.getChannels().length === 2 && customer.client.getChannels().every((channel) => channel.state === 'joined'));
});

afterEach(() => {
  popups.length = 0;
  refreshed.length = 0;
});

afterAll(async () => {
  await manager?.stop();
  await closePool();
});

const send = (client: SupabaseClient<Database>, conversation: string, senderId: string, text: string) =>
  client.from('chat_messages').insert({ conversation_id: conversation, sender_id: senderId, message_text: text });

describe('realtime manager, live', () => {
  it('reports a healthy connection', async () => {
    expect(await manager!.checkHealth()).toBe(true);
    expect(manager!.getSnapshot()).toBe('healthy');
  });

  it("shows the artist's message as a pop-up with the conversation's name and refreshes the chat data", async () => {
    expect((await send(await signedIn(artistUser), conversationId, artistUser.id, 'Wij spelen graag op jullie feest!')).error).toBeNull();
    const [item] = await eventually(() => (popups.length ? popups : undefined));
    expect(item).toMatchObject({ conversationId, displayName: 'De Zingende Zaag', messageText: 'Wij spelen graag op jullie feest!' });
    expect(item!.time).toMatch(/^\d{2}:\d{2}$/);
    // Each is refreshed by a change of its own table (the message, the conversation's last-message
    // fields, the unread count), which arrive in any order.
    const wanted = [queryKeys.unreadCount, queryKeys.messages, queryKeys.conversations].map((key) => key.join('/'));
    await eventually(() => wanted.every((key) => refreshed.includes(key)) || undefined);
    expect(refreshed).toEqual(expect.arrayContaining(wanted));
  });

  it("gives no pop-up for the user's own message", async () => {
    expect((await send(await signedIn(customer), conversationId, customer.id, 'Super, tot dan!')).error).toBeNull();
    // The change itself still refreshes the chat (their own list shows the new message).
    await eventually(() => refreshed.includes(queryKeys.messages.join('/')));
    // A reply sent afterwards is the sentinel: once its pop-up is in, the own message's event has
    // been handled too (same channel, in order), so a pop-up for it would be there.
    expect((await send(await signedIn(artistUser), conversationId, artistUser.id, 'Tot dan, wij hebben er zin in!')).error).toBeNull();
    await eventually(() => popups.some((item) => item.messageText === 'Tot dan, wij hebben er zin in!'));
    expect(popups.map((item) => item.messageText)).toEqual(['Tot dan, wij hebben er zin in!']);
  });

  it('hears nothing of a conversation the user is not part of', async () => {
    expect((await send(await signedIn(stranger), strangersConversation, stranger.id, 'Zijn jullie vrij op 12 juni?')).error).toBeNull();
    // A message the customer may see, sent afterwards, proves the feed is still flowing.
    expect((await send(await signedIn(artistUser), conversationId, artistUser.id, 'Nog één vraag: hoe laat beginnen jullie?')).error).toBeNull();
    await eventually(() => popups.some((item) => item.messageText.startsWith('Nog één vraag')));
    expect(popups.map((item) => item.messageText)).toEqual(['Nog één vraag: hoe laat beginnen jullie?']);
  });

  it('goes to disconnected when stopped', async () => {
    await manager!.stop();
    expect(manager!.getSnapshot()).toBe('disconnected');
    manager = undefined;
  });
});

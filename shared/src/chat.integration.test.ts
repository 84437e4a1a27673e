// SPEC 6 / 7.5 / 4.4 against the running stack: unread counts by role (the unread_count() rule),
// marking read, the pop-up's message read-back with its display name, the realtime health
// check query, and the active-artist check behind user mode.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.types.ts';
import { loadPopupItem } from './realtime.ts';
import { closePool, createArtist, createUser, sql, type TestUser } from './stack.test-support.ts';
import { fetchUnreadCount, markConversationRead } from './unread.ts';
import { hasActiveArtist } from './user-mode.ts';

afterAll(closePool);

const typed = (user: TestUser) => user.client as unknown as SupabaseClient<Database>;

async function conversation(customer: TestUser, artistId: string) {
  const [row] = await sql<{ id: string }>('insert into public.chat_conversations (customer_id, artist_id) values ($1, $2) returning id', [customer.id, artistId]);
  return row!.id;
}

async function send(conversationId: string, sender: TestUser, count = 1, at = '2026-06-01T07:05:00Z') {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const [row] = await sql<{ id: string }>('insert into public.chat_messages (conversation_id, sender_id, message_text, created_at) values ($1, $2, $3, $4) returning id', [
      conversationId,
      sender.id,
      `Bericht ${i + 1}`,
      at,
    ]);
    ids.push(row!.id);
  }
  return ids;
}

let customer: TestUser;
let artistUser: TestUser;
let otherArtistUser: TestUser;
let adminWithArtistRow: TestUser;
let bookedArtist: string;
let otherArtist: string;
let pendingArtist: string;
let withBookedArtist: string;
let artistAsCustomer: string;
let withPendingArtist: string;
let firstFromCustomer: string;
let fromArtist: string;

beforeAll(async () => {
  [customer, artistUser, otherArtistUser, adminWithArtistRow] = await Promise.all([
    createUser('customer', { first: 'Anna', last: 'de Vries' }),
    createUser('artist', { first: 'Bram', last: 'Bakker' }),
    createUser('artist', { first: 'Cees', last: 'Dekker' }),
    createUser('admin', { first: 'Dirk', last: 'Smit' }),
  ]);
  bookedArtist = await createArtist(artistUser, { name: 'The Blue Band' });
  otherArtist = await createArtist(otherArtistUser, { name: 'DJ Cees' });
  // An admin who also has an artists row (an artists row makes a customer an artist, not an admin).
  pendingArtist = await createArtist(adminWithArtistRow, { name: 'Dirk Duo', approved: false });

  withBookedArtist = await conversation(customer, bookedArtist);
  artistAsCustomer = await conversation(artistUser, otherArtist);
  withPendingArtist = await conversation(customer, pendingArtist);
  firstFromCustomer = (await send(withBookedArtist, customer, 2))[0]!;
  fromArtist = (await send(withBookedArtist, artistUser, 1))[0]!;
  await send(artistAsCustomer, otherArtistUser, 3);
  await send(artistAsCustomer, artistUser, 1);
  await send(withPendingArtist, customer, 2);
});

describe('SPEC 6: unread counts', () => {
  it.each([
    ['an artist counts conversations where they are the artist (2) or the customer (3), never their own', () => artistUser, 5],
    ['a customer counts only conversations where they are the customer', () => customer, 1],
    ['an artist counts the messages sent to their artist', () => otherArtistUser, 1],
    ['a non-artist user (an admin with an artists row) counts only conversations where they are the customer', () => adminWithArtistRow, 0],
  ])('%s', async (_rule, who, count) => {
    expect(await fetchUnreadCount(typed(who()))).toBe(count);
  });

  it('marking a conversation read takes its messages off the count, and only the other side’s', async () => {
    const reader = await createUser('artist');
    const artist = await createArtist(reader);
    const writer = await createUser('customer');
    const chat = await conversation(writer, artist);
    await send(chat, writer, 4);
    await send(chat, reader, 2);
    expect(await fetchUnreadCount(typed(reader))).toBe(4);
    expect(await fetchUnreadCount(typed(writer))).toBe(2);
    expect(await markConversationRead(typed(reader), chat)).toBe(4);
    expect(await fetchUnreadCount(typed(reader))).toBe(0);
    expect(await fetchUnreadCount(typed(writer))).toBe(2);
  });
});

describe('SPEC 7.5: the pop-up item read back by id', () => {
  it("shows the customer's name to the artist, with text and nl-NL time", async () => {
    expect(await loadPopupItem(typed(artistUser), firstFromCustomer, artistUser.id, 'Europe/Amsterdam')).toEqual({
      id: firstFromCustomer,
      conversationId: withBookedArtist,
      displayName: 'Anna de Vries',
      messageText: 'Bericht 1',
      time: '09:05',
    });
  });

  it("shows the artist's name to the customer", async () => {
    expect(await loadPopupItem(typed(customer), fromArtist, customer.id, 'Europe/Amsterdam')).toMatchObject({ displayName: 'The Blue Band', time: '09:05' });
  });

  it('gives nothing for your own message or one you may not read', async () => {
    expect(await loadPopupItem(typed(customer), firstFromCustomer, customer.id)).toBeNull();
    expect(await loadPopupItem(typed(otherArtistUser), firstFromCustomer, otherArtistUser.id)).toBeNull();
  });

  it('the health check query answers for a signed-in user', async () => {
    const { error } = await typed(customer).from('chat_messages').select('id').limit(1);
    expect(error).toBeNull();
  });
});

describe('SPEC 4.4 / 7.2: an active artists row', () => {
  it.each([
    ['an artist with an artists row', () => artistUser, true],
    ['a customer without one (PGRST116 is no failure)', () => customer, false],
  ])('%s', async (_case, who, active) => {
    expect(await hasActiveArtist(typed(who()), who().id)).toBe(active);
  });

  it('a soft-deleted artists row is not active', async () => {
    const user = await createUser('artist');
    const artist = await createArtist(user);
    await sql('update public.artists set deleted_at = now() where id = $1', [artist]);
    expect(await hasActiveArtist(typed(user), user.id)).toBe(false);
  });
});

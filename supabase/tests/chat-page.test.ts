// The messages page's server side against the stack, as the people involved: a
// customer opens the conversation with an artist (once, never with their own act), both sides
// list it with the other's name, the last message and what is unread; contact details are masked
// until a booking between them holds (confirmed and past the full-refund period); bad messages
// are refused in Dutch and nothing is written; a retried send is stored once; strangers read and
// write nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, urls } from '../stack/config.ts';
import { waitFor } from '../stack/testing.ts';
import { anonClient, closePool, createArtist, createBooking, createUser, sql, type TestUser } from './support.ts';

let customer: TestUser, artistUser: TestUser, stranger: TestUser;
let artistId: string, conversationId: string;

interface Listed {
  id: string;
  my_role: string;
  other_name: string;
  last_message: string | null;
  last_from_me: boolean | null;
  unread: number;
  booking_status: string | null;
}

const listed = async (user: TestUser) => ((await user.client.rpc('my_conversations')).data ?? []) as Listed[];
const send = (user: TestUser, text: string, id: string = randomUUID()) =>
  user.client.from('chat_messages').insert({ id, conversation_id: conversationId, sender_id: user.id, message_text: text }).select('message_text, masked').single();

beforeAll(async () => {
  [customer, artistUser, stranger] = await Promise.all([createUser('customer', { first: 'Carla', last: 'Klant' }), createUser('artist'), createUser('customer')]);
  artistId = await createArtist(artistUser, { name: `Chatband ${artistUser.id.slice(0, 6)}` });
});
afterAll(closePool);

describe('opening a conversation', () => {
  it('starts one with a public artist, and finds the same one again', async () => {
    const first = await customer.client.rpc('start_conversation', { artist: artistId });
    expect(first.error).toBeNull();
    conversationId = first.data as string;
    const again = await customer.client.rpc('start_conversation', { artist: artistId });
    expect(again.data).toBe(conversationId);
    expect(await sql('select id from public.chat_conversations where customer_id = $1', [customer.id])).toHaveLength(1);
  });

  it('lists a conversation nobody wrote in yet for the customer who opened it, not in the artist’s inbox', async () => {
    expect((await listed(customer)).map((row) => [row.id, row.last_message])).toEqual([[conversationId, null]]);
    expect(await listed(artistUser)).toEqual([]);
  });

  it('refuses the own act, an unknown artist and a guest, in Dutch', async () => {
    const own = await artistUser.client.rpc('start_conversation', { artist: artistId });
    expect(own.error?.message).toBe('Je kunt jezelf geen bericht sturen.');
    const unknown = await customer.client.rpc('start_conversation', { artist: randomUUID() });
    expect(unknown.error?.message).toBe('Deze artiest is niet gevonden.');
    const pendingAct = await createArtist(await createUser('artist'), { approved: false });
    expect((await customer.client.rpc('start_conversation', { artist: pendingAct })).error?.code).toBe('P0002');
    expect((await anonClient().rpc('start_conversation', { artist: artistId })).error).not.toBeNull();
  });
});

describe('messages', () => {
  it('masks phone numbers and e-mail addresses before a booking is confirmed', async () => {
    const { data, error } = await send(customer, 'Bel me op 06-12345678 of +31 6 1234 5678, of mail carla.klant@example.nl. Het feest is op 12-06-2027 om 20:00.');
    expect(error).toBeNull();
    expect(data).toEqual({ message_text: 'Bel me op [verborgen] of [verborgen], of mail [verborgen]. Het feest is op 12-06-2027 om 20:00.', masked: true });
    const plain = await send(artistUser, 'Leuk! Welke zaal?');
    expect(plain.data).toEqual({ message_text: 'Leuk! Welke zaal?', masked: false });
  });

  it('lists the conversation on both sides with the last message and what is unread', async () => {
    const [mine] = await listed(customer);
    expect(mine).toMatchObject({ id: conversationId, my_role: 'customer', other_name: `Chatband ${artistUser.id.slice(0, 6)}`, last_message: 'Leuk! Welke zaal?', last_from_me: false, unread: 1 });
    const [theirs] = await listed(artistUser);
    expect(theirs).toMatchObject({ id: conversationId, my_role: 'artist', other_name: 'Carla Klant', last_from_me: true, unread: 1 });
    expect(await listed(stranger)).toEqual([]);
  });

  it('marks read for the reader only', async () => {
    expect((await customer.client.rpc('mark_conversation_read', { conversation_id: conversationId })).data).toBe(1);
    expect((await listed(customer))[0]!.unread).toBe(0);
    expect((await listed(artistUser))[0]!.unread).toBe(1);
    expect((await customer.client.rpc('unread_count')).data).toBe(0);
    expect((await stranger.client.rpc('mark_conversation_read', { conversation_id: conversationId })).error?.code).toBe('P0002');
  });

  it('refuses an empty or oversized message and a stranger, writing nothing', async () => {
    const before = (await sql('select count(*)::int as n from public.chat_messages where conversation_id = $1', [conversationId]))[0]!.n;
    expect((await send(customer, '   \n ')).error?.message).toBe('Typ eerst een bericht.');
    expect((await send(customer, 'x'.repeat(5001))).error?.message).toBe('Je bericht is te lang (maximaal 5000 tekens).');
    expect((await send(stranger, 'Hallo, ik doe mee')).error).not.toBeNull();
    expect((await stranger.client.from('chat_messages').select('id').eq('conversation_id', conversationId)).data).toEqual([]);
    expect((await sql('select count(*)::int as n from public.chat_messages where conversation_id = $1', [conversationId]))[0]!.n).toBe(before);
  });

  it('stores a retried send once', async () => {
    const id = randomUUID();
    expect((await send(customer, 'Dit bericht komt één keer aan.', id)).error).toBeNull();
    expect((await send(customer, 'Dit bericht komt één keer aan.', id)).error?.code).toBe('23505');
    expect(await sql('select id from public.chat_messages where id = $1', [id])).toHaveLength(1);
  });

  it('lets contact details through once a confirmed booking between them can no longer be cancelled for a full refund', async () => {
    const startsAt = new Date(Date.now() + 10 * 86_400_000);
    await createBooking(customer, artistId, 'confirmed', { startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000) });
    const { data } = await send(artistUser, 'Mijn nummer voor de avond zelf: 06-98765432.');
    expect(data).toEqual({ message_text: 'Mijn nummer voor de avond zelf: 06-98765432.', masked: false });
    expect((await listed(customer))[0]!.booking_status).toBe('confirmed');
  });
});

describe('unread messages by e-mail', () => {
  const digest = (body: unknown = { unreadForSeconds: 0 }) =>
    fetch(`${urls.api}/functions/v1/send-chat-digests`, { method: 'POST', headers: { authorization: `Bearer ${keys.serviceRole}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const mailsTo = async (email: string) =>
    ((await (await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`)).json()) as { messages: { Subject: string; ID: string }[] }).messages;

  it('mails the artist one summary of what waits, once, with a link to the conversation', async () => {
    await artistUser.client.rpc('mark_conversation_read', { conversation_id: conversationId });
    await customer.client.rpc('mark_conversation_read', { conversation_id: conversationId });
    await send(customer, 'Hebben jullie ook een dj-set na het optreden?');
    await send(customer, 'En hoe laat kunnen jullie opbouwen?');
    const first = await digest();
    expect(first.status).toBe(200);
    const mail = await waitFor(async () => (await mailsTo(artistUser.email)).find((message) => message.Subject === '2 ongelezen berichten van Carla Klant'));
    const detail = (await (await fetch(`${urls.mail}/api/v1/message/${mail.ID}`)).json()) as { Text: string };
    expect(detail.Text).toContain('Carla Klant (2 berichten): "En hoe laat kunnen jullie opbouwen?"');
    expect(detail.Text).toContain(`/messages?c=${conversationId}`);
    // A second run mails nobody about the same messages; the customer, who read everything, gets none.
    expect((await digest()).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await mailsTo(artistUser.email)).filter((message) => message.Subject.includes('ongelezen'))).toHaveLength(1);
    expect((await mailsTo(customer.email)).filter((message) => message.Subject.includes('ongelezen'))).toHaveLength(0);
  });

  it('answers only the server', async () => {
    const refused = await fetch(`${urls.api}/functions/v1/send-chat-digests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(403);
    expect((await customer.client.rpc('claim_chat_digests', {})).error).not.toBeNull();
  });
});

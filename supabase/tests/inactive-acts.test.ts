// Attacks on acts that no longer act: the owner of a removed or unapproved
// act accepting requests, a customer paying such an act, and both writing in their old
// conversation. Each is refused and changes nothing; reading stays, admins keep control,
// and an active act (the control case) still does all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, urls } from '../stack/config.ts';
import { closePool, createArtist, createBooking, createUser, sql, type TestUser } from './support.ts';

let customer: TestUser, owner: TestUser, admin: TestUser;
let artistId: string;

const statusOf = async (id: string) => (await sql<{ status: string }>('select status from public.bookings where id = $1', [id]))[0]!.status;
const createPayment = (user: TestUser, bookingId: string) =>
  fetch(`${urls.api}/functions/v1/create-payment`, {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ bookingId }),
  });
const setAct = (change: 'removed' | 'suspended' | 'active') =>
  sql(
    change === 'removed'
      ? `update public.artists set deleted_at = now() where id = $1`
      : change === 'suspended'
        ? `update public.artists set approval_status = 'pending' where id = $1`
        : `update public.artists set approval_status = 'approved', deleted_at = null where id = $1`,
    [artistId],
  );

beforeAll(async () => {
  [customer, owner, admin] = await Promise.all([createUser('customer'), createUser('artist'), createUser('admin')]);
  artistId = await createArtist(owner);
});
afterAll(async () => {
  await setAct('active');
  await closePool();
});

describe.each(['removed', 'suspended'] as const)('a %s act', (state) => {
  it('cannot accept or decline a request; an admin still can cancel it', async () => {
    await setAct('active');
    const bookingId = await createBooking(customer, artistId, 'pending');
    await setAct(state);
    expect((await owner.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'accepted' })).error).not.toBeNull();
    expect((await owner.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'declined', reason: 'x' })).error).not.toBeNull();
    expect(await statusOf(bookingId)).toBe('pending');
    expect((await admin.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'cancelled', reason: 'Act verwijderd' })).error).toBeNull();
    expect(await statusOf(bookingId)).toBe('cancelled');
  });

  it('is not paid: create-payment refuses in Dutch and no payment is made', async () => {
    await setAct('active');
    const bookingId = await createBooking(customer, artistId, 'accepted');
    await setAct(state);
    const response = await createPayment(customer, bookingId);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'Deze artiest is niet meer actief op Podium. Je betaalt niets; neem contact met ons op als je vragen hebt.' });
    expect(await sql('select 1 from public.payments where booking_id = $1', [bookingId])).toHaveLength(0);
  });

  it('takes no new messages in an old conversation, from either side, but both still read it', async () => {
    await setAct('active');
    const { data: conversation, error } = await customer.client.from('chat_conversations').insert({ artist_id: artistId }).select('id').single<{ id: string }>();
    if (error) throw error;
    expect((await customer.client.from('chat_messages').insert({ conversation_id: conversation.id, sender_id: customer.id, message_text: 'Hoi!' })).error).toBeNull();
    await setAct(state);
    expect((await customer.client.from('chat_messages').insert({ conversation_id: conversation.id, sender_id: customer.id, message_text: 'Nog daar?' })).error?.code).toBe('42501');
    expect((await owner.client.from('chat_messages').insert({ conversation_id: conversation.id, sender_id: owner.id, message_text: 'Ja hoor' })).error?.code).toBe('42501');
    const history = await customer.client.from('chat_messages').select('message_text').eq('conversation_id', conversation.id);
    expect(history.data?.map((row) => row.message_text)).toEqual(['Hoi!']);
    await sql('delete from public.chat_conversations where id = $1', [conversation.id]);
  });
});

describe('an active act (the control case)', () => {
  it('accepts, is paid and chats', async () => {
    await setAct('active');
    const bookingId = await createBooking(customer, artistId, 'pending');
    expect((await owner.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'accepted' })).error).toBeNull();
    const response = await createPayment(customer, bookingId);
    expect(response.status).toBe(200);
    const { data: conversation } = await customer.client.from('chat_conversations').insert({ artist_id: artistId }).select('id').single<{ id: string }>();
    expect((await owner.client.from('chat_messages').insert({ conversation_id: conversation!.id, sender_id: owner.id, message_text: 'Welkom' })).error).toBeNull();
  });
});

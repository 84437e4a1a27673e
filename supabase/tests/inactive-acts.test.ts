// Attacks on acts that no longer act: the owner of a removed or unapproved
// act accepting requests, a customer paying such an act, and both writing in their old
// conversation. Each is refused and changes nothing; reading stays, admins keep control,
// and an active act (the control case) still does all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, urls } from '../stack/config.ts';
import { closePool, createArtist, createBooking, createUser, futureWindow, payBooking, serviceClient, sql, type TestUser } from './support.ts';

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

describe("a removed act's bookings", () => {
  const cancelJob = async () => {
    const { data, error } = await serviceClient().rpc('cancel_bookings_of_removed_acts');
    expect(error).toBeNull();
    return data as number;
  };

  it('are cancelled (unpaid accepted ones expire) by the job an hour after the removal, paid ones refunded in full and both sides mailed; past gigs and other acts stay', async () => {
    const removedOwner = await createUser('artist');
    const removed = await createArtist(removedOwner);
    const fresh = await createArtist(await createUser('artist'));
    const requested = await createBooking(customer, removed, 'pending');
    const accepted = await createBooking(customer, removed, 'accepted');
    const paid = await createBooking(customer, removed, 'accepted');
    const total = await payBooking(paid);
    const played = await createBooking(customer, removed, 'confirmed', { startsAt: new Date(Date.now() - 86_400_000), endsAt: new Date(Date.now() - 80_000_000) });
    const elsewhere = await createBooking(customer, fresh, 'pending', futureWindow());
    const justRemoved = await createBooking(customer, fresh, 'accepted', futureWindow());

    await sql(`update public.artists set deleted_at = now() - interval '2 hours' where id = $1`, [removed]);
    await sql(`update public.artists set deleted_at = now() - interval '10 minutes' where id = $1`, [fresh]);
    expect(await cancelJob()).toBeGreaterThanOrEqual(3);

    for (const id of [requested, paid]) expect(await statusOf(id)).toBe('cancelled');
    expect(await statusOf(accepted)).toBe('expired'); // nothing paid: it lapses, the system's one move from accepted
    expect(['confirmed', 'completed']).toContain(await statusOf(played)); // the gig was played: it is completed, not cancelled
    expect(await statusOf(elsewhere)).toBe('pending');
    expect(await statusOf(justRemoved)).toBe('accepted');
    const events = await sql<{ booking_id: string; actor: string; reason: string }>(
      `select booking_id, actor, reason from public.booking_events where booking_id = any($1) and to_status in ('cancelled', 'expired')`,
      [[requested, accepted, paid]],
    );
    expect(events).toHaveLength(3);
    expect(new Set(events.map((event) => `${event.actor}: ${event.reason}`))).toEqual(new Set(['system: De artiest is niet meer beschikbaar via Podium']));
    expect(await sql('select amount_cents, refund_percent, kind from private.refund_requests where booking_id = $1', [paid])).toEqual([
      { amount_cents: total, refund_percent: 100, kind: 'cancellation' },
    ]);
    const mailed = await sql<{ recipient: string }>(
      `select o.recipient from private.notification_outbox o join public.booking_events e on e.id = o.booking_event_id where o.booking_id = $1 and e.to_status = 'cancelled' order by o.recipient`,
      [paid],
    );
    expect(mailed.map((row) => row.recipient)).toEqual(['artist', 'customer']);

    // A second run finds nothing more to do.
    const again = await sql<{ n: number }>(`select count(*)::int as n from public.booking_events where booking_id = any($1)`, [[requested, accepted, paid]]);
    await cancelJob();
    expect((await sql<{ n: number }>(`select count(*)::int as n from public.booking_events where booking_id = any($1)`, [[requested, accepted, paid]]))[0]!.n).toBe(again[0]!.n);
  });

  it('is work for the service role only', async () => {
    const { error } = await customer.client.rpc('cancel_bookings_of_removed_acts');
    expect(error?.code).toBe('42501');
  });
});

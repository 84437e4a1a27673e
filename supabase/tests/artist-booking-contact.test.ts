// The portal's view of one booking, against the stack: the customer's phone number reaches the act's
// owner only once the booking holds (played, or confirmed past the full-refund period, as the chat
// unmasks contact details), and the artist may open the conversation with the booking's customer,
// which then shows in their inbox. Nobody else (the customer, another artist, a guest) gets either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, appConfig, closePool, createArtist, createBooking, createUser, futureWindow, sql, type TestUser } from './support.ts';

let owner: TestUser, customer: TestUser, otherArtist: TestUser;
let artistId: string;

interface Contact {
  customer_phone: string | null;
  phone_shown_from: string | null;
  conversation_id: string | null;
}

const contactOf = async (user: TestUser, booking: string) => {
  const { data, error } = await user.client.rpc('artist_booking_contact', { booking });
  if (error) throw new Error(error.message);
  return (data as Contact[])[0]!;
};
const daysFromNow = (days: number) => {
  const startsAt = new Date(Date.now() + days * 86_400_000);
  return { startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000) };
};

beforeAll(async () => {
  [owner, customer, otherArtist] = await Promise.all([createUser('artist'), createUser('customer', { first: 'Tessa', last: 'Telefoon' }), createUser('artist')]);
  artistId = await createArtist(owner);
  await createArtist(otherArtist);
  await sql(`update public.profiles set phone = '06 12 34 56 78' where id = $1`, [customer.id]);
});
afterAll(closePool);

describe('artist_booking_contact', () => {
  it('holds the phone number back while the customer can still cancel for a full refund, and says from when it shows', async () => {
    const fullDays = await appConfig('refund_full_days_before');
    const window = daysFromNow(fullDays + 20);
    for (const status of ['pending', 'accepted', 'confirmed'] as const) {
      const booking = await createBooking(customer, artistId, status, status === 'pending' ? window : daysFromNow(fullDays + 40 + (status === 'confirmed' ? 5 : 0)));
      const contact = await contactOf(owner, booking);
      expect(contact.customer_phone, status).toBeNull();
      const [row] = await sql<{ starts_at: Date }>('select starts_at from public.bookings where id = $1', [booking]);
      expect(Date.parse(contact.phone_shown_from!), status).toBe(row!.starts_at.getTime() - fullDays * 86_400_000);
    }
  });

  it('gives the phone number of a confirmed gig past the full-refund period, and of a played one', async () => {
    const soon = await createBooking(customer, artistId, 'confirmed', daysFromNow(5));
    expect((await contactOf(owner, soon)).customer_phone).toBe('+31612345678');
    const played = await createBooking(customer, artistId, 'completed', futureWindow(-3000));
    expect(await contactOf(owner, played)).toMatchObject({ customer_phone: '+31612345678', phone_shown_from: null });
  });

  it('never for a cancelled or declined booking, however close', async () => {
    for (const status of ['cancelled', 'declined', 'expired'] as const) {
      const booking = await createBooking(customer, artistId, status, daysFromNow(4));
      expect(await contactOf(owner, booking), status).toEqual({ customer_phone: null, phone_shown_from: null, conversation_id: null });
    }
  });

  it('answers the customer, another artist and a guest that the booking is not theirs', async () => {
    const booking = await createBooking(customer, artistId, 'confirmed', daysFromNow(6));
    for (const [who, client] of [
      ['customer', customer.client],
      ['other artist', otherArtist.client],
      ['guest', anonClient()],
    ] as const) {
      const { data, error } = await client.rpc('artist_booking_contact', { booking });
      expect(data, who).toBeNull();
      expect(error?.message, who).toMatch(/Deze boeking bestaat niet of is niet van jou\.|permission denied/);
    }
  });
});

describe('open_booking_conversation', () => {
  it('opens the conversation with the booking’s customer once, lists it in the artist’s inbox, and is the one the customer has', async () => {
    const someone = await createUser('customer', { first: 'Gijs', last: 'Gesprek' });
    const booking = await createBooking(someone, artistId, 'pending', futureWindow(300));
    expect((await contactOf(owner, booking)).conversation_id).toBeNull();

    const opened = await owner.client.rpc('open_booking_conversation', { booking });
    expect(opened.error).toBeNull();
    const id = opened.data as string;
    expect(await sql('select customer_id, artist_id from public.chat_conversations where id = $1', [id])).toEqual([{ customer_id: someone.id, artist_id: artistId }]);
    expect((await owner.client.rpc('open_booking_conversation', { booking })).data).toBe(id);
    expect((await contactOf(owner, booking)).conversation_id).toBe(id);

    const inbox = ((await owner.client.rpc('my_conversations')).data ?? []) as { id: string; other_name: string; booking_id: string; last_message: string | null }[];
    expect(inbox.find((row) => row.id === id)).toMatchObject({ other_name: 'Gijs Gesprek', booking_id: booking, last_message: null });
    expect((await someone.client.rpc('start_conversation', { artist: artistId })).data).toBe(id);
  });

  it('answers the conversation the customer started, without a second one', async () => {
    const writer = await createUser('customer');
    const started = (await writer.client.rpc('start_conversation', { artist: artistId })).data as string;
    const booking = await createBooking(writer, artistId, 'pending', futureWindow(310));
    expect((await owner.client.rpc('open_booking_conversation', { booking })).data).toBe(started);
    expect(await sql('select count(*)::int as n from public.chat_conversations where customer_id = $1', [writer.id])).toEqual([{ n: 1 }]);
  });

  it('lets nobody but the act’s owner open one, and writes nothing then', async () => {
    const stranger = await createUser('customer');
    const booking = await createBooking(stranger, artistId, 'pending', futureWindow(320));
    for (const [who, client] of [
      ['customer', stranger.client],
      ['other artist', otherArtist.client],
      ['guest', anonClient()],
    ] as const) {
      const { data, error } = await client.rpc('open_booking_conversation', { booking });
      expect(data, who).toBeNull();
      expect(error?.message, who).toMatch(/Deze boeking bestaat niet of is niet van jou\.|permission denied/);
    }
    expect(await sql('select count(*)::int as n from public.chat_conversations where customer_id = $1', [stranger.id])).toEqual([{ n: 0 }]);
  });
});

// Booking reviews, through PostgREST as each role: only the customer of their own
// completed booking writes one, once; every rating 1 to 5 and a text of 10 to 4000 characters;
// changes only by the writer and only within the edit window (14 days); the artist replies;
// every refusal is the Dutch sentence shared/src/reviews.ts shows, and nothing is written. The
// artist's rating, count and distribution follow each write.
import { randomUUID } from 'node:crypto';
import { REVIEW_MAX_LENGTH, reviewMessages } from '@podium/shared/reviews';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, createArtist, createBooking, createUser, serviceClient, sql, type TestUser } from './support.ts';

let customer: TestUser, other: TestUser, artistUser: TestUser, admin: TestUser;
let artistId: string;

const marks = (rating: number, music = rating, professionalism = rating, communication = rating) => ({
  rating,
  music_rating: music,
  professionalism_rating: professionalism,
  communication_rating: communication,
});
const review = (bookingId: string, extra: Record<string, unknown> = {}) => ({ booking_id: bookingId, ...marks(4, 5, 4, 3), body: 'Een geweldige avond, de dansvloer was vol.', ...extra });
const countFor = async (bookingId: string) => Number((await sql<{ n: string }>('select count(*) as n from public.reviews where booking_id = $1', [bookingId]))[0]!.n);
const stats = async () => (await sql<{ rating_avg: string; review_count: number }>('select rating_avg, review_count from public.artists where id = $1', [artistId]))[0];

beforeAll(async () => {
  [customer, other, artistUser, admin] = await Promise.all([createUser('customer'), createUser('customer'), createUser('artist'), createUser('admin')]);
  artistId = await createArtist(artistUser);
});
afterAll(closePool);

describe('writing a review', () => {
  it.each<[string, () => Promise<{ who: () => TestUser; bookingId: string }>, string, string]>([
    ["someone else's completed booking", async () => ({ who: () => other, bookingId: await createBooking(customer, artistId, 'completed') }), '42501', reviewMessages.notYourBooking],
    ['a booking that does not exist', async () => ({ who: () => customer, bookingId: randomUUID() }), '42501', reviewMessages.notYourBooking],
    ['a confirmed gig still to come', async () => ({ who: () => customer, bookingId: await createBooking(customer, artistId, 'confirmed') }), '42501', reviewMessages.notCompleted],
    ['a cancelled booking', async () => ({ who: () => customer, bookingId: await createBooking(customer, artistId, 'cancelled') }), '42501', reviewMessages.notCompleted],
    ['the artist, about their own gig', async () => ({ who: () => artistUser, bookingId: await createBooking(customer, artistId, 'completed') }), '42501', reviewMessages.notYourBooking],
    ["an admin, in the customer's place", async () => ({ who: () => admin, bookingId: await createBooking(customer, artistId, 'completed') }), '42501', reviewMessages.notYourBooking],
  ])('is refused for %s, in Dutch, and writes nothing', async (_, setup, code, message) => {
    const { who, bookingId } = await setup();
    const { error } = await who().client.from('reviews').insert(review(bookingId));
    expect({ code: error?.code, message: error?.message }).toEqual({ code, message });
    expect(await countFor(bookingId)).toBe(0);
  });

  it('is refused for a guest', async () => {
    const bookingId = await createBooking(customer, artistId, 'completed');
    expect((await anonClient().from('reviews').insert(review(bookingId))).error?.code).toBe('42501');
    expect(await countFor(bookingId)).toBe(0);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no overall stars', { rating: null }, reviewMessages.ratingMissing],
    ['0 stars', { rating: 0 }, reviewMessages.ratingMissing],
    ['6 stars', { rating: 6 }, reviewMessages.ratingMissing],
    ['no music stars', { music_rating: null }, reviewMessages.ratingMissing],
    ['professionalism of 9', { professionalism_rating: 9 }, reviewMessages.ratingMissing],
    ['communication of 0', { communication_rating: 0 }, reviewMessages.ratingMissing],
    ['an empty text', { body: '' }, reviewMessages.bodyTooShort],
    ['only spaces', { body: '            ' }, reviewMessages.bodyTooShort],
    ['nine characters', { body: ' Top gig! ' }, reviewMessages.bodyTooShort],
    ['a text one character too long', { body: 'x'.repeat(REVIEW_MAX_LENGTH + 1) }, reviewMessages.bodyTooLong],
  ])('with %s is refused (22023, Dutch) and writes nothing', async (_, change, message) => {
    const bookingId = await createBooking(customer, artistId, 'completed');
    const { error } = await customer.client.from('reviews').insert(review(bookingId, change));
    expect({ code: error?.code, message: error?.message }).toEqual({ code: '22023', message });
    expect(await countFor(bookingId)).toBe(0);
  });

  it('by the customer of a completed booking works once; the rating, count and distribution follow', async () => {
    const slug = (await sql<{ slug: string }>('select slug from public.artists where id = $1', [artistId]))[0]!.slug;
    const before = await stats();
    const bookingId = await createBooking(customer, artistId, 'completed');
    const { data, error } = await customer.client
      .from('reviews')
      .insert(review(bookingId, { ...marks(2, 3, 2, 1), body: '  Te laat begonnen, maar daarna prima.  ' }))
      .select('rating, music_rating, professionalism_rating, communication_rating, body, artist_id, customer_id, created_at, editable_until')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ ...marks(2, 3, 2, 1), body: 'Te laat begonnen, maar daarna prima.', artist_id: artistId, customer_id: customer.id });
    const windowDays = (Date.parse(data!.editable_until) - Date.parse(data!.created_at)) / 86_400_000;
    expect(windowDays).toBe(14);
    const after = await stats();
    expect(after!.review_count).toBe(before!.review_count + 1);

    const second = await customer.client.from('reviews').insert(review(bookingId));
    expect({ code: second.error?.code, message: second.error?.message }).toEqual({ code: '23505', message: reviewMessages.alreadyReviewed });
    expect(await countFor(bookingId)).toBe(1);

    const { data: distribution } = await anonClient().from('artist_rating_distribution').select('rating, review_count').eq('artist_slug', slug).eq('rating', 2);
    expect(distribution).toEqual([{ rating: 2, review_count: 1 }]);
    const { data: aspects } = await anonClient().from('artist_rating_aspects').select('music_avg, professionalism_avg, communication_avg, rated_count').eq('artist_slug', slug).single();
    const [expected] = await sql<{ music: string; professionalism: string; communication: string; n: number }>(
      `select round(avg(music_rating), 2)::float8::text as music, round(avg(professionalism_rating), 2)::float8::text as professionalism,
              round(avg(communication_rating), 2)::float8::text as communication, count(music_rating)::int as n
         from public.reviews where artist_id = $1`,
      [artistId],
    );
    expect(aspects).toEqual({
      music_avg: Number(expected!.music),
      professionalism_avg: Number(expected!.professionalism),
      communication_avg: Number(expected!.communication),
      rated_count: expected!.n,
    });
  });
});

describe('changing a review', () => {
  async function written(daysAgo = 0): Promise<string> {
    const bookingId = await createBooking(customer, artistId, 'completed');
    const [row] = await sql<{ id: string }>(
      `insert into public.reviews (booking_id, customer_id, rating, music_rating, professionalism_rating, communication_rating, body, created_at)
       values ($1, $2, 3, 3, 3, 3, 'Redelijk optreden.', now() - make_interval(days => $3)) returning id`,
      [bookingId, customer.id, daysAgo],
    );
    return row!.id;
  }
  const row = async (id: string) => (await sql('select rating, music_rating, body, artist_reply from public.reviews where id = $1', [id]))[0];

  it('works for the writer within 14 days, and the rating follows', async () => {
    const id = await written(13);
    const { data, error } = await customer.client
      .from('reviews')
      .update({ ...marks(5), body: 'Achteraf gezien echt top!' })
      .eq('id', id)
      .select('rating, body')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ rating: 5, body: 'Achteraf gezien echt top!' });
    const [avg] = await sql<{ ok: boolean }>('select a.rating_avg = round((select avg(rating) from public.reviews where artist_id = a.id), 2) as ok from public.artists a where a.id = $1', [artistId]);
    expect(avg!.ok).toBe(true);
  });

  it('is refused after 14 days, in Dutch, and changes nothing', async () => {
    const id = await written(15);
    const before = await row(id);
    const { error } = await customer.client.from('reviews').update({ rating: 5 }).eq('id', id);
    expect({ code: error?.code, message: error?.message }).toEqual({ code: '42501', message: 'Je kunt een review tot 14 dagen na het plaatsen aanpassen; die termijn is voorbij.' });
    expect(await row(id)).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['out-of-range stars', { music_rating: 6 }, reviewMessages.ratingMissing],
    ['an emptied text', { body: '' }, reviewMessages.bodyTooShort],
    ['an oversized text', { body: 'x'.repeat(REVIEW_MAX_LENGTH + 1) }, reviewMessages.bodyTooLong],
  ])('with %s is refused (22023) and changes nothing', async (_, patch, message) => {
    const id = await written(1);
    const before = await row(id);
    const { error } = await customer.client.from('reviews').update(patch).eq('id', id);
    expect({ code: error?.code, message: error?.message }).toEqual({ code: '22023', message });
    expect(await row(id)).toEqual(before);
  });

  it('is refused for the artist and invisible to another customer; the artist replies, the writer cannot', async () => {
    const id = await written(1);
    const before = await row(id);
    expect((await artistUser.client.from('reviews').update({ rating: 5 }).eq('id', id)).error?.code).toBe('42501');
    expect((await other.client.from('reviews').update({ body: 'Door iemand anders geschreven' }).eq('id', id).select('id')).data).toEqual([]);
    expect((await customer.client.from('reviews').update({ artist_reply: 'Van mezelf' }).eq('id', id)).error?.code).toBe('42501');
    expect(await row(id)).toEqual(before);
    const reply = await artistUser.client.from('reviews').update({ artist_reply: 'Dank je wel!' }).eq('id', id).select('artist_reply').single();
    expect(reply.data).toEqual({ artist_reply: 'Dank je wel!' });
    // The writer reads the reply back with their own reviews ('Mijn reviews').
    const mine = await customer.client.from('reviews').select('artist_reply, artist:artists(name)').eq('id', id).single();
    expect(mine.data?.artist_reply).toBe('Dank je wel!');
  });

  it('nobody can move the edit window', async () => {
    const id = await written(20);
    expect(
      (
        await customer.client
          .from('reviews')
          .update({ editable_until: new Date(Date.now() + 86_400_000).toISOString() })
          .eq('id', id)
      ).error?.code,
    ).toBe('42501');
    const byService = await serviceClient()
      .from('reviews')
      .update({ editable_until: new Date(Date.now() + 86_400_000).toISOString() })
      .eq('id', id)
      .select('editable_until')
      .single();
    expect(Date.parse(byService.data!.editable_until)).toBeLessThan(Date.now());
  });

  it('an admin may still moderate a closed review', async () => {
    const id = await written(30);
    expect((await admin.client.from('reviews').update({ body: 'Aangepast door Podium (privacy).' }).eq('id', id)).error).toBeNull();
  });
});

describe('what a guest reads', () => {
  it('the sub-ratings, not the edit window or the booking', async () => {
    const bookingId = await createBooking(customer, artistId, 'completed');
    const { data: created } = await customer.client.from('reviews').insert(review(bookingId)).select('id').single();
    const { data, error } = await anonClient().from('reviews').select('rating, music_rating, professionalism_rating, communication_rating').eq('id', created!.id).single();
    expect(error).toBeNull();
    expect(data).toEqual(marks(4, 5, 4, 3));
    expect((await anonClient().from('reviews').select('editable_until').limit(1)).error?.code).toBe('42501');
    expect((await anonClient().from('reviews').select('booking_id').limit(1)).error?.code).toBe('42501');
  });
});

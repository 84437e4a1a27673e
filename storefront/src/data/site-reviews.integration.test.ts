// @vitest-environment node
// site_reviews() against the running stack, read as a guest (what the footer's review block shows
// on every page): the average and the number of the public acts' reviews, and the two most recent
// reviews that say something (four or five stars, a sentence or more), each with its act and the
// reviewer's public name; a hidden act's review, a bare 'Top!' and a low rating never quoted.
// Other files write reviews at the same time, so this one's are dated ahead of everyone's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, createArtist, createUser, deleteAuthUser, eventually, sql, type TestUser } from '../../../shared/src/stack.test-support.ts';
import { createBooking } from '../../../supabase/tests/support.ts';
import { siteReviewsQuery } from './site-reviews.ts';

const users: TestUser[] = [];
let shown: string, hidden: string, customer: TestUser;
const tag = crypto.randomUUID().slice(0, 6);

/** A review of a completed booking, written `yearsAhead` years from now (ahead of other files' reviews). */
async function review(artistId: string, rating: number, body: string, yearsAhead: number) {
  const booking = await createBooking(customer, artistId, 'completed');
  await sql(`insert into public.reviews (booking_id, artist_id, customer_id, rating, body, created_at) values ($1, $2, $3, $4, $5, now() + make_interval(years => $6))`, [
    booking,
    artistId,
    customer.id,
    rating,
    body,
    yearsAhead,
  ]);
}

beforeAll(async () => {
  for (let i = 0; i < 2; i += 1) users.push(await createUser('artist'));
  customer = await createUser('customer');
  users.push(customer);
  await sql(`update public.public_profiles set display_name = 'Sanne V.' where id = $1`, [customer.id]);
  shown = await createArtist(users[0]!, { name: `Footerband ${tag}` });
  hidden = await createArtist(users[1]!, { name: `Verborgen footerband ${tag}`, approved: false });
  await review(shown, 5, `Wat een avond, de hele zaal stond te dansen tot de laatste noot (${tag}).`, 40);
  await review(shown, 4, `Heel fijn contact vooraf en ze speelden precies wat we vroegen (${tag}).`, 41);
  await review(hidden, 5, `Deze act is niet openbaar, dus deze zin mag nergens staan (${tag}).`, 42);
  await review(shown, 5, 'Top!', 43);
  await review(shown, 2, `Te laat begonnen en het geluid stond veel te hard voor de zaal (${tag}).`, 44);
});

afterAll(async () => {
  await sql('delete from public.bookings where artist_id = any($1::uuid[])', [[shown, hidden]]);
  for (const user of users) await deleteAuthUser(user.id);
  await closePool();
});

describe('the footer’s reviews, as a guest reads them', () => {
  it('quotes the two most recent reviews that say something, of public acts only', async () => {
    const reviews = await siteReviewsQuery.fetch(anonClient());
    expect(reviews.quotes.map(({ rating, body, reviewer, artist_name }) => ({ rating, body, reviewer, artist_name }))).toEqual([
      { rating: 4, body: `Heel fijn contact vooraf en ze speelden precies wat we vroegen (${tag}).`, reviewer: 'Sanne V.', artist_name: `Footerband ${tag}` },
      { rating: 5, body: `Wat een avond, de hele zaal stond te dansen tot de laatste noot (${tag}).`, reviewer: 'Sanne V.', artist_name: `Footerband ${tag}` },
    ]);
    const [act] = await sql<{ slug: string }>('select slug from public.artists where id = $1', [shown]);
    expect(reviews.quotes.map((quote) => quote.artist_slug)).toEqual([act!.slug, act!.slug]);
  });

  it('averages every review of the public acts to one decimal, and counts them', async () => {
    // Other files' reviews come and go meanwhile: the answer must match the database read right
    // after it, at some moment within the wait.
    const agreed = await eventually(async () => {
      const reviews = await siteReviewsQuery.fetch(anonClient());
      const [expected] = await sql<{ n: number; avg: string }>(
        `select sum(review_count)::int as n, round(sum(rating_avg * review_count) / sum(review_count), 1)::text as avg
           from public.artists where public.is_public_artist(id) and review_count > 0`,
      );
      return reviews.review_count === expected!.n && reviews.rating_avg === Number(expected!.avg) ? reviews : undefined;
    });
    expect(agreed.review_count).toBeGreaterThanOrEqual(4);
    const [own] = await sql<{ review_count: number; rating_avg: string }>('select review_count, rating_avg::text from public.artists where id = $1', [shown]);
    expect(own).toEqual({ review_count: 4, rating_avg: '4.00' });
  });
});

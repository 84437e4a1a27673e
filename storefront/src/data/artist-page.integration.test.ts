// @vitest-environment node
// The artist page's fetches against the running stack, as a visitor (anon key, real supabase-js):
// they see the public artist, its active packages with the database's prices, media, reviews
// with the reviewer's public name only, the rating spread, and busy days as bare dates (blocked
// periods and accepted or confirmed bookings; never pending or cancelled ones, never a booking
// detail). A pending artist's slug gives nothing at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, createArtist, createUser, deleteAuthUser, sql, type TestUser } from '../../../shared/src/stack.test-support.ts';
import { createBooking } from '../../../supabase/tests/support.ts';
import { artistBusyDatesQuery, artistMediaQuery, artistPackagesQuery, artistQuery, artistRatingCountsQuery, artistReviewsQuery, relatedArtistsQuery } from './artist-page.ts';

const owners: TestUser[] = [];
const artistIds: string[] = [];
let customer: TestUser;

async function artist(options: Parameters<typeof createArtist>[1]) {
  const owner = await createUser('artist');
  owners.push(owner);
  const id = await createArtist(owner, options);
  artistIds.push(id);
  const [row] = await sql<{ slug: string }>('select slug from public.artists where id = $1', [id]);
  return { id, slug: row!.slug };
}

/** A window on an Amsterdam calendar day (winter time: UTC+1). */
const amsterdam = (day: string, fromHour: number, hours: number) => {
  const startsAt = new Date(`${day}T${String(fromHour).padStart(2, '0')}:00:00+01:00`);
  return { startsAt, endsAt: new Date(startsAt.getTime() + hours * 3_600_000) };
};

// Names of their own; the test acts outrank the seed's in the admin's priority, so they lead the related list.
const category = `test-${Date.now().toString(36)}`;
const top = 2_000_000;
let main: { id: string; slug: string };
let sameKind: { id: string; slug: string };
let otherKind: { id: string; slug: string };
let pending: { id: string; slug: string };

beforeAll(async () => {
  customer = await createUser('customer', { first: 'Marieke', last: 'Jansen' });
  owners.push(customer);
  main = await artist({ name: `Testduo Zomeravond ${category}`, categories: ['duos', 'huwelijk'], basePriceCents: 90_000, priority: top });
  sameKind = await artist({ name: `Testduo Lentebries ${category}`, categories: ['huwelijk', 'duos'], priority: top - 1 });
  otherKind = await artist({ name: `Testband Herfst ${category}`, categories: ['bands', 'huwelijk'], priority: top + 1 });
  pending = await artist({ name: `Testduo Wacht ${category}`, categories: ['duos'], approved: false, priority: top + 2 });

  for (const target of [main, pending]) {
    await sql(
      `insert into public.artist_packages (artist_id, name, description, price_cents, duration_minutes, sort_order, is_active)
       values ($1, 'Ceremonie', 'Live muziek tijdens de ceremonie', 123450, 60, 0, true),
              ($1, 'Oud pakket', 'Niet meer te boeken', 50000, 60, 1, false)`,
      [target.id],
    );
    await sql(
      `insert into public.artist_media (artist_id, kind, storage_path, external_url, caption, sort_order)
       values ($1::uuid, 'image', $1::text || '/photo.jpg', null, 'Op het podium', 0),
              ($1, 'video', null, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'Live op een bruiloft', 1)`,
      [target.id],
    );
    await sql(`insert into public.artist_blocked_dates (artist_id, starts_on, ends_on) values ($1, '2030-03-05', '2030-03-06')`, [target.id]);
  }
  await createBooking(customer, main.id, 'accepted', amsterdam('2030-03-10', 20, 3));
  await createBooking(customer, main.id, 'confirmed', amsterdam('2030-03-14', 22, 3)); // runs past midnight: two busy days
  await createBooking(customer, main.id, 'pending', amsterdam('2030-03-12', 20, 3));
  await createBooking(customer, main.id, 'cancelled', amsterdam('2030-03-16', 20, 3));
  const completed = await createBooking(customer, main.id, 'completed', { startsAt: new Date('2025-06-01T18:00:00Z'), endsAt: new Date('2025-06-01T21:00:00Z') });
  await sql(`insert into public.reviews (booking_id, customer_id, rating, body) values ($1, $2, 4, 'Prachtige muziek tijdens de ceremonie.')`, [completed, customer.id]);
});

afterAll(async () => {
  await sql('delete from public.bookings where artist_id = any($1::uuid[])', [artistIds]);
  for (const owner of owners) await deleteAuthUser(owner.id);
  await closePool();
});

describe('the artist page as a visitor', () => {
  const client = anonClient();

  it('shows the public artist with its public fields only', async () => {
    const profile = await artistQuery(main.slug).fetch(client);
    expect(profile).toMatchObject({ id: main.id, slug: main.slug, name: `Testduo Zomeravond ${category}`, base_price_cents: 90_000, rating_avg: 4, review_count: 1 });
    expect(Object.keys(profile!)).not.toContain('profile_id');
    expect(Object.keys(profile!)).not.toContain('approval_status');
  });

  it('lists the active packages with the prices the database holds', async () => {
    const packages = await artistPackagesQuery(main.slug).fetch(client);
    expect(packages).toEqual([{ id: expect.any(String), name: 'Ceremonie', description: 'Live muziek tijdens de ceremonie', price_cents: 123450, duration_minutes: 60 }]);
  });

  it('lists photos and video in order', async () => {
    const media = await artistMediaQuery(main.slug).fetch(client);
    expect(media.map((item) => [item.kind, item.caption])).toEqual([
      ['image', 'Op het podium'],
      ['video', 'Live op een bruiloft'],
    ]);
  });

  it('shows reviews with the reviewer’s public name, not who they are', async () => {
    const [review, ...rest] = await artistReviewsQuery(main.slug, 0).fetch(client);
    expect(rest).toEqual([]);
    expect(review).toMatchObject({ rating: 4, body: 'Prachtige muziek tijdens de ceremonie.', reviewer: 'Marieke J.' });
    expect(Object.keys(review!).sort()).toEqual([
      'artist_replied_at',
      'artist_reply',
      'body',
      'communication_rating',
      'created_at',
      'id',
      'music_rating',
      'professionalism_rating',
      'rating',
      'reviewer',
    ]);
    expect(await artistReviewsQuery(main.slug, 1).fetch(client)).toEqual([]);
    expect(await artistRatingCountsQuery(main.slug).fetch(client)).toEqual([{ rating: 4, count: 1 }]);
  });

  it('gives busy days as bare dates: blocked days and accepted or confirmed bookings only', async () => {
    const busy = await artistBusyDatesQuery(main.slug, '2030-03-01', '2030-03-31').fetch(client);
    expect(busy).toEqual(['2030-03-05', '2030-03-06', '2030-03-10', '2030-03-14', '2030-03-15']);
    // The raw answer is dates and nothing else.
    const raw = await client.rpc('artist_busy_dates', { artist_slug: main.slug, from_date: '2030-03-10', to_date: '2030-03-10' });
    expect(raw.data).toEqual(['2030-03-10']);
    // Visitors still cannot read the bookings themselves.
    expect((await client.from('bookings').select('id').eq('artist_id', main.id)).data ?? []).toEqual([]);
  });

  it('refuses a range longer than a month view needs', async () => {
    await expect(artistBusyDatesQuery(main.slug, '2030-01-01', '2030-12-31').fetch(client)).rejects.toMatchObject({ code: '22023' });
  });

  it('suggests other public artists of the same kind (its kind of act, not an occasion it shares)', async () => {
    const related = await relatedArtistsQuery(main.slug).fetch(client);
    expect(related[0]?.id).toBe(sameKind.id);
    expect(related.length).toBeLessThanOrEqual(8);
    const ids = related.map((card) => card.id);
    expect(ids).not.toContain(main.id);
    expect(ids).not.toContain(otherKind.id);
    expect(ids).not.toContain(pending.id);
    expect(related.every((card) => card.categories.includes('duos'))).toBe(true);
  });

  it('gives nothing at all for a pending artist', async () => {
    expect(await artistQuery(pending.slug).fetch(client)).toBeNull();
    expect(await artistPackagesQuery(pending.slug).fetch(client)).toEqual([]);
    expect(await artistMediaQuery(pending.slug).fetch(client)).toEqual([]);
    expect(await artistBusyDatesQuery(pending.slug, '2030-03-01', '2030-03-31').fetch(client)).toEqual([]);
    expect(await relatedArtistsQuery(pending.slug).fetch(client)).toEqual([]);
    expect(await artistRatingCountsQuery(pending.slug).fetch(client)).toEqual([]);
  });

  it('gives nothing for a slug no artist has, or that cannot be one', async () => {
    expect(await artistQuery('bestaat-echt-niet-123').fetch(client)).toBeNull();
    expect(await artistQuery('../../etc').fetch(client)).toBeNull();
    expect(await artistPackagesQuery('Geen Slug!').fetch(client)).toEqual([]);
  });
});

// Requests that cost the database more than any honest use: search_artists reads only the
// first 8 words and 100 characters of a query (supabase/migrations/20261128000410_search_query_caps.sql),
// and block_artist_days blocks at most the days of its three-year window in one call
// (20261128000420_block_artist_days_cap.sql), as a guest and as an artist would send them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amsterdamToday } from '../../shared/src/dutch.ts';
import { anonClient, closePool, createArtist, createUser, sql, type TestUser } from './support.ts';

afterAll(closePool);

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('search_artists', () => {
  const tag = `q${Date.now().toString(36)}`;
  // Eight words, each in the act's name, so the first eight words of a query find it.
  const name = `Kwartet ${tag} Een Twee Drie Vier Vijf Zes`;
  let artistId: string;
  const found = async (query: string) => {
    const { data, error } = await anonClient().rpc('search_artists', { query, page_size: 5 });
    expect(error).toBeNull();
    return (data ?? []).map((row: { id: string }) => row.id);
  };

  beforeAll(async () => {
    artistId = await createArtist(await createUser('artist'), { name });
  });

  it('reads the first eight words of a query and leaves the rest out', async () => {
    expect(await found(name)).toEqual([artistId]);
    expect(await found(`${name} onvindbaarwoord`)).toEqual([artistId]);
    expect(await found(`${name}   onvindbaarwoord nogeenwoord`)).toEqual([artistId]);
    // Within the eight words every word still counts.
    expect(await found(`Kwartet ${tag} onvindbaarwoord`)).toEqual([]);
  });

  it('answers a query of thousands of words quickly, from its first words', async () => {
    const flood = `${name} ${Array.from({ length: 5000 }, (_, i) => `woord${i}`).join(' ')}`;
    const started = Date.now();
    expect(await found(flood)).toEqual([artistId]);
    expect(Date.now() - started).toBeLessThan(3000);
    // One word of many thousands of characters: the first 100 are read, and answered like them.
    expect(await found(`${tag}${'x'.repeat(20_000)}`)).toEqual(await found(`${tag}${'x'.repeat(100 - tag.length)}`));
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('block_artist_days', () => {
  const today = amsterdamToday();
  const horizon = addDays(today, 3 * 365);
  let owner: TestUser;
  let artistId: string;
  const blockedDays = async () =>
    Number((await sql<{ days: string }>('select coalesce(sum(ends_on - starts_on + 1), 0) as days from public.artist_blocked_dates where artist_id = $1', [artistId]))[0]!.days);

  beforeAll(async () => {
    owner = await createUser('artist');
    artistId = await createArtist(owner);
  });

  it('refuses, in Dutch, ranges that add up to more days than its window, and blocks nothing', async () => {
    const everything = { starts_on: addDays(today, -10), ends_on: addDays(today, 100 * 365) };
    const started = Date.now();
    const { error } = await owner.client.rpc('block_artist_days', { ranges: Array.from({ length: 1000 }, () => everything) });
    expect(error).toMatchObject({ code: '22023', message: 'Dit bestand heeft te veel dagen (hoogstens 1096 tegelijk).' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await owner.client.rpc('block_artist_days', { ranges: [everything, { starts_on: today, ends_on: today }] })).error?.message).toBe(
      'Dit bestand heeft te veel dagen (hoogstens 1096 tegelijk).',
    );
    expect(await blockedDays()).toBe(0);
  });

  it('still blocks the whole window in one call, counting only days from today to three years ahead', async () => {
    const { data, error } = await owner.client.rpc('block_artist_days', {
      ranges: [
        { starts_on: addDays(today, -400), ends_on: addDays(today, 9) },
        { starts_on: addDays(today, 10), ends_on: addDays(today, 20 * 365) },
      ],
    });
    expect(error).toBeNull();
    expect(data).toBe(1096);
    expect(await blockedDays()).toBe(1096);
    const [last] = await sql<{ last: string }>('select max(ends_on)::text as last from public.artist_blocked_dates where artist_id = $1', [artistId]);
    expect(last!.last).toBe(horizon);
  });
});

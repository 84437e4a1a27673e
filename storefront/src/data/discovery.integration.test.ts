// @vitest-environment node
// The discovery pages' fetches against the running stack, read as a guest: every filter of the
// artist list changes the results exactly as the data says (checked with SQL on the tables
// themselves), the category rows, the news, the figures, suggestions and favourites.
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, sql } from '../../../shared/src/stack.test-support.ts';
import { defaultFilters, parseArtistFilters, todayInAmsterdam, type ArtistFilters } from '../discovery/artist-filters.ts';
import {
  artistSearchQuery,
  favoriteArtistsQuery,
  heroCategoryCardsQuery,
  latestNewsQuery,
  marketplaceFiguresQuery,
  placeSearchQuery,
  prefetchedArtistCardsQuery,
  searchSuggestionsQuery,
} from './discovery.ts';

afterAll(closePool);

const client = anonClient();
const publicArtists = `from public.artists a where a.approval_status = 'approved' and a.deleted_at is null`;

const search = (filters: Partial<ArtistFilters>) => artistSearchQuery({ ...defaultFilters, ...filters }).fetch(client);
const ids = async (where: string, params: unknown[] = []) => (await sql<{ id: string }>(`select a.id ${publicArtists} and ${where}`, params)).map((row) => row.id).sort();
const resultIds = (result: { artists: { id: string }[] }) => result.artists.map((artist) => artist.id).sort();
/** Every page of a search, as the visitor would page through it. */
async function allIds(filters: Partial<ArtistFilters>) {
  const found: string[] = [];
  for (let page = 1; ; page++) {
    const result = await search({ ...filters, page });
    found.push(...result.artists.map((artist) => artist.id));
    if (found.length >= result.total || result.artists.length === 0) return found.sort();
  }
}

describe('the artist list (search_artists)', () => {
  it('lists every public artist in the recommended order: admin priority, then rating', async () => {
    const expected = await sql<{ name: string }>(`select a.name ${publicArtists} order by a.priority desc, a.rating_avg desc, a.review_count desc, a.name, a.id limit 24`);
    const [{ count }] = (await sql<{ count: string }>(`select count(*) ${publicArtists}`)) as [{ count: string }];
    const result = await search({});
    expect(result.total).toBe(Number(count));
    expect(result.artists.map((artist) => artist.name)).toEqual(expected.map((row) => row.name));
  });

  it('pages through the same order', async () => {
    const expected = await sql<{ id: string }>(`select a.id ${publicArtists} order by a.priority desc, a.rating_avg desc, a.review_count desc, a.name, a.id offset 24 limit 24`);
    expect((await search({ page: 2 })).artists.map((artist) => artist.id)).toEqual(expected.map((row) => row.id));
  });

  it('filters on category', async () => {
    const expected = await ids(`'bands' = any (a.categories)`);
    expect(expected.length).toBeGreaterThan(0);
    expect(await allIds({ category: 'bands' })).toEqual(expected);
    expect((await search({ category: 'bands' })).total).toBe(expected.length);
  });

  it('filters on genre (a part of it, case ignored)', async () => {
    const expected = await ids(`a.genre ilike '%soul%'`);
    expect(expected.length).toBeGreaterThan(0);
    expect(await allIds({ genre: 'Soul' })).toEqual(expected);
  });

  it('filters on distance from a place, nearest first when sorted so', async () => {
    const [utrecht] = await sql<{ id: number }>(`select id from public.places where name = 'Utrecht' and country = 'NL' order by population desc limit 1`);
    const expected = await ids(`public.distance_km((select latitude from public.places where id = $1), (select longitude from public.places where id = $1), a.latitude, a.longitude) <= 25`, [
      utrecht!.id,
    ]);
    const wider = await ids(`public.distance_km((select latitude from public.places where id = $1), (select longitude from public.places where id = $1), a.latitude, a.longitude) <= 100`, [
      utrecht!.id,
    ]);
    expect(expected.length).toBeGreaterThan(0);
    expect(wider.length).toBeGreaterThan(expected.length);
    const near = await search({ placeId: utrecht!.id, radiusKm: 25, sort: 'distance' });
    expect(resultIds(near)).toEqual(expected);
    const distances = near.artists.map((artist) => artist.distance_km ?? Infinity);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((km) => km <= 25)).toBe(true);
    expect((await search({ placeId: utrecht!.id, radiusKm: 100 })).total).toBe(wider.length);
  });

  it('leaves out artists who are busy on the chosen date', async () => {
    // The future day on which most artists have blocked their calendar.
    const [day] = await sql<{ day: string }>(
      `select to_char(d::date, 'YYYY-MM-DD') as day from public.artist_blocked_dates b, generate_series(b.starts_on, b.ends_on, interval '1 day') d
        where d::date >= $1::date group by d::date order by count(*) desc, d::date limit 1`,
      [todayInAmsterdam()],
    );
    expect(day).toBeDefined();
    const free = await ids(
      `not exists (select 1 from public.artist_blocked_dates b where b.artist_id = a.id and $1::date between b.starts_on and b.ends_on)
       and not exists (select 1 from public.bookings k where k.artist_id = a.id and k.status in ('accepted', 'confirmed')
                       and tstzrange(k.starts_at, k.ends_at) && tstzrange($1::date::timestamp at time zone 'Europe/Amsterdam', ($1::date + 1)::timestamp at time zone 'Europe/Amsterdam'))`,
      [day!.day],
    );
    expect(await allIds({ availableOn: day!.day })).toEqual(free);
    const [{ count }] = (await sql<{ count: string }>(`select count(*) ${publicArtists}`)) as [{ count: string }];
    expect(free.length).toBeLessThan(Number(count));
    expect(await allIds({ availableOn: day!.day, category: 'bands' })).toEqual(
      (await sql<{ id: string }>(`select a.id ${publicArtists} and 'bands' = any (a.categories) and a.id = any ($1::uuid[])`, [free])).map((row) => row.id).sort(),
    );
  });

  it('filters on the price range (euros in the address, cents in the data)', async () => {
    const expected = await ids(`a.from_price_cents between 50000 and 150000`);
    expect(expected.length).toBeGreaterThan(0);
    expect(await allIds({ minPriceEuros: 500, maxPriceEuros: 1500 })).toEqual(expected);
  });

  it('filters on a minimum rating', async () => {
    const expected = await ids(`a.rating_avg >= 4.5`);
    expect(expected.length).toBeGreaterThan(0);
    expect(await allIds({ minRating: 4.5 })).toEqual(expected);
  });

  it('sorts by price, rating and newest', async () => {
    const cheapest = await sql<{ from_price_cents: number }>(`select a.from_price_cents ${publicArtists} and a.from_price_cents is not null order by a.from_price_cents limit 1`);
    const byPrice = (await search({ sort: 'price_asc' })).artists.map((artist) => artist.from_price_cents ?? Infinity);
    expect(byPrice[0]).toBe(cheapest[0]!.from_price_cents);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const byPriceDown = (await search({ sort: 'price_desc' })).artists.map((artist) => artist.from_price_cents ?? -Infinity);
    expect(byPriceDown).toEqual([...byPriceDown].sort((a, b) => b - a));
    const byRating = (await search({ sort: 'rating' })).artists.map((artist) => artist.rating_avg);
    expect(byRating).toEqual([...byRating].sort((a, b) => b - a));
    const [newest] = await sql<{ id: string }>(`select a.id ${publicArtists} order by a.created_at desc, a.priority desc, a.rating_avg desc, a.review_count desc, a.name, a.id limit 1`);
    expect((await search({ sort: 'newest' })).artists[0]!.id).toBe(newest!.id);
  });

  it('finds an artist by a misspelt name and finds nobody for nonsense', async () => {
    const [artist] = await sql<{ id: string; name: string }>(`select a.id, a.name ${publicArtists} and a.name = 'De Dijkbrekers'`);
    expect((await search({ query: 'dijkbrekkers' })).artists.map((row) => row.id)).toContain(artist!.id);
    expect(await search({ query: 'qqxqzzv' })).toEqual({ artists: [], total: 0, capped: false });
  });

  it('reads the filters of an address the same way the page does', async () => {
    const filters = parseArtistFilters(new URLSearchParams('category=huwelijk&rating=4&sort=price_asc&page=onzin'));
    const expected = await ids(`'huwelijk' = any (a.categories) and a.rating_avg >= 4`);
    expect((await artistSearchQuery(filters).fetch(client)).total).toBe(expected.length);
  });
});

describe('home', () => {
  it('fetches 10 cards per hero category from public-artist-cards, in the recommended order', async () => {
    const cards = await heroCategoryCardsQuery('huwelijk').fetch(client);
    const expected = await sql<{ id: string }>(
      `select a.id ${publicArtists} and 'huwelijk' = any (a.categories) order by a.priority desc, a.rating_avg desc, a.review_count desc, a.name, a.id limit 10`,
    );
    expect(cards.map((card) => card.id)).toEqual(expected.map((row) => row.id));
    expect(cards.every((card) => card.categories.includes('huwelijk'))).toBe(true);
  });

  it('prefetches 24 cards: the first page of the plain artist list', async () => {
    const cards = await prefetchedArtistCardsQuery().fetch(client);
    expect(cards).toHaveLength(24);
    expect(cards.map((card) => card.id)).toEqual((await search({})).artists.map((artist) => artist.id));
  });

  it('shows the three newest published articles', async () => {
    const expected = await sql<{ slug: string }>(`select slug from public.news_articles where status = 'published' and published_at <= now() order by published_at desc limit 3`);
    expect((await latestNewsQuery().fetch(client)).map((article) => article.slug)).toEqual(expected.map((row) => row.slug));
  });

  it('counts the public artists and the reviews, as the tables hold them', async () => {
    const [row] = await sql<{ artists: string; reviews: string }>(
      `select (select count(*) ${publicArtists}) as artists,
              (select count(*) from public.reviews r join public.artists a on a.id = r.artist_id where a.approval_status = 'approved' and a.deleted_at is null) as reviews`,
    );
    expect(await marketplaceFiguresQuery().fetch(client)).toEqual({ artists: Number(row!.artists), reviews: Number(row!.reviews) });
  });
});

describe('suggestions, places and favourites', () => {
  it('suggests artists, genres and places while typing', async () => {
    const artists = await searchSuggestionsQuery('dijkbrek').fetch(client);
    expect(artists[0]).toMatchObject({ kind: 'artist', label: 'De Dijkbrekers', slug: 'de-dijkbrekers' });
    const genres = await searchSuggestionsQuery('soul').fetch(client);
    expect(
      genres
        .filter((suggestion) => suggestion.kind === 'genre')
        .map((suggestion) => suggestion.label.toLowerCase())
        .every((label) => label.includes('soul')),
    ).toBe(true);
    expect(genres.some((suggestion) => suggestion.kind === 'genre')).toBe(true);
    const places = await searchSuggestionsQuery('utrec').fetch(client);
    expect(places.find((suggestion) => suggestion.kind === 'place')).toMatchObject({ label: 'Utrecht' });
    expect(await searchSuggestionsQuery('u').fetch(client)).toEqual([]);
  });

  it('finds places by the start of their name, bigger places first', async () => {
    const places = await placeSearchQuery('amster').fetch(client);
    expect(places[0]).toMatchObject({ name: 'Amsterdam', country: 'NL' });
  });

  it('reads favourites in the order given and leaves out artists that are not public', async () => {
    const [first, second] = await sql<{ id: string }>(`select a.id ${publicArtists} order by a.name limit 2`);
    const [hidden] = await sql<{ id: string }>(`select id from public.artists where approval_status <> 'approved' or deleted_at is not null limit 1`);
    const cards = await favoriteArtistsQuery([second!.id, ...(hidden ? [hidden.id] : []), first!.id]).fetch(client);
    expect(cards.map((card) => card.id)).toEqual([second!.id, first!.id]);
    expect(await favoriteArtistsQuery([]).fetch(client)).toEqual([]);
  });
});

// @vitest-environment node
// The search agrees with itself, read as a guest against the running stack: the wedding
// category of the artist list counts what the wedding landing page counts, and an act's one
// 'from' price is the same on its card (search_artists), its page, the related acts and the
// favourites, whatever its packages do; an inactive package never counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, createArtist, createUser, deleteAuthUser, sql, type TestUser } from '../../../shared/src/stack.test-support.ts';
import { defaultFilters, parseArtistFilters } from '../discovery/artist-filters.ts';
import { priceLine } from '../artist-page/pricing.ts';
import { landingPages } from '../pages/landing-texts.ts';
import { artistPackagesQuery, artistQuery } from './artist-page.ts';
import { artistSearchQuery, favoriteArtistsQuery } from './discovery.ts';
import { landingArtistsQuery, landingPricesQuery } from './landing.ts';

const client = anonClient();
const owners: TestUser[] = [];
const tag = Array.from({ length: 10 }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join('');
let act: { id: string; slug: string; name: string };

beforeAll(async () => {
  const owner = await createUser('artist');
  owners.push(owner);
  const name = `Prijsproef ${tag}`;
  // A base price far from any package: the 'from' price must never be it.
  const id = await createArtist(owner, { name, categories: ['duos', 'huwelijk'], basePriceCents: 210_000 });
  await sql(
    `insert into public.artist_packages (artist_id, name, price_cents, duration_minutes, sort_order, is_active)
     values ($1, 'Avondvullend', 180000, 180, 0, true), ($1, 'Ceremonie', 95000, 60, 1, true)`,
    [id],
  );
  const [row] = await sql<{ slug: string }>('select slug from public.artists where id = $1', [id]);
  act = { id, slug: row!.slug, name };
});

afterAll(async () => {
  for (const owner of owners) await deleteAuthUser(owner.id);
  await closePool();
});

describe('the wedding category', () => {
  it('/artists?category=bruiloft lists what /bruiloft-entertainment lists, and fewer than all', async () => {
    const list = await artistSearchQuery(parseArtistFilters(new URLSearchParams('category=bruiloft'))).fetch(client);
    const landing = await landingArtistsQuery(landingPages['/bruiloft-entertainment']!.category).fetch(client);
    const everyone = await artistSearchQuery(defaultFilters).fetch(client);
    expect(list.total).toBe(landing.total);
    expect(list.total).toBeGreaterThan(0);
    expect(list.total).toBeLessThan(everyone.total);
    // The chosen category ('Bruiloft' in the filter) is the same question.
    expect((await artistSearchQuery({ ...defaultFilters, category: 'huwelijk' }).fetch(client)).total).toBe(landing.total);
    // And search_artists reads the Dutch word itself the same way.
    const { data, error } = await client.rpc('search_artists', { category: 'Bruiloft', page_size: 1 });
    expect(error).toBeNull();
    expect(Number(data?.[0]?.total_count)).toBe(landing.total);
  });
});

describe("one 'from' price", () => {
  /** The act's 'from' price as its card, its page, its sticky bar and the favourites show it. */
  async function shownPrices() {
    const card = (await artistSearchQuery({ ...defaultFilters, query: act.name }).fetch(client)).artists.find((artist) => artist.id === act.id);
    const profile = await artistQuery(act.slug).fetch(client);
    const packages = await artistPackagesQuery(act.slug).fetch(client);
    const [favorite] = await favoriteArtistsQuery([act.id]).fetch(client);
    expect(card).toBeDefined();
    expect(profile).not.toBeNull();
    return { card: card!.from_price_cents, page: profile!.from_price_cents, favorite: favorite!.from_price_cents, line: priceLine(packages, profile!.from_price_cents) };
  }

  it('is the cheapest active package on the card and the page alike, following the packages', async () => {
    const start = await shownPrices();
    expect(start).toMatchObject({ card: 95_000, page: 95_000, favorite: 95_000 });
    expect(start.line.replace(/\s/g, ' ')).toBe('Vanaf € 950');

    const [cheap] = await sql<{ id: string }>(
      `insert into public.artist_packages (artist_id, name, price_cents, duration_minutes, is_active) values ($1, 'Kort optreden', 45000, 45, true) returning id`,
      [act.id],
    );
    expect(await shownPrices()).toMatchObject({ card: 45_000, page: 45_000, favorite: 45_000 });

    await sql('update public.artist_packages set is_active = false where id = $1', [cheap!.id]);
    expect(await shownPrices()).toMatchObject({ card: 95_000, page: 95_000, favorite: 95_000 });

    await sql('delete from public.artist_packages where id = $1', [cheap!.id]);
    expect(await shownPrices()).toMatchObject({ card: 95_000, page: 95_000 });
  });

  it('never counts an inactive package, and an act without active packages has no from price', async () => {
    await sql(`insert into public.artist_packages (artist_id, name, price_cents, duration_minutes, is_active) values ($1, 'Oud pakket', 1, 60, false)`, [act.id]);
    expect(await shownPrices()).toMatchObject({ card: 95_000, page: 95_000 });

    await sql('update public.artist_packages set is_active = false where artist_id = $1', [act.id]);
    const none = await shownPrices();
    expect(none).toMatchObject({ card: null, page: null, favorite: null, line: 'Prijs op aanvraag' });
    // Nor does it fall into a price filter.
    const filtered = await artistSearchQuery({ ...defaultFilters, query: act.name, maxPriceEuros: 100_000 }).fetch(client);
    expect(filtered.artists.map((artist) => artist.id)).not.toContain(act.id);
  });

  it('is what the landing pages summarise', async () => {
    const [row] = await sql<{ min: number }>(
      `select min(from_price_cents)::int as min from public.artists where approval_status = 'approved' and deleted_at is null and 'huwelijk' = any (categories)`,
    );
    expect((await landingPricesQuery('huwelijk').fetch(client))?.minCents).toBe(row!.min);
  });
});

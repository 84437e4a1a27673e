// @vitest-environment node
// compare_acts against the running stack, read as a guest: only approved acts, in the order
// asked; the one 'from' price and the bookable packages; the distance from the chosen place; and
// whether each act is free on the chosen day (a blocked day or a confirmed booking makes it busy).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, createArtist, createUser, deleteAuthUser, sql, type TestUser } from '../../../shared/src/stack.test-support.ts';
import { createBooking } from '../../../supabase/tests/support.ts';
import { compareActsQuery } from './compare.ts';

const client = anonClient();
const owners: TestUser[] = [];
let utrecht: string, groningen: string, hidden: string, amsterdam: number;
const day = '2031-06-14';

async function act(options: Parameters<typeof createArtist>[1]) {
  const owner = await createUser('artist');
  owners.push(owner);
  return createArtist(owner, options);
}

beforeAll(async () => {
  utrecht = await act({ name: 'Vergelijkband Utrecht', placeName: 'Utrecht' });
  groningen = await act({ name: 'Vergelijkduo Groningen', categories: ['duos'], placeName: 'Groningen' });
  hidden = await act({ name: 'Vergelijkact Verborgen', approved: false, placeName: 'Utrecht' });
  await sql(
    `insert into public.artist_packages (artist_id, name, price_cents, duration_minutes, sort_order, is_active)
     values ($1, 'Feestavond', 240000, 240, 0, true), ($1, 'Receptie', 90000, 90, 1, true), ($1, 'Oud', 100, 60, 2, false),
            ($2, 'Ceremonie', 65000, 45, 0, true)`,
    [utrecht, groningen],
  );
  await sql(`update public.artists set rating_avg = 4.5, review_count = 12 where id = $1`, [utrecht]);
  await sql(`insert into public.artist_blocked_dates (artist_id, starts_on, ends_on) values ($1, $2, $2)`, [groningen, day]);
  const [row] = await sql<{ id: number }>(`select id from public.places where name = 'Amsterdam' and country = 'NL' order by population desc limit 1`);
  amsterdam = row!.id;
});

afterAll(async () => {
  await sql('delete from public.bookings where artist_id = any($1::uuid[])', [[utrecht, groningen, hidden]]);
  for (const owner of owners) await deleteAuthUser(owner.id);
  await closePool();
});

describe('compare_acts', () => {
  it('answers for approved acts only, in the order asked', async () => {
    const acts = await compareActsQuery([groningen, hidden, utrecht], null, null).fetch(client);
    expect(acts.map((a) => a.name)).toEqual(['Vergelijkduo Groningen', 'Vergelijkband Utrecht']);
    expect(acts.every((a) => a.distance_km === null && a.free_on_date === null)).toBe(true);
  });

  it('gives the from price, the bookable packages and the rating', async () => {
    const [band] = await compareActsQuery([utrecht], null, null).fetch(client);
    expect(band).toMatchObject({ from_price_cents: 90_000, rating_avg: 4.5, review_count: 12 });
    expect(band!.packages.map((p) => [p.name, p.price_cents, p.duration_minutes])).toEqual([
      ['Feestavond', 240_000, 240],
      ['Receptie', 90_000, 90],
    ]);
  });

  it('measures the distance from the chosen place', async () => {
    const acts = await compareActsQuery([utrecht, groningen], amsterdam, null).fetch(client);
    const km = Object.fromEntries(acts.map((a) => [a.id, a.distance_km!]));
    // Amsterdam–Utrecht is about 35 km as the crow flies, Amsterdam–Groningen about 145 km.
    expect(km[utrecht]).toBeGreaterThan(25);
    expect(km[utrecht]).toBeLessThan(50);
    expect(km[groningen]).toBeGreaterThan(120);
    expect(km[groningen]).toBeLessThan(170);
  });

  it('says who is free on the chosen day: a blocked day and a confirmed booking are busy', async () => {
    let acts = await compareActsQuery([utrecht, groningen], null, day).fetch(client);
    expect(Object.fromEntries(acts.map((a) => [a.name, a.free_on_date]))).toEqual({ 'Vergelijkband Utrecht': true, 'Vergelijkduo Groningen': false });
    await createBooking(await createUser('customer'), utrecht, 'confirmed', { startsAt: new Date(`${day}T18:00:00+02:00`), endsAt: new Date(`${day}T22:00:00+02:00`) });
    acts = await compareActsQuery([utrecht, groningen], null, day).fetch(client);
    expect(acts.map((a) => a.free_on_date)).toEqual([false, false]);
    acts = await compareActsQuery([utrecht, groningen], null, '2031-06-15').fetch(client);
    expect(acts.map((a) => a.free_on_date)).toEqual([true, true]);
  });

  it('compares at most three', async () => {
    const extra = await act({ name: 'Vergelijkact Vier' });
    const another = await act({ name: 'Vergelijkact Vijf' });
    const acts = await compareActsQuery([utrecht, groningen, extra, another], null, null).fetch(client);
    expect(acts).toHaveLength(3);
  });
});

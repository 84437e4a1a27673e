// Races on real parallel connections: each request is its own pg connection acting as the
// user (role authenticated + JWT claims), all fired at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, closePool, createArtist, createBooking, createUser, futureWindow, pool, sql, type TestUser } from './support.ts';

const PARALLEL = 50;
let artistUser: TestUser;
let artistId: string;

beforeAll(async () => {
  artistUser = await createUser('artist');
  artistId = await createArtist(artistUser);
});
afterAll(closePool);

async function inParallel(userId: string, calls: { text: string; params: unknown[] }[]) {
  const clients = await Promise.all(calls.map(() => pool().connect()));
  try {
    return await Promise.allSettled(calls.map((call, i) => asUser(clients[i]!, userId, () => clients[i]!.query(call.text, call.params))));
  } finally {
    for (const client of clients) client.release();
  }
}

describe('concurrency', () => {
  it(`${PARALLEL} simultaneous acceptances of overlapping bookings: exactly one wins`, async () => {
    const window = futureWindow();
    const customers = await Promise.all(Array.from({ length: PARALLEL }, () => createUser('customer')));
    const bookings = await Promise.all(
      customers.map((customer, i) =>
        createBooking(customer, artistId, 'pending', { startsAt: new Date(window.startsAt.getTime() + i * 60_000), endsAt: new Date(window.endsAt.getTime() + i * 60_000) }),
      ),
    );
    const results = await inParallel(
      artistUser.id,
      bookings.map((id) => ({ text: `select public.transition_booking($1, 'accepted')`, params: [id] })),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(new Set(lost.map((result) => (result.reason as { code: string }).code))).toEqual(new Set(['23P01']));
    const [row] = await sql<{ accepted: number; events: number }>(
      `select count(*) filter (where status = 'accepted')::int as accepted,
              (select count(*)::int from public.booking_events where booking_id = any($1) and to_status = 'accepted') as events
         from public.bookings where id = any($1)`,
      [bookings],
    );
    expect(row).toEqual({ accepted: 1, events: 1 });
  }, 60_000);

  it(`${PARALLEL} simultaneous BANDS spends: the balance never goes negative and equals the ledger`, async () => {
    const spender = await createUser('customer');
    await sql(`select private.post_bands($1, 1000, 'admin_adjustment', gen_random_uuid()::text, 'startsaldo')`, [spender.id]);
    const artists = await Promise.all(Array.from({ length: 5 }, async () => createArtist(await createUser('artist'))));
    const bookings = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => createBooking(spender, artists[i % artists.length]!, 'accepted')));
    const results = await inParallel(
      spender.id,
      bookings.map((id) => ({ text: 'select public.apply_bands_to_booking($1, 100)', params: [id] })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    const refusals = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(new Set(refusals.map((result) => (result.reason as Error).message))).toEqual(new Set(['Onvoldoende BANDS-saldo.']));
    const [row] = await sql<{ balance: number; ledger: number; applied: number }>(
      `select p.bands_balance_cents as balance,
              (select sum(amount_cents)::int from public.bands_transactions where user_id = p.id) as ledger,
              (select sum(bands_applied_cents)::int from public.bookings where customer_id = p.id) as applied
         from public.profiles p where p.id = $1`,
      [spender.id],
    );
    expect(row).toEqual({ balance: 0, ledger: 0, applied: 1000 });
  }, 60_000);
});

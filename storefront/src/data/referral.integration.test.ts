// @vitest-environment node
// The BANDS dashboard's reads against the running stack, as a signed-in user with a real
// supabase-js session (as in the browser): the code (the profile's, or one made by
// generate-referral-code), app_config's rules by name, and the ledger by SPEC 7.2's ranges,
// newest first, with the total and the booking of each entry when it is the user's own.
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, createArtist, createPasswordUser, createUser, deleteAuthUser, sql } from '../../../shared/src/stack.test-support.ts';
import { appConfig, createBooking } from '../../../supabase/tests/support.ts';
import type { PrivateClient } from './private-query.ts';
import { bandsTransactionsQuery, myReferralCodeQuery, referralRulesQuery } from './referral.ts';

const users: string[] = [];

afterAll(async () => {
  await Promise.all(users.map(deleteAuthUser));
  await closePool();
});

async function signedIn() {
  const user = await createPasswordUser('customer', { first_name: 'Bram', last_name: 'Bands' });
  users.push(user.id);
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw error;
  return { id: user.id, client: client as unknown as PrivateClient };
}

/** One ledger entry, in a transaction of its own (so each has its own created_at). */
const post = (userId: string, cents: number, type: string, source: string, reason: string, bookingId: string | null = null) =>
  sql('select private.post_bands($1, $2, $3, $4, $5, $6)', [userId, cents, type, source, reason, bookingId]);

describe("the dashboard's reads", () => {
  it("gives the profile's code, or makes one through generate-referral-code for an account without", async () => {
    const user = await signedIn();
    const [{ referral_code: own }] = (await sql<{ referral_code: string }>('select referral_code from public.profiles where id = $1', [user.id])) as [{ referral_code: string }];
    expect(await myReferralCodeQuery().fetch(user.client)).toBe(own);

    await sql('update public.profiles set referral_code = null where id = $1', [user.id]);
    const made = await myReferralCodeQuery().fetch(user.client);
    expect(made).toMatch(/^[A-Z0-9-]{4,}$/);
    const [{ referral_code: stored }] = (await sql<{ referral_code: string }>('select referral_code from public.profiles where id = $1', [user.id])) as [{ referral_code: string }];
    expect(stored).toBe(made);
    expect(await myReferralCodeQuery().fetch(user.client)).toBe(made);
  });

  it("reads the programme's rules from app_config by name", async () => {
    const user = await signedIn();
    expect(await referralRulesQuery().fetch(user.client)).toEqual({
      welcomeBonusCents: await appConfig('welcome_bonus_cents'),
      referralBonusCents: await appConfig('referral_bonus_cents'),
      codeWindowDays: await appConfig('referral_code_window_days'),
      welcomeValidDays: await appConfig('welcome_credit_valid_days'),
      monthlyCap: await appConfig('referral_bonus_monthly_cap'),
    });
  });

  it('pages the ledger newest first by row range, with the total, naming only the bookings that are the reader’s own', async () => {
    const user = await signedIn();
    for (let entry = 1; entry <= 12; entry += 1) await post(user.id, entry * 100, 'admin_adjustment', `test-${user.id}-${entry}`, `Correctie ${entry}`);
    const page = async (number: number, size: number) => bandsTransactionsQuery(number, size).fetch(user.client);

    const first = await page(1, 5);
    expect(first.total).toBe(12);
    expect(first.rows.map((row) => row.reason)).toEqual(['Correctie 12', 'Correctie 11', 'Correctie 10', 'Correctie 9', 'Correctie 8']);
    expect((await page(3, 5)).rows.map((row) => row.reason)).toEqual(['Correctie 2', 'Correctie 1']);
    expect((await page(4, 5)).rows).toEqual([]);

    // Spent on the reader's own booking: named. A bonus for a friend's booking: the friend's stays theirs.
    const owner = await createUser('artist');
    const artistId = await createArtist(owner, { name: 'Ledgerband' });
    const friend = await createUser('customer');
    const ownBooking = await createBooking({ id: user.id } as Parameters<typeof createBooking>[0], artistId, 'accepted');
    const friendsBooking = await createBooking(friend, artistId, 'completed');
    await post(user.id, -300, 'booking_redeem', ownBooking, 'BANDS gebruikt bij boeking', ownBooking);
    await post(user.id, 1000, 'referral_bonus', `test-${friend.id}`, 'Uitnodigingsbonus', friendsBooking);
    const [bonus, spent] = (await page(1, 5)).rows;
    expect(bonus).toMatchObject({ type: 'referral_bonus', amount_cents: 1000, booking_id: friendsBooking, booking: null });
    expect(spent).toMatchObject({ type: 'booking_redeem', amount_cents: -300, booking_id: ownBooking, booking: { id: ownBooking, status: 'accepted', artist: { name: 'Ledgerband' } } });
    expect((await page(1, 5)).total).toBe(14);
  });

  it('reads nobody else’s ledger', async () => {
    const [reader, other] = await Promise.all([signedIn(), signedIn()]);
    await post(other.id, 500, 'admin_adjustment', `test-${other.id}`, 'Van een ander');
    expect(await bandsTransactionsQuery(1, 10).fetch(reader.client)).toEqual({ rows: [], total: 0 });
  });
});

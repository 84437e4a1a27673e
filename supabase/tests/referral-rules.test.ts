// BANDS that cannot be farmed, each rule as the attack it stops, against the running
// stack (rules: supabase/migrations/20261126001000_referral_rules.sql).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appConfig,
  closePool,
  completeBooking,
  createArtist,
  createBooking,
  createUser,
  creditBands,
  futureWindow,
  payBooking,
  refer,
  referralCodeOf,
  serviceClient,
  sql,
  type TestUser,
} from './support.ts';

afterAll(closePool);

const referrerOf = async (user: TestUser) => (await sql<{ referrer_id: string | null }>('select referrer_id from public.profiles where id = $1', [user.id]))[0]!.referrer_id;
const balanceOf = async (user: TestUser) => (await sql<{ b: number }>('select bands_balance_cents as b from public.profiles where id = $1', [user.id]))[0]!.b;
const ledgerOf = async (user: TestUser) =>
  sql<{ type: string; amount_cents: number }>('select type, amount_cents from public.bands_transactions where user_id = $1 order by created_at, amount_cents desc', [user.id]);
const ledgerSum = async (user: TestUser) => (await sql<{ s: number }>('select coalesce(sum(amount_cents), 0)::int as s from public.bands_transactions where user_id = $1', [user.id]))[0]!.s;
const offerOn = async (user: TestUser, bookingId: string) => {
  const { data, error } = await user.client.rpc('checkout_bands', { booking_id: bookingId }).single<{ balance_cents: number; welcome_credit_cents: number }>();
  expect(error).toBeNull();
  return data!;
};
const spend = (user: TestUser, bookingId: string, cents: number) => user.client.rpc('apply_bands_to_booking', { booking_id: bookingId, amount_cents: cents });

let window = 400;
const nextWindow = () => futureWindow(window++);

let otherArtist: string;
beforeAll(async () => {
  otherArtist = await createArtist(await createUser('artist'), { name: 'De Andere Band' });
});

describe('codes', () => {
  it('count only for a recent account: an old account entering a code gets too_late and no referrer', async () => {
    const [referrer, old] = await Promise.all([createUser('customer'), createUser('customer')]);
    const days = await appConfig('referral_code_window_days');
    await sql(`update public.profiles set created_at = now() - make_interval(days => $2) where id = $1`, [old.id, days + 1]);
    expect(await refer(old, referrer)).toBe('too_late');
    expect(await referrerOf(old)).toBeNull();
  });

  it('never close a loop: B referred by A cannot refer A, nor can C further down the chain', async () => {
    const [a, b, c] = await Promise.all([createUser('customer'), createUser('customer'), createUser('customer')]);
    expect(await refer(b, a)).toBe('applied');
    expect(await refer(c, b)).toBe('applied');
    expect(await refer(a, b)).toBe('loop');
    expect(await refer(a, c)).toBe('loop');
    expect(await referrerOf(a)).toBeNull();
  });

  it('match with odd casing and spaces', async () => {
    const [referrer, user] = await Promise.all([createUser('customer'), createUser('customer')]);
    expect((await user.client.rpc('apply_referral_code', { code: `  ${(await referralCodeOf(referrer)).toLowerCase()} ` })).data).toBe('applied');
    expect(await referrerOf(user)).toBe(referrer.id);
  });
});

describe('the welcome credit', () => {
  it('is no balance: only a discount on a booking, spent at once, back as a discount (not BANDS) when the booking is cancelled', async () => {
    const [referrer, customer] = await Promise.all([createUser('customer'), createUser('customer')]);
    const welcome = await appConfig('welcome_bonus_cents');
    expect(await refer(customer, referrer)).toBe('applied');
    expect(await balanceOf(customer)).toBe(0);

    const booking = await createBooking(customer, otherArtist, 'accepted', nextWindow());
    expect(await offerOn(customer, booking)).toEqual({ balance_cents: 0, welcome_credit_cents: welcome });
    expect((await spend(customer, booking, welcome + 1)).error?.message).toBe('Onvoldoende BANDS-saldo.');
    expect(await ledgerOf(customer)).toEqual([]);
    const spent = await spend(customer, booking, welcome).single<{ bands_applied_cents: number; welcome_credit_cents: number }>();
    expect(spent.error).toBeNull();
    expect(spent.data).toMatchObject({ bands_applied_cents: welcome, welcome_credit_cents: welcome });
    expect(await balanceOf(customer)).toBe(0);
    expect(await ledgerOf(customer)).toEqual([
      { type: 'welcome_bonus', amount_cents: welcome },
      { type: 'booking_redeem', amount_cents: -welcome },
    ]);
    // Used once: the next booking gets no second welcome credit.
    const next = await createBooking(customer, otherArtist, 'accepted', nextWindow());
    expect((await offerOn(customer, next)).welcome_credit_cents).toBe(0);

    // Cancelled: the BANDS come back and the welcome part goes out again; the balance stays 0,
    // and the discount is there again for a next booking.
    expect((await customer.client.rpc('transition_booking', { booking_id: booking, new_status: 'cancelled' })).error).toBeNull();
    expect(await balanceOf(customer)).toBe(0);
    expect((await ledgerOf(customer)).map((entry) => entry.type)).toEqual(['welcome_bonus', 'booking_redeem', 'refund', 'welcome_reversal']);
    expect((await offerOn(customer, next)).welcome_credit_cents).toBe(welcome);
  });

  it('is spent first, together with earned BANDS, and counts for recent accounts only', async () => {
    const [referrer, customer, old] = await Promise.all([createUser('customer'), createUser('customer'), createUser('customer')]);
    const welcome = await appConfig('welcome_bonus_cents');
    expect(await refer(customer, referrer)).toBe('applied');
    await creditBands(customer, 700);
    const booking = await createBooking(customer, otherArtist, 'accepted', nextWindow());
    expect((await spend(customer, booking, welcome + 700)).error).toBeNull();
    expect(await balanceOf(customer)).toBe(0);

    expect(await refer(old, referrer)).toBe('applied');
    await sql(`update public.profiles set created_at = now() - make_interval(days => $2) where id = $1`, [old.id, (await appConfig('welcome_credit_valid_days')) + 1]);
    const late = await createBooking(old, otherArtist, 'accepted', nextWindow());
    expect((await offerOn(old, late)).welcome_credit_cents).toBe(0);
    expect((await spend(old, late, welcome)).error?.message).toBe('Onvoldoende BANDS-saldo.');
  });

  it('never pays for a booking of the act its referrer owns', async () => {
    const [artistOwner, customer] = await Promise.all([createUser('artist'), createUser('customer')]);
    const ownAct = await createArtist(artistOwner);
    expect(await refer(customer, artistOwner)).toBe('applied');
    const booking = await createBooking(customer, ownAct, 'accepted', nextWindow());
    expect(await offerOn(customer, booking)).toEqual({ balance_cents: 0, welcome_credit_cents: 0 });
    expect((await spend(customer, booking, 500)).error?.message).toBe('Onvoldoende BANDS-saldo.');
  });
});

describe("the referrer's bonus", () => {
  it('the five-step farm (throwaway account, own code, own act, paid, cancelled with refund) gains no BANDS, nor does completing it', async () => {
    const [artistOwner, throwaway] = await Promise.all([createUser('artist'), createUser('customer')]);
    const ownAct = await createArtist(artistOwner, { name: 'Farmband' });
    expect(await refer(throwaway, artistOwner)).toBe('applied');
    const booking = await createBooking(throwaway, ownAct, 'accepted', nextWindow());
    expect((await spend(throwaway, booking, 500)).error).not.toBeNull();
    await payBooking(booking);
    expect((await throwaway.client.rpc('transition_booking', { booking_id: booking, new_status: 'cancelled' })).error).toBeNull();
    const refunds = await sql<{ n: number }>('select count(*)::int as n from private.refund_requests where booking_id = $1', [booking]);
    expect(refunds[0]!.n).toBeGreaterThan(0);

    // Played instead of cancelled: the referrer owns the act, so still nothing.
    const played = await createBooking(throwaway, ownAct, 'accepted', nextWindow());
    await payBooking(played);
    await completeBooking(played);
    for (const user of [artistOwner, throwaway]) {
      expect(await balanceOf(user)).toBe(0);
      expect(await ledgerOf(user)).toEqual([]);
    }
  });

  it('is taken back when the completed booking is refunded, as far as the balance goes', async () => {
    const [referrer, customer] = await Promise.all([createUser('customer'), createUser('customer')]);
    const bonus = await appConfig('referral_bonus_cents');
    expect(await refer(customer, referrer)).toBe('applied');
    const booking = await createBooking(customer, otherArtist, 'accepted', nextWindow());
    const total = await payBooking(booking);
    await completeBooking(booking);
    expect(await balanceOf(referrer)).toBe(bonus);
    // The referrer spent part of it before the refund.
    await sql(`select private.post_bands($1, -300, 'admin_adjustment', gen_random_uuid()::text, 'test')`, [referrer.id]);
    const { error } = await serviceClient().rpc('record_payment_refund', { provider_payment_id: `tr_${booking}`, refunded_cents: total });
    expect(error).toBeNull();
    expect(await balanceOf(referrer)).toBe(0);
    expect(await ledgerOf(referrer)).toEqual([
      { type: 'referral_bonus', amount_cents: bonus },
      { type: 'admin_adjustment', amount_cents: -300 },
      { type: 'referral_reversal', amount_cents: -(bonus - 300) },
    ]);
    expect((await sql<{ uses: number }>('select referral_acquisition_bonus_uses as uses from public.profiles where id = $1', [referrer.id]))[0]!.uses).toBe(0);
    // A second refund notice changes nothing.
    await serviceClient().rpc('record_payment_refund', { provider_payment_id: `tr_${booking}`, refunded_cents: total });
    expect(await ledgerSum(referrer)).toBe(0);
  });

  it('stops at the monthly cap', async () => {
    const [referrer, customer] = await Promise.all([createUser('customer'), createUser('customer')]);
    const cap = await appConfig('referral_bonus_monthly_cap');
    for (let i = 0; i < cap; i++) await sql(`select private.post_bands($1, 1000, 'referral_bonus', gen_random_uuid()::text, 'eerder deze maand')`, [referrer.id]);
    expect(await refer(customer, referrer)).toBe('applied');
    const booking = await createBooking(customer, otherArtist, 'accepted', nextWindow());
    await payBooking(booking);
    await completeBooking(booking);
    expect((await ledgerOf(referrer)).filter((entry) => entry.type === 'referral_bonus')).toHaveLength(cap);
  });
});

describe('spending', () => {
  it('50 spends at once never take the balance below zero, and the balance stays the ledger', async () => {
    const customer = await createUser('customer');
    const artist = await createArtist(await createUser('artist'));
    await creditBands(customer, 10_000);
    const bookings = await Promise.all(Array.from({ length: 50 }, (_, i) => createBooking(customer, artist, 'accepted', futureWindow(600 + i))));
    const results = await Promise.all(bookings.map((id) => spend(customer, id, 300)));
    const succeeded = results.filter((result) => !result.error).length;
    expect(succeeded).toBe(33);
    expect(new Set(results.filter((result) => result.error).map((result) => result.error!.message))).toEqual(new Set(['Onvoldoende BANDS-saldo.']));
    expect(await balanceOf(customer)).toBe(10_000 - succeeded * 300);
    expect(await ledgerSum(customer)).toBe(await balanceOf(customer));
  });

  it('two spends on one booking at once: one counts, the other is refused in Dutch', async () => {
    const customer = await createUser('customer');
    await creditBands(customer, 2_000);
    const booking = await createBooking(customer, otherArtist, 'accepted', nextWindow());
    const results = await Promise.all([spend(customer, booking, 800), spend(customer, booking, 900)]);
    expect(results.filter((result) => !result.error)).toHaveLength(1);
    expect(results.find((result) => result.error)!.error!.message).toBe('Er zijn al BANDS gebruikt voor deze boeking.');
    expect(await ledgerSum(customer)).toBe(await balanceOf(customer));
    expect([1_200, 1_100]).toContain(await balanceOf(customer));
  });
});

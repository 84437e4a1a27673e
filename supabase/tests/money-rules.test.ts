// Money rules that could be gamed, each as the attempt it stops, against the running stack
// (rules: supabase/migrations/20261202000100_refunds_by_policy.sql and
// 20261202000200_package_min_price.sql):
//  - a €0,01 package (the referral farm's first step) is refused, and so is any booking below
//    the minimum, whichever way it is written;
//  - BANDS spent on a booking come back by the cancellation policy, as the money does, and the
//    cancel dialog's quote says so beforehand;
//  - a payment's refund requests never add up to more than was paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig, closePool, completeBooking, createArtist, createBooking, createUser, creditBands, payBooking, refer, sql, type TestUser } from './support.ts';

afterAll(closePool);

const DAY = 86_400_000;
/** A three-hour gig starting this many days from now (negative: it has started). */
const gigIn = (days: number) => {
  const startsAt = new Date(Date.now() + days * DAY + Math.floor(Math.random() * 3_600_000));
  return { startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000) };
};
const balanceOf = async (user: TestUser) => (await sql<{ b: number }>('select bands_balance_cents as b from public.profiles where id = $1', [user.id]))[0]!.b;
const bandsRefundsOf = (bookingId: string) => sql<{ amount_cents: number }>(`select amount_cents from public.bands_transactions where booking_id = $1 and type = 'refund'`, [bookingId]);

describe('the minimum price', () => {
  let artist: TestUser;
  let act: string;
  let minimum: number;
  beforeAll(async () => {
    artist = await createUser('artist');
    act = await createArtist(artist);
    minimum = await appConfig('package_min_price_cents');
  });

  it('is €50 unless app_config says otherwise', () => expect(minimum).toBe(5000));

  it('refuses a package of €0,01 or €49,99 with a Dutch message, and takes one of €50', async () => {
    for (const cents of [1, 4999]) {
      const { data, error } = await artist.client.from('artist_packages').insert({ artist_id: act, name: 'Spotgoedkoop', price_cents: cents }).select('id');
      expect(data).toBeNull();
      // 22023: the portal's forms show it as it is.
      expect(error).toMatchObject({ code: '22023', message: 'Een pakket kost minimaal € 50.' });
    }
    const { data, error } = await artist.client.from('artist_packages').insert({ artist_id: act, name: 'Borrel', price_cents: 5000 }).select('id, price_cents').single();
    expect(error).toBeNull();
    expect(data?.price_cents).toBe(5000);
    expect(await sql('select 1 from public.artist_packages where artist_id = $1 and price_cents < 5000', [act])).toHaveLength(0);
  });

  it('refuses lowering a package below it, and switching a cheap old package back on; the package keeps its price', async () => {
    const [pkg] = await sql<{ id: string }>(`insert into public.artist_packages (artist_id, name, price_cents) values ($1, 'Feestavond', 65000) returning id`, [act]);
    const lowered = await artist.client.from('artist_packages').update({ price_cents: 1 }).eq('id', pkg!.id).select('id');
    expect(lowered.error?.message).toBe('Een pakket kost minimaal € 50.');
    expect((await sql<{ price_cents: number }>('select price_cents from public.artist_packages where id = $1', [pkg!.id]))[0]!.price_cents).toBe(65000);

    // A package from before the rule was switched off by the migration; it stays off at its price.
    await sql(`alter table public.artist_packages disable trigger artist_packages_min_price`);
    const [old] = await sql<{ id: string }>(`insert into public.artist_packages (artist_id, name, price_cents, is_active) values ($1, 'Oud', 1, false) returning id`, [act]);
    await sql(`alter table public.artist_packages enable trigger artist_packages_min_price`);
    const reactivated = await artist.client.from('artist_packages').update({ is_active: true }).eq('id', old!.id).select('id');
    expect(reactivated.error?.message).toBe('Een pakket kost minimaal € 50.');
    // It can still be moved or edited while off: only a write that keeps a cheap package active is refused.
    const moved = await artist.client.from('artist_packages').update({ sort_order: 9 }).eq('id', old!.id).select('sort_order, is_active').single();
    expect(moved.data).toEqual({ sort_order: 9, is_active: false });
  });

  it('writes no booking below it, by request_booking on an act priced at €0,01 or by any other way in', async () => {
    const cheap = await createArtist(await createUser('artist'), { basePriceCents: 1 });
    const customer = await createUser('customer');
    const gig = gigIn(60);
    const { data, error } = await customer.client.rpc('request_booking', { artist_id: cheap, starts_at: gig.startsAt.toISOString(), ends_at: gig.endsAt.toISOString() });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: 'P0001', message: 'Deze boeking kan niet: een optreden kost via Podium minimaal € 50.' });
    await expect(createBooking(customer, cheap, 'confirmed', gigIn(61), 1)).rejects.toThrow('minimaal € 50');
    expect(await sql('select 1 from public.bookings where artist_id = $1', [cheap])).toHaveLength(0);
  });
});

describe('BANDS come back by the cancellation policy', () => {
  let act: string;
  beforeAll(async () => {
    act = await createArtist(await createUser('artist'));
  });

  /** A confirmed booking of €1.000 (+ fee) of which BANDS paid `bands` and money the rest. */
  async function paidWithBands(days: number, bands: number) {
    const customer = await createUser('customer');
    await creditBands(customer, bands);
    const bookingId = await createBooking(customer, act, 'accepted', gigIn(days));
    const spent = await customer.client.rpc('apply_bands_to_booking', { booking_id: bookingId, amount_cents: bands });
    expect(spent.error).toBeNull();
    await payBooking(bookingId);
    expect(await balanceOf(customer)).toBe(0);
    return { customer, bookingId };
  }

  const quoteOf = async (user: TestUser, bookingId: string) => {
    const { data, error } = await user.client
      .rpc('cancellation_quote', { booking_id: bookingId })
      .single<{ paid_cents: number; refund_percent: number; refund_cents: number; bands_spent_cents: number; bands_refund_cents: number }>();
    expect(error).toBeNull();
    return data!;
  };
  const cancel = async (user: TestUser, bookingId: string) => {
    const { error } = await user.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'cancelled', reason: 'Toch niet' });
    expect(error).toBeNull();
  };

  it.each([
    ['60 days ahead: all of them', 60, 80_000, 100, 80_000],
    ['10 days ahead: half', 10, 80_000, 50, 40_000],
    ['2 days ahead: none', 2, 80_000, 0, 0],
  ])('a customer who cancels %s, as the quote said', async (_label, days, bands, percent, back) => {
    const { customer, bookingId } = await paidWithBands(days, bands);
    const quote = await quoteOf(customer, bookingId);
    expect(quote).toMatchObject({ refund_percent: percent, bands_spent_cents: bands, bands_refund_cents: back });
    await cancel(customer, bookingId);
    expect(await balanceOf(customer)).toBe(back);
    expect((await bandsRefundsOf(bookingId)).map((row) => row.amount_cents)).toEqual(back > 0 ? [back] : []);
  });

  it('a customer who cancels after the gig started gets neither money nor BANDS back', async () => {
    const { customer, bookingId } = await paidWithBands(30, 90_000);
    // The gig has begun: the clock moves, not the test.
    await sql(`update public.bookings set starts_at = now() - interval '1 hour', ends_at = now() + interval '2 hours' where id = $1`, [bookingId]);
    expect(await quoteOf(customer, bookingId)).toMatchObject({ refund_percent: 0, refund_cents: 0, bands_spent_cents: 90_000, bands_refund_cents: 0 });
    await cancel(customer, bookingId);
    expect(await balanceOf(customer)).toBe(0);
    expect(await bandsRefundsOf(bookingId)).toEqual([]);
    expect(await sql('select 1 from private.refund_requests where booking_id = $1', [bookingId])).toHaveLength(0);
  });

  it('an artist who cancels gives every BANDS back, whenever it is', async () => {
    const owner = await createUser('artist');
    const ownAct = await createArtist(owner);
    const customer = await createUser('customer');
    await creditBands(customer, 30_000);
    const bookingId = await createBooking(customer, ownAct, 'accepted', gigIn(2));
    expect((await customer.client.rpc('apply_bands_to_booking', { booking_id: bookingId, amount_cents: 30_000 })).error).toBeNull();
    await payBooking(bookingId);
    expect(await quoteOf(owner, bookingId)).toMatchObject({ refund_percent: 100, bands_refund_cents: 30_000 });
    await cancel(owner, bookingId);
    expect(await balanceOf(customer)).toBe(30_000);
  });
});

describe('the referral bonus', () => {
  const bonusesOf = (user: TestUser) => sql<{ amount_cents: number }>(`select amount_cents from public.bands_transactions where user_id = $1 and type = 'referral_bonus'`, [user.id]);

  it('comes only with a booking the referred customer paid at least €250 for in money', async () => {
    expect(await appConfig('referral_min_booking_cents')).toBe(25_000);
    const act = await createArtist(await createUser('artist'));
    const [referrer, referred] = await Promise.all([createUser('customer'), createUser('customer')]);
    expect(await refer(referred, referrer)).toBe('applied');

    // €200 + fee = €210: played, and no bonus.
    const small = await createBooking(referred, act, 'accepted', gigIn(40), 20_000);
    await payBooking(small);
    await completeBooking(small);
    expect(await bonusesOf(referrer)).toEqual([]);

    // €1.000 of which BANDS paid €900: €150 in money, no bonus either.
    await creditBands(referred, 90_000);
    const withBands = await createBooking(referred, act, 'accepted', gigIn(41));
    expect((await referred.client.rpc('apply_bands_to_booking', { booking_id: withBands, amount_cents: 90_000 })).error).toBeNull();
    await payBooking(withBands);
    await completeBooking(withBands);
    expect(await bonusesOf(referrer)).toEqual([]);

    // €1.000 paid in money: the bonus, once.
    const real = await createBooking(referred, act, 'accepted', gigIn(42));
    await payBooking(real);
    await completeBooking(real);
    expect(await bonusesOf(referrer)).toEqual([{ amount_cents: await appConfig('referral_bonus_cents') }]);
  });
});

describe('refunds of one payment', () => {
  it('never add up to more than was paid', async () => {
    const customer = await createUser('customer');
    const act = await createArtist(await createUser('artist'));
    const bookingId = await createBooking(customer, act, 'accepted', gigIn(90));
    const paid = await payBooking(bookingId);
    const [payment] = await sql<{ id: string }>('select id from public.payments where booking_id = $1', [bookingId]);
    const request = (kind: string, cents: number) =>
      sql(
        `insert into private.refund_requests (booking_id, payment_id, provider_payment_id, amount_cents, currency, refund_percent, kind)
         values ($1::uuid, $2, 'tr_' || $1::text, $3, 'EUR', 10, $4)`,
        [bookingId, payment!.id, cents, kind],
      );
    await request('excess', 1000);
    await expect(request('cancellation', paid - 999)).rejects.toThrow('Er kan niet meer worden terugbetaald dan er betaald is.');
    await request('cancellation', paid - 1000);
    await expect(request('unmatched', 1)).rejects.toThrow('Er kan niet meer worden terugbetaald dan er betaald is.');
    expect((await sql<{ s: number }>('select sum(amount_cents)::int as s from private.refund_requests where payment_id = $1', [payment!.id]))[0]!.s).toBe(paid);
  });
});

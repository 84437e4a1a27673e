// The back office's 'Kasboek' (admin_cash_book, 20261207000200_backoffice_payouts_and_cash_book.sql):
// every euro in equals refunds + paid out to artists + Podium's revenue + what is still held, per
// day and in total, to the cent: over whatever the database holds (seed, journeys) and over one
// day of bookings made here in every state money can be in. Admins with a second factor only.
// The bookings are committed (the admin reads them through PostgREST); their payments are moved to
// a day of their own, so other tests' bookings never mix into the figures checked here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, completeBooking, createArtist, createBooking, createUser, creditBands, payBooking, pool, serviceClient, sql, type TestUser } from './support.ts';

afterAll(closePool);

interface CashBookRow {
  day: string | null;
  bookings: number;
  money_in_cents: number;
  refunds_cents: number;
  refunds_pending_cents: number;
  routed_cents: number;
  transferred_cents: number;
  paid_out_cents: number;
  service_fee_cents: number;
  bands_discount_cents: number;
  cancellation_kept_cents: number;
  revenue_cents: number;
  held_cents: number;
  owed_to_artists_cents: number;
  difference_cents: number;
  chargebacks_cents: number;
  chargeback_loss_cents: number;
}

const DAY = 86_400_000;
let admin: TestUser;
let act: string;
let gigs = 0;
/** A three-hour gig `days` from now (negative: over), a few hours apart from this file's others. */
const gigIn = (days: number) => {
  gigs += 1;
  const startsAt = new Date(Date.now() + days * DAY + gigs * 4 * 3_600_000);
  return { startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000) };
};

async function cashBook(client = admin.client, from?: string, to?: string): Promise<CashBookRow[]> {
  const { data, error } = await client.rpc('admin_cash_book', { ...(from ? { from_day: from } : {}), ...(to ? { to_day: to } : {}) });
  expect(error).toBeNull();
  return data as CashBookRow[];
}

const sumOf = (rows: CashBookRow[], key: keyof CashBookRow) => rows.reduce((sum, row) => sum + Number(row[key]), 0);

beforeAll(async () => {
  admin = await createUser('admin');
  act = await createArtist(await createUser('artist'));
});

interface Gap {
  booking_id: string;
  day: string;
  difference_cents: number;
}

describe('the cash book over everything in the database', () => {
  it('balances to the cent for every seeded booking; each day differs by exactly the bookings it lists as not adding up; the total is the sum of the days and of every paid payment', async () => {
    // One snapshot for the book, its gaps and the independent sums, while journeys pay beside us.
    const client = await pool().connect();
    try {
      await client.query('begin isolation level repeatable read');
      const [paid] = (
        await client.query<{ cents: string; bookings: string }>(`select coalesce(sum(amount_cents), 0) as cents, count(distinct booking_id) as bookings from public.payments where status = 'paid'`)
      ).rows;
      const seeded = new Set(
        (await client.query<{ id: string }>(`select b.id from public.bookings b join public.profiles p on p.id = b.customer_id where p.email like '%@demo.podium.nl'`)).rows.map((row) => row.id),
      );
      await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: admin.id, role: 'authenticated', aal: 'aal2' })]);
      // As JSON, the way PostgREST hands it to the back office: days as text, amounts as numbers.
      const rows = (await client.query<{ row: CashBookRow }>('select to_jsonb(b) as row from public.admin_cash_book() b')).rows.map(({ row }) => row);
      const gaps = (await client.query<{ row: Gap }>('select to_jsonb(g) as row from public.admin_cash_book_gaps() g')).rows.map(({ row }) => row);
      await client.query('rollback');
      const [total, ...days] = rows;
      expect(total!.day).toBeNull();
      expect(days.length).toBeGreaterThan(0);
      expect(days.filter((row) => row.day === null)).toEqual([]);
      expect(seeded.size).toBeGreaterThan(0);
      // The seed's money adds up; what other tests' fixtures wrote by hand (a payout nobody paid
      // for, a refund the payout did not follow) is listed, booking by booking.
      expect(gaps.filter((gap) => seeded.has(gap.booking_id))).toEqual([]);
      expect(gaps.length).toBeLessThan(200);
      const gapOn = new Map<string, number>();
      for (const gap of gaps) gapOn.set(gap.day, (gapOn.get(gap.day) ?? 0) + gap.difference_cents);
      expect(days.filter((row) => row.difference_cents !== (gapOn.get(row.day!) ?? 0))).toEqual([]);
      expect(total!.difference_cents).toBe(sumOf(days, 'difference_cents'));
      expect(total!.money_in_cents).toBe(Number(paid!.cents));
      expect(total!.bookings).toBeGreaterThanOrEqual(Number(paid!.bookings));
      for (const key of ['bookings', 'money_in_cents', 'refunds_cents', 'paid_out_cents', 'revenue_cents', 'held_cents'] as const) expect(total![key], key).toBe(sumOf(days, key));
      // Newest day first, each day once.
      expect(days.map((row) => row.day)).toEqual([...new Set(days.map((row) => row.day))].sort().reverse());
    } finally {
      client.release();
    }
  });
});

describe('one day of bookings in every state', () => {
  let day: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const customer = await createUser('customer');
    const paidGig = async (days: number) => {
      const id = await createBooking(customer, act, 'accepted', gigIn(days));
      await payBooking(id);
      return id;
    };
    // €1.000 each, + €50 service fee: €1.050 paid unless BANDS paid part.
    ids.upcoming = await paidGig(60);
    ids.cancelled = await paidGig(10);
    expect((await customer.client.rpc('transition_booking', { booking_id: ids.cancelled, new_status: 'cancelled', reason: 'Toch niet' })).error).toBeNull();
    for (const name of ['partial', 'full', 'open']) {
      ids[name] = await paidGig(-3 - Object.keys(ids).length);
      await completeBooking(ids[name]!, { checkIn: 'open' });
      const reported = await customer.client.rpc('answer_checkin', { booking_id: ids[name], all_good: false, reason: 'late', details: 'De band begon twee uur te laat.' });
      expect(reported.error).toBeNull();
    }
    expect((await admin.client.rpc('resolve_booking_case', { booking_id: ids.partial, resolution: 'partial_refund', refund_cents: 25_000 })).error).toBeNull();
    expect((await admin.client.rpc('resolve_booking_case', { booking_id: ids.full, resolution: 'full_refund' })).error).toBeNull();
    ids.paidOut = await paidGig(-20);
    await completeBooking(ids.paidOut);
    const routed = await serviceClient().rpc('finish_payout', { booking_id: ids.paidOut, outcome: 'paid', organization_id: 'org_kasboek', route_id: 'crt_kasboek1', route_cents: 100_000 });
    expect(routed.error).toBeNull();
    // €800 of BANDS: the customer pays €250, the artist gets €1.000 (€750 from Podium's balance).
    await creditBands(customer, 80_000);
    ids.bands = await createBooking(customer, act, 'accepted', gigIn(-30));
    expect((await customer.client.rpc('apply_bands_to_booking', { booking_id: ids.bands, amount_cents: 80_000 })).error).toBeNull();
    expect(await payBooking(ids.bands)).toBe(25_000);
    await completeBooking(ids.bands);
    const split = await serviceClient().rpc('finish_payout', {
      booking_id: ids.bands,
      outcome: 'paid',
      organization_id: 'org_kasboek',
      route_id: 'crt_kasboek2',
      route_cents: 25_000,
      transfer_id: 'trf_kasboek2',
      transfer_cents: 75_000,
    });
    expect(split.error).toBeNull();
    // A day of their own, far enough back that nothing else was paid on it.
    const [row] = await sql<{ day: string }>(`select to_char(date '2001-01-01' + (random() * 5000)::int, 'YYYY-MM-DD') as day`);
    day = row!.day;
    await sql(`update public.payments set paid_at = ($1::date + time '12:00') at time zone 'Europe/Amsterdam' where booking_id = any($2::uuid[])`, [day, Object.values(ids)]);
  });

  it('shows where each euro went, and the difference is 0', async () => {
    const rows = await cashBook(admin.client, day, day);
    expect(rows.map((row) => row.day)).toEqual([null, day]);
    const expected = {
      day,
      bookings: 7,
      // 6 × €1.050 and the BANDS booking's €250.
      money_in_cents: 655_000,
      // Half of the cancelled booking (10 days ahead), €250 of a case, all of the other case; none made at Mollie yet.
      refunds_cents: 182_500,
      refunds_pending_cents: 182_500,
      routed_cents: 125_000,
      transferred_cents: 75_000,
      paid_out_cents: 200_000,
      // Released gigs that were paid for: the part-refunded case and the two paid out.
      service_fee_cents: 15_000,
      bands_discount_cents: 80_000,
      cancellation_kept_cents: 52_500,
      revenue_cents: -12_500,
      // The upcoming gig and the open case, whole; the part-refunded case's €750 for its artist.
      held_cents: 285_000,
      owed_to_artists_cents: 75_000,
      difference_cents: 0,
      chargebacks_cents: 0,
      chargeback_loss_cents: 0,
    };
    expect(rows[1]).toEqual(expected);
    expect(rows[0]).toEqual({ ...expected, day: null });
    expect((await admin.client.rpc('admin_cash_book_gaps', { from_day: day, to_day: day })).data).toEqual([]);
  });

  it('does not balance when money goes astray, and names the booking: a payment a cent above the booking, never refunded', async () => {
    const client = await pool().connect();
    try {
      await client.query('begin');
      await client.query('update public.payments set amount_cents = amount_cents + 1 where booking_id = $1', [ids.paidOut]);
      await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: admin.id, role: 'authenticated', aal: 'aal2' })]);
      const { rows } = await client.query<{ difference_cents: string }>('select difference_cents from public.admin_cash_book($1, $1)', [day]);
      expect(rows.map((row) => Number(row.difference_cents))).toEqual([1, 1]);
      const gaps = await client.query<{ row: Record<string, unknown> }>('select to_jsonb(g) as row from public.admin_cash_book_gaps($1, $1) g', [day]);
      expect(gaps.rows.map(({ row }) => row)).toEqual([
        expect.objectContaining({ booking_id: ids.paidOut, day, booking_status: 'completed', money_in_cents: 105_001, paid_out_cents: 100_000, payout_status: 'paid', difference_cents: 1 }),
      ]);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('shows the day among all the others, newest first', async () => {
    const rows = await cashBook();
    expect(rows.find((row) => row.day === day)).toMatchObject({ money_in_cents: 655_000, difference_cents: 0 });
  });
});

describe('chargebacks', () => {
  it("take money out: before the release they lower what is held (the payout never goes), after it they are Podium's loss", async () => {
    const customer = await createUser('customer');
    const paidGig = async (days: number) => {
      const id = await createBooking(customer, act, 'accepted', gigIn(days));
      await payBooking(id);
      return id;
    };
    const chargeBack = async (bookingId: string, cents: number) => {
      // payBooking's provider id is made up; a chargeback names a payment the way Mollie does.
      const [payment] = await sql<{ id: string }>(
        `update public.payments set provider_payment_id = 'tr_' || substr(md5(booking_id::text), 1, 10) where booking_id = $1 returning provider_payment_id as id`,
        [bookingId],
      );
      const { error } = await serviceClient().rpc('record_chargeback', {
        provider_chargeback_id: `chb_${bookingId.replace(/-/g, '').slice(0, 12)}`,
        provider_payment_id: payment!.id,
        amount_cents: cents,
        reason_code: 'MD06',
        reason: 'Refund request by end customer',
        charged_back_at: new Date().toISOString(),
      });
      expect(error).toBeNull();
    };
    // In its check-in window, charged back in full: held, then nothing held.
    const during = await paidGig(-4);
    await completeBooking(during, { checkIn: 'open' });
    await chargeBack(during, 105_000);
    // Paid out to the artist, then €300 charged back: Podium bears it.
    const after = await paidGig(-25);
    await completeBooking(after);
    expect((await serviceClient().rpc('finish_payout', { booking_id: after, outcome: 'paid', organization_id: 'org_kasboek', route_id: 'crt_kasboek3', route_cents: 100_000 })).error).toBeNull();
    await chargeBack(after, 30_000);
    const [row] = await sql<{ day: string }>(`select to_char(date '1990-01-01' + (random() * 3000)::int, 'YYYY-MM-DD') as day`);
    const day = row!.day;
    await sql(`update public.payments set paid_at = ($1::date + time '12:00') at time zone 'Europe/Amsterdam' where booking_id = any($2::uuid[])`, [day, [during, after]]);

    const [total, only] = await cashBook(admin.client, day, day);
    expect(only).toMatchObject({
      day,
      bookings: 2,
      money_in_cents: 210_000,
      chargebacks_cents: 135_000,
      paid_out_cents: 100_000,
      // The paid-out gig's €50 fee less the €300 the bank took back.
      service_fee_cents: 5_000,
      chargeback_loss_cents: 30_000,
      revenue_cents: -25_000,
      held_cents: 0,
      difference_cents: 0,
    });
    expect(total).toMatchObject({ ...only, day: null });
    const { data: payout } = await serviceClient().from('payouts').select('status').eq('booking_id', during).single();
    expect(payout).toEqual({ status: 'held' });
  });
});

describe('who may read it', () => {
  it('refuses customers, artists, an admin without the second factor and guests, in Dutch', async () => {
    const [customer, artist, halfAdmin] = await Promise.all([createUser('customer'), createUser('artist'), createUser('admin', { aal: 'aal1' })]);
    for (const client of [customer.client, artist.client, halfAdmin.client]) {
      for (const rpc of ['admin_cash_book', 'admin_cash_book_gaps']) {
        const { data, error } = await client.rpc(rpc);
        expect(data).toBeNull();
        expect(error).toMatchObject({ code: '42501', message: 'Alleen een beheerder kan het kasboek bekijken.' });
      }
    }
    expect((await anonClient().rpc('admin_cash_book')).error).not.toBeNull();
    expect((await anonClient().rpc('admin_cash_book_gaps')).error).not.toBeNull();
  });

  it('refuses a period that ends before it starts', async () => {
    const { error } = await admin.client.rpc('admin_cash_book', { from_day: '2026-12-07', to_day: '2026-12-01' });
    expect(error).toMatchObject({ code: '22023', message: 'De begindatum ligt na de einddatum.' });
  });
});

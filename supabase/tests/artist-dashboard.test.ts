// The artist dashboard's overview (artist_dashboard_overview) against the stack: what
// waits for an answer, what is coming, the money by the Netherlands' calendar, how complete the
// listing is and the latest reviews, for the caller's own act only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amsterdamDate } from '../../shared/src/dutch.ts';
import { anonClient, closePool, completeBooking, createArtist, createBooking, createUser, futureWindow, sql, type TestUser } from './support.ts';

let owner: TestUser, customer: TestUser, stranger: TestUser;
let artistId: string;

interface Overview {
  act: { id: string; review_count: number };
  waiting: { id: string; customer_name: string }[];
  waiting_count: number;
  upcoming: { id: string; status: string }[];
  upcoming_count: number;
  earnings: { month_cents: number; year_cents: number; played_cents: number; checkin_cents: number; to_come_cents: number };
  paid_out_cents: number;
  completeness: { item: string; done: boolean; step: string }[];
  reviews: { rating: number; body: string; reviewer_name: string }[];
}

const overview = async (user: TestUser) => {
  const { data, error } = await user.client.rpc('artist_dashboard_overview');
  if (error) throw new Error(error.message);
  return data as unknown as Overview;
};
const hoursFromNow = (hours: number) => {
  const startsAt = new Date(Date.now() + hours * 3_600_000);
  return { startsAt, endsAt: new Date(startsAt.getTime() + 2 * 3_600_000) };
};

beforeAll(async () => {
  [owner, customer, stranger] = await Promise.all([createUser('artist'), createUser('customer', { first: 'Wim', last: 'Wachter' }), createUser('customer')]);
  artistId = await createArtist(owner);
});
afterAll(closePool);

describe('artist_dashboard_overview', () => {
  it('counts requests still open by their deadline, soonest first, with the customer as others see them', async () => {
    const later = await createBooking(customer, artistId, 'pending', futureWindow(40));
    const sooner = await createBooking(customer, artistId, 'pending', futureWindow(41));
    const lapsed = await createBooking(customer, artistId, 'pending', futureWindow(42));
    await sql(`update public.bookings set response_deadline = now() + interval '40 hours' where id = $1`, [later]);
    await sql(`update public.bookings set response_deadline = now() + interval '3 hours' where id = $1`, [sooner]);
    await sql(`update public.bookings set response_deadline = now() - interval '1 hour' where id = $1`, [lapsed]);
    const result = await overview(owner);
    expect(result.waiting_count).toBe(2);
    expect(result.waiting.map((request) => request.id)).toEqual([sooner, later]);
    expect(result.waiting[0]!.customer_name).toBe('Wim W.');
  });

  it('lists accepted and confirmed gigs still to come; earnings count confirmed and completed gigs only', async () => {
    const base = await overview(owner);
    const accepted = await createBooking(customer, artistId, 'accepted', futureWindow(50), 80_000);
    const confirmed = await createBooking(customer, artistId, 'confirmed', futureWindow(51), 120_000);
    await createBooking(customer, artistId, 'cancelled', futureWindow(52), 999_000);
    // A gig played yesterday (completed, from before check-ins) and one played an hour ago (confirmed, not yet marked).
    const played = await createBooking(customer, artistId, 'completed', hoursFromNow(-26), 50_000);
    await createBooking(customer, artistId, 'confirmed', hoursFromNow(-3), 30_000);
    const result = await overview(owner);
    expect(result.upcoming_count - base.upcoming_count).toBe(2);
    expect(result.upcoming.map((gig) => gig.id)).toEqual(expect.arrayContaining([accepted, confirmed]));
    expect(result.earnings.to_come_cents - base.earnings.to_come_cents).toBe(120_000);

    // This month and this year by the Dutch calendar, as the test computes it.
    const { year, month } = amsterdamDate();
    const inMonth = (when: Date) => {
      const local = amsterdamDate(when);
      return local.year === year && local.month === month;
    };
    const startOf = async (id: string) => (await sql<{ starts_at: Date }>('select starts_at from public.bookings where id = $1', [id]))[0]!.starts_at;
    const [confirmedStart, playedStart] = [await startOf(confirmed), await startOf(played)];
    const yesterdayThisYear = amsterdamDate(playedStart).year === year;
    expect(result.earnings.month_cents - base.earnings.month_cents).toBe(
      (inMonth(playedStart) ? 50_000 : 0) + (inMonth(hoursFromNow(-3).startsAt) ? 30_000 : 0) + (inMonth(confirmedStart) ? 120_000 : 0),
    );
    // Played: the gig of yesterday; the one of an hour ago has been but is not played until its check-in.
    expect(result.earnings.played_cents - base.earnings.played_cents).toBe(yesterdayThisYear ? 50_000 : 0);
    expect(result.earnings.checkin_cents - base.earnings.checkin_cents).toBe(30_000);
  });

  it("counts a gig as played once its check-in released it, at the payout's amount, and paid out once the payout went", async () => {
    const base = await overview(owner);
    const gig = await createBooking(customer, artistId, 'confirmed', hoursFromNow(-6), 80_000);
    await completeBooking(gig, { checkIn: 'open' });
    const during = await overview(owner);
    expect(during.earnings.checkin_cents - base.earnings.checkin_cents).toBe(80_000);
    expect(during.earnings.played_cents - base.earnings.played_cents).toBe(0);

    // The customer answers 'Ja'; a case's partial refund would lower the payout, and so the figure.
    await sql(`update public.booking_checkins set answer = 'ok', answered_at = now() where booking_id = $1`, [gig]);
    await sql(`select private.release_payout($1, 'customer_confirmed')`, [gig]);
    await sql(`update public.payouts set amount_cents = 75_000 where booking_id = $1`, [gig]);
    const released = await overview(owner);
    expect(released.earnings.checkin_cents - base.earnings.checkin_cents).toBe(0);
    expect(released.earnings.played_cents - base.earnings.played_cents).toBe(amsterdamDate(hoursFromNow(-6).startsAt).year === amsterdamDate().year ? 75_000 : 0);
    expect(released.paid_out_cents - base.paid_out_cents).toBe(0);

    await sql(`update public.payouts set status = 'paid', paid_at = now(), route_cents = amount_cents where booking_id = $1`, [gig]);
    expect((await overview(owner)).paid_out_cents - base.paid_out_cents).toBe(75_000);
  });

  it('says what the listing lacks, and the latest reviews', async () => {
    const before = await overview(owner);
    expect(before.completeness.find((item) => item.item === "Minstens 5 foto's")).toEqual({ item: "Minstens 5 foto's", done: false, step: 'media' });
    for (let i = 0; i < 5; i += 1) await sql(`insert into public.artist_media (artist_id, kind, storage_path, sort_order) values ($1, 'image', $2, $3)`, [artistId, `${artistId}/${i}.jpg`, i]);
    await sql(`insert into public.artist_payout_details (artist_id, account_holder, iban) values ($1, 'Test', 'NL91ABNA0417164300')`, [artistId]);
    const after = await overview(owner);
    expect(after.completeness.filter((item) => item.done).map((item) => item.item)).toEqual(expect.arrayContaining(["Minstens 5 foto's", 'Rekeninggegevens voor de uitbetaling']));

    for (const [rating, body] of [
      [5, 'Geweldig!'],
      [4, 'Heel goed'],
      [3, 'Prima'],
      [5, 'Nog een keer'],
    ] as const) {
      const booking = await createBooking(customer, artistId, 'completed', futureWindow(60));
      await sql(`insert into public.reviews (booking_id, artist_id, customer_id, rating, body) values ($1, $2, $3, $4, $5)`, [booking, artistId, customer.id, rating, body]);
    }
    const reviewed = await overview(owner);
    expect(reviewed.reviews.map((review) => review.body)).toEqual(['Nog een keer', 'Prima', 'Heel goed']);
    expect(reviewed.act.review_count).toBe(4);
  });

  it('is for an act of your own: others are told so, guests may not call it', async () => {
    const { error } = await stranger.client.rpc('artist_dashboard_overview');
    expect(error).toMatchObject({ code: 'P0002', message: 'Je hebt nog geen act. Begin bij Artiest worden.' });
    const guest = await anonClient().rpc('artist_dashboard_overview');
    expect(guest.error?.code).toBe('42501');
  });
});

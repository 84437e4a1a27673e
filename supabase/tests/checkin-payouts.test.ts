// The gig happened, then the artist is paid (supabase/migrations/20261202000500_checkin_and_payouts.sql),
// against the running stack as each role: a completed booking opens a check-in window and a
// payout; the customer's 'Ja' or the window closing releases it (and the referral bonus, and the
// review); a report holds it in a case that only an admin resolves; the payout job's calls are the
// server's alone, and a paid payout is never paid again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, appConfig, closePool, completeBooking, createArtist, createBooking, createUser, payBooking, refer, serviceClient, sql, type TestUser } from './support.ts';

afterAll(closePool);

const DAY = 86_400_000;
/** A gig that ended an hour ago (so its completion is what the scheduler would do now). */
const pastGig = () => {
  const endsAt = new Date(Date.now() - 3_600_000 - Math.floor(Math.random() * 30 * DAY));
  return { startsAt: new Date(endsAt.getTime() - 3 * 3_600_000), endsAt };
};

let customer: TestUser;
let artist: TestUser;
let stranger: TestUser;
let admin: TestUser;
let act: string;

/** A paid booking whose gig is over and has been completed; its check-in is open. */
async function playedGig(by: TestUser = customer, price = 100_000): Promise<string> {
  const id = await createBooking(by, act, 'accepted', pastGig(), price);
  await payBooking(id);
  await completeBooking(id, { checkIn: 'open' });
  return id;
}

const checkinOf = async (id: string) =>
  (
    await sql<{ answer: string | null; released: boolean; reason: string | null; hours: number }>(
      `select answer, released_at is not null as released, release_reason as reason, round(extract(epoch from closes_at - opened_at) / 3600)::int as hours
       from public.booking_checkins where booking_id = $1`,
      [id],
    )
  )[0];
const payoutOf = async (id: string) => (await sql<{ status: string; amount_cents: number }>('select status, amount_cents from public.payouts where booking_id = $1', [id]))[0];

beforeAll(async () => {
  [customer, artist, stranger, admin] = await Promise.all([createUser('customer'), createUser('artist'), createUser('customer'), createUser('admin')]);
  act = await createArtist(artist);
});

describe('the check-in window', () => {
  it('opens when a paid gig is completed, for app_config checkin_window_hours, with a payout of the package price', async () => {
    const id = await playedGig();
    expect(await checkinOf(id)).toEqual({ answer: null, released: false, reason: null, hours: await appConfig('checkin_window_hours') });
    expect(await payoutOf(id)).toEqual({ status: 'checkin', amount_cents: 100_000 });
    // The customer and the act's owner see it; someone else does not.
    expect((await customer.client.from('booking_checkins').select('booking_id').eq('booking_id', id)).data).toHaveLength(1);
    expect((await artist.client.from('payouts').select('status').eq('booking_id', id)).data).toEqual([{ status: 'checkin' }]);
    expect((await stranger.client.from('booking_checkins').select('booking_id').eq('booking_id', id)).data).toEqual([]);
    expect((await customer.client.from('payouts').select('status').eq('booking_id', id)).data).toEqual([]);
  });

  it("'Ja, alles ging goed' releases the payout at once; a second answer is refused", async () => {
    const id = await playedGig();
    const { error } = await customer.client.rpc('answer_checkin', { booking_id: id, all_good: true });
    expect(error).toBeNull();
    expect(await checkinOf(id)).toMatchObject({ answer: 'ok', released: true, reason: 'customer_confirmed' });
    expect(await payoutOf(id)).toEqual({ status: 'due', amount_cents: 100_000 });
    const again = await customer.client.rpc('answer_checkin', { booking_id: id, all_good: false, reason: 'late', details: 'Toch te laat gekomen.' });
    expect(again.error).toMatchObject({ message: 'Je hebt al laten weten hoe het optreden ging.' });
    expect(await sql('select 1 from public.booking_cases where booking_id = $1', [id])).toEqual([]);
  });

  it("only the booking's customer can answer, and an answer after the window is refused", async () => {
    const id = await playedGig();
    for (const who of [stranger, artist]) {
      const { error } = await who.client.rpc('answer_checkin', { booking_id: id, all_good: true });
      expect(error).toMatchObject({ message: 'Deze boeking bestaat niet.' });
    }
    expect((await anonClient().rpc('answer_checkin', { booking_id: id, all_good: true })).error).not.toBeNull();
    await sql(`update public.booking_checkins set closes_at = now() - interval '1 minute' where booking_id = $1`, [id]);
    const late = await customer.client.rpc('answer_checkin', { booking_id: id, all_good: false, reason: 'no_show', details: 'Niemand kwam opdagen.' });
    expect(late.error).toMatchObject({ message: 'De termijn om een probleem te melden is voorbij.' });
    expect(await checkinOf(id)).toMatchObject({ answer: null, released: false });
  });

  it('a window that closes without a report releases the payout by the job', async () => {
    const id = await playedGig();
    await sql(`update public.booking_checkins set closes_at = now() - interval '1 minute' where booking_id = $1`, [id]);
    const { data, error } = await serviceClient().rpc('release_closed_checkins');
    expect(error).toBeNull();
    expect(data).toBeGreaterThanOrEqual(1);
    expect(await checkinOf(id)).toMatchObject({ answer: null, released: true, reason: 'window_closed' });
    expect(await payoutOf(id)).toMatchObject({ status: 'due' });
    expect((await customer.client.rpc('release_closed_checkins')).error).not.toBeNull();
  });

  it('the review and the referral bonus wait for the release', async () => {
    const fiveStars = { rating: 5, music_rating: 5, professionalism_rating: 5, communication_rating: 5, body: 'Een geweldige avond gehad, aanrader!' };
    const referrer = await createUser('customer');
    const referred = await createUser('customer');
    expect(await refer(referred, referrer)).toBe('applied');
    const id = await playedGig(referred, 30_000);
    const bonus = async () => (await sql<{ n: number }>(`select count(*)::int as n from public.bands_transactions where user_id = $1 and type = 'referral_bonus'`, [referrer.id]))[0]!.n;
    expect(await bonus()).toBe(0);
    const early = await referred.client.from('reviews').insert({ booking_id: id, customer_id: referred.id, ...fiveStars });
    expect(early.error).toMatchObject({ message: 'Laat eerst weten of het optreden is doorgegaan; daarna kun je een review schrijven.' });
    expect((await referred.client.rpc('answer_checkin', { booking_id: id, all_good: true })).error).toBeNull();
    expect(await bonus()).toBe(1);
    const later = await referred.client.from('reviews').insert({ booking_id: id, customer_id: referred.id, ...fiveStars });
    expect(later.error).toBeNull();
  });
});

describe('a report', () => {
  it('needs a reason from the list and a description; bad input changes nothing', async () => {
    const id = await playedGig();
    const attempts: [Record<string, unknown>, string][] = [
      [{ reason: 'boring' }, 'Kies wat er misging.'],
      [{ reason: 'late', details: 'te laat' }, 'Beschrijf in minstens 10 tekens wat er misging.'],
      [{ reason: 'late', details: 'x'.repeat(2001) }, 'Je beschrijving is te lang (maximaal 2000 tekens).'],
      [{ reason: 'late', details: 'Een uur te laat begonnen.', photos: ['someone-else/photo.jpg'] }, 'Een foto hoort niet bij deze melding.'],
      [{ reason: 'late', details: 'Een uur te laat begonnen.', photos: Array.from({ length: 6 }, (_, i) => `${id}/p${i}.jpg`) }, 'Je kunt maximaal 5 foto’s meesturen.'.replace('’', "'")],
    ];
    for (const [input, message] of attempts) {
      const { error } = await customer.client.rpc('answer_checkin', { booking_id: id, all_good: false, ...input });
      expect(error, message).toMatchObject({ message });
    }
    expect(await checkinOf(id)).toMatchObject({ answer: null, released: false });
    expect(await payoutOf(id)).toMatchObject({ status: 'checkin' });
  });

  it('holds the payout in an open case both sides see; the artist may reply once it is open', async () => {
    const id = await playedGig();
    const { error } = await customer.client.rpc('answer_checkin', {
      booking_id: id,
      all_good: false,
      reason: 'shorter',
      details: 'Er is maar een uur gespeeld in plaats van drie.',
      photos: [`${id}/zaal.jpg`],
    });
    expect(error).toBeNull();
    expect(await checkinOf(id)).toMatchObject({ answer: 'problem', released: false });
    expect(await payoutOf(id)).toMatchObject({ status: 'held' });
    expect((await artist.client.from('booking_cases').select('reason, status, photos').eq('booking_id', id)).data).toEqual([{ reason: 'shorter', status: 'open', photos: [`${id}/zaal.jpg`] }]);
    expect((await stranger.client.from('booking_cases').select('id').eq('booking_id', id)).data).toEqual([]);
    expect((await stranger.client.rpc('reply_to_case', { booking_id: id, reply: 'Niet waar' })).error).toMatchObject({ message: 'Deze melding bestaat niet.' });
    const reply = await artist.client.rpc('reply_to_case', { booking_id: id, reply: 'De zaal sloot om elf uur; dat was afgesproken.' });
    expect(reply.error).toBeNull();
    expect(reply.data).toMatchObject({ artist_reply: 'De zaal sloot om elf uur; dat was afgesproken.' });
    // The window closing changes nothing for a held payout.
    await sql(`update public.booking_checkins set closes_at = now() - interval '1 minute' where booking_id = $1`, [id]);
    await serviceClient().rpc('release_closed_checkins');
    expect(await payoutOf(id)).toMatchObject({ status: 'held' });
  });

  it('only an admin with a second factor resolves it; part refunded, the rest paid, in the audit log', async () => {
    const id = await playedGig();
    await customer.client.rpc('answer_checkin', { booking_id: id, all_good: false, reason: 'late', details: 'Anderhalf uur te laat begonnen.' });
    for (const who of [customer, artist, await createUser('admin', { aal: 'aal1' })]) {
      const { error } = await who.client.rpc('resolve_booking_case', { booking_id: id, resolution: 'pay_artist' });
      expect(error).toMatchObject({ message: 'Alleen een beheerder kan een melding afhandelen.' });
    }
    const tooMuch = await admin.client.rpc('resolve_booking_case', { booking_id: id, resolution: 'partial_refund', refund_cents: 100_000 });
    expect(tooMuch.error).toMatchObject({ message: 'Kies een terugbetaling tussen € 0,01 en € 999,99.' });
    const { data, error } = await admin.client.rpc('resolve_booking_case', { booking_id: id, resolution: 'partial_refund', refund_cents: 25_000, note: 'Een kwart terug' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'resolved', resolution: 'partial_refund', refund_cents: 25_000 });
    expect(await payoutOf(id)).toEqual({ status: 'due', amount_cents: 75_000 });
    expect(await checkinOf(id)).toMatchObject({ released: true, reason: 'case_resolved' });
    expect(await sql('select amount_cents, kind from private.refund_requests where booking_id = $1', [id])).toEqual([{ amount_cents: 25_000, kind: 'dispute' }]);
    expect(await sql(`select action from public.admin_audit_log where record_id = $1 and action = 'case_resolved'`, [id])).toEqual([{ action: 'case_resolved' }]);
    const twice = await admin.client.rpc('resolve_booking_case', { booking_id: id, resolution: 'full_refund' });
    expect(twice.error).toMatchObject({ message: 'Deze melding is al afgehandeld.' });
  });

  it('resolved with a full refund: everything paid comes back and nothing is paid out', async () => {
    const id = await playedGig();
    const paid = (await sql<{ total_cents: number }>('select total_cents from public.bookings where id = $1', [id]))[0]!.total_cents;
    await customer.client.rpc('answer_checkin', { booking_id: id, all_good: false, reason: 'no_show', details: 'De band is nooit gekomen.' });
    expect((await admin.client.rpc('resolve_booking_case', { booking_id: id, resolution: 'full_refund' })).error).toBeNull();
    expect(await payoutOf(id)).toEqual({ status: 'refunded', amount_cents: 0 });
    expect(await sql<{ sum: number }>('select sum(amount_cents)::int as sum from private.refund_requests where booking_id = $1', [id])).toEqual([{ sum: paid }]);
  });
});

describe('the payout job', () => {
  it('its calls are the server’s alone', async () => {
    for (const client of [anonClient(), customer.client, artist.client, admin.client]) {
      expect((await client.rpc('claim_due_payouts', { batch_size: 1 })).error).not.toBeNull();
      expect((await client.rpc('finish_payout', { booking_id: '00000000-0000-4000-8000-000000000000', outcome: 'paid' })).error).not.toBeNull();
      expect((await client.rpc('mollie_tokens_of', { artist_id: act })).error).not.toBeNull();
    }
  });

  it('a paid payout is never paid again, and a failure waits with back-off', async () => {
    const id = await playedGig();
    await customer.client.rpc('answer_checkin', { booking_id: id, all_good: true });
    const service = serviceClient();
    const failed = await service.rpc('finish_payout', { booking_id: id, outcome: 'failed', failure: 'Mollie 503' });
    expect(failed.data).toMatchObject({ status: 'failed', last_error: 'Mollie 503' });
    const [wait] = await sql<{ later: boolean }>('select next_attempt_at > now() as later from public.payouts where booking_id = $1', [id]);
    expect(wait!.later).toBe(true);
    const paid = await service.rpc('finish_payout', { booking_id: id, outcome: 'paid', organization_id: 'org_1234', route_id: 'crt_abc', route_cents: 100_000 });
    expect(paid.data).toMatchObject({ status: 'paid', mollie_route_id: 'crt_abc', route_cents: 100_000 });
    const again = await service.rpc('finish_payout', { booking_id: id, outcome: 'failed', failure: 'late retry' });
    expect(again.data).toMatchObject({ status: 'paid', last_error: null });
    // A paid payout is never claimed (asked for this booking only: a claim leases what it hands out
    // for two minutes, and the other files' and journeys' payouts must not wait for that).
    const claimed = await service.rpc('claim_due_payouts', { batch_size: 200, only_booking: id });
    expect(claimed.error).toBeNull();
    expect(claimed.data).toEqual([]);
  });

  it('the act’s Mollie connection: its owner and admins see it, its tokens nobody', async () => {
    const { error } = await serviceClient().rpc('save_mollie_connection', {
      artist_id: act,
      organization_id: 'org_7654321',
      organization_name: 'Band BV',
      onboarding_status: 'in-review',
      onboarding_url: 'https://example.test/onboarding',
      can_receive_settlements: false,
      access_token: 'access_secret',
      refresh_token: 'refresh_secret',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      scope: 'organizations.read',
    });
    expect(error).toBeNull();
    expect((await artist.client.from('mollie_connections').select('organization_id, onboarding_status')).data).toEqual([{ organization_id: 'org_7654321', onboarding_status: 'in-review' }]);
    expect((await admin.client.from('mollie_connections').select('organization_id').eq('artist_id', act)).data).toHaveLength(1);
    expect((await stranger.client.from('mollie_connections').select('organization_id').eq('artist_id', act)).data).toEqual([]);
    expect(
      (
        await artist.client.rpc('save_mollie_connection', {
          artist_id: act,
          organization_id: 'org_1',
          organization_name: '',
          onboarding_status: 'completed',
          onboarding_url: null,
          can_receive_settlements: true,
        })
      ).error,
    ).not.toBeNull();
    const tokens = await serviceClient().rpc('mollie_tokens_of', { artist_id: act });
    expect(tokens.data).toEqual([expect.objectContaining({ access_token: 'access_secret', refresh_token: 'refresh_secret' })]);
  });
});

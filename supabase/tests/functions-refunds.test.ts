// Refunds of cancelled paid bookings, end to end on the running stack: the customer pays through
// create-payment and the Mollie sandbox's checkout, someone cancels through transition_booking,
// the database writes a refund request per the policy in app_config, process-refunds creates the
// refund at Mollie (once), and Mollie's webhook call records it on the payments row.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, mollie, urls } from '../stack/config.ts';
import { waitFor } from '../stack/testing.ts';
import { withMollieUnreachable } from './functions-runtime.ts';
import { anonClient, closePool, createArtist, createBooking, createUser, sendBookingMails, serviceClient, sql, type TestUser } from './support.ts';

const fn = (name: string) => `${urls.api}/functions/v1/${name}`;
const day = 86_400_000;

interface MollieRefund {
  id: string;
  status: string;
  amount: { currency: string; value: string };
  metadata: { refundRequestId?: string; bookingId?: string } | null;
}

/** One run of the job; with `bookingId`, for that booking's refund requests only. */
const processRefunds = async (token: string, base = urls.api, bookingId?: string) => {
  const response = await fetch(`${base}/functions/v1/process-refunds`, {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(bookingId ? { booking_id: bookingId } : {}),
  });
  return { status: response.status, body: (await response.json()) as { refunded?: number; failed?: number; skipped?: number; error?: string } };
};

const mollieRefunds = async (paymentId: string) =>
  (
    (await (await fetch(`${urls.mollie}/payments/${paymentId}/refunds`, { headers: { Authorization: `Bearer ${mollie.apiKey}` } })).json()) as {
      _embedded: { refunds: MollieRefund[] };
    }
  )._embedded.refunds;

const refundedCents = async (paymentId: string) => (await sql<{ refunded_cents: number }>('select refunded_cents from public.payments where provider_payment_id = $1', [paymentId]))[0]!.refunded_cents;

const requestsOf = async (bookingId: string) =>
  sql<{ id: string; amount_cents: number; refund_percent: number; attempts: number; done: boolean; provider_refund_id: string | null; last_error: string | null }>(
    `select id, amount_cents, refund_percent, attempts, done_at is not null as done, provider_refund_id, last_error
       from private.refund_requests where booking_id = $1 order by id`,
    [bookingId],
  );

const euros = (cents: number) => (cents / 100).toFixed(2);

let customer: TestUser;
let artistOwner: TestUser;
let admin: TestUser;
let artistId: string;
let hour = 0;

/** A booking of 1.050,00 (price 1.000 + 5 % fee) starting `daysAhead` days from now, paid through the sandbox checkout. */
async function paidBooking(daysAhead: number): Promise<{ bookingId: string; paymentId: string; total: number }> {
  hour += 5;
  const startsAt = new Date(Date.now() + daysAhead * day + hour * 3_600_000);
  const bookingId = await createBooking(customer, artistId, 'accepted', { startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) });
  const response = await fetch(fn('create-payment'), {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ bookingId }),
  });
  expect(response.status).toBe(200);
  const { checkoutUrl, paymentId } = (await response.json()) as { checkoutUrl: string; paymentId: string };
  const paid = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method: 'ideal', status: 'paid' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  await waitFor(async () => (await sql<{ status: string }>('select status from public.bookings where id = $1', [bookingId]))[0]!.status === 'confirmed', {
    timeoutMs: 15_000,
  });
  const [{ total_cents: total }] = (await sql<{ total_cents: number }>('select total_cents from public.bookings where id = $1', [bookingId])) as [{ total_cents: number }];
  return { bookingId, paymentId, total };
}

async function cancel(user: TestUser, bookingId: string, reason: string) {
  const { error } = await user.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'cancelled', reason });
  expect(error).toBeNull();
}

async function cancellationMail(bookingId: string): Promise<string> {
  await sendBookingMails(bookingId);
  const found = await waitFor(async () => {
    const response = await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(`to:${customer.email}`)}`);
    const messages = ((await response.json()) as { messages: { ID: string; Subject: string }[] }).messages;
    for (const message of messages.filter((m) => m.Subject.includes('is geannuleerd'))) {
      const body = (await (await fetch(`${urls.mail}/api/v1/message/${message.ID}`)).json()) as { Text: string };
      if (body.Text.includes(`booking=${bookingId}`)) return body.Text;
    }
    return undefined;
  });
  return found;
}

beforeAll(async () => {
  [customer, artistOwner, admin] = await Promise.all([createUser('customer', { first: 'Fleur' }), createUser('artist'), createUser('admin')]);
  artistId = await createArtist(artistOwner, { name: 'De Terugbetaalband' });
});
afterAll(closePool);

describe('what a cancellation now would refund (cancellation_quote)', () => {
  it('tells the customer the policy share before they confirm, and the refund then matches it', async () => {
    const far = await paidBooking(40);
    const near = await paidBooking(10);
    const late = await paidBooking(2);
    const quote = async (who: TestUser, id: string) => (await who.client.rpc('cancellation_quote', { booking_id: id })).data as unknown[];
    expect(await quote(customer, far.bookingId)).toEqual([{ paid_cents: far.total, refund_percent: 100, refund_cents: far.total, bands_spent_cents: 0, bands_refund_cents: 0 }]);
    expect(await quote(customer, near.bookingId)).toEqual([{ paid_cents: near.total, refund_percent: 50, refund_cents: Math.round(near.total / 2), bands_spent_cents: 0, bands_refund_cents: 0 }]);
    expect(await quote(customer, late.bookingId)).toEqual([{ paid_cents: late.total, refund_percent: 0, refund_cents: 0, bands_spent_cents: 0, bands_refund_cents: 0 }]);
    // The artist or support cancelling gives everything back.
    expect(await quote(artistOwner, late.bookingId)).toEqual([{ paid_cents: late.total, refund_percent: 100, refund_cents: late.total, bands_spent_cents: 0, bands_refund_cents: 0 }]);
    expect(await quote(admin, near.bookingId)).toEqual([{ paid_cents: near.total, refund_percent: 100, refund_cents: near.total, bands_spent_cents: 0, bands_refund_cents: 0 }]);
    expect(await quote(await createUser('customer'), near.bookingId)).toEqual([]);

    await cancel(customer, near.bookingId, 'Toch een ander feest');
    expect(await requestsOf(near.bookingId)).toMatchObject([{ amount_cents: Math.round(near.total / 2), refund_percent: 50 }]);
  }, 90_000);
});

describe('the refunds of a booking, as its people see them (booking_refunds)', () => {
  it('shows the customer, the artist and admins what comes back and where it stands; nobody else', async () => {
    const { bookingId, total } = await paidBooking(4);
    await cancel(admin, bookingId, 'Zaal afgebrand');
    const asCustomer = await customer.client.rpc('booking_refunds', { booking_id: bookingId });
    expect(asCustomer.error).toBeNull();
    expect(asCustomer.data).toMatchObject([{ amount_cents: total, refund_percent: 100, status: 'requested', sent_at: null }]);
    await processRefunds(keys.serviceRole);
    await waitFor(async () => (await requestsOf(bookingId))[0]!.done);
    for (const who of [customer, artistOwner, admin]) {
      const { data } = await who.client.rpc('booking_refunds', { booking_id: bookingId });
      expect(data).toMatchObject([{ amount_cents: total, refund_percent: 100, status: 'sent' }]);
      expect(Date.parse((data as { sent_at: string }[])[0]!.sent_at)).toBeGreaterThan(0);
    }
    const stranger = await createUser('customer');
    expect((await stranger.client.rpc('booking_refunds', { booking_id: bookingId })).data).toEqual([]);
    const { error } = await anonClient().rpc('booking_refunds', { booking_id: bookingId });
    expect(error?.code).toMatch(/^(42501|PGRST202)$/);
  }, 60_000);
});

describe('cancelling a paid booking refunds it at Mollie', () => {
  it('admin cancels: the full amount is refunded once, the webhook records it, the customer is told', async () => {
    const { bookingId, paymentId, total } = await paidBooking(3);
    await cancel(admin, bookingId, 'Artiest ziek, door support geannuleerd');
    expect(await requestsOf(bookingId)).toMatchObject([{ amount_cents: total, refund_percent: 100, attempts: 0, done: false }]);

    const run = await processRefunds(keys.serviceRole);
    expect(run.status).toBe(200);
    // The stack's own scheduler may have got there first; either way there is one refund.
    await waitFor(async () => (await requestsOf(bookingId))[0]!.done);
    const atMollie = await mollieRefunds(paymentId);
    expect(atMollie).toHaveLength(1);
    expect(atMollie[0]).toMatchObject({ amount: { currency: 'EUR', value: euros(total) }, metadata: { bookingId } });
    const [request] = await requestsOf(bookingId);
    expect(request).toMatchObject({ provider_refund_id: atMollie[0]!.id, last_error: null });
    expect(atMollie[0]!.metadata!.refundRequestId).toBe(String(request!.id));
    // The sandbox settles the refund and calls payment-webhook, which records it.
    await waitFor(async () => (await refundedCents(paymentId)) === total, { timeoutMs: 20_000 });

    const mail = await cancellationMail(bookingId);
    expect(mail).toContain('geannuleerd door Podium');
    expect(mail).toMatch(/Je krijgt het volledige bedrag van €\s?1\.050,00 terugbetaald\./);
    expect(mail).toContain('5 tot 10 werkdagen');

    // Later runs find nothing to do for it.
    await processRefunds(keys.serviceRole);
    expect(await mollieRefunds(paymentId)).toHaveLength(1);
  }, 60_000);

  it('customer cancels 10 days before: 50 % back; 3 days before: nothing back', async () => {
    const partial = await paidBooking(10);
    await cancel(customer, partial.bookingId, 'Feest gaat niet door');
    const half = Math.round(partial.total / 2);
    expect(await requestsOf(partial.bookingId)).toMatchObject([{ amount_cents: half, refund_percent: 50 }]);

    const late = await paidBooking(3);
    await cancel(customer, late.bookingId, 'Toch geen zin');
    expect(await requestsOf(late.bookingId)).toEqual([]);

    await processRefunds(keys.serviceRole);
    await waitFor(async () => (await requestsOf(partial.bookingId))[0]!.done);
    const refunds = await mollieRefunds(partial.paymentId);
    expect(refunds.map((refund) => refund.amount.value)).toEqual([euros(half)]);
    await waitFor(async () => (await refundedCents(partial.paymentId)) === half, { timeoutMs: 20_000 });
    expect(await mollieRefunds(late.paymentId)).toEqual([]);
    expect(await refundedCents(late.paymentId)).toBe(0);

    expect(await cancellationMail(partial.bookingId)).toMatch(/krijg je €\s?525,00 van de betaalde €\s?1\.050,00 terugbetaald/);
    expect(await cancellationMail(late.bookingId)).toMatch(/betaling van €\s?1\.050,00 .*niet terugbetaald/);
  }, 90_000);

  it('the artist cancelling refunds in full, whenever; a payment that arrives after cancelling comes back in full', async () => {
    const { bookingId, total } = await paidBooking(2);
    await cancel(artistOwner, bookingId, 'Bus kapot');
    expect(await requestsOf(bookingId)).toMatchObject([{ amount_cents: total, refund_percent: 100 }]);

    // Paid in another tab after the customer cancelled the accepted booking.
    const late = await createBooking(customer, artistId, 'accepted', { startsAt: new Date(Date.now() + 2 * day + 40 * 3_600_000), endsAt: new Date(Date.now() + 2 * day + 41 * 3_600_000) });
    await cancel(customer, late, 'Toch niet');
    const { error } = await serviceClient().rpc('record_booking_payment', {
      booking_id: late,
      provider_payment_id: `tr_late${late.slice(0, 8)}`,
      payment_status: 'paid',
      amount_cents: 105_000,
      method: 'ideal',
    });
    expect(error).toBeNull();
    expect(await requestsOf(late)).toMatchObject([{ amount_cents: 105_000, refund_percent: 100 }]);
    // A replay of the same webhook does not add a second one.
    await serviceClient().rpc('record_booking_payment', {
      booking_id: late,
      provider_payment_id: `tr_late${late.slice(0, 8)}`,
      payment_status: 'paid',
      amount_cents: 105_000,
      method: 'ideal',
    });
    expect(await requestsOf(late)).toHaveLength(1);
    // Not a real Mollie payment: keep it away from the other tests' runs.
    await sql(`update private.refund_requests set done_at = now() where booking_id = $1`, [late]);
  }, 60_000);

  it("concurrent runs create exactly one Mollie refund; a run that lost Mollie's answer does not refund again", async () => {
    // Half back (customer, 20 days ahead), so Mollie would accept a second refund of the other half.
    const { bookingId, paymentId, total } = await paidBooking(20);
    const half = Math.round(total / 2);
    await cancel(customer, bookingId, 'Verhuisd');
    const runs = await Promise.all([processRefunds(keys.serviceRole), processRefunds(keys.serviceRole), processRefunds(keys.serviceRole)]);
    expect(runs.map((run) => run.status)).toEqual([200, 200, 200]);
    await waitFor(async () => (await requestsOf(bookingId))[0]!.done);
    expect((await mollieRefunds(paymentId)).map((refund) => refund.amount.value)).toEqual([euros(half)]);

    // As if the refund was made but the answer never reached us: the request is due again.
    await sql(`update private.refund_requests set done_at = null, provider_refund_id = null, attempts = 1, next_attempt_at = now() where booking_id = $1`, [bookingId]);
    await processRefunds(keys.serviceRole);
    await waitFor(async () => (await requestsOf(bookingId))[0]!.done);
    const refunds = await mollieRefunds(paymentId);
    expect(refunds).toHaveLength(1);
    expect((await requestsOf(bookingId))[0]!.provider_refund_id).toBe(refunds[0]!.id);
  }, 60_000);

  it('when Mollie cannot be reached the request waits and is retried later', async () => {
    // Another run (the stack's scheduler, another test file) may take the request before the run
    // that cannot reach Mollie does; it is then refunded for real, and a new booking tries again.
    // The broken run is for this booking only: the other files' and journeys' refunds go on.
    let paid: Awaited<ReturnType<typeof paidBooking>> | undefined;
    for (let attempt = 0; attempt < 3 && !paid; attempt++) {
      const candidate = await paidBooking(50 + attempt);
      await withMollieUnreachable(async (apiUrl) => {
        await cancel(admin, candidate.bookingId, 'Zaal afgebrand');
        const broken = await processRefunds(keys.serviceRole, apiUrl, candidate.bookingId);
        expect(broken.status).toBe(200);
      });
      if (!(await requestsOf(candidate.bookingId))[0]!.done) paid = candidate;
    }
    expect(paid, 'a refund request the unreachable Mollie run handled').toBeDefined();
    const { bookingId, paymentId, total } = paid!;
    const [failed] = await sql<{ attempts: number; done: boolean; last_error: string | null; waits: boolean }>(
      `select attempts, done_at is not null as done, last_error, next_attempt_at > now() + interval '1 minute' as waits
         from private.refund_requests where booking_id = $1`,
      [bookingId],
    );
    expect(failed).toMatchObject({ attempts: 1, done: false, waits: true });
    expect(failed!.last_error).toBeTruthy();
    // Not straight away...
    await processRefunds(keys.serviceRole);
    expect(await mollieRefunds(paymentId)).toEqual([]);
    // ...but once the back-off has passed.
    await sql(`update private.refund_requests set next_attempt_at = now() where booking_id = $1`, [bookingId]);
    await processRefunds(keys.serviceRole);
    await waitFor(async () => (await requestsOf(bookingId))[0]!.done);
    expect((await mollieRefunds(paymentId)).map((refund) => refund.amount.value)).toEqual([euros(total)]);
    expect(await requestsOf(bookingId)).toMatchObject([{ attempts: 2, last_error: null }]);
  }, 90_000);

  it('a run for one booking claims only its refund requests and refunds them', async () => {
    const one = await paidBooking(60);
    const other = await paidBooking(61);
    await cancel(admin, other.bookingId, 'Zaal afgebrand');
    await cancel(admin, one.bookingId, 'Zaal afgebrand');
    // Both are due now; a claim for one booking hands out that booking's request and nothing else.
    const service = serviceClient();
    const claimed = await service.rpc('claim_payment_refunds', { batch_size: 50, only_booking: one.bookingId });
    expect(claimed.error).toBeNull();
    const requests = (claimed.data ?? []) as { id: number; booking_id: string }[];
    expect(requests.filter((request) => request.booking_id !== one.bookingId)).toEqual([]);
    for (const request of requests) {
      expect((await service.rpc('finish_payment_refund', { refund_request_id: request.id, failure: 'teruggegeven door de test' })).error).toBeNull();
    }
    await sql(`update private.refund_requests set next_attempt_at = now() where booking_id = $1`, [one.bookingId]);
    // The job asked for that booking refunds it at Mollie.
    expect((await processRefunds(keys.serviceRole, urls.api, one.bookingId)).status).toBe(200);
    await waitFor(async () => (await requestsOf(one.bookingId))[0]!.done);
    expect((await mollieRefunds(one.paymentId)).map((refund) => refund.amount.value)).toEqual([euros(one.total)]);
  }, 60_000);

  it('answers 400 to a booking_id that is no booking id', async () => {
    expect(await processRefunds(keys.serviceRole, urls.api, '1; drop table bookings')).toEqual({ status: 400, body: { error: 'booking_id is geen geldige boeking.' } });
  });

  it('refuses anyone but the service role', async () => {
    expect((await processRefunds(keys.anon)).status).toBe(403);
    expect((await processRefunds(customer.token)).status).toBe(403);
    expect((await processRefunds(admin.token)).status).toBe(403);
    const claim = await admin.client.rpc('claim_payment_refunds', { batch_size: 1 });
    expect(claim.error).not.toBeNull();
    const finish = await customer.client.rpc('finish_payment_refund', { refund_request_id: 1 });
    expect(finish.error).not.toBeNull();
  });
});

// The seed is payment history made at Mollie: the sandbox (Mollie's side) must know each of its
// payments, and history must not queue refunds. Before, the seed's paid payments of bookings
// cancelled later counted as late payments and queued a refund the sandbox answered with 404,
// logged every few minutes on a fresh stack.
describe("the seed's payments", () => {
  const seeded = [...new Set(readFileSync(fileURLToPath(new URL('../seed.sql', import.meta.url)), 'utf8').match(/'tr_[A-Za-z0-9]{10}'/g) ?? [])].map((quoted) => quoted.slice(1, -1));

  it('exist at Mollie (the sandbox) as paid, with the same amount and what was refunded', async () => {
    expect(seeded.length).toBeGreaterThan(100);
    const mismatches = await sql<{ provider_payment_id: string }>(
      `select p.provider_payment_id
         from public.payments p
         left join mollie_sandbox.payments m on m.id = p.provider_payment_id
        where p.provider_payment_id = any($1)
          and (m.id is null or m.status <> 'paid' or m.amount_cents <> p.amount_cents
               or p.refunded_cents <> coalesce((select sum(r.amount_cents) from mollie_sandbox.refunds r where r.payment_id = m.id and r.status = 'refunded'), 0))`,
      [seeded],
    );
    expect(mismatches).toEqual([]);
    // And through Mollie's API, as payment-webhook and process-refunds read them: a refunded one.
    const [refunded] = await sql<{ provider_payment_id: string; amount_cents: number; refunded_cents: number }>(
      'select provider_payment_id, amount_cents, refunded_cents from public.payments where provider_payment_id = any($1) and refunded_cents > 0 order by provider_payment_id limit 1',
      [seeded],
    );
    const response = await fetch(`${urls.mollie}/payments/${refunded!.provider_payment_id}`, { headers: { Authorization: `Bearer ${mollie.apiKey}` } });
    expect(response.status).toBe(200);
    const payment = (await response.json()) as { status: string; amount: { value: string }; amountRefunded: { value: string } };
    expect(payment.status).toBe('paid');
    expect(payment.amount.value).toBe((refunded!.amount_cents / 100).toFixed(2));
    expect(payment.amountRefunded.value).toBe((refunded!.refunded_cents / 100).toFixed(2));
  });

  it('queue no refund: their refunds were made when the bookings were cancelled', async () => {
    const queued = await sql('select id, provider_payment_id, amount_cents, last_error from private.refund_requests where provider_payment_id = any($1)', [seeded]);
    expect(queued).toEqual([]);
  });
});

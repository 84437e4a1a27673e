// Paying a booking through Mollie, as a customer experiences it: create-payment, the (sandbox)
// checkout page, Mollie's webhook call to payment-webhook, and the booking confirmed. Everything
// runs through the running stack: real Deno functions, the Mollie sandbox and its webhooks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, mollie, urls } from '../stack/config.ts';
import { waitFor } from '../stack/testing.ts';
import { withMollieUnreachable } from './functions-runtime.ts';
import { closePool, createArtist, createBooking, createUser, serviceClient, sql, type TestUser } from './support.ts';

const fn = (name: string) => `${urls.api}/functions/v1/${name}`;

async function createPayment(user: TestUser, bookingId: string) {
  const response = await fetch(fn('create-payment'), {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ bookingId }),
  });
  return { status: response.status, body: (await response.json()) as { checkoutUrl?: string; paymentId?: string; error?: string } };
}

/** The customer picks iDEAL and an outcome on the checkout page; answers where the browser goes. */
async function checkout(checkoutUrl: string, outcome: 'paid' | 'failed' | 'canceled' | 'expired') {
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Kies je betaalmethode');
  const response = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method: 'ideal', status: outcome }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location');
}

const webhook = (body: Record<string, string>) =>
  fetch(fn('payment-webhook'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });

const bookingOf = async (id: string) => (await sql<{ status: string; confirmed_at: Date | null }>('select status, confirmed_at from public.bookings where id = $1', [id]))[0]!;
const paymentOf = async (providerId: string) =>
  (
    await sql<{ status: string; amount_cents: number; method: string | null; refunded_cents: number; checkout_url: string | null; booking_id: string }>(
      'select status, amount_cents, method, refunded_cents, checkout_url, booking_id from public.payments where provider_payment_id = $1',
      [providerId],
    )
  )[0];
const historyOf = async (bookingId: string) => (await sql<{ n: number }>('select count(*)::int as n from public.booking_events where booking_id = $1', [bookingId]))[0]!.n;
const bonusesOf = async (userId: string) =>
  sql<{ amount_cents: number; booking_id: string }>(`select amount_cents, booking_id from public.bands_transactions where user_id = $1 and type = 'referral_bonus'`, [userId]);

let referrer: TestUser;
let customer: TestUser;
let artistOwner: TestUser;
let artistId: string;

beforeAll(async () => {
  [referrer, customer, artistOwner] = await Promise.all([createUser('customer'), createUser('customer'), createUser('artist')]);
  await sql('update public.profiles set referrer_id = $1 where id = $2', [referrer.id, customer.id]);
  artistId = await createArtist(artistOwner, { name: 'De Betaalband' });
});
afterAll(closePool);

describe('create-payment → checkout → payment-webhook', () => {
  it("a paid checkout confirms the booking and records the payment (the referrer's bonus waits for the gig); replays change nothing", async () => {
    const bookingId = await createBooking(customer, artistId, 'accepted');
    const [{ total_cents: total }] = (await sql<{ total_cents: number }>('select total_cents from public.bookings where id = $1', [bookingId])) as [{ total_cents: number }];

    const created = await createPayment(customer, bookingId);
    expect(created.status).toBe(200);
    expect(created.body.paymentId).toMatch(/^tr_/);
    expect(created.body.checkoutUrl).toContain('/mollie/checkout/');
    // Mollie holds what the server sent: the amount from the database, Dutch, linked to our pages.
    const atMollie = (await (await fetch(`${urls.mollie}/payments/${created.body.paymentId}`, { headers: { Authorization: `Bearer ${mollie.apiKey}` } })).json()) as Record<string, unknown>;
    expect(atMollie.amount).toEqual({ currency: 'EUR', value: (total / 100).toFixed(2) });
    expect(atMollie.description).toMatch(/^Podium boeking De Betaalband/);
    expect(atMollie.locale).toBe('nl_NL');
    expect(atMollie.redirectUrl).toBe(`${urls.site}/checkout/success?booking=${bookingId}`);
    expect(atMollie.webhookUrl).toBe(`${urls.api}/functions/v1/payment-webhook`);
    expect(atMollie.metadata).toEqual({ bookingId });
    expect(await paymentOf(created.body.paymentId!)).toMatchObject({ status: 'open', amount_cents: total, booking_id: bookingId, checkout_url: created.body.checkoutUrl });

    // A second click reuses the open payment.
    const again = await createPayment(customer, bookingId);
    expect(again.body).toEqual(created.body);
    expect((await sql('select 1 from public.payments where booking_id = $1', [bookingId])).length).toBe(1);

    const landing = await checkout(created.body.checkoutUrl!, 'paid');
    expect(landing).toBe(`${urls.site}/checkout/success?booking=${bookingId}`);
    // Mollie's webhook call (from the sandbox) confirms the booking.
    await waitFor(async () => (await bookingOf(bookingId)).status === 'confirmed', { timeoutMs: 15_000 });
    expect(await paymentOf(created.body.paymentId!)).toMatchObject({ status: 'paid', method: 'ideal' });
    // The referrer's bonus comes with the completed gig, not with the payment.
    expect(await bonusesOf(referrer.id)).toEqual([]);

    // Mollie may call again (retries, refunds): the same state again changes nothing.
    const events = await historyOf(bookingId);
    const replayed = await webhook({ id: created.body.paymentId! });
    expect(replayed.status).toBe(200);
    expect(await historyOf(bookingId)).toBe(events);
    expect(await bonusesOf(referrer.id)).toEqual([]);
    expect((await bookingOf(bookingId)).status).toBe('confirmed');

    // Paid: nothing more to pay.
    expect((await createPayment(customer, bookingId)).status).toBe(409);

    // A refund at Mollie reaches the payments row through the webhook.
    const refund = await fetch(`${urls.mollie}/payments/${created.body.paymentId}/refunds`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${mollie.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: { currency: 'EUR', value: '10.00' }, description: 'Deels terug' }),
    });
    expect(refund.status).toBe(201);
    await waitFor(async () => (await paymentOf(created.body.paymentId!))?.refunded_cents === 1000, { timeoutMs: 15_000 });
  }, 60_000);

  it.each(['failed', 'canceled'] as const)(
    'a %s checkout is recorded and the booking stays awaiting payment; a new attempt gets a new payment',
    async (outcome) => {
      const bookingId = await createBooking(customer, artistId, 'accepted');
      const first = await createPayment(customer, bookingId);
      expect(first.status).toBe(200);
      const landing = await checkout(first.body.checkoutUrl!, outcome);
      if (outcome === 'canceled') expect(landing).toBe(`${urls.site}/booking/${bookingId}/checkout`);
      await waitFor(async () => (await paymentOf(first.body.paymentId!))?.status === outcome, { timeoutMs: 15_000 });
      expect((await bookingOf(bookingId)).status).toBe('accepted');
      const second = await createPayment(customer, bookingId);
      expect(second.status).toBe(200);
      expect(second.body.paymentId).not.toBe(first.body.paymentId);
    },
    30_000,
  );

  it('a double click starts one payment: concurrent calls answer the same checkout', async () => {
    const bookingId = await createBooking(customer, artistId, 'accepted');
    const answers = await Promise.all([createPayment(customer, bookingId), createPayment(customer, bookingId), createPayment(customer, bookingId)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.paymentId)).size).toBe(1);
    const open = await sql<{ provider_payment_id: string }>(`select provider_payment_id from public.payments where booking_id = $1 and status = 'open'`, [bookingId]);
    expect(open.map((row) => row.provider_payment_id)).toEqual([answers[0]!.body.paymentId]);
  }, 30_000);

  it('spending BANDS after starting a payment cancels the old payment and charges the new total', async () => {
    const bookingId = await createBooking(customer, artistId, 'accepted');
    const first = await createPayment(customer, bookingId);
    const credit = await serviceClient().rpc('admin_adjust_bands', { target_user: customer.id, amount: 2500, reason: 'Test: tegoed voor afrekenen' });
    expect(credit.error).toBeNull();
    const { error } = await customer.client.rpc('apply_bands_to_booking', { booking_id: bookingId, amount_cents: 2500 });
    expect(error).toBeNull();
    const second = await createPayment(customer, bookingId);
    expect(second.status).toBe(200);
    expect(second.body.paymentId).not.toBe(first.body.paymentId);
    const [{ total_cents: total }] = (await sql<{ total_cents: number }>('select total_cents from public.bookings where id = $1', [bookingId])) as [{ total_cents: number }];
    expect(await paymentOf(second.body.paymentId!)).toMatchObject({ status: 'open', amount_cents: total });
    expect(await paymentOf(first.body.paymentId!)).toMatchObject({ status: 'canceled' });
  }, 30_000);

  it('trusts only Mollie: a forged "paid" for an open payment, or an unknown id, changes nothing', async () => {
    const bookingId = await createBooking(customer, artistId, 'accepted');
    const created = await createPayment(customer, bookingId);
    const events = await historyOf(bookingId);
    const forged = await webhook({ id: created.body.paymentId!, status: 'paid', amount: '0.01' });
    expect(forged.status).toBe(200);
    const unknown = await webhook({ id: 'tr_Unknown1234' });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toBe('');
    expect((await bookingOf(bookingId)).status).toBe('accepted');
    expect(await paymentOf(created.body.paymentId!)).toMatchObject({ status: 'open' });
    expect(await historyOf(bookingId)).toBe(events);
    expect((await webhook({ nothing: 'here' })).status).toBe(400);
  });

  it("refuses someone else's booking with 404 and a booking that is not awaiting payment with 409", async () => {
    const bookingId = await createBooking(customer, artistId, 'accepted');
    const stranger = await createUser('customer');
    const notYours = await createPayment(stranger, bookingId);
    expect(notYours).toEqual({ status: 404, body: { error: 'Boeking niet gevonden.' } });
    // The artist sees the booking, but it is not theirs to pay.
    expect((await createPayment(artistOwner, bookingId)).status).toBe(404);

    const pending = await createBooking(customer, artistId, 'pending');
    const refused = await createPayment(customer, pending);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/kan niet \(meer\) worden betaald/);
    expect((await sql('select 1 from public.payments where booking_id = any($1)', [[bookingId, pending]])).length).toBe(0);

    const anon = await fetch(fn('create-payment'), {
      method: 'POST',
      headers: { apikey: keys.anon, Authorization: `Bearer ${keys.anon}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bookingId }),
    });
    expect(anon.status).toBe(401);
  });
});

describe('payment-webhook when Mollie cannot be reached', () => {
  it('answers 500, so that Mollie calls again later instead of taking it as handled', async () => {
    await withMollieUnreachable(async (apiUrl) => {
      const bookingId = await createBooking(customer, artistId, 'accepted');
      const created = await createPayment(customer, bookingId);
      const response = await fetch(`${apiUrl}/functions/v1/payment-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `id=${created.body.paymentId}`,
      });
      expect(response.status).toBe(500);
    });
  }, 60_000);
});

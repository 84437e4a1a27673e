// No money is stranded: a paid payment is always recorded, and what it paid beyond
// the booking comes back. Through the real path: create-payment, the Mollie sandbox's checkout,
// its webhook to payment-webhook, record_booking_payment, process-refunds and Mollie's refund
// webhook. Cases: a checkout opened before BANDS lowered the total in another tab (the booking is
// confirmed and the difference refunded); two tabs that both pay (the second payment is refunded
// in full); a payment of less than the total (recorded, refunded, the booking still waits);
// replayed and forged webhooks change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, mollie, urls } from '../stack/config.ts';
import { waitFor } from '../stack/testing.ts';
import { closePool, createArtist, createBooking, createUser, futureWindow, serviceClient, sql, type TestUser } from './support.ts';

const fn = (name: string) => `${urls.api}/functions/v1/${name}`;
let customer: TestUser;
let artistId: string;

async function createPayment(bookingId: string): Promise<{ checkoutUrl: string; paymentId: string }> {
  const response = await fetch(fn('create-payment'), {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ bookingId }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { checkoutUrl: string; paymentId: string };
}

/** Pays at the sandbox's checkout page, as the customer would, even when the page is an old one. */
async function payAtMollie(checkoutUrl: string): Promise<number> {
  const response = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method: 'ideal', status: 'paid' }).toString(),
    redirect: 'manual',
  });
  return response.status;
}

const processRefunds = () =>
  fetch(fn('process-refunds'), { method: 'POST', headers: { apikey: keys.anon, Authorization: `Bearer ${keys.serviceRole}`, 'content-type': 'application/json' }, body: '{}' });
const webhook = (id: string) => fetch(fn('payment-webhook'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ id }).toString() });

const bookingOf = async (id: string) => (await sql<{ status: string; total_cents: number }>('select status, total_cents from public.bookings where id = $1', [id]))[0]!;
const paymentsOf = (id: string) =>
  sql<{ provider_payment_id: string; status: string; amount_cents: number; refunded_cents: number }>(
    'select provider_payment_id, status, amount_cents, refunded_cents from public.payments where booking_id = $1 order by created_at',
    [id],
  );

/** Waits until every paid payment of the booking shows the expected refunded amounts at Mollie and here. */
async function refundsSettle(bookingId: string, expected: Record<string, number>) {
  await waitFor(
    async () => {
      await processRefunds();
      const rows = await paymentsOf(bookingId);
      return rows.every((row) => (expected[row.provider_payment_id] ?? 0) === row.refunded_cents) && rows;
    },
    { timeoutMs: 25_000, intervalMs: 500 },
  );
}

beforeAll(async () => {
  customer = await createUser('customer');
  artistId = await createArtist(await createUser('artist'), { basePriceCents: 100_000 });
});
afterAll(closePool);

describe('a checkout opened before BANDS lowered the total', () => {
  it('confirms the booking and refunds what was paid too much', async () => {
    const bookingId = await createBooking(customer, artistId, 'accepted');
    const before = await bookingOf(bookingId);
    const stale = await createPayment(bookingId);
    // In another tab, BANDS lower the total; the first tab's checkout still asks the old amount.
    await sql(`update public.bookings set bands_applied_cents = 2500, total_cents = total_cents - 2500 where id = $1`, [bookingId]);
    expect(await payAtMollie(stale.checkoutUrl)).toBe(303);
    await waitFor(async () => (await bookingOf(bookingId)).status === 'confirmed', { timeoutMs: 15_000 });
    const [payment] = await paymentsOf(bookingId);
    expect(payment).toMatchObject({ provider_payment_id: stale.paymentId, status: 'paid', amount_cents: before.total_cents });
    await refundsSettle(bookingId, { [stale.paymentId]: 2500 });
    // A replayed webhook changes nothing.
    expect((await webhook(stale.paymentId)).status).toBe(200);
    expect(await paymentsOf(bookingId)).toEqual([expect.objectContaining({ status: 'paid', refunded_cents: 2500 })]);
    expect(await sql('select 1 from private.refund_requests where booking_id = $1', [bookingId])).toHaveLength(1);
  });
});

describe('a cancellation after an excess refund', () => {
  it('refunds what the quote promised on the same payment, and never more than was paid', async () => {
    const bookingId = await createBooking(customer, artistId, 'accepted', futureWindow(120));
    const { total_cents: paid } = await bookingOf(bookingId);
    const stale = await createPayment(bookingId);
    await sql(`update public.bookings set bands_applied_cents = 2500, total_cents = total_cents - 2500 where id = $1`, [bookingId]);
    expect(await payAtMollie(stale.checkoutUrl)).toBe(303);
    await waitFor(async () => (await bookingOf(bookingId)).status === 'confirmed', { timeoutMs: 15_000 });
    await refundsSettle(bookingId, { [stale.paymentId]: 2500 });

    const quote = await customer.client.rpc('cancellation_quote', { booking_id: bookingId }).single<{ paid_cents: number; refund_percent: number; refund_cents: number }>();
    expect(quote.data).toEqual(expect.objectContaining({ paid_cents: paid, refund_percent: 100, refund_cents: paid - 2500 }));
    expect((await customer.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'cancelled', reason: 'Toch niet' })).error).toBeNull();
    await refundsSettle(bookingId, { [stale.paymentId]: paid });
    expect(await sql<{ kind: string; amount_cents: number }>('select kind, amount_cents from private.refund_requests where booking_id = $1 order by id', [bookingId])).toEqual([
      { kind: 'excess', amount_cents: 2500 },
      { kind: 'cancellation', amount_cents: paid - 2500 },
    ]);
  });
});

describe('two tabs that both pay', () => {
  it('keeps the first payment and refunds the second in full', async () => {
    const bookingId = await createBooking(customer, artistId, 'accepted');
    const { total_cents: total } = await bookingOf(bookingId);
    // Two checkouts at Mollie for the same booking (an old tab, a new one), both paid.
    const first = await createPayment(bookingId);
    const mollieSecond = await fetch(`${urls.api}/mollie/v2/payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${mollie.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: { currency: 'EUR', value: (total / 100).toFixed(2) },
        description: 'Tweede tabblad',
        redirectUrl: `${urls.site}/checkout/success?booking=${bookingId}`,
        webhookUrl: fn('payment-webhook'),
        metadata: { bookingId },
      }),
    });
    const created = (await mollieSecond.json()) as { id: string; _links: { checkout: { href: string } } };
    // One after the other: paid at once, the two webhooks race for the booking and either may be first.
    expect(await payAtMollie(first.checkoutUrl)).toBe(303);
    await waitFor(async () => (await bookingOf(bookingId)).status === 'confirmed', { timeoutMs: 15_000 });
    expect(await payAtMollie(created._links.checkout.href)).toBe(303);
    await waitFor(async () => (await paymentsOf(bookingId)).filter((row) => row.status === 'paid').length === 2, { timeoutMs: 15_000 });
    expect((await bookingOf(bookingId)).status).toBe('confirmed');
    await refundsSettle(bookingId, { [created.id]: total });
  });
});

describe('a payment of less than the total', () => {
  it('is recorded and refunded, and the booking keeps waiting for its payment', async () => {
    const bookingId = await createBooking(customer, artistId, 'accepted');
    const short = await serviceClient().rpc('record_booking_payment', {
      booking_id: bookingId,
      provider_payment_id: `tr_short${Date.now()}`,
      payment_status: 'paid',
      amount_cents: 100,
      method: 'ideal',
    });
    expect(short.error).toBeNull();
    expect((await bookingOf(bookingId)).status).toBe('accepted');
    const requests = await sql<{ amount_cents: number; refund_percent: number }>('select amount_cents, refund_percent from private.refund_requests where booking_id = $1', [bookingId]);
    expect(requests).toEqual([{ amount_cents: 100, refund_percent: 100 }]);
  });
});

describe('forged webhook calls', () => {
  it('record nothing: an unknown id, a malformed body, an id of another profile', async () => {
    const before = (await sql<{ n: number }>('select count(*)::int n from public.payments'))[0]!.n;
    expect((await webhook('tr_doesNotExist123')).status).toBe(200);
    expect((await fetch(fn('payment-webhook'), { method: 'POST', body: 'id=<script>' })).status).toBe(400);
    expect((await fetch(fn('payment-webhook'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'tr_x', status: 'paid', amount: '1.00' }) })).status).toBe(
      400,
    );
    expect((await sql<{ n: number }>('select count(*)::int n from public.payments'))[0]!.n).toBe(before);
  });
});

// The payout path end to end on the running stack, through the real edge functions and the
// payments sandbox (Mollie's side): an act's owner connects Mollie on the sandbox's consent page
// (mollie-connect exchanges the code and reads the onboarding), a customer books and pays through
// create-payment and the sandbox checkout, the gig is completed, the customer answers the
// check-in 'Ja', and process-payouts routes the package price to the act's organization; the
// sandbox lists the route and credits the organization's balance, which mollie-connect reads.
// Also: a BANDS-paid part goes by a balance transfer, an act without a connection waits and is
// paid once it connects, a second run pays nothing twice, and a refused route is retried with
// back-off and then pays only what is missing.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, mollie, urls } from '../stack/config.ts';
import { waitFor } from '../stack/testing.ts';
import { closePool, completeBooking, createArtist, createBooking, createUser, creditBands, serviceClient, sql, payInSandbox, type TestUser } from './support.ts';

const fn = (name: string) => `${urls.api}/functions/v1/${name}`;
const sandboxRoot = urls.mollie.replace(/\/v2$/, '');
const SCOPE = 'organizations.read onboarding.read onboarding.write balances.read payments.read';
const DAY = 86_400_000;

interface Connection {
  organizationId: string;
  organizationName: string;
  onboardingStatus: string;
  onboardingUrl: string | null;
}

interface PayoutRow {
  status: string;
  amount_cents: number;
  route_cents: number;
  transfer_cents: number;
  organization_id: string | null;
  mollie_payment_id: string | null;
  mollie_route_id: string | null;
  mollie_transfer_id: string | null;
  attempts: number;
  last_error: string | null;
  waits: boolean;
}

const payoutOf = async (bookingId: string) =>
  (
    await sql<PayoutRow>(
      `select status, amount_cents, route_cents, transfer_cents, organization_id, mollie_payment_id, mollie_route_id, mollie_transfer_id,
              attempts, last_error, coalesce(next_attempt_at > now(), false) as waits
         from public.payouts where booking_id = $1`,
      [bookingId],
    )
  )[0]!;

/** The sandbox as Mollie: a GET with the platform's API key. */
async function atMollie<T>(path: string): Promise<T> {
  // Balance transfers are the organization's (an organization access token); payments the profile's (the API key).
  const credential = path.startsWith('/connect/') ? mollie.organizationAccessToken : mollie.apiKey;
  const response = await fetch(`${urls.mollie}${path}`, { headers: { Authorization: `Bearer ${credential}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

interface Route {
  id: string;
  amount: { value: string; currency: string };
  destination: { type: string; organizationId: string };
}
const routesOf = async (paymentId: string) => (await atMollie<{ _embedded: { routes: Route[] } }>(`/payments/${paymentId}/routes`))._embedded.routes;

const euros = (cents: number) => (cents / 100).toFixed(2);

/** POST mollie-connect as the act's owner. */
async function connect(owner: TestUser, body: Record<string, unknown>) {
  const response = await fetch(fn('mollie-connect'), {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { connection?: Connection; balance?: { availableCents: number; pendingCents: number }; error?: string } };
}

/**
 * 'Koppel je Mollie-account': the consent page posted as the browser would (a new test
 * organization), the code taken from the redirect, and mollie-connect's exchange of it.
 */
async function connectMollie(owner: TestUser, name: string): Promise<Connection> {
  const state = randomBytes(8).toString('hex');
  const authorize = `${urls.mollieConnect.authorize}?${new URLSearchParams({
    client_id: mollie.connectClientId,
    redirect_uri: mollie.connectRedirectUri,
    state,
    scope: SCOPE,
    response_type: 'code',
    approval_prompt: 'force',
  })}`;
  const consent = await fetch(authorize, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'allow', organization: 'new', name, email: `${name.replace(/\W/g, '').toLowerCase()}@example.nl` }).toString(),
    redirect: 'manual',
  });
  await consent.body?.cancel();
  expect(consent.status).toBe(303);
  const back = new URL(consent.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(new URL(mollie.connectRedirectUri).origin + new URL(mollie.connectRedirectUri).pathname);
  expect(back.searchParams.get('state')).toBe(state);
  const code = back.searchParams.get('code');
  expect(code).toMatch(/^auth_/);
  const exchanged = await connect(owner, { action: 'exchange', code, redirectUri: mollie.connectRedirectUri });
  expect(exchanged.status, exchanged.body.error).toBe(200);
  return exchanged.body.connection!;
}

/** The organization finishes Mollie's onboarding (the button on its dashboard page in the sandbox). */
async function finishOnboarding(organizationId: string) {
  const response = await fetch(`${sandboxRoot}/dashboard/organizations/${organizationId}/onboarding`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'status=completed',
    redirect: 'manual',
  });
  await response.body?.cancel();
  expect(response.status).toBe(303);
}

/** One run of the payout job; with `bookingId`, for that booking's payout only. */
async function processPayouts(token = keys.serviceRole, bookingId?: unknown) {
  const response = await fetch(fn('process-payouts'), {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(bookingId === undefined ? {} : { booking_id: bookingId }),
  });
  return { status: response.status, body: (await response.json()) as { paid?: number; waiting?: number; failed?: number; error?: string } };
}

let hour = 0;
/**
 * A booking of `act` (price 1.000 + 5 % fee) paid by the customer through create-payment and the
 * sandbox checkout, with `bands` of BANDS applied at checkout first; answers the Mollie payment.
 */
async function paidBooking(customer: TestUser, act: string, bands = 0): Promise<{ bookingId: string; paymentId: string }> {
  hour += 5;
  const startsAt = new Date(Date.now() + 20 * DAY + hour * 3_600_000);
  const bookingId = await createBooking(customer, act, 'accepted', { startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000) });
  if (bands > 0) {
    await creditBands(customer, bands);
    const { error } = await customer.client.rpc('apply_bands_to_booking', { booking_id: bookingId, amount_cents: bands });
    expect(error).toBeNull();
  }
  const paymentId = await payInSandbox(customer, bookingId);
  return { bookingId, paymentId };
}

/** The gig took place: completed by the scheduler's transition, then the customer's 'Ja, alles ging goed'. */
async function playedAndConfirmed(customer: TestUser, bookingId: string) {
  await completeBooking(bookingId, { checkIn: 'open' });
  expect(await payoutOf(bookingId)).toMatchObject({ status: 'checkin', amount_cents: 100_000 });
  const { error } = await customer.client.rpc('answer_checkin', { booking_id: bookingId, all_good: true });
  expect(error).toBeNull();
  // The stack's scheduler runs process-payouts too: 'due', or already on its way.
  expect(['due', 'paid', 'awaiting_connection']).toContain((await payoutOf(bookingId)).status);
}

/** Runs process-payouts (as the scheduler does) until the payout has `status`. */
async function payoutReaches(bookingId: string, status: string) {
  return waitFor(
    async () => {
      const run = await processPayouts(keys.serviceRole, bookingId);
      expect(run.status).toBe(200);
      const payout = await payoutOf(bookingId);
      return payout.status === status ? payout : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 300 },
  );
}

let customer: TestUser;

beforeAll(async () => {
  customer = await createUser('customer', { first: 'Sanne' });
});
afterAll(closePool);

describe('an act connects Mollie and is paid after the gig', () => {
  let owner: TestUser;
  let act: string;
  let organizationId: string;

  beforeAll(async () => {
    owner = await createUser('artist');
    act = await createArtist(owner, { name: `De Uitbetaalband ${randomBytes(2).toString('hex')}` });
  });

  it('connects through the consent page: needs-data first, completed once onboarding is done', async () => {
    const name = `Uitbetaalband BV ${randomBytes(2).toString('hex')}`;
    const connection = await connectMollie(owner, name);
    expect(connection).toMatchObject({ organizationName: name, onboardingStatus: 'needs-data' });
    expect(connection.organizationId).toMatch(/^org_/);
    organizationId = connection.organizationId;
    // The owner sees the connection in the portal's table; the tokens stay server-side.
    expect((await owner.client.from('mollie_connections').select('organization_id, onboarding_status')).data).toEqual([{ organization_id: organizationId, onboarding_status: 'needs-data' }]);

    await finishOnboarding(organizationId);
    const status = await connect(owner, { action: 'status' });
    expect(status.status).toBe(200);
    expect(status.body.connection).toMatchObject({ organizationId, onboardingStatus: 'completed' });
    expect((await owner.client.from('mollie_connections').select('onboarding_status')).data).toEqual([{ onboarding_status: 'completed' }]);
    // Nothing routed yet.
    const balance = await connect(owner, { action: 'balance' });
    expect(balance.body.balance).toMatchObject({ availableCents: 0, pendingCents: 0 });
  }, 30_000);

  it('routes the package price on the payment to the organization, once; the balance shows it pending, then available', async () => {
    const { bookingId, paymentId } = await paidBooking(customer, act);
    await playedAndConfirmed(customer, bookingId);

    const paid = await payoutReaches(bookingId, 'paid');
    expect(paid).toMatchObject({
      amount_cents: 100_000,
      route_cents: 100_000,
      transfer_cents: 0,
      organization_id: organizationId,
      mollie_payment_id: paymentId,
      mollie_transfer_id: null,
      last_error: null,
    });
    expect(paid.mollie_route_id).toMatch(/^crt_/);
    const routes = await routesOf(paymentId);
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({ id: paid.mollie_route_id, amount: { currency: 'EUR', value: euros(100_000) }, destination: { type: 'organization', organizationId } });

    // The organization's balance at Mollie: the route is pending for a moment, then available.
    const first = (await connect(owner, { action: 'balance' })).body.balance!;
    expect(first.pendingCents + first.availableCents).toBe(100_000);
    await waitFor(async () => {
      const { balance } = (await connect(owner, { action: 'balance' })).body;
      return balance?.availableCents === 100_000 && balance.pendingCents === 0;
    });
    // The artist sees it paid in the portal's table.
    expect((await owner.client.from('payouts').select('status, route_cents').eq('booking_id', bookingId)).data).toEqual([{ status: 'paid', route_cents: 100_000 }]);

    // Runs after it pay nothing twice.
    await processPayouts();
    await processPayouts();
    expect(await routesOf(paymentId)).toHaveLength(1);
    expect(await payoutOf(bookingId)).toMatchObject({ status: 'paid', mollie_route_id: paid.mollie_route_id });
    expect((await connect(owner, { action: 'balance' })).body.balance).toMatchObject({ availableCents: 100_000, pendingCents: 0 });
  }, 60_000);

  it('a booking partly paid with BANDS: the payment is routed and the rest comes from Podium’s balance by a transfer', async () => {
    const bands = 20_000;
    const { bookingId, paymentId } = await paidBooking(customer, act, bands);
    expect((await sql<{ amount_cents: number }>('select amount_cents from public.payments where provider_payment_id = $1', [paymentId]))[0]!.amount_cents).toBe(105_000 - bands);
    await playedAndConfirmed(customer, bookingId);

    const paid = await payoutReaches(bookingId, 'paid');
    expect(paid).toMatchObject({ amount_cents: 100_000, route_cents: 105_000 - bands, transfer_cents: bands - 5_000 });
    const routes = await routesOf(paymentId);
    expect(routes.map((route) => route.amount.value)).toEqual([euros(105_000 - bands)]);
    const transfer = await atMollie<{ id: string; amount: { value: string }; source: { id: string }; destination: { id: string }; status: string }>(
      `/connect/balance-transfers/${paid.mollie_transfer_id}`,
    );
    expect(transfer).toMatchObject({ amount: { value: euros(bands - 5_000) }, destination: { id: organizationId } });
    expect(transfer.source.id).not.toBe(organizationId);
    // Both reach the organization: 1.000 from the first gig, 1.000 from this one.
    await waitFor(async () => (await connect(owner, { action: 'balance' })).body.balance?.availableCents === 200_000);

    await processPayouts();
    expect(await routesOf(paymentId)).toHaveLength(1);
    expect(await payoutOf(bookingId)).toMatchObject({ mollie_transfer_id: paid.mollie_transfer_id });
  }, 60_000);

  it('a route Mollie refuses fails with back-off, and is paid by the retry once Mollie accepts it', async () => {
    const bands = 10_000;
    const { bookingId, paymentId } = await paidBooking(customer, act, bands);
    // The organization withdrew Podium's access at Mollie for a while: the route is refused.
    const [allowed] = await sql<{ scope: string }>(`delete from mollie_sandbox.authorizations where organization_id = $1 and client_id = $2 returning scope`, [organizationId, mollie.connectClientId]);
    expect(allowed).toBeDefined();
    try {
      await playedAndConfirmed(customer, bookingId);
      const failed = await payoutReaches(bookingId, 'failed');
      expect(failed).toMatchObject({ route_cents: 0, transfer_cents: 0, mollie_route_id: null, mollie_transfer_id: null, waits: true });
      expect(failed.last_error).toContain('not connected');
      expect(await routesOf(paymentId)).toEqual([]);
      // Not again before the back-off has passed.
      await processPayouts();
      expect(await payoutOf(bookingId)).toMatchObject({ status: 'failed', attempts: failed.attempts });
    } finally {
      await sql(`insert into mollie_sandbox.authorizations (organization_id, client_id, scope) values ($1, $2, $3) on conflict do nothing`, [organizationId, mollie.connectClientId, allowed!.scope]);
    }
    // The back-off has passed.
    await sql(`update public.payouts set next_attempt_at = now() where booking_id = $1`, [bookingId]);
    const paid = await payoutReaches(bookingId, 'paid');
    expect(paid).toMatchObject({ route_cents: 105_000 - bands, transfer_cents: bands - 5_000, last_error: null });
    expect((await routesOf(paymentId)).map((route) => [route.id, route.amount.value])).toEqual([[paid.mollie_route_id, euros(105_000 - bands)]]);
  }, 60_000);

  it('when the route went out and the transfer failed, the retry pays only what is missing', async () => {
    const bands = 10_000;
    const { bookingId, paymentId } = await paidBooking(customer, act, bands);
    await playedAndConfirmed(customer, bookingId);
    // Hold the payout while the first attempt is staged, so no run takes it meanwhile.
    await sql(`update public.payouts set next_attempt_at = now() + interval '1 hour' where booking_id = $1`, [bookingId]);
    // The first attempt's route went out for what the payment carried then (850,00 of its 950,00:
    // a refund of 100,00 was still pending at Mollie, and failed later), and its transfer was refused.
    const route = await fetch(`${urls.mollie}/payments/${paymentId}/routes`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${mollie.apiKey}`, 'content-type': 'application/json', 'Idempotency-Key': `podium-payout-route-${bookingId}` },
      body: JSON.stringify({ amount: { currency: 'EUR', value: euros(85_000) }, description: 'Podium uitbetaling', destination: { type: 'organization', organizationId } }),
    });
    expect(route.status).toBe(201);
    const routeId = ((await route.json()) as { id: string }).id;
    const recorded = await serviceClient().rpc('finish_payout', {
      booking_id: bookingId,
      outcome: 'failed',
      organization_id: organizationId,
      mollie_payment_id: paymentId,
      route_id: routeId,
      route_cents: 85_000,
      failure: 'Mollie 422: The source balance has insufficient funds for this transfer',
    });
    expect(recorded.data).toMatchObject({ status: 'failed', mollie_route_id: routeId, route_cents: 85_000, mollie_transfer_id: null });
    // The back-off has passed.
    await sql(`update public.payouts set next_attempt_at = now() where booking_id = $1`, [bookingId]);

    // The retry makes no second route, and transfers the rest of the 1.000,00: 150,00.
    const paid = await payoutReaches(bookingId, 'paid');
    expect(paid).toMatchObject({ mollie_route_id: routeId, route_cents: 85_000, transfer_cents: 15_000, last_error: null });
    const transfer = await atMollie<{ amount: { value: string }; destination: { id: string } }>(`/connect/balance-transfers/${paid.mollie_transfer_id}`);
    expect(transfer).toMatchObject({ amount: { value: euros(15_000) }, destination: { id: organizationId } });
    expect((await routesOf(paymentId)).map((one) => one.id)).toEqual([routeId]);
  }, 60_000);
});

describe('an act without a Mollie connection', () => {
  it('waits for the connection, and is paid once it connects and finishes onboarding', async () => {
    const owner = await createUser('artist');
    const act = await createArtist(owner, { name: `De Wachtband ${randomBytes(2).toString('hex')}` });
    const { bookingId, paymentId } = await paidBooking(customer, act);
    await playedAndConfirmed(customer, bookingId);

    const waiting = await payoutReaches(bookingId, 'awaiting_connection');
    expect(waiting).toMatchObject({ route_cents: 0, mollie_route_id: null, waits: true });
    expect(await routesOf(paymentId)).toEqual([]);
    expect((await connect(owner, { action: 'balance' })).status).toBe(404);

    // Connected, but Mollie's onboarding is not done: still waiting.
    const connection = await connectMollie(owner, `Wachtband BV ${randomBytes(2).toString('hex')}`);
    expect(connection.onboardingStatus).toBe('needs-data');
    await sql(`update public.payouts set next_attempt_at = now() where booking_id = $1`, [bookingId]);
    await payoutReaches(bookingId, 'awaiting_connection');
    expect(await routesOf(paymentId)).toEqual([]);

    // Onboarding done; the portal reads the status, which frees the payout at once.
    await finishOnboarding(connection.organizationId);
    expect((await connect(owner, { action: 'status' })).body.connection).toMatchObject({ onboardingStatus: 'completed' });
    expect((await payoutOf(bookingId)).waits).toBe(false);
    const paid = await payoutReaches(bookingId, 'paid');
    expect(paid).toMatchObject({ organization_id: connection.organizationId, route_cents: 100_000 });
    expect((await routesOf(paymentId)).map((route) => [route.amount.value, route.destination.organizationId])).toEqual([[euros(100_000), connection.organizationId]]);
    await waitFor(async () => (await connect(owner, { action: 'balance' })).body.balance?.availableCents === 100_000);
  }, 60_000);

  it('only the server runs the payouts, and a booking_id that is no booking id is refused', async () => {
    expect((await processPayouts(keys.anon)).status).toBe(403);
    expect((await processPayouts(customer.token)).status).toBe(403);
    expect(await processPayouts(keys.serviceRole, 'alles')).toEqual({ status: 400, body: { error: 'booking_id is geen geldige boeking.' } });
  });
});

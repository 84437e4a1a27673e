// Chargebacks (supabase/migrations/20261207000400_chargebacks.sql) end to end on the running stack:
// a referred customer pays through create-payment and the sandbox checkout, the gig is played and
// confirmed (which pays the referrer's bonus), then the customer's bank takes the money back on
// the sandbox's dashboard; Mollie calls payment-webhook, which reads the chargeback from Mollie and
// records it once: the booking is marked, an unpaid payout is held (a paid one is flagged as
// Podium's loss), the referral bonus is taken back in the ledger, and the team gets one mail.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, mollie, urls } from '../stack/config.ts';
import { waitFor } from '../stack/testing.ts';
import { isDutch } from './bad-input.ts';
import { anonClient, closePool, completeBooking, createArtist, createBooking, createUser, refer, sendBookingMails, serviceClient, sql, payInSandbox, type TestUser } from './support.ts';

const fn = (name: string) => `${urls.api}/functions/v1/${name}`;
const sandboxRoot = urls.mollie.replace(/\/v2$/, '');
const SCOPE = 'organizations.read onboarding.read onboarding.write balances.read payments.read';
const DAY = 86_400_000;
const TEAM = 'info@podium.nl';
const plain = (value: string) => value.replace(/\u00a0/g, ' ');

interface Chargeback {
  id: string;
  provider_chargeback_id: string;
  amount_cents: number;
  reason_code: string | null;
  reason: string | null;
  payout_action: string;
  bands_reversed_cents: number;
  reversed_at: string | null;
}

const chargebacksOf = (bookingId: string) =>
  sql<Chargeback>(
    'select id, provider_chargeback_id, amount_cents, reason_code, reason, payout_action, bands_reversed_cents, reversed_at from public.payment_chargebacks where booking_id = $1 order by recorded_at',
    [bookingId],
  );

const payoutOf = async (bookingId: string) =>
  (
    await sql<{ status: string; amount_cents: number; last_error: string | null; charged_back: boolean; mollie_route_id: string | null }>(
      'select status, amount_cents, last_error, charged_back_at is not null as charged_back, mollie_route_id from public.payouts where booking_id = $1',
      [bookingId],
    )
  )[0]!;

const ledgerOf = (user: TestUser) =>
  sql<{ type: string; amount_cents: number; reason: string }>('select type, amount_cents, reason from public.bands_transactions where user_id = $1 order by created_at, id', [user.id]);

const balanceOf = async (user: TestUser) =>
  (
    await sql<{ balance: number; ledger: number }>(
      'select p.bands_balance_cents as balance, (select coalesce(sum(t.amount_cents), 0)::int from public.bands_transactions t where t.user_id = p.id) as ledger from public.profiles p where p.id = $1',
      [user.id],
    )
  )[0]!;

/** The sandbox's dashboard: 'Terugboeking (chargeback)' on a paid payment; answers the chargeback id. */
async function chargeBack(paymentId: string, amount: string): Promise<string> {
  const response = await fetch(`${sandboxRoot}/dashboard/payments/${paymentId}/chargebacks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Mollie calls the webhook again (a replay): nothing in the call is trusted, the payment is fetched. */
async function replayWebhook(paymentId: string) {
  const response = await fetch(fn('payment-webhook'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `id=${paymentId}` });
  await response.body?.cancel();
  expect(response.status).toBe(200);
}

interface CaughtMail {
  ID: string;
  Subject: string;
}

/** The team's mails about a booking in the mail catcher. */
async function teamMailsAbout(reference: string): Promise<CaughtMail[]> {
  const query = `to:${TEAM} subject:"Terugboeking op boeking ${reference}"`;
  const found = (await (await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(query)}`)).json()) as { messages: CaughtMail[] };
  return found.messages;
}

async function mailText(id: string): Promise<string> {
  return plain(((await (await fetch(`${urls.mail}/api/v1/message/${id}`)).json()) as { Text: string }).Text);
}

let hour = 0;
/** A booking of `act` (price 1.000 + 5 % fee = 1.050) paid by the customer through create-payment and the sandbox checkout. */
async function paidBooking(customer: TestUser, act: string): Promise<{ bookingId: string; paymentId: string; reference: string }> {
  hour += 5;
  const startsAt = new Date(Date.now() + 25 * DAY + hour * 3_600_000);
  const bookingId = await createBooking(customer, act, 'accepted', { startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000) });
  const paymentId = await payInSandbox(customer, bookingId, 'creditcard');
  return { bookingId, paymentId, reference: bookingId.slice(0, 8).toUpperCase() };
}

/** The gig was played and the customer answered the check-in 'Ja, alles ging goed' (releasing payout and bonus). */
async function playedAndConfirmed(customer: TestUser, bookingId: string) {
  await completeBooking(bookingId, { checkIn: 'open' });
  const { error } = await customer.client.rpc('answer_checkin', { booking_id: bookingId, all_good: true });
  expect(error).toBeNull();
}

async function processPayouts() {
  const response = await fetch(fn('process-payouts'), {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${keys.serviceRole}`, 'content-type': 'application/json' },
    body: '{}',
  });
  await response.body?.cancel();
  expect(response.status).toBe(200);
}

/** 'Koppel je Mollie-account' on the sandbox's consent page, mollie-connect's exchange, and Mollie's onboarding finished. */
async function connectMollie(owner: TestUser) {
  const name = `Terugboekband BV ${randomBytes(2).toString('hex')}`;
  const authorize = `${urls.mollieConnect.authorize}?${new URLSearchParams({
    client_id: mollie.connectClientId,
    redirect_uri: mollie.connectRedirectUri,
    state: 'chargebacks',
    scope: SCOPE,
    response_type: 'code',
    approval_prompt: 'force',
  })}`;
  const consent = await fetch(authorize, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'allow', organization: 'new', name, email: `${randomBytes(4).toString('hex')}@example.nl` }).toString(),
    redirect: 'manual',
  });
  await consent.body?.cancel();
  expect(consent.status).toBe(303);
  const code = new URL(consent.headers.get('location')!).searchParams.get('code');
  const exchanged = await fetch(fn('mollie-connect'), {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'exchange', code, redirectUri: mollie.connectRedirectUri }),
  });
  const { connection } = (await exchanged.json()) as { connection: { organizationId: string } };
  expect(exchanged.status).toBe(200);
  const onboarded = await fetch(`${sandboxRoot}/dashboard/organizations/${connection.organizationId}/onboarding`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'status=completed',
    redirect: 'manual',
  });
  await onboarded.body?.cancel();
  const status = await fetch(fn('mollie-connect'), {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'status' }),
  });
  expect(((await status.json()) as { connection: { onboardingStatus: string } }).connection.onboardingStatus).toBe('completed');
}

let referrer: TestUser, customer: TestUser, owner: TestUser, admin: TestUser, stranger: TestUser;
let act: string;

beforeAll(async () => {
  [referrer, customer, owner, admin, stranger] = await Promise.all([
    createUser('customer', { first: 'Ria', last: 'Verwijzer' }),
    createUser('customer', { first: 'Kees', last: 'Terugboeker' }),
    createUser('artist'),
    createUser('admin'),
    createUser('customer'),
  ]);
  act = await createArtist(owner, { name: `De Terugboekband ${randomBytes(2).toString('hex')}` });
  expect(await refer(customer, referrer)).toBe('applied');
});
afterAll(closePool);

describe('a chargeback of a played gig whose payout has not gone out', () => {
  let booking: { bookingId: string; paymentId: string; reference: string };
  let chargebackId: string;

  beforeAll(async () => {
    booking = await paidBooking(customer, act);
    await playedAndConfirmed(customer, booking.bookingId);
    // The act has no Mollie connection: the payout is due or waits for it, never paid.
    expect(['due', 'awaiting_connection']).toContain((await payoutOf(booking.bookingId)).status);
    expect((await ledgerOf(referrer)).map((entry) => [entry.type, entry.amount_cents])).toEqual([['referral_bonus', 1000]]);

    chargebackId = await chargeBack(booking.paymentId, '1050.00');
    await waitFor(async () => (await chargebacksOf(booking.bookingId)).length === 1, { timeoutMs: 15_000 });
  }, 60_000);

  it('is recorded once, as Mollie reports it, and marks the booking', async () => {
    expect(await chargebacksOf(booking.bookingId)).toEqual([
      expect.objectContaining({ provider_chargeback_id: chargebackId, amount_cents: 105_000, payout_action: 'held', bands_reversed_cents: 1000, reversed_at: null }),
    ]);
    const [row] = await chargebacksOf(booking.bookingId);
    expect(row!.reason_code).toMatch(/^[A-Z]{2}\d{2}$/);
    const [marked] = await sql<{ charged_back: boolean; status: string }>('select charged_back_at is not null as charged_back, status from public.bookings where id = $1', [booking.bookingId]);
    expect(marked).toEqual({ charged_back: true, status: 'completed' });
  });

  it('holds the payout with the reason, and nothing moves it towards the artist', async () => {
    expect(await payoutOf(booking.bookingId)).toMatchObject({
      status: 'held',
      amount_cents: 100_000,
      charged_back: true,
      last_error: 'Vastgehouden: de klant heeft de betaling laten terugboeken (chargeback).',
    });
    // The job, a failure it records and a forced release all leave it held.
    await processPayouts();
    expect((await serviceClient().rpc('finish_payout', { booking_id: booking.bookingId, outcome: 'failed', failure: 'Mollie 503' })).error).toBeNull();
    await sql(`update public.payouts set status = 'due' where booking_id = $1`, [booking.bookingId]);
    expect(await payoutOf(booking.bookingId)).toMatchObject({ status: 'held', mollie_route_id: null });
    expect((await admin.client.rpc('retry_payout', { booking_id: booking.bookingId })).error?.message).toBe('Alleen een mislukte of wachtende uitbetaling kan opnieuw.');
  });

  it("takes the referrer's bonus back in the ledger; the balance equals the ledger", async () => {
    expect((await ledgerOf(referrer)).map((entry) => [entry.type, entry.amount_cents, entry.reason])).toEqual([
      ['referral_bonus', 1000, 'Uitnodigingsbonus: eerste voltooide boeking'],
      ['referral_reversal', -1000, 'Uitnodigingsbonus teruggeboekt: betaling teruggeboekt (chargeback)'],
    ]);
    expect(await balanceOf(referrer)).toEqual({ balance: 0, ledger: 0 });
    expect(await balanceOf(customer)).toEqual({ balance: 0, ledger: 0 });
  });

  it('mails the team once: the booking, the amount, the act, the customer and the held payout', async () => {
    const [mail] = await waitFor(
      async () => {
        await sendBookingMails(booking.bookingId);
        const found = await teamMailsAbout(booking.reference);
        return found.length > 0 ? found : undefined;
      },
      { timeoutMs: 20_000 },
    );
    expect(plain(mail!.Subject)).toBe(`Terugboeking op boeking ${booking.reference}: € 1.050,00`);
    const text = await mailText(mail!.ID);
    expect(text).toContain(`Kees Terugboeker (${customer.email}) heeft € 1.050,00 van de betaling van € 1.050,00 laten terugboeken`);
    expect(text).toContain('De uitbetaling van € 1.000,00 aan De Terugboekband');
    expect(text).toContain('is vastgehouden en gaat niet uit tot een beheerder erover beslist.');
    expect(text).toContain('De uitnodigingsbonus van 1.000 BANDS die deze boeking opleverde, is teruggeboekt.');
    expect(text).toContain(`/admin/bookings/${booking.bookingId}/show`);
  }, 30_000);

  it('a replayed webhook and a second identical call change nothing, and send no second mail', async () => {
    const before = await sql('select * from public.payment_chargebacks where booking_id = $1', [booking.bookingId]);
    await replayWebhook(booking.paymentId);
    await replayWebhook(booking.paymentId);
    const again = await serviceClient().rpc('record_chargeback', {
      provider_chargeback_id: chargebackId,
      provider_payment_id: booking.paymentId,
      amount_cents: 105_000,
      charged_back_at: new Date().toISOString(),
    });
    expect(again.error).toBeNull();
    expect((again.data as { id: string }).id).toBe(before[0]!.id);
    expect(await sql('select * from public.payment_chargebacks where booking_id = $1', [booking.bookingId])).toEqual(before);
    expect((await ledgerOf(referrer)).filter((entry) => entry.type === 'referral_reversal')).toHaveLength(1);
    expect(await balanceOf(referrer)).toEqual({ balance: 0, ledger: 0 });
    await sendBookingMails(booking.bookingId);
    expect(await teamMailsAbout(booking.reference)).toHaveLength(1);
  }, 30_000);

  it('is read by the customer, the act’s owner and admins only; nobody writes it', async () => {
    const columns = 'provider_chargeback_id, amount_cents';
    const expected = [{ provider_chargeback_id: chargebackId, amount_cents: 105_000 }];
    expect((await customer.client.from('payment_chargebacks').select(columns).eq('booking_id', booking.bookingId)).data).toEqual(expected);
    expect((await owner.client.from('payment_chargebacks').select(columns).eq('booking_id', booking.bookingId)).data).toEqual(expected);
    expect((await admin.client.from('payment_chargebacks').select(columns).eq('booking_id', booking.bookingId)).data).toEqual(expected);
    expect((await stranger.client.from('payment_chargebacks').select(columns).eq('booking_id', booking.bookingId)).data).toEqual([]);
    // The booking carries the mark for every booking list.
    expect((await customer.client.from('bookings').select('charged_back_at').eq('id', booking.bookingId).single()).data?.charged_back_at).toEqual(expect.any(String));

    const insert = await customer.client.from('payment_chargebacks').insert({ provider_chargeback_id: 'chb_fake', booking_id: booking.bookingId, amount_cents: 1 });
    expect(insert.error?.code).toBe('42501');
    const update = await admin.client.from('payment_chargebacks').update({ amount_cents: 1 }).eq('booking_id', booking.bookingId).select();
    expect(update.error?.code).toBe('42501');
  });

  it("shows in the admins' list with the booking, act, customer and payout", async () => {
    const { data, error } = await admin.client.from('admin_chargebacks').select('*').eq('booking_id', booking.bookingId);
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        provider_chargeback_id: chargebackId,
        reference: booking.reference,
        provider_payment_id: booking.paymentId,
        amount_cents: 105_000,
        paid_cents: 105_000,
        payout_action: 'held',
        payout_status: 'held',
        payout_cents: 100_000,
        paid_out_anyway_cents: 0,
        bands_reversed_cents: 1000,
        artist_name: expect.stringMatching(/^De Terugboekband/),
        customer_name: 'Kees Terugboeker',
        customer_email: customer.email,
        booking_status: 'completed',
      }),
    ]);
    expect((await customer.client.from('admin_chargebacks').select('id').eq('booking_id', booking.bookingId)).data).toEqual([]);
    // The booking list of the back office carries the mark, also through the support lookup.
    expect((await admin.client.from('admin_bookings').select('charged_back_at').eq('id', booking.bookingId).single()).data?.charged_back_at).toEqual(expect.any(String));
    const found = await admin.client.rpc('admin_search_bookings', { q: 'Terugboeker' }).select('id, charged_back_at').eq('id', booking.bookingId);
    expect(found.data).toEqual([{ id: booking.bookingId, charged_back_at: expect.any(String) }]);
  });
});

describe('a chargeback after the artist was paid', () => {
  it('leaves the paid payout, flags it as Podium’s loss and says so to the team', async () => {
    const paidOwner = await createUser('artist');
    const paidAct = await createArtist(paidOwner, { name: `De Uitbetaalde Band ${randomBytes(2).toString('hex')}` });
    await connectMollie(paidOwner);
    const other = await createUser('customer', { first: 'Joke', last: 'Bank' });
    const booking = await paidBooking(other, paidAct);
    await playedAndConfirmed(other, booking.bookingId);
    await waitFor(
      async () => {
        await processPayouts();
        return (await payoutOf(booking.bookingId)).status === 'paid';
      },
      { timeoutMs: 20_000, intervalMs: 300 },
    );

    await chargeBack(booking.paymentId, '300.00');
    await waitFor(async () => (await chargebacksOf(booking.bookingId)).length === 1, { timeoutMs: 15_000 });
    expect(await chargebacksOf(booking.bookingId)).toEqual([expect.objectContaining({ amount_cents: 30_000, payout_action: 'already_paid', bands_reversed_cents: 0 })]);
    expect(await payoutOf(booking.bookingId)).toMatchObject({ status: 'paid', amount_cents: 100_000, charged_back: true });
    const { data } = await admin.client.from('admin_chargebacks').select('payout_status, paid_out_anyway_cents').eq('booking_id', booking.bookingId);
    expect(data).toEqual([{ payout_status: 'paid', paid_out_anyway_cents: 30_000 }]);

    const [mail] = await waitFor(
      async () => {
        await sendBookingMails(booking.bookingId);
        const found = await teamMailsAbout(booking.reference);
        return found.length > 0 ? found : undefined;
      },
      { timeoutMs: 20_000 },
    );
    expect(plain(mail!.Subject)).toBe(`Terugboeking op boeking ${booking.reference}: € 300,00`);
    const text = await mailText(mail!.ID);
    expect(text).toContain('was al uitbetaald: € 1.000,00');
    expect(text).toContain('dat bedrag is verlies voor Podium');

    // A second, later chargeback of the rest is recorded beside it; more than was paid is not.
    await chargeBack(booking.paymentId, '750.00');
    await waitFor(async () => (await chargebacksOf(booking.bookingId)).length === 2, { timeoutMs: 15_000 });
    const above = await serviceClient().rpc('record_chargeback', { provider_chargeback_id: 'chb_tooMuch1', provider_payment_id: booking.paymentId, amount_cents: 1 });
    expect(above.error).toMatchObject({ code: '22023', message: 'Er kan niet meer worden teruggeboekt dan er is betaald (€ 1.050).' });
  }, 90_000);
});

/** A booking of the act paid as the webhook records it, under a Mollie-shaped payment id; answers both. */
async function recordedPayment(customer: TestUser): Promise<{ bookingId: string; paymentId: string }> {
  const bookingId = await createBooking(customer, act, 'accepted');
  const paymentId = `tr_${randomBytes(6).toString('hex')}`;
  const { error } = await serviceClient().rpc('record_booking_payment', { booking_id: bookingId, provider_payment_id: paymentId, payment_status: 'paid', amount_cents: 105_000 });
  expect(error).toBeNull();
  return { bookingId, paymentId };
}

const chargeBackDirectly = (paymentId: string, cents: number) =>
  serviceClient().rpc('record_chargeback', {
    provider_chargeback_id: `chb_${randomBytes(5).toString('hex')}`,
    provider_payment_id: paymentId,
    amount_cents: cents,
    reason_code: 'AC04',
    reason: 'Account closed',
    charged_back_at: new Date().toISOString(),
  });

describe('a chargeback before the payout is released', () => {
  it("during the check-in window: the customer's 'Ja' later releases neither the payout nor the referral bonus", async () => {
    const [lateReferrer, lateCustomer] = await Promise.all([createUser('customer'), createUser('customer')]);
    expect(await refer(lateCustomer, lateReferrer)).toBe('applied');
    const { bookingId, paymentId } = await recordedPayment(lateCustomer);
    await completeBooking(bookingId, { checkIn: 'open' });
    expect(await payoutOf(bookingId)).toMatchObject({ status: 'checkin' });

    const { data, error } = await chargeBackDirectly(paymentId, 105_000);
    expect(error).toBeNull();
    expect(data).toMatchObject({ payout_action: 'held', bands_reversed_cents: 0 });
    expect(await payoutOf(bookingId)).toMatchObject({ status: 'held', charged_back: true });

    expect((await lateCustomer.client.rpc('answer_checkin', { booking_id: bookingId, all_good: true })).error).toBeNull();
    expect(await payoutOf(bookingId)).toMatchObject({ status: 'held' });
    expect(await ledgerOf(lateReferrer)).toEqual([]);
    expect(await balanceOf(lateReferrer)).toEqual({ balance: 0, ledger: 0 });
  });

  it('before the gig: no payout yet, and the one the completed gig opens starts held', async () => {
    const { bookingId, paymentId } = await recordedPayment(stranger);
    const { data, error } = await chargeBackDirectly(paymentId, 50_000);
    expect(error).toBeNull();
    expect(data).toMatchObject({ payout_action: 'none' });
    await completeBooking(bookingId);
    expect(await payoutOf(bookingId)).toMatchObject({ status: 'held', amount_cents: 100_000, charged_back: true });
  });
});

describe('record_chargeback', () => {
  it('is for the server only: a customer, an artist and a guest cannot call it', async () => {
    const input = { provider_chargeback_id: 'chb_byHand123', provider_payment_id: 'tr_byHand123', amount_cents: 100 };
    for (const caller of [customer.client, owner.client, admin.client]) {
      expect((await caller.rpc('record_chargeback', input)).error?.code).toBe('42501');
    }
    expect((await anonClient().rpc('record_chargeback', input)).error?.code).toBe('42501');
    expect((await customer.client.rpc('claim_chargeback_mails', {})).error?.code).toBe('42501');
    expect(await sql(`select 1 from public.payment_chargebacks where provider_chargeback_id = 'chb_byHand123'`)).toEqual([]);
  });

  it('refuses bad input in Dutch and records nothing', async () => {
    const [{ provider_payment_id: payment }] = (await sql<{ provider_payment_id: string }>(
      `select p.provider_payment_id from public.payments p join public.bookings b on b.id = p.booking_id where b.customer_id = $1 and p.status = 'paid' limit 1`,
      [customer.id],
    )) as [{ provider_payment_id: string }];
    const good = { provider_chargeback_id: 'chb_badInput01', provider_payment_id: payment, amount_cents: 100 };
    const attempts: [Record<string, unknown>, string, string][] = [
      [{ provider_chargeback_id: 'chb_<script>' }, '22023', 'Dit is geen geldige terugboeking van Mollie.'],
      [{ provider_chargeback_id: '' }, '22023', 'Dit is geen geldige terugboeking van Mollie.'],
      [{ provider_payment_id: "tr_x'; drop table public.payments; --" }, '22023', 'Dit is geen geldige betaling van Mollie.'],
      [{ amount_cents: 0 }, '22023', 'Het bedrag van een terugboeking moet groter zijn dan € 0.'],
      [{ amount_cents: -500 }, '22023', 'Het bedrag van een terugboeking moet groter zijn dan € 0.'],
      [{ charged_back_at: '9999-12-31T23:59:59Z' }, '22023', 'De datum van de terugboeking klopt niet.'],
      [{ reversed_at: '1900-01-01T00:00:00Z' }, '22023', 'De datum waarop de terugboeking is teruggedraaid klopt niet.'],
      [{ provider_payment_id: 'tr_unknown0000' }, 'P0002', 'Deze betaling bestaat niet.'],
    ];
    for (const [change, code, message] of attempts) {
      const { error } = await serviceClient().rpc('record_chargeback', { ...good, ...change });
      expect(error, message).toMatchObject({ code, message });
      expect(isDutch(error!.message), message).toBe(true);
    }
    expect(await sql(`select 1 from public.payment_chargebacks where provider_chargeback_id = 'chb_badInput01'`)).toEqual([]);
  });
});

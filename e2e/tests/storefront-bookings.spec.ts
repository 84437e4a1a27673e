// 'Mijn boekingen' (/bookings): a customer's bookings in tabs with counts and Dutch badges; the
// artist accepting elsewhere moves a request to 'Te betalen' without a reload; a booking's detail
// shows its amounts and timeline and goes into the calendar (.ics); cancelling shows the refund
// first, then the refund itself and its credit note (creditfactuur); axe finds nothing serious on a phone and a desktop. The
// bookings are made through the real lifecycle (booking-lifecycle.ts).
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createAdmin, createArtist, createCustomer, requestBooking, service, signInAdmin, type TestArtist } from '../fixtures/backoffice.ts';
import { pdfText } from '../fixtures/booking-form.ts';
import { acceptedBooking, confirmedBooking, confirmedBookingWithBands, runMoneyJob } from '../fixtures/booking-lifecycle.ts';
import { stack } from '../fixtures/stack.ts';
import { createNodeClient } from '@podium/shared/supabase-node';
import { closePages, pageAs } from '../fixtures/pages.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

test.afterEach(closePages);
let artist: TestArtist;

const tab = (page: Page, name: RegExp) => page.getByRole('tablist', { name: 'Boekingen' }).getByRole('tab', { name });

test.beforeAll(async () => {
  artist = await createArtist({ approved: true, name: `Boekingenband ${Date.now().toString(36)}` });
});

test('tabs with counts and badges; the artist accepting elsewhere moves the request to Te betalen, live', async ({ browser, baseURL }) => {
  const customer = await createCustomer('Bo', 'Boeker');
  const requested = await requestBooking(customer, artist.id, 70);
  await acceptedBooking(customer, artist, 80);
  await confirmedBooking(customer, artist, 90);
  const page = await pageAs(browser, baseURL!, customer);
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn boekingen' })).toBeVisible();
  await expect(tab(page, /^Aanvragen \(1\)$/)).toBeVisible();
  await expect(tab(page, /^Bevestigd \(1\)$/)).toBeVisible();
  // Something to do comes first: the booking to pay.
  await expect(tab(page, /^Te betalen \(1\)$/)).toHaveAttribute('aria-selected', 'true');
  const toPay = page.getByTestId('booking-card');
  await expect(toPay).toHaveCount(1);
  await expect(toPay.getByTestId('booking-status')).toHaveText('Geaccepteerd');
  // The payment window is 72 hours from the acceptance.
  await expect(toPay.getByText(/^Betaal binnen (3 dagen|2 dagen en \d+ uur) \(vóór /)).toBeVisible();
  await expect(toPay.getByRole('link', { name: 'Nu betalen' })).toHaveAttribute('href', /\/booking\/[0-9a-f-]{36}\/checkout$/);

  await tab(page, /^Aanvragen/).click();
  await expect(page.getByTestId('booking-card').getByTestId('booking-status')).toHaveText('Aangevraagd');
  await expect(page.getByTestId('booking-card').getByText(/^De artiest reageert uiterlijk /)).toBeVisible();

  // The artist accepts in their own app; this page follows without a reload.
  const artistClient = createNodeClient(stack.apiUrl, stack.anonKey);
  await artistClient.auth.signInWithPassword({ email: artist.owner.email, password: artist.owner.password });
  const { error } = await artistClient.rpc('transition_booking', { booking_id: requested, new_status: 'accepted' });
  expect(error).toBeNull();
  await expect(tab(page, /^Te betalen \(2\)$/)).toBeVisible();
  await expect(tab(page, /^Aanvragen \(0\)$/)).toBeVisible();
  await expect(page.getByText('Je hebt geen openstaande aanvragen.')).toBeVisible();
});

test("a booking's detail: amounts, timeline, into the calendar; cancelling shows the refund first, then the refund and its credit note", async ({ browser, baseURL }) => {
  const customer = await createCustomer('Cas', 'Annuleerder');
  const bookingId = await confirmedBooking(customer, artist, 75);
  const page = await pageAs(browser, baseURL!, customer);
  // The link every booking e-mail carries.
  await page.goto(`/bookings?booking=${bookingId}`);
  const detail = page.getByTestId('booking-detail');
  await expect(detail.getByRole('heading', { level: 2, name: artist.name })).toBeVisible();
  await expect(detail.getByTestId('booking-status')).toHaveText('Bevestigd');
  await expect(detail.getByTestId('booking-timeline').getByRole('listitem')).toHaveText([/^Aangevraagd.*door jou$/, /^Geaccepteerd.*door de artiest$/, /^Bevestigd.*door Podium/]);
  await expect(detail.getByText(/^Betaald met iDEAL op /)).toBeVisible();
  const total = (await detail.locator('dl > div').filter({ hasText: 'Totaal' }).locator('dd').textContent())!;

  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Zet in je agenda' }).click();
  const ics = await readFile((await (await download).path())!, 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(`SUMMARY:${artist.name} – Bruiloft`);
  expect(ics).toContain(`UID:booking-${bookingId}@podium`);

  await detail.getByRole('button', { name: 'Boeking annuleren' }).click();
  const panel = page.getByTestId('cancel-panel');
  await expect(panel.getByText(`Je krijgt het volledige bedrag van ${total} terug.`)).toBeVisible();
  await panel.getByLabel('Reden (de artiest ziet deze)').fill('Bruiloft gaat niet door');
  await panel.getByRole('button', { name: 'Ja, annuleer de boeking' }).click();
  await expect(detail.getByTestId('booking-status')).toHaveText('Geannuleerd');
  await expect(detail.getByText(/^(Terugbetaling aangevraagd|Terugbetaald) \(100%\)/)).toBeVisible();
  await expect(detail.getByTestId('booking-timeline').getByRole('listitem').last()).toHaveText(/^Geannuleerd.*door jou: Bruiloft gaat niet door$/);
  await expect(tab(page, /^Geannuleerd \(1\)$/)).toBeVisible();

  // The refund goes out at Mollie (process-refunds, run now as the scheduler runs it each minute)
  // and brings a credit note that corrects the invoice, downloadable beside it.
  await expect
    .poll(
      async () => {
        await runMoneyJob('process-refunds', bookingId);
        return (await service().from('credit_notes').select('number').eq('booking_id', bookingId)).data?.length ?? 0;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  const { data: note } = await service().from('credit_notes').select('number').eq('booking_id', bookingId).single<{ number: string }>();
  await page.reload();
  await expect(detail.getByText(/^Terugbetaald \(100%\) op /)).toBeVisible();
  const creditDownload = page.waitForEvent('download');
  await detail.getByRole('button', { name: `Creditfactuur ${note!.number} van ${total} downloaden (pdf)` }).click();
  const credit = await creditDownload;
  expect(credit.suggestedFilename()).toBe(`Podium-creditfactuur-${note!.number}.pdf`);
  const text = await pdfText(await readFile((await credit.path())!));
  expect(text).toContain('Creditfactuur');
  expect(text).toContain(`Creditnummer ${note!.number}`);
  expect(text).toContain(artist.name);
});

test('cancelling 10 days ahead says what comes back of the money and of the BANDS, and the BANDS balance gets that share', async ({ browser, baseURL }) => {
  const customer = await createCustomer('Bea', 'Bandsbetaler');
  const { client: adminClient } = await signInAdmin(await createAdmin());
  expect((await adminClient.rpc('admin_adjust_bands', { target_user: customer.id, amount: 10_000, reason: 'Test: BANDS om mee te betalen' })).error).toBeNull();
  const bookingId = await confirmedBookingWithBands(customer, artist, 10, 10_000);
  const page = await pageAs(browser, baseURL!, customer);
  await page.goto(`/bookings?booking=${bookingId}`);
  const detail = page.getByTestId('booking-detail');
  await detail.getByRole('button', { name: 'Boeking annuleren' }).click();
  const panel = page.getByTestId('cancel-panel');
  const detailAmount = (label: string) => detail.locator('dl > div').filter({ hasText: label }).locator('dd');
  await expect(detailAmount('BANDS')).toHaveText(/-\s?€\s?100,00|€\s?-100,00/);
  await expect(panel.getByText(/^Volgens de annuleringsvoorwaarden krijg je €\s[\d.,]+ \(50%\) van de betaalde €\s[\d.,]+ terug\.$/)).toBeVisible();
  await expect(panel.getByTestId('cancel-bands')).toHaveText(/^Van de €\s100,00 aan BANDS die je gebruikte, krijg je volgens dezelfde voorwaarden €\s50,00 terug\.$/);
  await panel.getByRole('button', { name: 'Ja, annuleer de boeking' }).click();
  await expect(detail.getByTestId('booking-status')).toHaveText('Geannuleerd');

  await page.goto('/referral-bands/dashboard');
  await expect(page.getByTestId('bands-balance')).toHaveText(/€\s?50,00/);
});

test('a payment the bank took back shows as such on the booking', async ({ browser, baseURL }) => {
  const customer = await createCustomer('Carla', 'Chargeback');
  const bookingId = await confirmedBooking(customer, artist, 64);
  const { data: payment } = await service()
    .from('payments')
    .select('provider_payment_id, amount_cents')
    .eq('booking_id', bookingId)
    .eq('status', 'paid')
    .single<{ provider_payment_id: string; amount_cents: number }>();
  // The bank's chargeback at Mollie (the sandbox's dashboard), which calls Podium's webhook.
  const charged = await fetch(`${stack.apiUrl}/mollie/dashboard/payments/${payment!.provider_payment_id}/chargebacks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount: (payment!.amount_cents / 100).toFixed(2) }),
  });
  expect(charged.status).toBe(201);
  await expect
    .poll(async () => (await service().from('bookings').select('charged_back_at').eq('id', bookingId).single<{ charged_back_at: string | null }>()).data?.charged_back_at ?? null, { timeout: 20_000 })
    .not.toBeNull();
  const page = await pageAs(browser, baseURL!, customer);
  await page.goto(`/bookings?booking=${bookingId}`);
  await expect(page.getByTestId('charged-back')).toContainText('je bank heeft (een deel van) de betaling teruggedraaid');
});

test("someone else's booking is not shown", async ({ browser, baseURL }) => {
  const owner = await createCustomer('Eva', 'Eigenaar');
  const bookingId = await requestBooking(owner, artist.id, 95);
  const page = await pageAs(browser, baseURL!, await createCustomer('Nina', 'Nieuwsgierig'));
  await page.goto(`/bookings?booking=${bookingId}`);
  await expect(page.getByRole('alert')).toHaveText(/Deze boeking kunnen we niet vinden/);
  await expect(page.getByTestId('booking-detail')).toHaveCount(0);
});

for (const width of [390, 1280]) {
  test(`axe finds nothing serious on Mijn boekingen at ${width} px`, async ({ browser, baseURL }) => {
    const customer = await createCustomer('Axel', 'Toegankelijk');
    const bookingId = await acceptedBooking(customer, artist, 85);
    const page = await pageAs(browser, baseURL!, customer, width);
    await page.goto(`/bookings?booking=${bookingId}`);
    await expect(page.getByTestId('booking-detail').getByTestId('booking-timeline')).toBeVisible();
    await expect(page.getByTestId('booking-card')).toHaveCount(1);
    await expectNoSeriousViolations(page);
  });
}

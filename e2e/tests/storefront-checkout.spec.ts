// Paying an accepted booking, as a customer does it: from 'Mijn boekingen' to the checkout
// (summary, BANDS, terms, method), through the Mollie sandbox's hosted page with an outcome, back
// to /checkout/success, which says what happened: paid (the booking is confirmed), failed,
// cancelled or expired. A booking that cannot be paid gets a message, never a payment.
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createAdmin, createArtist, createCustomer, requestBooking, service, signInAdmin, type TestArtist } from '../fixtures/backoffice.ts';
import { acceptedBooking } from '../fixtures/booking-lifecycle.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import { pdfText } from '../fixtures/booking-form.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

test.afterEach(closePages);
let artist: TestArtist;

/** From the booking's detail to Mollie's page, with the terms accepted and the method chosen. */
async function toMollie(page: Page, bookingId: string, method: 'iDEAL' | 'Bancontact' | 'Creditcard' = 'iDEAL') {
  await page.goto(`/bookings?booking=${bookingId}`);
  await page.getByTestId('booking-detail').getByRole('link', { name: 'Nu betalen' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/${bookingId}/checkout$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Afrekenen' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${method}`) }).check();
  await page.getByRole('checkbox', { name: /Ik ga akkoord met de algemene voorwaarden/ }).check();
  await page.getByRole('button', { name: /^Betaal € / }).click();
  await expect(page).toHaveURL(/\/mollie\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Kies de status van deze testbetaling' })).toBeVisible();
}

test.beforeAll(async () => {
  artist = await createArtist({ approved: true, name: `Betaalband ${Date.now().toString(36)}` });
});

test('pays with iDEAL in the sandbox and comes back to a confirmed booking', async ({ browser, baseURL }) => {
  const customer = await createCustomer('Pim', 'Betaler');
  const bookingId = await acceptedBooking(customer, artist, 70);
  const page = await pageAs(browser, baseURL!, customer);
  await page.goto(`/booking/${bookingId}/checkout`);
  const summary = page.getByTestId('checkout-summary');
  const total = (await summary.locator('div').filter({ hasText: 'Te betalen' }).locator('dd').textContent())!;
  await expect(page.getByRole('button', { name: `Betaal ${total}` })).toBeVisible();
  // Without the terms, nothing is started.
  await page.getByRole('button', { name: `Betaal ${total}` }).click();
  await expect(page.getByRole('alert')).toHaveText('Ga akkoord met de voorwaarden om te betalen.');
  await expect(page).toHaveURL(new RegExp(`/booking/${bookingId}/checkout$`));

  await toMollie(page, bookingId);
  await expect(page.getByText('Betaalmethode: iDEAL')).toBeVisible();
  await page.getByRole('button', { name: /^Betaald/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/success\\?booking=${bookingId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Betaald! Je boeking is bevestigd' })).toBeVisible();
  await page.getByRole('link', { name: 'Bekijk je boeking' }).click();
  await expect(page.getByTestId('booking-detail').getByTestId('booking-status')).toHaveText('Bevestigd');
  await expect(page.getByTestId('booking-detail').getByText(`Betaald met iDEAL op`, { exact: false })).toBeVisible();

  // The invoice: a PDF whose text holds its number, the amounts and how it was paid.
  const { data: invoice } = await service().from('invoices').select('number').eq('booking_id', bookingId).single<{ number: string }>();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('booking-detail').getByRole('button', { name: 'Factuur downloaden (pdf)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Podium-factuur-${invoice!.number}.pdf`);
  const text = await pdfText(await readFile((await download.path())!));
  expect(text).toContain(`Factuurnummer ${invoice!.number}`);
  expect(text).toContain(`Totaal incl. btw ${total.replace(/\u00a0/g, ' ')}`);
  expect(text).toContain('Betaald via iDEAL op');
  expect(text).toContain('Pim Betaler');
  expect(text).toContain(artist.name);
});

for (const [outcome, heading] of [
  ['Mislukt', 'De betaling is mislukt'],
  ['Verlopen', 'De betaling is verlopen'],
] as const) {
  test(`a payment that ends '${outcome}' says so and offers to pay again`, async ({ browser, baseURL }) => {
    const customer = await createCustomer('Fien', 'Faal');
    const bookingId = await acceptedBooking(customer, artist, 72);
    const page = await pageAs(browser, baseURL!, customer);
    await toMollie(page, bookingId, 'Bancontact');
    await page.getByRole('button', { name: new RegExp(`^${outcome}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.getByRole('link', { name: 'Opnieuw betalen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Afrekenen' })).toBeVisible();
  });
}

test('BANDS lower what is left to pay', async ({ browser, baseURL }) => {
  const customer = await createCustomer('Ben', 'Bands');
  const admin = await createAdmin();
  const { client: adminClient } = await signInAdmin(admin);
  expect((await adminClient.rpc('admin_adjust_bands', { target_user: customer.id, amount: 2_500, reason: 'Test: BANDS voor de checkout' })).error).toBeNull();
  const bookingId = await acceptedBooking(customer, artist, 74);
  const page = await pageAs(browser, baseURL!, customer);
  await page.goto(`/booking/${bookingId}/checkout`);
  const toPay = page.getByTestId('checkout-summary').locator('div').filter({ hasText: 'Te betalen' }).locator('dd');
  const before = await toPay.textContent();
  await page.getByRole('button', { name: 'Gebruik € 25,00 BANDS' }).click();
  await expect(page.getByTestId('checkout-summary').locator('div').filter({ hasText: 'BANDS' }).locator('dd')).toHaveText(/-\s?€\s?25,00|€\s?-25,00/);
  await expect(toPay).not.toHaveText(before!);
  await expect(page.getByRole('button', { name: 'Gebruik € 25,00 BANDS' })).toHaveCount(0);
});

test('a booking that cannot be paid says why, and offers no payment', async ({ browser, baseURL }) => {
  const customer = await createCustomer('Wout', 'Wacht');
  const pending = await requestBooking(customer, artist.id, 76);
  const page = await pageAs(browser, baseURL!, customer);
  await page.goto(`/booking/${pending}/checkout`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nog even wachten' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Betaal/ })).toHaveCount(0);

  const stranger = await pageAs(browser, baseURL!, await createCustomer('Sam', 'Vreemd'));
  await stranger.goto(`/booking/${pending}/checkout`);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Deze boeking kunnen we niet vinden' })).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`axe finds nothing serious on the checkout at ${width} px`, async ({ browser, baseURL }) => {
    const customer = await createCustomer('Axel', 'Kassa');
    const bookingId = await acceptedBooking(customer, artist, 78);
    const page = await pageAs(browser, baseURL!, customer, width);
    await page.goto(`/booking/${bookingId}/checkout`);
    await expect(page.getByRole('heading', { level: 1, name: 'Afrekenen' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

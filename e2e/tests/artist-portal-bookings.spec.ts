// The artist's bookings page in the portal (/dashboard/artist/boekingen), with the customer in another
// browser: a request made on the customer's side arrives live with a notice and the time left to
// answer; the artist accepts and the customer's 'Mijn boekingen' moves it to 'Te betalen' without a
// reload; the customer pays and the artist sees it confirmed, live; a decline from the booking's own
// view (?booking=) needs a reason and stores it; cancelling a confirmed gig warns about the full
// refund and needs a reason; the artist is offered their payout statement, never the customer's invoice. A guest is
// sent to the storefront, a customer without the artist role to their own page. axe on both widths.
import { expect, test, type Page } from '@playwright/test';
import { createArtist, createCustomer, requestBooking, service, type TestArtist } from '../fixtures/backoffice.ts';
import { acceptedBooking, confirmedBooking } from '../fixtures/booking-lifecycle.ts';
import { readFile } from 'node:fs/promises';
import { closePages, pageAs } from '../fixtures/pages.ts';
import { dayInTwoMonths, fillTheRest, longDate, pdfText } from '../fixtures/booking-form.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

test.afterEach(closePages);
const tab = (page: Page, name: RegExp) => page.getByRole('tablist', { name: 'Boekingen' }).getByRole('tab', { name });
const statusOf = async (id: string) => ((await service().from('bookings').select('status').eq('id', id).single()).data as { status: string }).status;

let artist: TestArtist;

test.beforeEach(async () => {
  artist = await createArtist({ approved: true, name: `Portaalband ${Date.now().toString(36)}` });
});

test('a request made in the form arrives live, the artist accepts, the customer pays: both follow without reloading, and the invoice downloads', async ({ browser, baseURL }) => {
  test.slow();
  const customer = await createCustomer('Kim', 'Klant');
  const artistPage = await pageAs(browser, baseURL!, artist.owner);
  await artistPage.goto('/dashboard/artist/boekingen');
  await expect(artistPage.getByRole('heading', { level: 1, name: 'Boekingen' })).toBeVisible();
  await expect(tab(artistPage, /^Aanvragen \(0\)$/)).toBeVisible();

  // The customer asks through the booking form on the storefront.
  const customerPage = await pageAs(browser, baseURL!, customer);
  const date = dayInTwoMonths(16);
  await customerPage.goto(`/artists/${artist.slug}/boeken?datum=${date}`);
  await expect(customerPage.getByText(`Gekozen: ${longDate(date)}`)).toBeVisible();
  await fillTheRest(customerPage);
  await customerPage.getByRole('button', { name: 'Aanvraag versturen' }).click();
  await expect(customerPage.getByTestId('booking-requested')).toBeVisible();
  const { data: requested } = await service().from('bookings').select('id').eq('customer_id', customer.id).single<{ id: string }>();
  const bookingId = requested!.id;

  await expect(artistPage.getByTestId('booking-notices')).toContainText('Nieuwe aanvraag van Kim Klant voor');
  const card = artistPage.getByTestId('artist-booking');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: 'Kim Klant' })).toBeVisible();
  await expect(card.getByTestId('answer-deadline')).toHaveText(/^Nog (7 dagen|6 dagen en \d+ uur) om te reageren$/);

  await customerPage.goto('/bookings?tab=aanvragen');
  await expect(customerPage.getByTestId('booking-card').getByTestId('booking-status')).toHaveText('Aangevraagd');

  await card.getByRole('button', { name: 'Accepteren' }).click();
  await expect(tab(artistPage, /^Wacht op betaling \(1\)$/)).toBeVisible();
  expect(await statusOf(bookingId)).toBe('accepted');
  // The customer's page follows the artist's answer live.
  await expect(customerPage.getByRole('tab', { name: /^Te betalen \(1\)$/ })).toBeVisible();

  // The customer pays in the sandbox; the artist sees the gig confirmed, live, with a notice.
  await customerPage.goto(`/booking/${bookingId}/checkout`);
  await customerPage.getByRole('checkbox', { name: /Ik ga akkoord/ }).check();
  await customerPage.getByRole('button', { name: /^Betaal € / }).click();
  await customerPage.getByRole('button', { name: /^Betaald/ }).click();
  await expect(customerPage.getByRole('heading', { level: 1, name: 'Betaald! Je boeking is bevestigd' })).toBeVisible();
  await expect(artistPage.getByTestId('booking-notices')).toContainText('Kim Klant heeft betaald');
  await expect(tab(artistPage, /^Bevestigd \(1\)$/)).toBeVisible();

  // The invoice, downloaded from 'Mijn boekingen': its number and the amount paid.
  const { data: booking } = await service().from('bookings').select('total_cents, invoice:invoices(number)').eq('id', bookingId).single<{ total_cents: number; invoice: { number: string } }>();
  await customerPage.goto(`/bookings?booking=${bookingId}`);
  await expect(customerPage.getByTestId('booking-detail').getByTestId('booking-status')).toHaveText('Bevestigd');
  const downloading = customerPage.waitForEvent('download');
  await customerPage.getByTestId('booking-detail').getByRole('button', { name: 'Factuur downloaden (pdf)' }).click();
  const text = await pdfText(await readFile((await (await downloading).path())!));
  expect(text).toContain(`Factuurnummer ${booking!.invoice.number}`);
  const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(booking!.total_cents / 100).replace(/\s/g, ' ');
  expect(text).toContain(`Totaal incl. btw ${euro}`);
  expect(text).toContain('Betaald via iDEAL op');
});

test("declining from the booking's own view needs a reason, which the customer then reads", async ({ browser, baseURL }) => {
  const customer = await createCustomer('Dirk', 'Declined');
  const bookingId = await requestBooking(customer, artist.id, 66);
  const page = await pageAs(browser, baseURL!, artist.owner);
  await page.goto(`/dashboard/artist?booking=${bookingId}`);
  const card = page.getByTestId('booking-view');
  await expect(card.getByRole('heading', { level: 1, name: 'Aanvraag van Dirk Declined' })).toBeVisible();
  await card.getByRole('button', { name: 'Afwijzen' }).click();
  await card.getByRole('button', { name: 'Aanvraag afwijzen' }).click();
  await expect(card.getByRole('alert')).toHaveText('Geef de klant een reden waarom je de aanvraag afwijst.');
  expect(await statusOf(bookingId)).toBe('pending');
  await card.getByLabel('Waarom wijs je de aanvraag af? (de klant ziet dit)').fill('Die avond staan we al in Groningen');
  await card.getByRole('button', { name: 'Aanvraag afwijzen' }).click();
  await expect(card.getByTestId('booking-status')).toHaveText('Afgewezen');
  await page.getByRole('link', { name: '← Alle boekingen' }).click();
  await expect(tab(page, /^Geannuleerd \(1\)$/)).toHaveAttribute('aria-selected', 'true');
  const { data } = await service().from('booking_events').select('to_status, reason').eq('booking_id', bookingId).order('id', { ascending: false }).limit(1).single();
  expect(data).toEqual({ to_status: 'declined', reason: 'Die avond staan we al in Groningen' });

  const customerPage = await pageAs(browser, baseURL!, customer);
  await customerPage.goto(`/bookings?booking=${bookingId}`);
  await expect(customerPage.getByTestId('booking-timeline').getByRole('listitem').last()).toHaveText(/^Afgewezen.*door de artiest: Die avond staan we al in Groningen$/);
});

test('cancelling a confirmed gig warns about the full refund and needs a reason; the customer’s invoice is not the artist’s', async ({ browser, baseURL }) => {
  const customer = await createCustomer('Rik', 'Refund');
  const bookingId = await confirmedBooking(customer, artist, 67);
  const page = await pageAs(browser, baseURL!, artist.owner);
  // The booking's own view: the artist's documents are the payout statement, once the fee is paid out; no customer's invoice.
  await page.goto(`/dashboard/artist/boekingen?booking=${bookingId}`);
  const view = page.getByTestId('booking-view');
  await expect(view.getByTestId('booking-documents')).toContainText('Zodra je gage voor dit optreden is uitbetaald, download je hier de uitbetalingsspecificatie (pdf) van die maand.');
  await expect(view.getByRole('button', { name: /Factuur/ })).toHaveCount(0);
  await page.goto('/dashboard/artist?tab=bevestigd');
  const card = page.getByTestId('artist-booking');
  await expect(card.getByRole('link', { name: 'Boeking van Rik Refund bekijken' })).toBeVisible();
  await expect(card.getByRole('button', { name: /Factuur/ })).toHaveCount(0);
  await card.getByRole('button', { name: 'Optreden annuleren' }).click();
  await expect(card.getByText('Let op: bij een annulering door jou krijgt de klant het volledige bedrag terug, en de datum komt weer vrij.')).toBeVisible();
  await card.getByRole('button', { name: 'Optreden annuleren' }).click();
  await expect(card.getByRole('alert')).toHaveText('Geef de klant een reden voor de annulering.');
  expect(await statusOf(bookingId)).toBe('confirmed');
  await card.getByLabel('Reden van de annulering (de klant ziet dit)').fill('Zanger ziek');
  await card.getByRole('button', { name: 'Optreden annuleren' }).click();
  await expect(tab(page, /^Geannuleerd \(1\)$/)).toBeVisible();
  expect(await statusOf(bookingId)).toBe('cancelled');
});

test('a guest is sent to the storefront, a customer to their own page', async ({ page, browser, baseURL }) => {
  await page.goto('/dashboard/artist');
  // SPEC 4.2: on /dashboard/artist the guard waits 8 s before it redirects.
  await expect(page).toHaveURL(`${new URL(baseURL!).origin}/`, { timeout: 15_000 });

  const customerPage = await pageAs(browser, baseURL!, await createCustomer('Cor', 'Klant'));
  await customerPage.goto('/dashboard/artist');
  await expect(customerPage).not.toHaveURL(/\/dashboard\/artist/, { timeout: 15_000 });
  await expect(customerPage.getByRole('heading', { level: 1, name: 'Boekingen' })).toHaveCount(0);
});

for (const width of [390, 1280]) {
  test(`axe finds nothing serious on the artist's bookings and a booking's own view at ${width} px`, async ({ browser, baseURL }) => {
    const accepted = await acceptedBooking(await createCustomer('Axel', 'Portaal'), artist, 68);
    await requestBooking(await createCustomer('Anna', 'Portaal'), artist.id, 69);
    const page = await pageAs(browser, baseURL!, artist.owner, width);
    await page.goto('/dashboard/artist/boekingen');
    await expect(page.getByTestId('artist-booking').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto(`/dashboard/artist/boekingen?booking=${accepted}`);
    await expect(page.getByTestId('booking-view').getByText(/^Zichtbaar zodra de klant betaald heeft/)).toBeVisible();
    await expectNoSeriousViolations(page, { include: '[data-testid="booking-view"]' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

// The back office live (SPEC 4.6), as support staff see it: an admin has a booking open while the
// customer pays it in a browser of their own; without a reload the booking's status and timeline
// change, a notification says it was paid and links to it. On the dashboard, a new booking
// request moves 'Boekingen deze week' by itself and is told as it arrives.
import { expect, test, type Page } from '@playwright/test';
import { dutchDateOfMoment } from '@podium/shared/dutch';
import { createAdmin, createArtist, createCustomer, logInToBackOffice, requestBooking, service } from '../fixtures/backoffice.ts';
import { acceptedBooking } from '../fixtures/booking-lifecycle.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';

test.afterEach(closePages);

/** The notice about a booking (the day of its gig names it: other journeys' bookings are told too, beside it). */
async function noticeAbout(page: Page, text: string, bookingId: string) {
  const { data } = await service().from('bookings').select('starts_at').eq('id', bookingId).single<{ starts_at: string }>();
  return page.getByRole('status').filter({ hasText: `${text} voor ${dutchDateOfMoment(data!.starts_at)}` });
}

test('a booking open in the back office follows the customer’s payment without a reload; the dashboard counts a new request as it comes', async ({ browser, baseURL }) => {
  const artist = await createArtist({ approved: true, name: `Liveband ${Date.now().toString(36)}` });
  const customer = await createCustomer('Lotte', 'Live');
  const bookingId = await acceptedBooking(customer, artist, 40);

  const office = await browser.newPage({ baseURL, viewport: { width: 1280, height: 900 } });
  await office.goto('/admin/login');
  await logInToBackOffice(office, await createAdmin());
  await expect(office.getByRole('menuitem', { name: 'Boekingen', exact: true })).toBeVisible();
  await office.goto(`/admin/bookings/${bookingId}/show`);
  const timeline = office.getByRole('list', { name: 'Tijdlijn' });
  await expect(timeline).toContainText('Geaccepteerd (was Aangevraagd) door artiest');
  await expect(timeline).not.toContainText('Bevestigd');

  // The customer pays with iDEAL in the Mollie sandbox, in a browser of their own.
  const customerPage = await pageAs(browser, baseURL!, customer);
  await customerPage.goto(`/booking/${bookingId}/checkout`);
  await customerPage.getByRole('radio', { name: /^iDEAL/ }).check();
  await customerPage.getByRole('checkbox', { name: /Ik ga akkoord met de algemene voorwaarden/ }).check();
  await customerPage.getByRole('button', { name: /^Betaal € / }).click();
  await customerPage.getByRole('button', { name: /^Betaald/ }).click();
  await expect(customerPage.getByRole('heading', { level: 1, name: 'Betaald! Je boeking is bevestigd' })).toBeVisible();

  // The admin's page, not reloaded, shows it: the status, the timeline, the payment, and a notification.
  const notice = await noticeAbout(office, 'Boeking betaald', bookingId);
  await expect(notice).toBeVisible();
  await expect(timeline).toContainText('Bevestigd (was Geaccepteerd)');
  await expect(office.getByText('Bevestigd', { exact: true }).first()).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Bekijken' })).toHaveAttribute('href', new RegExp(`/admin/bookings/${bookingId}/show$`));
  await office.screenshot({ path: test.info().outputPath('booking-live-1280.png') });

  // The dashboard: a new request raises this week's bookings by itself and is told.
  await office.getByRole('menuitem', { name: 'Dashboard', exact: true }).click();
  const thisWeek = office.getByTestId('kpi-Boekingen deze week');
  await expect(thisWeek).toHaveText(/^\d+$/);
  const before = Number(await thisWeek.textContent());
  const secondId = await requestBooking(customer, artist.id);
  await expect.poll(async () => Number(await thisWeek.textContent())).toBeGreaterThan(before);
  const request = await noticeAbout(office, 'Nieuwe boekingsaanvraag', secondId);
  await expect(request).toBeVisible();
  await request.getByRole('link', { name: 'Bekijken' }).click();
  await expect(office).toHaveURL(new RegExp(`/admin/bookings/${secondId}/show$`));
  await expect(office.getByRole('list', { name: 'Tijdlijn' })).toContainText('Aangevraagd door klant');
  await office.close();
});

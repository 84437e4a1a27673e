// The back office live (SPEC 4.6), as support staff see it: an admin has a booking open while the
// customer pays it in a browser of their own; without a reload the booking's status and timeline
// change, a notification says it was paid and links to it. On the dashboard, a new booking
// request moves 'Boekingen deze week' by itself and is told as it arrives. The bookings list and
// the approvals queue gain a new booking's row, a changed status and a newly sent application
// the same way.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dutchDateOfMoment } from '@podium/shared/dutch';
import { anon, createAdmin, createArtist, createCustomer, logInToBackOffice, requestBooking, service } from '../fixtures/backoffice.ts';
import { acceptedBooking } from '../fixtures/booking-lifecycle.ts';
import { approvalsQueue, closePages, pageAs } from '../fixtures/pages.ts';
import type { TestUser } from '../fixtures/stack.ts';

test.afterEach(closePages);

/**
 * Every notice the admin's page showed, with where its 'Bekijken' leads, recorded as it appears:
 * other journeys' bookings are told too, and a burst of theirs can push this one's out of the
 * newest three before a check comes by.
 */
async function recordNotices(page: Page) {
  await page.addInitScript(() => {
    const seen: { text: string; href: string | null }[] = [];
    (window as unknown as { podiumNotices: typeof seen }).podiumNotices = seen;
    new MutationObserver(() => {
      for (const notice of document.querySelectorAll('[role="status"]')) {
        const text = notice.textContent ?? '';
        const href = notice.querySelector('a')?.getAttribute('href') ?? null;
        if (!seen.some((item) => item.text === text && item.href === href)) seen.push({ text, href });
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Whether the element's text sits on one line (a date column squeezed too narrow wraps it). */
const onOneLine = (cell: Locator) =>
  cell.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size === 1;
  });

/** How far the page reaches past the window's right edge, and the right edge of each of `parts`. */
async function rightEdges(page: Page, parts: Locator) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const edges = await parts.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().right)));
  return { overflow, widest: Math.max(...edges) };
}

/** The notice about a booking (the day of its gig names it), as the page showed it. */
async function noticeShown(page: Page, text: string, bookingId: string) {
  const { data } = await service().from('bookings').select('starts_at').eq('id', bookingId).single<{ starts_at: string }>();
  const wanted = `${text} voor ${dutchDateOfMoment(data!.starts_at)}`;
  await expect
    .poll(async () => (await page.evaluate(() => (window as unknown as { podiumNotices: { text: string; href: string | null }[] }).podiumNotices)).filter((item) => item.text.startsWith(wanted)))
    .toContainEqual({ text: `${wanted}Bekijken`, href: `/admin/bookings/${bookingId}/show` });
}

test('a booking open in the back office follows the customer’s payment without a reload; the dashboard counts a new request as it comes', async ({ browser, baseURL }) => {
  const artist = await createArtist({ approved: true, name: `Liveband ${Date.now().toString(36)}` });
  const customer = await createCustomer('Lotte', 'Live');
  const bookingId = await acceptedBooking(customer, artist, 40);

  const office = await browser.newPage({ baseURL, viewport: { width: 1280, height: 900 } });
  await recordNotices(office);
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
  await noticeShown(office, 'Boeking betaald', bookingId);
  await expect(timeline).toContainText('Bevestigd (was Geaccepteerd)');
  await expect(office.getByText('Bevestigd', { exact: true }).first()).toBeVisible();
  const payments = office.getByRole('table').filter({ has: office.getByRole('columnheader', { name: 'Terugbetaald' }) });
  await expect(payments.getByRole('row').nth(1)).toContainText(/Betaald€\s?\d/);
  // At 1280 px the payment's date is whole, on one line, inside the window.
  const paidOn = payments.getByRole('row').nth(1).getByRole('cell').last();
  await expect(paidOn).toHaveText(/^\d{1,2} [a-z]{3} \d{4}, \d{2}:\d{2}$/);
  expect(await onOneLine(paidOn)).toBe(true);
  expect((await rightEdges(office, paidOn)).widest).toBeLessThanOrEqual(1280);
  await office.screenshot({ path: test.info().outputPath('booking-live-1280.png') });

  // The dashboard: a new request raises this week's bookings by itself and is told.
  await office.getByRole('menuitem', { name: 'Dashboard', exact: true }).click();
  const thisWeek = office.getByTestId('kpi-Boekingen deze week');
  await expect(thisWeek).toHaveText(/^\d+$/);
  const before = Number(await thisWeek.textContent());
  const secondId = await requestBooking(customer, artist.id);
  await expect.poll(async () => Number(await thisWeek.textContent())).toBeGreaterThan(before);
  await noticeShown(office, 'Nieuwe boekingsaanvraag', secondId);
  await office.goto(`/admin/bookings/${secondId}/show`);
  await expect(office).toHaveURL(new RegExp(`/admin/bookings/${secondId}/show$`));
  await expect(office.getByRole('list', { name: 'Tijdlijn' })).toContainText('Aangevraagd door klant');
  await office.close();
});

/** The artist answers a request in their portal (the same RPC its buttons call). */
async function artistAccepts(owner: TestUser, bookingId: string) {
  const client = anon();
  const { error: loginError } = await client.auth.signInWithPassword({ email: owner.email, password: owner.password });
  if (loginError) throw new Error(`login ${owner.email}: ${loginError.message}`);
  const { error } = await client.rpc('transition_booking', { booking_id: bookingId, new_status: 'accepted' });
  if (error) throw new Error(`accept ${bookingId}: ${error.message}`);
}

test('the bookings list and the approvals queue follow new bookings, a changed status and a sent application without a reload', async ({ browser, baseURL }) => {
  const artist = await createArtist({ approved: true, name: `Lijstband ${Date.now().toString(36)}` });
  const customer = await createCustomer('Lies', 'Lijst');

  // Support has the bookings list open on a 1280 x 800 screen: every column and 'Filter toevoegen'
  // within the window, no sideways scrolling. Then searched for the act: nothing yet.
  const office = await pageAs(browser, baseURL!, null);
  await office.setViewportSize({ width: 1280, height: 800 });
  await office.goto('/admin/login');
  await logInToBackOffice(office, await createAdmin());
  await expect(office.getByRole('menuitem', { name: 'Boekingen', exact: true })).toBeVisible();
  await office.getByRole('menuitem', { name: 'Boekingen', exact: true }).click();
  const grid = office.getByRole('table');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expect(grid.getByRole('columnheader')).toHaveText(['Boekingsnummer', 'Datum optreden', 'Klant', 'Artiest', 'Status', 'Totaal', /^Aangevraagd op/]);
  await expect(office.getByRole('button', { name: 'Filter toevoegen' })).toBeInViewport({ ratio: 1 });
  const edges = await rightEdges(office, grid.getByRole('columnheader').or(grid.getByRole('cell')).or(grid));
  expect(edges.overflow).toBeLessThanOrEqual(0);
  expect(edges.widest).toBeLessThanOrEqual(1280);
  await office.screenshot({ path: test.info().outputPath('boekingen-1280x800.png') });
  await office.getByPlaceholder('Boekingsnummer, klant, e-mail, artiest, datum of status').fill(artist.name);
  await expect(office.getByText(/^Geen .* gevonden/)).toBeVisible();

  // The customer asks for the act: its row appears, as requested; the artist accepts: it says so.
  const bookingId = await requestBooking(customer, artist.id);
  const row = office.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toContainText('Aangevraagd');
  await expect(row).toContainText(artist.name);
  await artistAccepts(artist.owner, bookingId);
  await expect(row).toContainText('Geaccepteerd');
  await expect(row).not.toContainText('Aangevraagd');
  // A second request of the same customer comes in on top.
  await requestBooking(customer, artist.id);
  await expect(office.getByRole('row').filter({ hasText: customer.email })).toHaveCount(2);
  await expect(office.getByRole('row').filter({ hasText: customer.email }).first()).toContainText('Aangevraagd');

  // The approvals queue, searched for an act still filling in its application: it appears once sent.
  const draft = await createArtist({ name: `Wachtband ${Date.now().toString(36)}` });
  await service().from('artists').update({ approval_status: 'draft' }).eq('id', draft.id);
  const queue = await approvalsQueue(browser, baseURL!, draft.name);
  await expect(queue.getByText(/^Geen .* gevonden/)).toBeVisible();
  await service().from('artists').update({ approval_status: 'pending', submitted_at: new Date().toISOString() }).eq('id', draft.id);
  const application = queue.getByRole('row').filter({ hasText: draft.name });
  await expect(application).toContainText('Nieuwe aanmelding');
  // At 1280 px its review buttons are within the window.
  await expect(application.getByRole('button', { name: 'Afwijzen' })).toBeInViewport({ ratio: 1 });
});

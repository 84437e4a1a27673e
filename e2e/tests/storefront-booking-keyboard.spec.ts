// The booking form by keyboard and by tap: the calendar is one Tab stop whose arrow keys,
// PageDown and month chooser reach a day months ahead, Enter picks a free day (a busy one is
// announced and cannot be picked), Tab goes on to 'Begintijd'; a place suggestion is chosen with
// ArrowDown and Enter, and Enter in the last field sends the request. No error is shown on the
// way and the focus is never on the page body: a refused submit puts it on the first field to
// fix (and says why), a sent one on the confirmation. On a phone a tapped day neither submits
// the form nor moves the page. The artist page's calendar opens on the chosen date's month.
import { expect, test, type Page } from '@playwright/test';
import { createArtist, createCustomer, service, type TestArtist } from '../fixtures/backoffice.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import { dayInTwoMonths, longDate } from '../fixtures/booking-form.ts';

test.afterEach(closePages);

const monthName = (iso: string) => new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const errorTexts = [
  'Kies een datum voor je feest.',
  'Kies wat voor feest het is.',
  'Vul een aantal gasten in tussen 1 en 10.000.',
  'Kies een plaats uit de lijst.',
  'Vul het adres van de locatie in.',
];

/** The 15th of the month `months` on from this one, as an ISO date. */
function dayMonthsAhead(months: number, day = 15): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, day)).toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** What has the keyboard focus: never the page body. */
async function focusedElement(page: Page) {
  const focused = await page.evaluate(() => {
    const element = document.activeElement;
    return {
      body: !element || element === document.body,
      date: element?.getAttribute('data-date') ?? null,
      label: element?.getAttribute('aria-label') ?? null,
      disabled: element?.getAttribute('aria-disabled') === 'true',
      inCalendar: Boolean(element?.closest('[data-testid="availability-calendar"]')),
    };
  });
  expect(focused.body, 'the focus is on the page body').toBe(false);
  return focused;
}

async function expectNoErrors(page: Page) {
  for (const text of errorTexts) await expect(page.getByText(text)).toHaveCount(0);
  await expect(page.locator('form [aria-invalid="true"]')).toHaveCount(0);
}

let artist: TestArtist;

test.beforeEach(async () => {
  artist = await createArtist({ approved: true, name: `Toetsenband ${Date.now().toString(36)}` });
  const { error } = await service()
    .from('artist_packages')
    .insert({ artist_id: artist.id, name: 'Feestavond', description: 'Drie sets van 45 minuten', price_cents: 185_000, duration_minutes: 240, sort_order: 1 });
  if (error) throw new Error(error.message);
});

test('by keyboard alone: the calendar, Begintijd, a place suggestion and Enter send the request, with the focus never on the body', async ({ browser, baseURL }) => {
  const customer = await createCustomer('Toos', 'Toetsenbord');
  const target = dayMonthsAhead(4);
  const busy = dayMonthsAhead(4, 16);
  await service().from('artist_blocked_dates').insert({ artist_id: artist.id, starts_on: busy, ends_on: busy });
  const page = await pageAs(browser, baseURL!, customer, 1280);
  await page.goto(`/artists/${artist.slug}/boeken`);
  await expect(page.getByRole('heading', { level: 1, name: `${artist.name} boeken` })).toBeVisible({ timeout: 15_000 });
  const calendar = page.getByTestId('availability-calendar');
  await expect(calendar).toHaveAttribute('aria-busy', 'false');

  // Tab through the page to the calendar: one Tab stop for the whole month.
  let focused = await focusedElementAfterTab(page);
  for (let presses = 1; !focused.inCalendar && presses < 40; presses++) focused = await focusedElementAfterTab(page);
  expect(focused.inCalendar, 'Tab reaches the calendar').toBe(true);
  await expect(calendar.locator('[tabindex="0"]')).toHaveCount(1);
  expect(focused.label).toMatch(/, beschikbaar$/);

  // PageDown shows the next months with the focus on the same day; arrows walk to the 15th.
  for (let step = 0; step < 4; step++) await page.keyboard.press('PageDown');
  await expect(page.getByRole('combobox', { name: 'Maand kiezen' })).toHaveValue(target.slice(0, 7));
  await expect(page.getByRole('heading', { level: 3, name: monthName(target) })).toBeAttached();
  // That month's availability arrives after the page turn; until then no day is 'niet beschikbaar'.
  await expect(calendar).toHaveAttribute('aria-busy', 'false');
  focused = await focusedElement(page);
  expect(focused.date?.slice(0, 7)).toBe(target.slice(0, 7));
  const gap = daysBetween(focused.date!, target);
  for (let step = 0; step < Math.abs(Math.trunc(gap / 7)); step++) await page.keyboard.press(gap > 0 ? 'ArrowDown' : 'ArrowUp');
  for (let step = 0; step < Math.abs(gap % 7); step++) await page.keyboard.press(gap > 0 ? 'ArrowRight' : 'ArrowLeft');
  expect((await focusedElement(page)).date).toBe(target);

  // The busy day next to it can be reached and is announced, but Enter does not pick it.
  await page.keyboard.press('ArrowRight');
  focused = await focusedElement(page);
  expect(focused).toMatchObject({ date: busy, label: `${longDate(busy)}, niet beschikbaar`, disabled: true });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Kies een vrije dag in de kalender.')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Gekozen: ${longDate(target)}`)).toBeVisible();
  await expect(calendar.getByRole('button', { name: `${longDate(target)}, beschikbaar` })).toHaveAttribute('aria-pressed', 'true');
  expect((await focusedElement(page)).date).toBe(target);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(5);
  await expectNoErrors(page);

  // Tab leaves the grid for the next field.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Begintijd')).toBeFocused();
  await page.getByLabel('Begintijd').selectOption('19:30');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Soort feest')).toBeFocused();
  await page.getByLabel('Soort feest').selectOption('Bruiloft');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Aantal gasten')).toBeFocused();
  await page.keyboard.type('120');
  await page.keyboard.press('Tab');
  const place = page.getByRole('combobox', { name: 'Plaats' });
  await expect(place).toBeFocused();
  await page.keyboard.type('Utrecht');
  await expect(page.getByRole('option', { name: /^Utrecht/ }).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // The chosen place holds the focus, in the form.
  await expect(page.getByTestId('chosen-place')).toContainText('Utrecht');
  await expect(page.getByTestId('chosen-place')).toBeFocused();
  await focusedElement(page);
  await expectNoErrors(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Plaats wissen' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Adres van de locatie')).toBeFocused();
  await page.keyboard.type('Kasteel de Haar, Kasteellaan 1');
  await expectNoErrors(page);
  await page.keyboard.press('Enter');

  // Sent: the confirmation's heading has the focus.
  const heading = page.getByTestId('booking-requested').getByRole('heading', { name: 'Je aanvraag is verstuurd' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await focusedElement(page);
  const { data: rows } = await service().from('bookings').select('starts_at, guest_count, event_location, place:places(name)').eq('customer_id', customer.id);
  expect(rows).toHaveLength(1);
  const local = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Amsterdam' }).format(new Date(rows![0]!.starts_at as string));
  expect(local).toBe(`${target} 19:30`);
  expect(rows![0]).toMatchObject({ guest_count: 120, event_location: 'Kasteel de Haar, Kasteellaan 1', place: { name: 'Utrecht' } });
});

async function focusedElementAfterTab(page: Page) {
  await page.keyboard.press('Tab');
  return focusedElement(page);
}

test('a refused submit by Enter puts the focus on the first field to fix and says why', async ({ browser, baseURL }) => {
  const customer = await createCustomer();
  const date = dayInTwoMonths(9);
  const page = await pageAs(browser, baseURL!, customer, 1280);
  await page.goto(`/artists/${artist.slug}/boeken?datum=${date}`);
  await expect(page.getByText(`Gekozen: ${longDate(date)}`)).toBeVisible();
  await page.getByLabel('Aantal gasten').focus();
  await page.keyboard.type('120');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Kies wat voor feest het is.')).toBeVisible();
  await expect(page.getByLabel('Soort feest')).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'De aanvraag is nog niet verstuurd. Controleer het veld ‘Soort feest’.' })).toBeAttached();
  await page.getByLabel('Soort feest').selectOption('Verjaardag');
  await page.getByLabel('Aantal gasten').focus();
  await page.keyboard.press('Enter');
  // Next: the place, whose text box gets the focus.
  await expect(page.getByText('Kies een plaats uit de lijst.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Plaats' })).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'De aanvraag is nog niet verstuurd. Controleer het veld ‘Plaats’.' })).toBeAttached();
  // A place chosen and cleared again by keyboard: the focus goes to the chip and back to the text box, and nothing is sent.
  await page.keyboard.type('Utrecht');
  await expect(page.getByRole('option', { name: /^Utrecht/ }).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chosen-place')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Plaats' })).toBeFocused();
  await expect(page.getByTestId('booking-requested')).toHaveCount(0);
  const { count } = await service().from('bookings').select('id', { count: 'exact', head: true }).eq('customer_id', customer.id);
  expect(count).toBe(0);
});

test('on a phone a tapped day is a choice: no errors, the page does not move, and the month chooser jumps ahead', async ({ browser, baseURL }) => {
  const customer = await createCustomer();
  const page = await pageAs(browser, baseURL!, customer, 390);
  await page.goto(`/artists/${artist.slug}/boeken`);
  const calendar = page.getByTestId('availability-calendar');
  await expect(calendar).toHaveAttribute('aria-busy', 'false');
  const target = dayMonthsAhead(7, 12);
  const chooser = page.getByRole('combobox', { name: 'Maand kiezen' });
  await chooser.scrollIntoViewIfNeeded();
  await chooser.selectOption({ label: monthName(target) });
  await expect(page.getByRole('heading', { level: 3, name: monthName(target) })).toBeAttached();
  const day = calendar.getByRole('button', { name: `${longDate(target)}, beschikbaar` });
  await day.scrollIntoViewIfNeeded();
  await expect(day).toBeInViewport();
  const where = () => day.evaluate((element) => ({ scrollY: window.scrollY, top: element.getBoundingClientRect().top }));
  const before = await where();
  await day.click();
  await expect(page.getByText(`Gekozen: ${longDate(target)}`)).toBeVisible();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  await expectNoErrors(page);
  // The day stays where the finger left it. (The price summary above it gains the date and may
  // wrap a line; the browser's scroll anchoring then moves scrollY by that line, not the view.)
  const after = await where();
  expect(Math.abs(after.top - before.top)).toBeLessThan(5);
  expect(Math.abs(after.scrollY - before.scrollY)).toBeLessThan(40);
  await expect(day).toBeFocused();
  // The next field in order is Begintijd.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Begintijd')).toBeFocused();
});

for (const width of [390, 1280]) {
  test(`the artist page's calendar opens on the chosen date's month and jumps with the month chooser at ${width} px`, async ({ browser, baseURL }) => {
    const chosen = dayMonthsAhead(8, 10);
    const page = await pageAs(browser, baseURL!, null, width);
    await page.goto(`/artists/${artist.slug}?datum=${chosen}`);
    const calendar = page.getByTestId('availability-calendar');
    const chooser = page.getByRole('combobox', { name: 'Maand kiezen' });
    await expect(chooser).toHaveValue(chosen.slice(0, 7));
    await expect(calendar.getByRole('button', { name: `${longDate(chosen)}, beschikbaar` })).toHaveAttribute('aria-pressed', 'true');
    await expect(calendar.locator('[tabindex="0"]')).toHaveAttribute('data-date', chosen);
    // Back to this month in one step, and forward again with the buttons.
    const thisMonth = dayMonthsAhead(0, 1);
    await chooser.selectOption(thisMonth.slice(0, 7));
    await expect(page.getByRole('heading', { level: 3, name: monthName(thisMonth) })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Vorige maand' })).toBeDisabled();
    await page.getByRole('button', { name: 'Volgende maand' }).click();
    await expect(chooser).toHaveValue(dayMonthsAhead(1, 1).slice(0, 7));
  });
}

// The way to a booking as a visitor walks it, on a phone and a desktop: the home page's what /
// where / when search, the list it opens (the number of guests added in the filters), two acts of
// the results hearted and compared side by side from favourites, one opened from there with the
// date already chosen in its calendar, its booking panel and the phone's booking bar, 'Boek nu'
// with a login on the way, and the booking form with date, place and guests filled in, sent
// without a single error shown at any step.
import { expect, test, type Page } from '@playwright/test';
import { createCustomer, service } from '../fixtures/backoffice.ts';
import { longDate } from '../fixtures/booking-form.ts';
import { paintedAfterHydration } from '../fixtures/hydration.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

const utrecht = 2745912;
const guests = 120;

/** A Saturday in the month `months` from now (the 10th or the first Saturday after): far ahead, as parties are planned. */
function saturdayAhead(months: number): string {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 10));
  while (day.getUTCDay() !== 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** 'juli 2027', the calendar's month heading. */
const monthHeading = (iso: string) => new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
/** 'za 10 jul 2027', as the phone's booking bar writes the date. */
const shortDate = (iso: string) => new Intl.DateTimeFormat('nl-NL', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/** Every message the search, the filters, the artist page and the booking form can show as an error. */
const errorTexts =
  /Kies een (plaats uit de lijst|datum|pakket|begintijd)|Kies wat voor feest|Vul een|Vul het adres|niet beschikbaar op deze datum|is te lang|kon niet worden|Kies een datum na vandaag/;

/** What the person sees holds no error: no field marked invalid, no error text. */
async function expectNoErrors(page: Page) {
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(page.getByText(errorTexts)).toHaveCount(0);
}

async function shoot(page: Page, name: string, fullPage = false) {
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
}

const consent = () => localStorage.setItem('podium-cookie-consent', JSON.stringify({ necessary: true, analytics: false, marketing: false }));

for (const { width, months } of [
  { width: 390, months: 7 },
  { width: 1280, months: 8 },
]) {
  test(`at ${width} px: search on home, filter, open an act on the chosen date and send the request without an error on the way`, async ({ browser }) => {
    // A whole journey, with a login on the way.
    test.setTimeout(120_000);
    const phone = width < 1024;
    const date = saturdayAhead(months);
    const context = await browser.newContext({ viewport: { width, height: phone ? 844 : 900 } });
    await context.addInitScript(consent);
    const page = await context.newPage();
    // A customer with an account, who logs in when 'Boek nu' asks for it.
    const customer = await createCustomer('Sanne', 'Zoeker');

    // Home opens with what / where / when.
    await page.goto('/');
    await paintedAfterHydration(page.getByRole('heading', { level: 1 }));
    const search = page.getByRole('search', { name: 'Zoek een artiest' });
    await expect(search.getByText('Wat', { exact: true })).toBeVisible();
    await expect(search.getByText('Waar', { exact: true }).first()).toBeVisible();
    await expect(search.getByText('Wanneer', { exact: true })).toBeVisible();
    await search.getByRole('combobox', { name: 'Wat' }).selectOption({ label: "DJ's" });
    await search.getByRole('combobox', { name: 'Waar' }).fill('Utrecht');
    await search
      .getByRole('option', { name: /^Utrecht/ })
      .first()
      .click();
    await expect(search.getByTestId('chosen-place')).toHaveText(/Utrecht/);
    // Chosen: the next question has the focus.
    await expect(search.getByLabel('Wanneer')).toBeFocused();
    await search.getByLabel('Wanneer').fill(date);
    await expectNoErrors(page);
    await shoot(page, `home-search-${width}`);
    await search.getByRole('button', { name: 'Zoeken' }).click();

    // The list, filtered on what was searched.
    await expect(page).toHaveURL(new RegExp(`/artists\\?category=djs&place=${utrecht}&date=${date}$`));
    await expect(page.getByRole('heading', { level: 1, name: "DJ's" })).toBeVisible();
    const results = page.getByTestId('artist-results');
    await expect(results.getByRole('article').first()).toBeVisible();

    // Filters: the number of guests joins date and place.
    if (phone) {
      await page.getByTestId('open-filters').click();
      const sheet = page.getByTestId('filter-sheet');
      await expect(sheet.getByTestId('chosen-place')).toHaveText(/Utrecht/);
      await expect(sheet.getByLabel('Beschikbaar op')).toHaveValue(date);
      // Few acts are this close: the visitor looks further, to have a choice to compare.
      await sheet.getByRole('combobox', { name: 'Afstand' }).selectOption({ label: 'Binnen 50 km' });
      await sheet.getByLabel('Aantal gasten').fill(String(guests));
      await sheet.getByLabel('Aantal gasten').press('Enter');
      await expectNoErrors(page);
      await shoot(page, `list-guests-${width}`);
      await sheet.getByTestId('apply-filters').click();
      await expect(sheet).toBeHidden();
    } else {
      const filters = page.getByRole('complementary', { name: 'Filters' });
      await expect(filters.getByTestId('chosen-place')).toHaveText(/Utrecht/);
      await expect(filters.getByLabel('Beschikbaar op')).toHaveValue(date);
      await filters.getByRole('combobox', { name: 'Afstand' }).selectOption({ label: 'Binnen 50 km' });
      await expect(page).toHaveURL(/[?&]radius=50(&|$)/);
      await filters.getByLabel('Aantal gasten').fill(String(guests));
      await filters.getByLabel('Aantal gasten').press('Enter');
    }
    await expect(page).toHaveURL(new RegExp(`radius=50&date=${date}&guests=${guests}$`));
    await expect(results.getByRole('article').nth(1)).toBeVisible();
    await expectNoErrors(page);
    if (!phone) await shoot(page, `list-guests-${width}`);

    // Two acts from the results become favourites, the shortlist they are compared on.
    const shortlist: string[] = [];
    for (const article of (await results.getByRole('article').all()).slice(0, 2)) {
      shortlist.push((await article.getByRole('heading', { level: 3 }).textContent())!.trim());
    }
    for (const act of shortlist) {
      // The filtered list renders anew once the app starts: tap again until the heart holds.
      const saved = results.getByRole('button', { name: `${act} verwijderen uit favorieten` });
      await expect(async () => {
        if (await saved.isVisible()) return;
        await results.getByRole('button', { name: `${act} bewaren als favoriet` }).click({ timeout: 2000 });
        await expect(saved).toBeVisible({ timeout: 2000 });
      }).toPass();
    }
    // On a phone the bottom navigation leads there; a desktop guest's header has no such link
    // (SPEC 2.6), so the address is typed.
    if (phone) await page.getByTestId('bottom-nav').getByRole('link', { name: 'Favorieten' }).click();
    else await page.goto('/favorites');
    await expect(page).toHaveURL(/\/favorites$/);
    for (const act of shortlist) {
      await page.getByTestId('compare-toggle').filter({ hasText: act }).click();
      await expect(page.getByRole('checkbox', { name: `Vergelijk ${act}` })).toBeChecked();
    }
    await page.getByRole('link', { name: 'Vergelijk (2)' }).click();

    // Side by side, on the searched date and place: both are free that day (the list said so).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Favorieten vergelijken');
    const table = page.getByTestId('compare-table');
    await expect(table.getByTestId('compare-act').getByRole('heading', { level: 2 })).toHaveText(shortlist);
    await expect(page.getByLabel('Datum van je feest')).toHaveValue(date);
    await expect(page.getByTestId('chosen-place')).toHaveText(/Utrecht/);
    await expect(table.getByTestId('compare-free')).toHaveText(['Vrij', 'Vrij']);
    await expect(table.getByTestId('compare-price')).toHaveText([/^Vanaf €\s\d/, /^Vanaf €\s\d/]);
    await expect(table.getByRole('rowheader', { name: 'Afstand tot Utrecht' })).toBeVisible();
    await expectNoErrors(page);
    await shoot(page, `compare-${width}`);

    // One of them opens on the searched date, place and guests.
    const name = shortlist[0]!;
    await table.getByRole('link', { name: `Bekijk en boek ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/artists/[^/?]+\\?datum=${date}&plaats=${utrecht}&gasten=${guests}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const slug = new URL(page.url()).pathname.split('/')[2]!;

    // Its calendar shows that month, the day chosen.
    const availability = page.locator('#beschikbaarheid');
    await availability.scrollIntoViewIfNeeded();
    await expect(availability.getByRole('heading', { name: monthHeading(date) })).toBeVisible();
    await expect(availability.getByRole('button', { name: new RegExp(`^${longDate(date)}`) })).toHaveAttribute('aria-pressed', 'true');
    // The booking panel says the act is free that day; on a phone so does the booking bar.
    const panel = page.getByTestId('booking-date-hint').locator('visible=true');
    await panel.scrollIntoViewIfNeeded();
    await expect(panel).toHaveText(`${name} is beschikbaar op ${longDate(date)}.`);
    await expect(page.getByTestId('booking-search').locator('visible=true')).toHaveText(`Voor ${guests} gasten in Utrecht`);
    if (phone) await expect(page.getByTestId('mobile-booking-date')).toHaveText(`${shortDate(date)} · beschikbaar`);
    await expectNoErrors(page);
    await shoot(page, `artist-date-${width}`);

    // 'Boek nu' (the bar on a phone); a guest logs in first and lands on the form.
    const book = phone ? page.getByTestId('mobile-booking-bar').getByRole('button', { name: 'Boek nu' }) : page.getByRole('button', { name: 'Boek nu' }).locator('visible=true');
    await book.click();
    const login = page.getByRole('dialog', { name: 'Inloggen' });
    await login.getByLabel('E-mailadres').fill(customer.email);
    await login.getByLabel('Wachtwoord', { exact: true }).fill(customer.password);
    await login.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/artists/${slug}/boeken\\?datum=${date}&pakket=[^&]+&plaats=${utrecht}&gasten=${guests}$`), { timeout: 15_000 });

    // The form has the date, the place and the guests; nothing is marked wrong.
    await expect(page.getByRole('heading', { level: 1, name: `${name} boeken` })).toBeVisible();
    await expect(page.getByText(`Gekozen: ${longDate(date)}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: monthHeading(date) })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`^${longDate(date)}`) })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('chosen-place')).toHaveText(/Utrecht/);
    await expect(page.getByLabel('Aantal gasten')).toHaveValue(String(guests));
    await expectNoErrors(page);
    await shoot(page, `booking-form-${width}`, true);

    // What only the person can say, then send.
    await page.getByLabel('Soort feest').selectOption('Bruiloft');
    await page.getByLabel('Adres van de locatie').fill('Kasteel de Haar, Kasteellaan 1');
    await expectNoErrors(page);
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
    const sent = page.getByTestId('booking-requested');
    await expect(sent.getByRole('heading', { name: 'Je aanvraag is verstuurd' })).toBeVisible();
    await expect(sent).toContainText(longDate(date));
    await expectNoErrors(page);

    // As sent: that act, that day, in Utrecht, for 120 guests.
    const { data: rows } = await service().from('bookings').select('guest_count, starts_at, place:places(name), artist:artists(slug)').eq('customer_id', customer.id);
    expect(rows).toHaveLength(1);
    const booking = rows![0] as unknown as { guest_count: number; starts_at: string; place: { name: string }; artist: { slug: string } };
    expect(booking).toMatchObject({ guest_count: guests, place: { name: 'Utrecht' }, artist: { slug } });
    expect(new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(new Date(booking.starts_at))).toBe(date);
    await context.close();
  });
}

test('a page reached without the search in its address (a link, a home card) still opens on it: it is remembered for the tab', async ({ page }) => {
  await page.addInitScript(consent);
  const date = saturdayAhead(9);
  await page.goto(`/artists?category=djs&place=${utrecht}&date=${date}&guests=80`);
  const first = page.getByTestId('artist-results').getByRole('article').first().getByRole('heading', { level: 3 }).getByRole('link');
  await expect(first).toHaveAttribute('href', new RegExp(`\\?datum=${date}&plaats=${utrecht}&gasten=80$`));
  const slug = (await first.getAttribute('href'))!.split('?')[0]!.split('/')[2]!;

  // The plain address of the act: the search is taken in, the calendar on its month and day.
  await page.goto(`/artists/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/artists/${slug}\\?datum=${date}&plaats=${utrecht}&gasten=80$`));
  const availability = page.locator('#beschikbaarheid');
  await availability.scrollIntoViewIfNeeded();
  await expect(availability.getByRole('heading', { name: monthHeading(date) })).toBeVisible();
  await expect(availability.getByRole('button', { name: new RegExp(`^${longDate(date)}`) })).toHaveAttribute('aria-pressed', 'true');

  // The booking form on its own address: date, place and guests from the remembered search.
  await page.goto(`/artists/${slug}/boeken`);
  await expect(page.getByText(`Gekozen: ${longDate(date)}`)).toBeVisible();
  await expect(page.getByTestId('chosen-place')).toHaveText(/Utrecht/);
  await expect(page.getByLabel('Aantal gasten')).toHaveValue('80');
  await expectNoErrors(page);

  // Another date chosen on the artist page becomes the search's date.
  const later = saturdayAhead(10);
  await page.goto(`/artists/${slug}`);
  await expect(page).toHaveURL(new RegExp(`\\?datum=${date}&`));
  await page.locator('#beschikbaarheid').scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: monthHeading(date) })).toBeVisible();
  await page.getByRole('button', { name: 'Volgende maand' }).click();
  await expect(page.getByRole('heading', { name: monthHeading(later) })).toBeVisible();
  const free = page
    .locator('#beschikbaarheid')
    .getByRole('button', { name: /, beschikbaar$/ })
    .first();
  const label = (await free.getAttribute('aria-label'))!;
  await free.click();
  await expect(free).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`/artists/${slug}/boeken`);
  await expect(page.getByText(`Gekozen: ${label.replace(/, beschikbaar$/, '')}`)).toBeVisible();
});

test.describe("the home page's search", () => {
  test.beforeEach(({ page }) => page.addInitScript(consent));

  test('says what it cannot search for at the field, and moves the focus there', async ({ page }) => {
    await page.goto('/');
    await paintedAfterHydration(page.getByRole('heading', { level: 1 }));
    const search = page.getByRole('search', { name: 'Zoek een artiest' });
    await search.getByRole('combobox', { name: 'Waar' }).fill('Utrec');
    await search.getByLabel('Gasten', { exact: true }).fill('heel veel');
    await search.getByRole('button', { name: 'Zoeken' }).click();
    await expect(search.getByText('Kies een plaats uit de lijst.')).toBeVisible();
    await expect(search.getByText('Vul een aantal gasten in tussen 1 en 10.000.')).toBeVisible();
    await expect(search.getByRole('combobox', { name: 'Waar' })).toBeFocused();
    await expect(page).toHaveURL(/\/$/);

    // Put right: the messages go, and the search opens the list.
    // Chosen with the keyboard: the arrow to the first suggestion, Enter; on to the date.
    await search.getByRole('combobox', { name: 'Waar' }).fill('Utrecht');
    await expect(search.getByRole('option', { name: /^Utrecht/ }).first()).toBeVisible();
    await search.getByRole('combobox', { name: 'Waar' }).press('ArrowDown');
    await search.getByRole('combobox', { name: 'Waar' }).press('Enter');
    await expect(search.getByTestId('chosen-place')).toHaveText(/Utrecht/);
    await expect(search.getByLabel('Wanneer')).toBeFocused();
    await expect(search.getByText('Kies een plaats uit de lijst.')).toHaveCount(0);
    await search.getByLabel('Gasten', { exact: true }).fill('80');
    await expect(search.getByText('Vul een aantal gasten in tussen 1 en 10.000.')).toHaveCount(0);
    await search.getByLabel('Gasten', { exact: true }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/artists\\?place=${utrecht}&guests=80$`));
  });

  for (const width of [390, 1280]) {
    test(`at ${width} px: axe finds nothing serious in the search`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await paintedAfterHydration(page.getByRole('heading', { level: 1 }));
      await expect(page.getByRole('search', { name: 'Zoek een artiest' })).toBeVisible();
      await expectNoSeriousViolations(page, { include: '[data-testid="home-search"]' });
    });
  }
});

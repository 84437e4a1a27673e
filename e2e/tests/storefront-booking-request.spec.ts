// The booking request, as a customer makes it: from the artist page's 'Boek nu' (a
// guest logs in first and lands on the form with the date and package already chosen), through
// the form with the database's price breakdown, to the confirmation with the artist's answer
// deadline; the request is in the database as it was filled in. Bad input gets a Dutch message
// at the field and sends nothing; a date taken while the form was open is refused and the
// calendar shows it taken; on a phone the booking bar leads to the same form. axe on both widths.
import { expect, test, type Page } from '@playwright/test';
import { createArtist, createCustomer, service, type TestArtist } from '../fixtures/backoffice.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import { dayInTwoMonths, fillTheRest, longDate } from '../fixtures/booking-form.ts';
import { verifyLink, waitForMail } from '../fixtures/mail.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

test.afterEach(closePages);
const zone = 'Europe/Amsterdam';
const euro = (cents: number) => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);

async function withPackages(artist: TestArtist) {
  const { data, error } = await service()
    .from('artist_packages')
    .insert([
      { artist_id: artist.id, name: 'Feestavond', description: 'Drie sets van 45 minuten', price_cents: 185_000, duration_minutes: 240, sort_order: 1 },
      { artist_id: artist.id, name: 'Borrel', description: 'Akoestisch', price_cents: 90_000, duration_minutes: 120, sort_order: 2 },
    ])
    .select('id, name, price_cents');
  if (error) throw new Error(error.message);
  return data as { id: string; name: string; price_cents: number }[];
}

async function openMonthOf(page: Page, date: string) {
  const calendar = page.getByTestId('availability-calendar');
  await expect(calendar).toBeVisible();
  const heading = new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  for (let step = 0; step < 3 && !(await page.getByRole('heading', { name: heading }).isVisible()); step += 1) {
    await page.getByRole('button', { name: 'Volgende maand' }).click();
  }
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

let artist: TestArtist;
let packages: { id: string; name: string; price_cents: number }[];

test.beforeEach(async () => {
  artist = await createArtist({ approved: true, name: `Aanvraagband ${Date.now().toString(36)}` });
  packages = await withPackages(artist);
});

test("a guest picks a package and date, logs in at 'Boek nu', fills in the form and sends the request", async ({ browser, baseURL }) => {
  const customer = await createCustomer('Roos', 'Aanvrager');
  const date = dayInTwoMonths();
  const borrel = packages.find((pkg) => pkg.name === 'Borrel')!;
  const page = await pageAs(browser, baseURL!, null);
  await page.goto(`/artists/${artist.slug}?datum=${date}&pakket=${borrel.id}`);
  await page.getByRole('button', { name: 'Boek nu' }).locator('visible=true').click();

  const login = page.getByRole('dialog', { name: 'Inloggen' });
  await login.getByLabel('E-mailadres').fill(customer.email);
  await login.getByLabel('Wachtwoord', { exact: true }).fill(customer.password);
  await login.getByRole('button', { name: 'Inloggen', exact: true }).click();

  // Back on the form, with what was chosen on the artist page.
  await expect(page).toHaveURL(new RegExp(`/artists/${artist.slug}/boeken\\?datum=${date}&pakket=${borrel.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${artist.name} boeken` })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Borrel/ })).toBeChecked();
  await expect(page.getByText(`Gekozen: ${longDate(date)}`)).toBeVisible();

  // The price breakdown is the database's (booking_quote), for the chosen package.
  const { data: quote } = await service().rpc('booking_quote', { artist_id: artist.id, package_id: borrel.id }).single<{ price_cents: number; platform_fee_cents: number; total_cents: number }>();
  const summary = page.getByTestId('price-summary');
  await expect(summary).toContainText(euro(borrel.price_cents));
  await expect(summary).toContainText(euro(quote!.platform_fee_cents));
  await expect(summary.getByTestId('quote-total')).toHaveText(euro(quote!.total_cents));
  // Switching package changes the breakdown.
  await page.getByRole('radio', { name: /Feestavond/ }).check();
  const { data: evening } = await service()
    .rpc('booking_quote', { artist_id: artist.id, package_id: packages.find((pkg) => pkg.name === 'Feestavond')!.id })
    .single<{ total_cents: number }>();
  await expect(summary.getByTestId('quote-total')).toHaveText(euro(evening!.total_cents));
  await expect(page.getByText('4 uur (20:00 – 00:00)')).toBeVisible();

  await page.getByLabel('Begintijd').selectOption('19:30');
  await fillTheRest(page);
  await page.getByLabel(/Vertel iets over je feest/).fill('We trouwen! Graag veel Nederlandstalig.');
  await page.getByRole('button', { name: 'Aanvraag versturen' }).click();

  const sent = page.getByTestId('booking-requested');
  await expect(sent.getByRole('heading', { name: 'Je aanvraag is verstuurd' })).toBeVisible();
  await expect(sent).toContainText(euro(evening!.total_cents));
  await expect(sent).toContainText(new RegExp(`${artist.name} heeft tot \\w+dag \\d+ \\w+ \\d{4} om \\d{2}:\\d{2} om je aanvraag te accepteren of af te wijzen`));

  const { data: rows } = await service()
    .from('bookings')
    .select('status, starts_at, ends_at, event_type, event_location, guest_count, notes, total_cents, place:places(name), package:artist_packages(name), response_deadline')
    .eq('customer_id', customer.id);
  expect(rows).toHaveLength(1);
  const booking = rows![0] as unknown as Record<string, unknown> & { starts_at: string; ends_at: string; place: { name: string }; package: { name: string } };
  expect(booking).toMatchObject({
    status: 'pending',
    event_type: 'Bruiloft',
    event_location: 'Kasteel de Haar, Kasteellaan 1',
    guest_count: 120,
    notes: 'We trouwen! Graag veel Nederlandstalig.',
    total_cents: evening!.total_cents,
  });
  expect(booking.place.name).toBe('Utrecht');
  expect(booking.package.name).toBe('Feestavond');
  const local = (iso: string) => new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short', timeZone: zone }).format(new Date(iso));
  expect(local(booking.starts_at)).toBe(`${date} 19:30`);
  expect(new Date(booking.ends_at).getTime() - new Date(booking.starts_at).getTime()).toBe(4 * 3_600_000);

  // 'Naar Mijn boekingen' shows it waiting for the artist.
  await sent.getByRole('link', { name: 'Naar Mijn boekingen' }).click();
  await expect(page.getByRole('tab', { name: /^Aanvragen \(1\)$/ })).toBeVisible();
});

test("a guest who signs up at 'Boek nu' confirms the account from the mail in a new tab and lands on the form with the package and date they chose", async ({ browser, baseURL }) => {
  const started = Date.now() - 1000;
  const email = `boeker-${Date.now().toString(36)}@example.nl`;
  const date = dayInTwoMonths();
  const borrel = packages.find((pkg) => pkg.name === 'Borrel')!;
  const page = await pageAs(browser, baseURL!, null);
  await page.goto(`/artists/${artist.slug}?datum=${date}&pakket=${borrel.id}`);
  await page.getByRole('button', { name: 'Boek nu' }).locator('visible=true').click();
  await page.getByRole('dialog', { name: 'Inloggen' }).getByRole('button', { name: 'Nog geen account? Registreer hier' }).click();

  const signup = page.getByRole('dialog', { name: 'Account Aanmaken' });
  await signup.getByLabel('Voornaam').fill('Lotte');
  await signup.getByLabel('Achternaam').fill('Nieuw');
  await signup.getByLabel('E-mailadres').fill(email);
  await signup.getByLabel('Wachtwoord', { exact: true }).fill('geheim123');
  await signup.getByLabel('Bevestig wachtwoord').fill('geheim123');
  await signup.getByRole('checkbox').check({ force: true });
  await signup.getByRole('button', { name: 'Account Aanmaken' }).click();
  await expect(signup).toBeHidden();

  // The mail's link opens in a new tab, which has not seen the first tab's stored destination.
  const mail = await waitForMail(email, { after: started });
  const confirmTab = await page.context().newPage();
  await confirmTab.goto(verifyLink(mail));
  await expect(confirmTab).toHaveURL(new RegExp(`/artists/${artist.slug}/boeken\\?datum=${date}&pakket=${borrel.id}$`));
  await expect(confirmTab.getByRole('heading', { level: 1, name: `${artist.name} boeken` })).toBeVisible();
  await expect(confirmTab.getByRole('radio', { name: /Borrel/ })).toBeChecked();
  await expect(confirmTab.getByText(`Gekozen: ${longDate(date)}`)).toBeVisible();

  // Signed in as the new customer: the request goes out in their name.
  await fillTheRest(confirmTab);
  await confirmTab.getByRole('button', { name: 'Aanvraag versturen' }).click();
  await expect(confirmTab.getByTestId('booking-requested').getByRole('heading', { name: 'Je aanvraag is verstuurd' })).toBeVisible();
  const { data: profile } = await service().from('profiles').select('id').eq('email', email).single<{ id: string }>();
  const { data: rows } = await service().from('bookings').select('status, package:artist_packages(name)').eq('customer_id', profile!.id);
  expect(rows).toEqual([{ status: 'pending', package: { name: 'Borrel' } }]);
});

test('bad input gets a Dutch message at the field and sends nothing', async ({ browser, baseURL }) => {
  const customer = await createCustomer();
  const page = await pageAs(browser, baseURL!, customer);
  await page.goto(`/artists/${artist.slug}/boeken`);
  await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
  await expect(page.getByText('Kies een datum voor je feest.')).toBeVisible();
  await expect(page.getByText('Kies wat voor feest het is.')).toBeVisible();
  await expect(page.getByText('Vul een aantal gasten in tussen 1 en 10.000.')).toBeVisible();
  await expect(page.getByText('Kies een plaats uit de lijst.')).toBeVisible();
  await expect(page.getByText('Vul het adres van de locatie in.')).toBeVisible();

  const date = dayInTwoMonths(9);
  await openMonthOf(page, date);
  await page.getByRole('button', { name: `${longDate(date)}, beschikbaar` }).click();
  await fillTheRest(page);
  for (const guests of ['0', '-4', '25000', 'heel veel']) {
    await page.getByLabel('Aantal gasten').fill(guests);
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
    await expect(page.getByText('Vul een aantal gasten in tussen 1 en 10.000.')).toBeVisible();
    await expect(page.getByLabel('Aantal gasten')).toBeFocused();
  }
  await page.getByLabel('Aantal gasten').fill('80');
  await page.getByLabel(/Vertel iets over je feest/).fill('x'.repeat(2001));
  await expect(page.getByText('2.001 / 2.000 tekens')).toBeVisible();
  await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
  await expect(page.getByText('Je bericht is te lang: maximaal 2.000 tekens.')).toBeVisible();
  const { count } = await service().from('bookings').select('id', { count: 'exact', head: true }).eq('customer_id', customer.id);
  expect(count).toBe(0);

  // Sent once; sending the same moment again is refused by the database, not made twice.
  await page.getByLabel(/Vertel iets over je feest/).fill('Tot dan!');
  await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
  await expect(page.getByTestId('booking-requested')).toBeVisible();
  await page.goto(`/artists/${artist.slug}/boeken?datum=${date}`);
  await fillTheRest(page);
  await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Je hebt al een aanvraag bij deze artiest voor dit moment.' })).toBeVisible();
  const again = await service().from('bookings').select('id', { count: 'exact', head: true }).eq('customer_id', customer.id);
  expect(again.count).toBe(1);
});

test('a date taken while the form was open is refused, and the calendar then shows it taken', async ({ browser, baseURL }) => {
  const customer = await createCustomer();
  const date = dayInTwoMonths(20);
  const page = await pageAs(browser, baseURL!, customer);
  await page.goto(`/artists/${artist.slug}/boeken?datum=${date}`);
  await expect(page.getByText(`Gekozen: ${longDate(date)}`)).toBeVisible();
  await fillTheRest(page);
  // Meanwhile the artist blocks that day in their calendar.
  const { error } = await service().from('artist_blocked_dates').insert({ artist_id: artist.id, starts_on: date, ends_on: date });
  expect(error).toBeNull();
  await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'De artiest is niet beschikbaar op dit moment.' })).toBeVisible();
  await expect(page.getByTestId('availability-calendar').getByLabel(`${longDate(date)}, niet beschikbaar`)).toBeVisible();
  await expect(page.getByText('De artiest is niet beschikbaar op deze datum. Kies een andere datum.')).toBeVisible();
  const { count } = await service().from('bookings').select('id', { count: 'exact', head: true }).eq('customer_id', customer.id);
  expect(count).toBe(0);
});

test("on a phone the booking bar's 'Boek nu' opens the form, whose calendar greys out the busy days", async ({ browser, baseURL }) => {
  const customer = await createCustomer();
  const blocked = dayInTwoMonths(11);
  await service().from('artist_blocked_dates').insert({ artist_id: artist.id, starts_on: blocked, ends_on: blocked });
  const page = await pageAs(browser, baseURL!, customer, 390);
  await page.goto(`/artists/${artist.slug}?datum=${blocked}`);
  await page.getByTestId('mobile-booking-bar').getByRole('button', { name: 'Boek nu' }).click();
  await expect(page).toHaveURL(new RegExp(`/artists/${artist.slug}/boeken\\?datum=${blocked}`));
  // The day chosen on the artist page is busy: said at once, and not offered in the calendar.
  await expect(page.getByText('De artiest is niet beschikbaar op deze datum. Kies een andere datum.')).toBeVisible();
  await expect(page.getByTestId('availability-calendar').getByLabel(`${longDate(blocked)}, niet beschikbaar`)).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${longDate(blocked)}`) })).toHaveCount(0);
  const free = dayInTwoMonths(12);
  await page.getByRole('button', { name: `${longDate(free)}, beschikbaar` }).click();
  await expect(page.getByText(`Gekozen: ${longDate(free)}`)).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`axe finds nothing serious on the form and the confirmation at ${width} px`, async ({ browser, baseURL }) => {
    const customer = await createCustomer();
    const page = await pageAs(browser, baseURL!, customer, width);
    await page.goto(`/artists/${artist.slug}/boeken?datum=${dayInTwoMonths(width === 390 ? 3 : 4)}`);
    await expect(page.getByTestId('quote-total')).toBeVisible();
    await expectNoSeriousViolations(page);
    await fillTheRest(page);
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
    await expect(page.getByTestId('booking-requested')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

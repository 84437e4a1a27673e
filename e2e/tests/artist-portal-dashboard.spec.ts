// The artist dashboard as an approved artist uses it: the overview counts the requests
// waiting for an answer (with the time left), the upcoming gigs and the money, and a new request
// shows up there without a reload; a mail's /dashboard/artist?booking= link opens that booking's own view;
// the listing editor: a new bio and a new package wait for an admin (the back office shows them
// beside what is online) while a price applies at once, photos reorder by dragging, the card preview follows; a reply to a review shows on the public page; the calendar blocks days
// (by tap and from an .ics) and serves its iCal address. axe on both widths.
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { samplePhoto } from '../../supabase/stack/storage/sample-photo.ts';
import { createArtist, createCustomer, requestBooking, service, type TestArtist } from '../fixtures/backoffice.ts';
import { confirmedBooking, playedGig } from '../fixtures/booking-lifecycle.ts';
import { createNodeClient } from '@podium/shared/supabase-node';
import { signIn, stack } from '../fixtures/stack.ts';
import { approvalsQueue, closePages, pageAs } from '../fixtures/pages.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

test.afterEach(closePages);

let artist: TestArtist;
test.beforeEach(async () => {
  artist = await createArtist({ approved: true, name: `Dashboardband ${Date.now().toString(36)}` });
});

const euro = (cents: number) => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);

test('the overview counts what waits and what is coming, and a new request arrives live', async ({ browser, baseURL }) => {
  test.slow();
  const first = await requestBooking(await createCustomer('Wim', 'Wachter'), artist.id, 40);
  const gig = await confirmedBooking(await createCustomer('Bo', 'Bevestigd'), artist, 50);
  const { data: gigRow } = await service().from('bookings').select('price_cents').eq('id', gig).single<{ price_cents: number }>();

  const page = await pageAs(browser, baseURL!, artist.owner);
  await page.goto('/dashboard/artist');
  await expect(page.getByRole('heading', { level: 1, name: artist.name })).toBeVisible();
  const figures = page.getByTestId('overview-figures');
  await expect(figures).toContainText('Wachten op je antwoord1');
  await expect(figures).toContainText('Komende optredens1');
  const waiting = page.getByTestId('overview-waiting');
  await expect(waiting.getByRole('link')).toHaveCount(1);
  await expect(waiting).toContainText('Wim W.');
  await expect(waiting).toContainText(/Nog \d+ (dagen|dag|uur)/);
  await expect(page.getByTestId('overview-upcoming')).toContainText('Bo');
  await expect(page.getByTestId('overview-earnings')).toContainText(`Nog te spelen (bevestigd)${euro(gigRow!.price_cents)}`);

  // A second request, made elsewhere: the overview follows without a reload.
  await requestBooking(await createCustomer('Nina', 'Nieuw'), artist.id, 45);
  await expect(figures).toContainText('Wachten op je antwoord2', { timeout: 15_000 });
  await expect(waiting.getByRole('link')).toHaveCount(2);

  // The mail's link to a booking opens it on the bookings page.
  await page.goto(`/dashboard/artist?booking=${first}`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/artist/boekingen\\?booking=${first}$`));
  await expect(page.getByRole('article', { name: /^Aanvraag van Wim W/ }).getByRole('heading', { level: 1 })).toBeInViewport();
});

test('after approval a new bio and a new package wait for an admin; photos reorder by dragging; the approved bio and package go public', async ({ browser, baseURL }) => {
  test.slow();
  // Two photos customers already see, the first one the cover.
  const paths: string[] = [];
  for (const [index, size] of [
    [1200, 900],
    [900, 1200],
  ].entries()) {
    const path = `${artist.id}/${randomUUID()}.jpg`;
    expect(
      (
        await service()
          .storage.from('artist-media')
          .upload(path, await samplePhoto(size[0]!, size[1]!), { contentType: 'image/jpeg' })
      ).error,
    ).toBeNull();
    expect((await service().from('artist_media').insert({ artist_id: artist.id, kind: 'image', storage_path: path, sort_order: index })).error).toBeNull();
    paths.push(path);
  }
  await service().from('artists').update({ cover_path: paths[0], avatar_path: paths[0] }).eq('id', artist.id);

  const page = await pageAs(browser, baseURL!, artist.owner);
  await page.goto('/dashboard/artist');
  await page.getByRole('navigation', { name: 'Artiestenportaal' }).getByRole('link', { name: 'Profiel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profiel bewerken' })).toBeVisible();
  const bio = `Wij spelen soul en funk op elk feest, van de ceremonie tot de laatste dans. ${'Met blazers, een zangeres en veel energie. '.repeat(4)}`.trim();
  await page.getByLabel('Over je act').fill(bio);
  await page.getByRole('checkbox', { name: 'Bruiloft' }).check();
  await page.getByLabel('Genres', { exact: true }).fill('Soul');
  await page.getByLabel('Genres', { exact: true }).press('Enter');
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByTestId('editor-saved')).toHaveText('Opgeslagen. Wat klanten van je zien, gaat online zodra ons team het heeft bekeken.');
  await expect(page.getByTestId('review-notice')).toContainText('Wacht op beoordeling: je beschrijving');
  // The form keeps what the artist wrote.
  await expect(page.getByLabel('Over je act')).toHaveValue(bio);

  await page.getByRole('tab', { name: 'Pakketten' }).click();
  await expect(page.getByTestId('card-preview')).toContainText('Nog geen pakket');
  // Without packages the form to add one is open already.
  await page.getByLabel('Naam van het pakket').fill('Receptie');
  await page.getByLabel('Prijs in euro').fill('725,50');
  await page.getByRole('button', { name: 'Pakket opslaan' }).click();
  await expect(page.getByTestId('card-preview')).toContainText('Vanaf € 725,50');
  await expect(page.getByTestId('onboarding-package').filter({ hasText: 'Receptie' })).toContainText('Wacht op beoordeling');
  await expect(page.getByTestId('review-notice')).toContainText('1 pakket');

  // Customers see the old bio and not the new package until an admin approves them.
  const guest = await pageAs(browser, baseURL!, null);
  await guest.goto(`/artists/${artist.slug}`);
  await expect(guest.getByText('Receptie')).toHaveCount(0);
  await expect(guest.getByText('Feestband voor bruiloften en bedrijfsfeesten.').first()).toBeVisible();
  await expect(guest.getByText('Wij spelen soul en funk op elk feest', { exact: false })).toHaveCount(0);

  // The second photo dragged before the first: the order is saved (not reviewed: nothing new).
  await page.getByRole('tab', { name: 'Media' }).click();
  const photos = page.getByTestId('onboarding-photo');
  await expect(photos).toHaveCount(2);
  await expect(photos.first().locator('img')).toHaveAttribute('src', new RegExp(paths[0]!));
  const from = (await photos.nth(1).getByTestId('photo-drag-handle').boundingBox())!;
  const to = (await photos.first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(photos.first().locator('img')).toHaveAttribute('src', new RegExp(paths[1]!));
  await page.reload();
  await expect(photos.first().locator('img')).toHaveAttribute('src', new RegExp(paths[1]!));
  await expect(photos.nth(1)).toContainText('Omslagfoto');
  // The notice and the drag handles pass axe too.
  await expect(page.getByTestId('review-notice')).toBeVisible();
  await expectNoSeriousViolations(page);

  // The admin sees the change beside what is online, and approves it.
  const office = await approvalsQueue(browser, baseURL!, artist.name);
  const row = office.getByRole('row').filter({ hasText: artist.name });
  await expect(row).toContainText('Wijziging');
  await row.getByText(artist.name, { exact: true }).click();
  const diff = office.getByTestId('changes-diff');
  await expect(diff.getByRole('row', { name: /Beschrijving/ })).toContainText('Feestband voor bruiloften en bedrijfsfeesten.');
  await expect(diff.getByRole('row', { name: /Beschrijving/ })).toContainText('Wij spelen soul en funk op elk feest');
  await expect(diff).toContainText('Receptie');
  await office.getByTestId('artist-preview').getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(office.getByText('Wijziging goedgekeurd; de artiest krijgt een e-mail.')).toBeVisible();

  // Public now; the artist's notice goes without a reload.
  await guest.reload();
  await expect(guest.getByText('Wij spelen soul en funk op elk feest', { exact: false }).first()).toBeVisible();
  await expect(guest.getByText('Receptie').first()).toBeVisible();
  await expect(page.getByTestId('review-notice')).toHaveCount(0, { timeout: 15_000 });
});

for (const width of [390, 1280]) {
  test(`deleting a package asks first, naming it, and says it is done (${width} px); a package held for review goes too`, async ({ browser, baseURL }) => {
    await service()
      .from('artist_packages')
      .insert({ artist_id: artist.id, name: 'Feestavond', description: '3 sets van 45 minuten', price_cents: 180_000, duration_minutes: 240, sort_order: 1 })
      .throwOnError();
    const page = await pageAs(browser, baseURL!, artist.owner, width);
    await page.goto('/dashboard/artist/profiel?stap=pakketten');
    const packages = page.getByTestId('onboarding-package');
    // The first screen of a cold portal can take a while to load.
    await expect(packages).toHaveCount(1, { timeout: 15_000 });
    // A new package of an approved act is held for review until an admin has seen it.
    await page.getByRole('button', { name: 'Pakket toevoegen' }).click();
    await page.getByLabel('Naam van het pakket').fill('Receptie');
    await page.getByLabel('Prijs in euro').fill('725,50');
    await page.getByRole('button', { name: 'Pakket opslaan' }).click();
    const held = packages.filter({ hasText: 'Receptie' });
    await expect(held).toContainText('Wacht op beoordeling');

    // 'Verwijderen' asks first; 'Annuleren' keeps the package.
    await packages.filter({ hasText: 'Feestavond' }).getByRole('button', { name: 'Feestavond verwijderen' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading')).toHaveText("Pakket 'Feestavond' verwijderen?");
    await expect(dialog).toContainText('Klanten kunnen dit pakket dan niet meer boeken.');
    await page.screenshot({ path: test.info().outputPath(`delete-package-dialog-${width}.png`) });
    await expectNoSeriousViolations(page, { include: '[data-testid="delete-package-dialog"]' });
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(packages).toHaveCount(2);

    // Confirmed, it goes, and a toast says so.
    await packages.filter({ hasText: 'Feestavond' }).getByRole('button', { name: 'Feestavond verwijderen' }).click();
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByTestId('toast')).toHaveText(/^Pakket verwijderd/);
    await page.screenshot({ path: test.info().outputPath(`delete-package-toast-${width}.png`) });
    await expect(packages).toHaveCount(1);
    await expect(packages).toContainText('Receptie');

    // The one waiting for review can be deleted the same way.
    await held.getByRole('button', { name: 'Receptie verwijderen' }).click();
    await expect(dialog.getByRole('heading')).toHaveText("Pakket 'Receptie' verwijderen?");
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(packages).toHaveCount(0);
    const { data: left } = await service().from('artist_packages').select('id').eq('artist_id', artist.id).throwOnError();
    expect(left).toEqual([]);
  });
}

test('the artist replies to a review once, and the public page shows the reply under it', async ({ browser, baseURL }) => {
  test.slow();
  const customer = await createCustomer('Rita', 'Recensent');
  const bookingId = await playedGig(customer, artist, 20);
  const session = await signIn(customer);
  const client = createNodeClient(stack.apiUrl, stack.anonKey);
  await client.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
  // As the review page sends it: the database takes the act from the booking.
  const review = { booking_id: bookingId, customer_id: customer.id, rating: 4, music_rating: 4, professionalism_rating: 5, communication_rating: 4, body: 'Heerlijke avond, de dansvloer stond vol.' };
  const { error } = await client.from('reviews').insert(review as typeof review & { artist_id: string });
  expect(error).toBeNull();

  const page = await pageAs(browser, baseURL!, artist.owner);
  await page.goto('/reviews/artist');
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(page.getByTestId('rating-summary')).toContainText('4,0');
  await expect(page.getByTestId('rating-summary')).toContainText('1 review');
  const card = page.getByRole('listitem', { name: 'Review van Rita R.' });
  await expect(card).toContainText('Heerlijke avond, de dansvloer stond vol.');
  await card.getByRole('button', { name: 'Reageren' }).click();
  await card.getByRole('button', { name: 'Reactie plaatsen' }).click();
  await expect(card.getByText('Schrijf eerst je reactie.')).toBeVisible();
  await card.getByLabel(/Je reactie/).fill('Dank je wel Rita, wat een feest was het!');
  await card.getByRole('button', { name: 'Reactie plaatsen' }).click();
  await expect(card.getByTestId('artist-reply')).toContainText('Dank je wel Rita, wat een feest was het!');
  // One reply per review: it can be changed, not doubled.
  await expect(card.getByRole('button', { name: 'Reageren' })).toHaveCount(0);

  const guest = await pageAs(browser, baseURL!, null);
  await guest.goto(`/artists/${artist.slug}`);
  await expect(guest.getByText('Dank je wel Rita, wat een feest was het!')).toBeVisible();
});

test('the calendar: one tap blocks a day that customers then see taken, an .ics blocks its days, and the iCal address serves the gigs', async ({ browser, baseURL, request }) => {
  test.slow();
  const gig = await confirmedBooking(await createCustomer('Gert', 'Gast'), artist, 33);
  const page = await pageAs(browser, baseURL!, artist.owner);
  await page.goto('/dashboard/artist');
  await page.getByRole('navigation', { name: 'Artiestenportaal' }).getByRole('link', { name: 'Agenda' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();

  // Next month's 10th: tap to block it.
  await page.getByRole('button', { name: 'Volgende maand' }).click();
  const now = new Date();
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10)).toISOString().slice(0, 10);
  const day = page.getByTestId(`day-${target}`);
  await expect(day).toHaveAttribute('aria-pressed', 'false');
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  await expect(day).toHaveAccessibleName(/geblokkeerd$/);
  const { data: busy } = await service().rpc('artist_busy_dates', { artist_slug: artist.slug, from_date: target, to_date: target });
  expect(busy).toEqual([target]);

  // An exported calendar: its two-day holiday is blocked; a wrong file gets the Dutch message.
  const holiday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 20)).toISOString().slice(0, 10).replace(/-/g, '');
  const holidayEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 22)).toISOString().slice(0, 10).replace(/-/g, '');
  await page.getByLabel('Agendabestand kiezen').setInputFiles({ name: 'foto.ics', mimeType: 'text/calendar', buffer: Buffer.from('dit is geen agenda') });
  await expect(page.getByText('Dit is geen agendabestand (.ics). Exporteer je agenda opnieuw en kies het .ics-bestand.')).toBeVisible();
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//NL',
    'BEGIN:VEVENT',
    'UID:vakantie@test',
    'DTSTAMP:20261101T000000Z',
    `DTSTART;VALUE=DATE:${holiday}`,
    `DTEND;VALUE=DATE:${holidayEnd}`,
    'SUMMARY:Vakantie',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  await page.getByLabel('Agendabestand kiezen').setInputFiles({ name: 'vakantie.ics', mimeType: 'text/calendar', buffer: Buffer.from(ics) });
  await expect(page.getByTestId('import-preview')).toContainText('1 afspraak gevonden: 2 dagen vanaf vandaag.');
  await page.getByRole('button', { name: 'Blokkeer deze dagen' }).click();
  await expect(page.getByText('2 dagen geblokkeerd.')).toBeVisible();
  await expect(page.getByTestId(`day-${holiday.slice(0, 4)}-${holiday.slice(4, 6)}-${holiday.slice(6)}`)).toHaveAttribute('aria-pressed', 'true');

  // The private address: made, copied from the field, and it serves the confirmed gig.
  await page.getByRole('button', { name: 'Agenda-adres maken' }).click();
  const address = await page.getByLabel('Adres van je agenda').inputValue();
  expect(address).toMatch(/\/functions\/v1\/artist-calendar\?token=[0-9a-f]{48}$/);
  const served = await request.get(address);
  expect(served.status()).toBe(200);
  expect(await served.text()).toContain(`UID:booking-${gig}@podium.nl`);
});

for (const width of [390, 1280]) {
  test(`axe finds nothing serious on the overview, the editor and the reviews at ${width} px`, async ({ browser, baseURL }) => {
    await requestBooking(await createCustomer('Axel', 'Overzicht'), artist.id, 70);
    const page = await pageAs(browser, baseURL!, artist.owner, width);
    for (const path of [
      '/dashboard/artist',
      '/dashboard/artist/agenda',
      '/dashboard/artist/profiel',
      '/dashboard/artist/profiel?stap=media',
      '/dashboard/artist/profiel?stap=pakketten',
      '/reviews/artist',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoSeriousViolations(page, { label: path });
    }
  });
}

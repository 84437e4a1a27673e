// Becoming an artist, as a person does it: a customer opens /artist-onboarding, fills
// in the act, the place, uploads a real photo (with its progress bar), adds a package and the
// payout details, leaves halfway and comes back where they were, sends the application; an
// admin approves it in the back office; the act is then on /artiesten and on its own page, and
// its owner's dashboard opens. Bad input gets the Dutch message and saves nothing. axe on both
// widths.
import { expect, test, type Page } from '@playwright/test';
import { samplePhoto } from '../../supabase/stack/storage/sample-photo.ts';
import { createCustomer, service } from '../fixtures/backoffice.ts';
import { approvalsQueue, closePages, pageAs } from '../fixtures/pages.ts';
import { animationsSettled } from '../fixtures/motion.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

test.afterEach(closePages);

const bio =
  'Wij zijn De Zonnige Zes, een zeskoppige soulband uit Utrecht. Al tien jaar laten we bruiloften en bedrijfsfeesten swingen met Motown, funk en de grootste hits van nu, live en zonder bandjes.';

async function fillAct(page: Page, name: string) {
  await page.getByLabel('Naam van je act').fill(name);
  await page.getByRole('checkbox', { name: 'Bands', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Bruiloft' }).check();
  for (const genre of ['Soul', 'Funk']) {
    await page.getByLabel('Genres', { exact: true }).fill(genre);
    await page.getByLabel('Genres', { exact: true }).press('Enter');
  }
  await page.getByLabel('Over je act').fill(bio);
}

test('a customer becomes an artist: six steps, a real photo, back where they left, sent, approved in the back office, then listed', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const customer = await createCustomer('Zoë', 'Zanger');
  const name = `De Zonnige Zes ${Date.now().toString(36)}`;
  const slug = name.toLowerCase().replace(/ /g, '-');
  const page = await pageAs(browser, baseURL!, customer);
  await page.goto('/artist-onboarding');
  await expect(page.getByRole('heading', { level: 1, name: 'Artiest worden' })).toBeVisible();

  // Bad input first: nothing is saved.
  await page.getByLabel('Naam van je act').fill('X');
  await page.getByRole('button', { name: 'Opslaan en verder' }).click();
  await expect(page.getByText('Geef je act een naam (2 tot 120 tekens).')).toBeVisible();
  await expect(page.getByText('Kies minstens één categorie.')).toBeVisible();
  await expect(page.getByText('Schrijf minstens 150 tekens over je act.')).toBeVisible();
  expect((await service().from('artists').select('id').eq('profile_id', customer.id)).data).toEqual([]);

  await fillAct(page, name);
  await expect(page.getByTestId('public-address')).toContainText(`/artists/${slug}`);
  await expect(page.getByTestId('bio-guide')).toHaveText('Genoeg om te versturen. Met 400 tot 1500 tekens vertel je klanten het meest.');
  await page.getByRole('button', { name: 'Opslaan en verder' }).click();

  await expect(page.getByRole('heading', { name: '2. Locatie' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Woonplaats of standplaats' }).fill('Utrecht');
  await page
    .getByRole('option', { name: /^Utrecht/ })
    .first()
    .click();
  await page.getByLabel('Hoe ver wil je reizen?').selectOption('100');
  await page.getByLabel('Website (optioneel)').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Opslaan en verder' }).click();
  await expect(page.getByText('Vul een website in die met http:// of https:// begint.')).toBeVisible();
  await page.getByLabel('Website (optioneel)').fill('');
  await page.getByRole('button', { name: 'Opslaan en verder' }).click();

  // A real photo, uploaded with a progress bar; a PDF is refused before any upload.
  await expect(page.getByRole('heading', { name: "3. Foto's en media" })).toBeVisible();
  await page.getByLabel("Foto's kiezen").setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByText('Kies een foto (JPG, PNG, WebP of AVIF).')).toBeVisible();
  await page.getByLabel("Foto's kiezen").setInputFiles({ name: 'optreden.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto(1600, 1200) });
  const photo = page.getByTestId('onboarding-photo');
  await expect(photo).toHaveCount(1);
  await expect(photo.getByText('Omslagfoto')).toBeVisible();
  await expect(photo.getByRole('img')).toHaveJSProperty('complete', true);
  expect(await photo.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Leave halfway and come back: the portal resumes at the first step with something missing.
  await page.goto('/artist-onboarding');
  await expect(page.getByRole('heading', { name: '4. Pakketten' })).toBeVisible();
  await page.getByLabel('Naam van het pakket').fill('Feestavond');
  await page.getByLabel('Wat is inbegrepen').fill('3 sets van 45 minuten, eigen geluid en licht');
  await page.getByLabel('Prijs in euro').fill('-500');
  await page.getByRole('button', { name: 'Pakket opslaan' }).click();
  await expect(page.getByText('Een prijs kan niet negatief zijn.')).toBeVisible();
  // A package under the minimum price (the referral farm's €0,01) is not offered to save.
  await page.getByLabel('Prijs in euro').fill('0,01');
  await page.getByRole('button', { name: 'Pakket opslaan' }).click();
  await expect(page.getByText('Vul een prijs in tussen € 50 en € 1.000.000.')).toBeVisible();
  await page.getByLabel('Prijs in euro').fill('1.850');
  await page.getByLabel('Duur').selectOption('240');
  await page.getByRole('button', { name: 'Pakket opslaan' }).click();
  await expect(page.getByTestId('onboarding-package')).toContainText('€ 1.850,00');
  await page.getByRole('button', { name: 'Verder' }).click();

  await expect(page.getByRole('heading', { name: '5. Uitbetaling' })).toBeVisible();
  await page.getByLabel('Naam rekeninghouder').fill('Zoë Zanger');
  await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 01');
  await page.getByRole('button', { name: 'Opslaan en verder' }).click();
  await expect(page.getByText('Dit IBAN klopt niet. Controleer het nummer op je bankpas of in je bankapp.')).toBeVisible();
  await page.getByLabel('IBAN').fill('nl91abna0417164300');
  await page.getByRole('button', { name: 'Opslaan en verder' }).click();

  await expect(page.getByRole('heading', { name: '6. Versturen' })).toBeVisible();
  await expect(page.getByTestId('onboarding-preview')).toContainText(name);
  await expect(page.getByTestId('onboarding-preview')).toContainText('Vanaf € 1.850,00');
  await page.getByRole('button', { name: 'Aanmelding versturen' }).click();
  await expect(page.getByTestId('onboarding-pending')).toContainText('We bekijken je aanmelding');

  // Not on the dashboard yet: the portal shows the status instead.
  await page.goto('/dashboard/artist');
  await expect(page).toHaveURL(/\/artist-onboarding$/);
  await expect(page.getByTestId('onboarding-pending')).toBeVisible();

  // The admin approves it in the back office.
  const office = await approvalsQueue(browser, baseURL!, name);
  await office.getByRole('row').filter({ hasText: name }).getByText(name, { exact: true }).click();
  await office.getByTestId('artist-preview').getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(office.getByText('Artiest goedgekeurd; de artiest krijgt een e-mail.')).toBeVisible();

  // Listed, with its own page; its owner's dashboard opens.
  const guest = await pageAs(browser, baseURL!, null);
  await guest.goto(`/artiesten?q=${encodeURIComponent(name)}`);
  await expect(guest.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
  await guest.goto(`/artists/${slug}`);
  await expect(guest.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(guest.getByText('Feestavond').first()).toBeVisible();
  await page.goto('/dashboard/artist');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('overview-completeness')).toContainText('Minstens 5 foto');
});

for (const width of [390, 1280]) {
  test(`axe finds nothing serious on the onboarding's steps at ${width} px`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const customer = await createCustomer();
    const page = await pageAs(browser, baseURL!, customer, width);
    await page.goto('/artist-onboarding');
    await fillAct(page, `Axe Act ${Date.now().toString(36)}`);
    for (const step of ['act', 'locatie', 'media', 'pakketten', 'uitbetaling', 'versturen']) {
      // The first step as filled in; saving it makes the act the other steps belong to (checked
      // once the page is on the next step, not while the button still says 'Opslaan…').
      if (step === 'locatie') {
        await page.getByRole('button', { name: 'Opslaan en verder' }).click();
        await expect(page).toHaveURL(/stap=locatie/);
      }
      if (step !== 'act') await page.goto(`/artist-onboarding?stap=${step}`);
      else await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await animationsSettled(page);
      // As wide as the screen, never scrolled sideways (the row of steps scrolls within itself),
      // with the current step in view.
      expect(await page.evaluate(() => [document.documentElement.scrollWidth - document.documentElement.clientWidth, window.scrollX]), `${step}: sideways`).toEqual([0, 0]);
      await expect(page.getByRole('navigation', { name: 'Stappen' }).locator('[aria-current="step"]')).toBeInViewport();
      await expectNoSeriousViolations(page, { label: step });
    }
  });
}

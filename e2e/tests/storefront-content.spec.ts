// The content pages as a guest uses them: landing pages with matching artists and an FAQ that
// opens, the news list reaching an article, the contact and quote forms reaching the team's
// inbox in the mail catcher, and an unknown article slug showing the not-found page. axe checks
// each of these pages in storefront-a11y.spec.ts, with every other page of the storefront.
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { hydrated } from '../fixtures/hydration.ts';
import { waitForMail } from '../fixtures/mail.ts';
import { asOwnVisitor } from '../fixtures/visitor.ts';

const landingPages = [
  { path: '/band-huren', label: 'Bands' },
  { path: '/dj-boeken', label: "DJ's" },
  { path: '/coverband-boeken', label: 'Coverbands' },
  { path: '/bruiloft-entertainment', label: null },
  { path: '/bedrijfsfeest-entertainment', label: null },
  { path: '/duo-boeken', label: "Duo's" },
  { path: '/artiest-boeken', label: null },
  { path: '/live-muziek-boeken', label: 'Live muziek' },
];

for (const landing of landingPages) {
  test(`${landing.path} lists matching artists and its FAQ opens`, async ({ page }) => {
    await page.goto(landing.path);
    const cards = page.getByTestId('landing-artists').getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(2);
    if (landing.label) {
      // The card names the artist's kind; on a kind's page every card is of that kind.
      for (const card of await cards.all()) await expect(card).toContainText(landing.label);
    }
    await expect(page.getByText(/Op Podium vragen \d+ .* een startprijs tussen/)).toBeVisible();
    const firstQuestion = page.locator('details').first();
    await hydrated(firstQuestion.locator('summary'));
    await expect(firstQuestion.locator('p')).toBeHidden();
    await firstQuestion.locator('summary').click();
    await expect(firstQuestion.locator('p')).toBeVisible();
    await expect(page.getByRole('link', { name: /met filters/ })).toHaveAttribute('href', /^\/artiesten/);
  });
}

test('the news list reaches an article with its cover, Dutch date and body', async ({ page }) => {
  await page.goto('/news');
  const first = page.getByRole('article').first();
  const title = (await first.getByRole('heading').textContent())!;
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/Gepubliceerd op \d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) \d{4}/)).toBeVisible();
  await expect(page.locator('article h2').first()).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.some((text) => JSON.parse(text)['@type'] === 'NewsArticle')).toBe(true);
});

test('an unknown news slug shows the not-found page with a way back', async ({ page }) => {
  await page.goto('/news/dit-artikel-bestaat-niet');
  await expect(page.getByRole('heading', { name: 'Deze pagina bestaat niet (meer)' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Naar de homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the contact form checks input in Dutch, then its message reaches the team', async ({ page }) => {
  await asOwnVisitor(page);
  const started = Date.now();
  await page.goto('/contact');
  await hydrated(page.getByRole('button', { name: 'Bericht versturen' }));
  await page.getByRole('button', { name: 'Bericht versturen' }).click();
  await expect(page.getByText('Vul je naam in.')).toBeVisible();
  await expect(page.getByText('Vul een geldig e-mailadres in.')).toBeVisible();

  const marker = `Is de band vrij op 12 juni? Ref ${randomUUID().slice(0, 8)}`;
  const email = `e2e-contact-${randomUUID().slice(0, 8)}@example.nl`;
  await page.getByLabel('Naam').fill('Eva Bakker');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Je bericht').fill(marker);
  await page.getByRole('button', { name: 'Bericht versturen' }).click();
  await expect(page.getByRole('status')).toContainText('Bedankt, je bericht is verstuurd!');
  await expect(page.getByRole('status')).toContainText(email);

  // The team's inbox also gets the contact and quote requests of journeys running alongside.
  const mail = await waitForMail('info@podium.nl', { subject: /Contactformulier/, text: marker, after: started - 1000 });
  expect(mail.Text).toContain(marker);
  expect(mail.Text).toContain('Eva Bakker');
});

test('the sound & light quote form sends a quote request to the team', async ({ page }) => {
  await asOwnVisitor(page);
  const started = Date.now();
  await page.goto('/sound-light');
  await hydrated(page.getByRole('button', { name: 'Offerte aanvragen' }));
  const location = `Boerderij ${randomUUID().slice(0, 6)}, Zwolle`;
  await page.getByLabel('Datum van het evenement').fill(new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel('Aantal gasten').fill('0');
  await page.getByLabel('Locatie').fill(location);
  await page.getByRole('button', { name: 'Offerte aanvragen' }).click();
  await expect(page.getByText('Vul het aantal gasten in (1 tot 10.000).')).toBeVisible();
  await expect(page.getByText('Kies minstens één onderdeel dat je nodig hebt.')).toBeVisible();

  await page.getByLabel('Aantal gasten').fill('85');
  await page.getByText('Geluidsinstallatie', { exact: true }).click();
  await page.getByLabel('Naam').fill('Joost Smit');
  await page.getByLabel('E-mailadres').fill(`e2e-offerte-${randomUUID().slice(0, 8)}@example.nl`);
  await page.getByLabel('Telefoonnummer').fill('06 11223344');
  await page.getByRole('button', { name: 'Offerte aanvragen' }).click();
  await expect(page.getByRole('status')).toContainText('Bedankt, je aanvraag is verstuurd!');

  const mail = await waitForMail('info@podium.nl', { subject: new RegExp(`Offerteaanvraag sound & light: .* in ${location}`), text: location, after: started - 1000 });
  expect(mail.Text).toContain('Aantal gasten: 85');
});

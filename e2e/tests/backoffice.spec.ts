// The back office at /admin: an admin logs in, approves an artist, reorders the ranking,
// publishes news and looks a booking up; others are kept out. Changes that the public site
// shows are checked through what the storefront reads (fixtures/storefront-data.ts).
import { expect, test, type Page } from '@playwright/test';
import { urls } from '../../supabase/stack/config.ts';
import { createAdmin, createArtist, createCustomer, enterTotpCode, pendingSeedArtist, requestBooking, removeArtist, type TestAdmin, type TestArtist } from '../fixtures/backoffice.ts';
import { createConfirmedUser, deleteUser, loggedInState, signIn } from '../fixtures/stack.ts';
import { publishedNews, recommendedArtists } from '../fixtures/storefront-data.ts';
import { waitForMail } from '../fixtures/mail.ts';
import { seriousViolations } from '../fixtures/axe.ts';

let admin: TestAdmin;
const cleanup: (() => Promise<void>)[] = [];

test.beforeAll(async () => {
  admin = await createAdmin();
  cleanup.push(() => deleteUser(admin));
});

test.afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

async function logIn(page: Page, user: TestAdmin, { admin = true } = {}) {
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'E-mailadres' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Wachtwoord' }).fill(user.password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  if (!admin) return;
  await enterTotpCode(page, user.totpSecret!);
  await expect(page.getByRole('menuitem', { name: 'Goedkeuringen' })).toBeVisible();
}

async function mailsTo(address: string): Promise<{ Subject: string }[]> {
  const response = await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
  return ((await response.json()) as { messages: { Subject: string }[] }).messages;
}

// Site-wide: the seeded act it approves joins every public list until the file's clean-up puts it back.
test('an admin logs in, approves a pending seed artist, and the artist is listed publicly and e-mailed', { tag: '@site-wide' }, async ({ page }) => {
  const artist = await pendingSeedArtist();
  cleanup.push(artist.restore);
  expect((await recommendedArtists({ query: artist.name })).map((a) => a.id)).not.toContain(artist.id);

  await logIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/approvals/);
  await page.getByRole('textbox', { name: 'Zoeken' }).fill(artist.name);
  const row = page.getByRole('row').filter({ hasText: artist.name });
  await expect(row).toBeVisible();
  await row.getByText(artist.name, { exact: true }).click();
  const preview = page.getByTestId('artist-preview');
  await expect(preview).toContainText(artist.ownerEmail);
  await preview.getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(page.getByText('Artiest goedgekeurd; de artiest krijgt een e-mail.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: artist.name })).toHaveCount(0);

  await expect.poll(async () => (await recommendedArtists({ query: artist.name })).map((a) => a.id)).toContain(artist.id);
  await expect.poll(async () => (await mailsTo(artist.ownerEmail)).map((m) => m.Subject)).toContain(`Je artiestenprofiel "${artist.name}" is goedgekeurd`);
});

test('an admin rejects artists in bulk with a reason, which each artist gets by e-mail', async ({ page }) => {
  const batch = `Afwijsbatch ${Date.now() % 1_000_000}`;
  const first = await createArtist({ name: `${batch} Een` });
  const second = await createArtist({ name: `${batch} Twee` });
  cleanup.push(
    () => removeArtist(first),
    () => removeArtist(second),
  );
  await logIn(page, admin);
  await page.getByRole('textbox', { name: 'Zoeken' }).fill(batch);
  for (const artist of [first, second]) {
    await page.getByRole('row').filter({ hasText: artist.name }).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Selectie afwijzen' }).click();
  await page.getByLabel('Reden van afwijzing').fill('Voeg eerst foto’s en een beschrijving toe.');
  await page.getByRole('button', { name: 'Afwijzen', exact: true }).click();
  await expect(page.getByText('2 artiesten afgewezen; de artiesten krijgen een e-mail.')).toBeVisible();
  for (const artist of [first, second]) {
    await expect.poll(async () => (await mailsTo(artist.owner.email)).map((m) => m.Subject)).toContain(`Je artiestenprofiel "${artist.name}" is niet goedgekeurd`);
    // The artist reads why, in the mail itself.
    const mail = await waitForMail(artist.owner.email, { subject: /is niet goedgekeurd/ });
    expect(mail.Text).toContain('Voeg eerst foto’s en een beschrijving toe.');
    expect(mail.HTML).toContain('Voeg eerst foto’s en een beschrijving toe.');
    // And where to fix it: the onboarding, which shows the reason and sends the act again.
    expect(mail.Text).toContain(`Pas je aanmelding aan en verstuur hem opnieuw: ${urls.site}/artist-onboarding`);
  }
});

// Site-wide: it saves the order of a whole category, and checks the order of all artists.
test('a priority change by drag and drop shows in the recommended order', { tag: '@site-wide' }, async ({ page }) => {
  const category = 'international';
  const artists: TestArtist[] = [];
  // High in the ranking, so they are among the top of the category the page shows.
  const highest = (await recommendedArtists({ category }))[0]?.priority ?? 0;
  for (const [index, name] of ['Aardvark Allstars', 'Zebra Zangers'].entries()) {
    artists.push(await createArtist({ approved: true, categories: [category], name: `${name} ${Date.now() % 100000}`, priority: highest + 10 - index }));
  }
  cleanup.push(...artists.map((artist) => () => removeArtist(artist)));
  const [top, bottom] = artists as [TestArtist, TestArtist];

  await logIn(page, admin);
  await page.goto('/admin/priority');
  await page.getByRole('tab', { name: 'Internationaal' }).click();
  const items = page.getByTestId('ranked-artist');
  await expect(items.filter({ hasText: bottom.name })).toBeVisible();
  // Put `top` right above `bottom` with the arrow buttons, then drag `bottom` onto `top`'s place.
  const indexOf = async (artist: TestArtist) => (await items.allTextContents()).findIndex((text) => text.includes(artist.name));
  while ((await indexOf(top)) > (await indexOf(bottom))) await page.getByRole('button', { name: `${top.name} omhoog` }).click();
  while ((await indexOf(top)) < (await indexOf(bottom)) - 1) await page.getByRole('button', { name: `${top.name} omlaag` }).click();
  await items.filter({ hasText: bottom.name }).scrollIntoViewIfNeeded();
  const handle = (await page.getByRole('button', { name: `Versleep ${bottom.name}` }).boundingBox())!;
  const target = (await items.filter({ hasText: top.name }).boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, handle.y - 10, { steps: 5 });
  await page.mouse.move(handle.x + handle.width / 2, target.y + 4, { steps: 10 });
  await page.mouse.up();
  await expect.poll(async () => (await indexOf(bottom)) < (await indexOf(top))).toBe(true);
  await page.getByRole('button', { name: 'Volgorde opslaan' }).click();
  await expect(page.getByText('Volgorde opgeslagen')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Volgorde opslaan' })).toBeDisabled();

  await expect
    .poll(async () => {
      const order = (await recommendedArtists({ category })).map((a) => a.id);
      return order.indexOf(bottom.id) >= 0 && order.indexOf(bottom.id) < order.indexOf(top.id);
    })
    .toBe(true);
  const overall = (await recommendedArtists()).map((a) => a.id);
  expect(overall.indexOf(bottom.id)).toBeLessThan(overall.indexOf(top.id));
});

// Site-wide: while it is published, the article is the newest on /news and on the home page.
test('a published article appears in the news with its cover', { tag: '@site-wide' }, async ({ page }) => {
  const title = `Nieuwe artiesten op Podium ${Date.now()}`;
  await logIn(page, admin);
  await page.goto('/admin/news/create');
  await page.getByLabel('Titel').fill(title);
  await page.getByLabel('Samenvatting').fill('Deze maand verwelkomen we tien nieuwe acts.');
  // A 1×1 PNG as the cover: the upload shows progress and then the picture.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  await page.getByTestId('cover-file').setInputFiles({ name: 'omslag.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Omslagfoto geüpload')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Omslagfoto' })).toBeVisible();
  await page.getByLabel('Tekst').fill('## Welkom\n\nDit zijn de **nieuwe** artiesten.');
  await page.getByRole('tab', { name: 'Voorbeeld' }).click();
  await expect(page.getByTestId('markdown-preview').getByRole('heading', { name: 'Welkom' })).toBeVisible();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect((await publishedNews()).map((n) => n.title)).not.toContain(title);

  await page.getByRole('button', { name: 'Publiceren' }).click();
  await expect(page.getByText('Artikel gepubliceerd')).toBeVisible();
  await expect.poll(async () => (await publishedNews()).map((n) => n.title)).toContain(title);

  // What a visitor sees: the article in the storefront's news, with the uploaded cover.
  const visitor = await page.context().newPage();
  await visitor.goto('/news');
  const card = visitor.getByRole('article').filter({ hasText: title });
  await card.scrollIntoViewIfNeeded();
  const loaded = (image: ReturnType<Page['locator']>) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  await expect(card.locator('img')).toHaveAttribute('src', /\/storage\/v1\/render\/image\/public\/news-covers\//);
  await expect.poll(() => loaded(card.locator('img'))).toBe(true);
  await card.getByRole('link', { name: title }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Welkom' })).toBeVisible();
  const cover = visitor.locator('img[src*="/news-covers/"]').first();
  await expect.poll(() => loaded(cover)).toBe(true);
  await visitor.close();

  await page.getByRole('button', { name: 'Depubliceren' }).click();
  await expect.poll(async () => (await publishedNews()).map((n) => n.title)).not.toContain(title);
});

test('support finds a booking by the customer’s e-mail and sees its timeline', async ({ page }) => {
  const artist = await createArtist({ approved: true });
  const customer = await createCustomer('Sanne', 'Zoekers');
  cleanup.push(
    () => removeArtist(artist),
    () => deleteUser(customer),
  );
  const bookingId = await requestBooking(customer, artist.id);

  await logIn(page, admin);
  await page.goto('/admin/bookings');
  await page.getByPlaceholder('Boekingsnummer, klant, e-mail, artiest, datum of status').fill(customer.email);
  const row = page.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(artist.name);
  await expect(row).toContainText('Sanne Zoekers');
  await expect(row).toContainText('Aangevraagd');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${bookingId}/show`));
  await expect(page.getByRole('list', { name: 'Tijdlijn' })).toContainText('Aangevraagd door klant');

  await page.getByRole('button', { name: 'Annuleren' }).click();
  await page.getByLabel(/Reden/).fill('Klant belde: feest gaat niet door');
  await page.getByRole('button', { name: 'Boeking annuleren' }).click();
  await expect(page.getByText('Boeking geannuleerd', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tijdlijn' })).toContainText('Geannuleerd (was Aangevraagd) door beheerder');
  await expect(page.getByRole('list', { name: 'Tijdlijn' })).toContainText('Reden: Klant belde: feest gaat niet door');

  // Found by its record, as support looks an entry up: the newest page of the log fills with what
  // other admins (and journeys running alongside) do meanwhile.
  await page.goto('/admin/audit-log');
  await page.getByRole('textbox', { name: 'Record-id' }).fill(bookingId);
  await expect(page.getByRole('row').filter({ hasText: bookingId })).toContainText('Statuswijziging');
});

test('the approvals, artists and bookings grids pass axe, status chips and category names included', async ({ page }) => {
  // Three axe scans of full grids.
  test.slow();
  // A pending act with two categories, and a request on an approved one, so every grid has rows with labels and chips.
  const pending = await createArtist({ categories: ['live-muziek', 'huwelijk'], name: `Axe Aanmelding ${Date.now() % 100000}` });
  const artist = await createArtist({ approved: true });
  const customer = await createCustomer('Anna', 'Axe');
  cleanup.push(
    () => removeArtist(pending),
    () => removeArtist(artist),
    () => deleteUser(customer),
  );
  await requestBooking(customer, artist.id);

  await logIn(page, admin);
  const serious = () => seriousViolations(page);

  await page.goto('/admin/approvals');
  await page.getByRole('textbox', { name: 'Zoeken' }).fill(pending.name);
  // Categories read as their Dutch names.
  await expect(page.getByRole('row').filter({ hasText: pending.name })).toContainText('Live muziek, Bruiloft');
  expect(await serious()).toEqual([]);

  await page.goto('/admin/artists');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await serious()).toEqual([]);

  await page.goto('/admin/bookings');
  // Found by its customer, as support would: other journeys add bookings to the same grid.
  await page.getByPlaceholder('Boekingsnummer, klant, e-mail, artiest, datum of status').fill(customer.email);
  await expect(page.getByRole('row').filter({ hasText: customer.email })).toContainText('Aangevraagd');
  expect(await serious()).toEqual([]);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`bookings-grid-${width}.png`) });
  }
});

test('on a phone and a desktop the priority save bar stays in view and the places follow a move', async ({ page }) => {
  await logIn(page, admin);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/priority');
    const items = page.getByTestId('ranked-artist');
    await expect(items.nth(2)).toBeVisible();
    const up = items.nth(1).getByRole('button', { name: / omhoog$/ });
    const name = (await up.getAttribute('aria-label'))!.replace(/ omhoog$/, '');
    await up.click();
    await expect(items.first()).toContainText(name);
    await expect(items.first()).toContainText('was 2');
    await expect(items.nth(1)).toContainText('was 1');
    await expect(page.getByTestId('priority-save-bar')).toContainText('2 artiesten verplaatst, nog niet opgeslagen');
    // Far down the long list, saving is still in view.
    await items.nth(40).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Volgorde opslaan' })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath(`priority-${width}.png`) });
    await page.getByRole('button', { name: 'Herstellen' }).click();
    await expect(items.nth(1)).toContainText(name);
    await expect(page.getByTestId('priority-save-bar')).not.toContainText('verplaatst');
  }
});

test.describe('who gets in', () => {
  test('a guest who opens an admin page is sent to /admin/login', async ({ page }) => {
    await page.goto('/admin/bookings');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
  });

  test('a customer who opens /admin is sent to their own destination', async ({ browser, baseURL }) => {
    const customer = await createConfirmedUser('klant');
    cleanup.push(() => deleteUser(customer));
    const context = await browser.newContext({ storageState: loggedInState(baseURL ?? '', await signIn(customer)) });
    const page = await context.newPage();
    await page.goto('/admin');
    await expect(page).toHaveURL(new URL('/', baseURL).href);
    await context.close();
  });

  test('an artist who opens /admin/approvals is sent to the artist dashboard', async ({ browser, baseURL }) => {
    const artist = await createArtist();
    cleanup.push(() => removeArtist(artist));
    const context = await browser.newContext({ storageState: loggedInState(baseURL ?? '', await signIn(artist.owner)) });
    const page = await context.newPage();
    await page.goto('/admin/approvals');
    await expect(page).toHaveURL(/\/dashboard\/artist$/);
    await context.close();
  });

  test('a customer who logs in at /admin/login is refused and stays logged out', async ({ page }) => {
    const customer = await createConfirmedUser('klant');
    cleanup.push(() => deleteUser(customer));
    await logIn(page, customer, { admin: false });
    await expect(page.getByText('Je hebt geen artiest/klant account. Gebruik de juiste inlog tab of registreer een nieuw account.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('sb-') && localStorage.getItem(key)));
    expect(stored).toEqual([]);
    await page.goto('/admin/approvals');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

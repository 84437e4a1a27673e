// The public artist page (/artists/{slug}) as a guest: a seeded act with reviews shows its
// gallery (lightbox included), its packages with the seed's prices, reviews a page at a time,
// the calendar with a blocked day, related acts; the heart keeps the favourite; messaging and
// booking ask a guest to log in; unknown and unapproved slugs get the not-found page; axe finds
// nothing serious at phone and desktop width. What the page should show is read from the
// stack the way a visitor can read it (anon key).
import { createNodeClient } from '@podium/shared/supabase-node';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, loggedInState, stack } from '../fixtures/stack.ts';
import { paintedAfterHydration } from '../fixtures/hydration.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

const slug = 'de-dijkbrekers';
const anon = () => createNodeClient(stack.apiUrl, stack.anonKey);

async function seededArtist() {
  const client = anon();
  const { data: artist, error } = await client.from('artists').select('id, name, review_count').eq('slug', slug).single();
  if (error || !artist) throw new Error(`artist ${slug}: ${error?.message}`);
  const packages = (await client.from('artist_packages').select('name, price_cents').eq('artist_id', artist.id).eq('is_active', true)).data ?? [];
  const blocked = (await client.from('artist_blocked_dates').select('starts_on, ends_on').eq('artist_id', artist.id).order('starts_on')).data ?? [];
  return { ...artist, packages, blocked };
}

const todayInAmsterdam = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
const longDate = (iso: string) => new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const euros = (cents: number) => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR', maximumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);
const monthsBetween = (from: string, to: string) => (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

async function acceptCookies(page: Page, analytics = false) {
  await page.addInitScript((value) => localStorage.setItem('podium-cookie-consent', value), JSON.stringify({ necessary: true, analytics, marketing: false }));
}

test.describe('the artist page for a guest', () => {
  test('shows the act: gallery, packages with their prices, reviews, a blocked day, related acts', async ({ page }) => {
    const artist = await seededArtist();
    await acceptCookies(page, true);
    await page.goto(`/artists/${slug}`);

    await expect(page.getByRole('heading', { level: 1, name: artist.name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${artist.name} boeken`));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/artists/${slug}$`));
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).join('\n');
    expect(jsonLd).toContain('"AggregateRating"');
    expect(jsonLd).toContain('"BreadcrumbList"');

    // view_item with SPEC 3's fields (analytics consent given above).
    const viewItem = await page.waitForFunction(() => ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).find((event) => event.event === 'view_item'));
    expect(await viewItem.jsonValue()).toMatchObject({ artist_id: artist.id, artist_name: artist.name, artist_category: 'bands' });

    // Gallery: the first photo is the page's priority image; the lightbox pages through all photos.
    const hero = page
      .getByRole('button', { name: /^Foto 1 van \d+ groot bekijken$/ })
      .locator('visible=true')
      .locator('img');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).toHaveAttribute('width', '600');
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByRole('button', { name: /^Alle foto's/ }).click();
    const lightbox = page.getByRole('dialog', { name: new RegExp(`${artist.name} · foto 1 van`) });
    await expect(lightbox).toBeVisible();
    await lightbox.getByRole('button', { name: 'Volgende foto' }).click();
    await expect(page.getByRole('dialog', { name: new RegExp(`${artist.name} · foto 2 van`) })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Packages with the seed's prices.
    const packages = page.getByTestId('package');
    await expect(packages).toHaveCount(artist.packages.length);
    for (const pkg of artist.packages) {
      await expect(packages.filter({ hasText: pkg.name }).getByTestId('package-price')).toHaveText(euros(pkg.price_cents).replace(/\s/g, '\u00a0'));
    }

    // Reviews: newest first, five at a time.
    const reviews = page.getByTestId('review');
    await expect(reviews).toHaveCount(Math.min(5, artist.review_count));
    if (artist.review_count > 5) {
      await page.getByRole('button', { name: 'Meer reviews tonen' }).click();
      await expect(reviews).toHaveCount(Math.min(10, artist.review_count));
    }

    // The calendar shows the next blocked day as unavailable.
    const today = todayInAmsterdam();
    const blockedDay = artist.blocked.map((period) => period.starts_on).find((day) => day > today);
    expect(blockedDay, 'the seed blocks a day ahead').toBeTruthy();
    for (let step = 0; step < monthsBetween(today, blockedDay!); step++) await page.getByRole('button', { name: 'Volgende maand' }).click();
    const calendar = page.getByTestId('availability-calendar');
    await expect(calendar.getByLabel(`${longDate(blockedDay!)}, niet beschikbaar`)).toBeVisible();
    await expect(calendar.getByRole('button', { name: new RegExp(`^${longDate(blockedDay!)}`) })).toHaveCount(0);

    // Related acts of the same kind, as artist cards, at the foot of the page (they render as a visitor scrolls there).
    await scrollToEnd(page);
    const related = page.getByTestId('related-artists').getByRole('article');
    await expect(related.first()).toBeVisible();
    await expect(related.filter({ hasText: artist.name })).toHaveCount(0);
  });

  test('picking a blocked date says the act is not available; a free day is offered for booking', async ({ page }) => {
    const artist = await seededArtist();
    const today = todayInAmsterdam();
    const blockedDay = artist.blocked.map((period) => period.starts_on).find((day) => day > today)!;
    await acceptCookies(page);
    await page.goto(`/artists/${slug}?datum=${blockedDay}`);
    const card = page
      .locator('section')
      .filter({ has: page.getByRole('button', { name: 'Boek nu' }) })
      .locator('visible=true');
    await expect(card.getByText(`${artist.name} is op deze datum niet beschikbaar.`)).toBeVisible();
    // Choose a free day in the calendar instead.
    await page.getByTestId('availability-calendar').locator('button[data-status="free"]').first().click();
    await expect(card.getByText(new RegExp(`^${artist.name} is beschikbaar op `))).toBeVisible();
    await expect(page).toHaveURL(/datum=\d{4}-\d{2}-\d{2}/);
  });

  test('the heart keeps the act as a favourite on this device', async ({ page }) => {
    const artist = await seededArtist();
    await acceptCookies(page);
    await page.goto(`/artists/${slug}`);
    const heart = page.getByRole('button', { name: `${artist.name} bewaren als favoriet` });
    await heart.click();
    const saved = page.getByRole('button', { name: `${artist.name} verwijderen uit favorieten` });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: `${artist.name} verwijderen uit favorieten` })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: `${artist.name} verwijderen uit favorieten` }).click();
    await expect(page.getByRole('button', { name: `${artist.name} bewaren als favoriet` })).toBeVisible();
  });

  test('messaging and booking ask a guest to log in first', async ({ page }) => {
    await acceptCookies(page);
    await page.goto(`/artists/${slug}`);
    await page.getByRole('button', { name: 'Stuur een bericht' }).locator('visible=true').click();
    await expect(page.getByRole('dialog', { name: 'Inloggen' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/artists/${slug}`));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Inloggen' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Boek nu' }).locator('visible=true').click();
    await expect(page.getByRole('dialog', { name: 'Inloggen' })).toBeVisible();
  });

  test('on a phone: a booking bar with the price, no bottom navigation, and the login first', async ({ page }) => {
    const artist = await seededArtist();
    await page.setViewportSize({ width: 390, height: 844 });
    await acceptCookies(page);
    // From the list, where the bottom navigation is shown, to the artist page, where it goes.
    await page.goto('/artiesten?q=dijkbrekers');
    const bottomNav = page.getByRole('navigation', { name: 'Mobiele navigatie' });
    await expect(bottomNav).toBeVisible();
    await page.getByTestId('artist-results').getByRole('link', { name: artist.name }).click();
    await expect(page).toHaveURL(new RegExp(`/artists/${slug}$`));
    const bar = page.getByTestId('mobile-booking-bar');
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(/€/);
    await expect(bottomNav).toHaveCount(0);
    // Opened directly, the navigation would arrive after the first paint: it does not.
    await page.reload();
    await paintedAfterHydration(bar.getByRole('button', { name: 'Boek nu' }));
    await expect(bottomNav).toHaveCount(0);
    await bar.getByRole('button', { name: 'Boek nu' }).click();
    await expect(page.getByRole('dialog', { name: 'Inloggen' })).toBeVisible();
  });

  test('a visitor whose connection drops after the page arrived keeps reading it: the refresh that fails takes nothing away', async ({ page }) => {
    const artist = await seededArtist();
    await acceptCookies(page);
    // Every read of the API fails from the start; the page itself comes prerendered with its data.
    let relatedTries = 0;
    await page.route('**/rest/v1/**', (route) => {
      if (route.request().url().includes('select=id%2Ccategories')) relatedTries += 1;
      return route.abort('internetdisconnected');
    });
    await page.goto(`/artists/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: artist.name })).toBeVisible();
    await scrollToEnd(page);
    // The related acts' refresh has tried and given up (a first try and three retries).
    await expect.poll(() => relatedTries, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    await expect(page.getByRole('heading', { level: 1, name: artist.name })).toBeVisible();
    await expect(page.getByTestId('review').first()).toBeVisible();
    await expect(page.getByTestId('related-artists').getByRole('article').first()).toBeVisible();
    await expect(page.getByText(/kon(den)? niet worden geladen/)).toHaveCount(0);
  });

  for (const path of ['/artists/deze-artiest-bestaat-niet', '/artists/stadsgeruis', '/artists/NIET%20GELDIG']) {
    test(`${path} shows the not-found page with a way back`, async ({ page }) => {
      await acceptCookies(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Deze pagina bestaat niet (meer)' })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await page.getByRole('link', { name: 'Bekijk artiesten' }).click();
      await expect(page).toHaveURL(/\/artists$/);
    });
  }

  for (const width of [390, 1280]) {
    test(`axe finds nothing serious at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await acceptCookies(page);
      await page.goto(`/artists/${slug}`);
      await expect(page.getByTestId('review').first()).toBeVisible();
      await scrollToEnd(page);
      await expect(page.getByTestId('related-artists').getByRole('article').first()).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }
});

test.describe('the artist page for a signed-in customer', () => {
  test("'Stuur een bericht' opens the conversation with this artist, past the login guard, ready to type in", async ({ page, context, baseURL }) => {
    const { data, error } = await anon().auth.signInWithPassword(demoAccounts.customer);
    if (error || !data.session) throw new Error(error?.message ?? 'no session');
    const state = loggedInState(baseURL ?? '', data.session);
    const [entry] = state.origins[0]!.localStorage;
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [entry!.name, entry!.value] as const);
    await acceptCookies(page);
    const artist = await seededArtist();
    await page.goto(`/artists/${slug}`);
    // A press while the session is still being restored waits for it (useBookingActions).
    await page.getByRole('button', { name: 'Stuur een bericht' }).locator('visible=true').click();
    // /messages?artist=<id> opens (or starts) the conversation and shows it as ?c=<conversation>.
    await expect(page).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Berichten' })).toBeVisible();
    const thread = page.getByRole('region', { name: `Gesprek met ${artist.name}` });
    await expect(thread.getByRole('heading', { level: 2, name: artist.name })).toBeVisible();
    await expect(page.getByRole('textbox', { name: `Bericht aan ${artist.name}` })).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Gesprekken' }).getByRole('link', { name: new RegExp(artist.name) })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('auth-guard-spinner')).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Inloggen' })).toHaveCount(0);
  });
});

test.describe('a press before the prerendered page has come to life', () => {
  // The HTML paints before the app's code has arrived; on a slow phone a visitor presses a button
  // in that moment. The app's chunk is held back here until after the press, so the press surely
  // comes first: it must not be lost (platform/early-presses.ts).
  async function holdAppChunk(page: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let requested!: () => void;
    const asked = new Promise<void>((resolve) => (requested = resolve));
    await page.route(/\/assets\/App-[\w-]+\.js$/, async (route) => {
      requested();
      await released;
      await route.continue();
    });
    return { asked, release };
  }

  test("a guest's early 'Stuur een bericht' opens the login dialog once the app has loaded", async ({ page }) => {
    await acceptCookies(page);
    const chunk = await holdAppChunk(page);
    await page.goto(`/artists/${slug}`, { waitUntil: 'commit' });
    await chunk.asked;
    const button = page.getByRole('button', { name: 'Stuur een bericht' }).locator('visible=true');
    await button.click();
    await expect(page.getByRole('dialog', { name: 'Inloggen' })).toHaveCount(0);
    chunk.release();
    await expect(page.getByRole('dialog', { name: 'Inloggen' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/artists/${slug}$`));
  });

  test('opened weeks after the build, the page hydrates as it was built, then shows today: no error, no lost tap', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Six weeks on: another day and another month than the build's HTML shows.
    const later = new Date(Date.now() + 42 * 86_400_000);
    await page.clock.install({ time: later });
    await page.clock.resume();
    await acceptCookies(page);
    const chunk = await holdAppChunk(page);
    await page.goto(`/artists/${slug}`, { waitUntil: 'commit' });
    await chunk.asked;
    await page.getByRole('button', { name: 'Stuur een bericht' }).locator('visible=true').click();
    chunk.release();
    await expect(page.getByRole('dialog', { name: 'Inloggen' })).toBeVisible();
    const month = new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(later);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Inloggen' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${month}$`, 'i') })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a signed-in customer's early 'Stuur een bericht' opens the chat with this artist", async ({ page, context, baseURL }) => {
    const { data, error } = await anon().auth.signInWithPassword(demoAccounts.customer);
    if (error || !data.session) throw new Error(error?.message ?? 'no session');
    const [entry] = loggedInState(baseURL ?? '', data.session).origins[0]!.localStorage;
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [entry!.name, entry!.value] as const);
    await acceptCookies(page);
    const artist = await seededArtist();
    const chunk = await holdAppChunk(page);
    await page.goto(`/artists/${slug}`, { waitUntil: 'commit' });
    await chunk.asked;
    await page.getByRole('button', { name: 'Stuur een bericht' }).locator('visible=true').click();
    chunk.release();
    // The conversation with this artist, ready to type in.
    await expect(page).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/);
    await expect(page.getByRole('region', { name: `Gesprek met ${artist.name}` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: `Bericht aan ${artist.name}` })).toBeFocused();
  });
});

/** Scrolls down the page in steps, as a visitor would, until its end stays put. */
async function scrollToEnd(page: Page) {
  for (let step = 0; step < 20; step++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    if (atEnd) break;
    await page.waitForTimeout(100);
  }
}

// axe on every real storefront page of SPEC 2.1, once each, after the page has loaded what it
// shows (no skeletons): no serious or critical violation. The signed-in chrome is checked on a
// real page, the BANDS pages on a phone and a desktop, signed in and as a guest. The cookie
// choice is made beforehand, so the banner does not arrive mid-check (it has its own check, with
// the login dialog).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { heroCategories } from '@podium/shared/constants';
import { createNodeClient } from '@podium/shared/supabase-node';
import { demoAccounts, loggedInState, stack } from '../fixtures/stack.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

const realPages = [
  '/artists',
  '/artiesten',
  '/artists/de-dijkbrekers',
  '/news',
  '/news/zo-kies-je-de-perfecte-trouwband',
  '/news/bestaat-niet',
  '/sound-light',
  '/over-ons',
  '/contact',
  '/privacy',
  '/terms',
  '/verify-email',
  '/confirm-account',
  '/band-huren',
  '/dj-boeken',
  '/coverband-boeken',
  '/bruiloft-entertainment',
  '/bedrijfsfeest-entertainment',
  '/duo-boeken',
  '/artiest-boeken',
  '/live-muziek-boeken',
  '/favorites',
  '/auth/callback?error=access_denied&error_description=Geweigerd',
  '/auth/confirm?error_description=Link%20verlopen',
  '/auth/reset-password?error_description=Link%20verlopen',
  '/auth/link',
  '/deze-pagina-bestaat-niet',
];

async function chooseNecessaryCookies(page: Page) {
  await page.addInitScript(() => localStorage.setItem('podium-cookie-consent', JSON.stringify({ necessary: true, analytics: false, marketing: false })));
}

/** Loaded: the page's heading is there and nothing on it is still marked busy (skeletons, the session). */
async function expectLoaded(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('a guest', () => {
  // One tab for the guest's pages, each test opening its own address in it: the pages only read,
  // and a tab that loads one page after another keeps its renderer and its compiled scripts
  // (the app's and axe's), about a second of CPU less per page than a cold tab.
  let tab: Page | undefined;
  const guestTab = async (browser: Browser) => {
    if (!tab || tab.isClosed()) {
      tab = await (await browser.newContext()).newPage();
      await chooseNecessaryCookies(tab);
    }
    return tab;
  };
  test.afterAll(async () => tab?.context().close());

  test('axe on / scrolled to the end, every row rendered', async ({ browser }) => {
    const page = await guestTab(browser);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boek de perfecte live artiest voor jouw feest');
    // Each row of cards renders as a visitor scrolls near it: go past each, as they would.
    for (const category of heroCategories) {
      await page.locator(`section[aria-labelledby="row-${category}"]`).scrollIntoViewIfNeeded();
      await expect(page.getByTestId(`home-row-${category}`).getByRole('listitem').first()).toBeVisible();
    }
    await expect(page.getByTestId('home-figures').getByRole('status')).toHaveCount(0);
    const news = page.locator('section[aria-labelledby="news-heading"]');
    await news.scrollIntoViewIfNeeded();
    await expect(news.getByRole('article').first()).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-instellingen' })).toBeVisible();
    await expectLoaded(page);
    await expectNoSeriousViolations(page);
  });

  for (const path of realPages) {
    test(`axe on ${path}`, async ({ browser }) => {
      const page = await guestTab(browser);
      await page.goto(path);
      await expectLoaded(page);
      await expectNoSeriousViolations(page);
    });
  }

  test('axe on a published news article', async ({ browser }) => {
    const page = await guestTab(browser);
    // One of the seed's articles by its address, not 'the newest': files that run beside the
    // journeys publish an article of their own for a moment (functions-content.test.ts).
    const { data: article, error } = await createNodeClient(stack.apiUrl, stack.anonKey)
      .from('news_articles')
      .select('slug, title')
      .eq('status', 'published')
      .eq('slug', 'zo-kies-je-de-perfecte-trouwband')
      .single();
    if (error || !article) throw new Error(`no published article: ${error?.message}`);
    await page.goto(`/news/${article.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
    await expectLoaded(page);
    await expectNoSeriousViolations(page);
  });
});

test('axe with the cookie banner and the login dialog open', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
  await page.getByTestId('site-header').getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('dialog', { name: 'Inloggen' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

/** The browser starts signed in as the seeded customer (who has BANDS, invitees and bookings). */
async function asSeededCustomer(page: Page, baseURL: string | undefined) {
  const { data, error } = await createNodeClient(stack.apiUrl, stack.anonKey).auth.signInWithPassword(demoAccounts.customer);
  if (error || !data.session) throw new Error(error?.message ?? 'no session');
  const [entry] = loggedInState(baseURL ?? '', data.session).origins[0]!.localStorage;
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [entry!.name, entry!.value] as const);
  await chooseNecessaryCookies(page);
}

test('the seeded customer: axe on /favorites with the signed-in header', async ({ page, baseURL }) => {
  await asSeededCustomer(page, baseURL);
  await page.goto('/favorites');
  await expect(page.getByRole('button', { name: 'Profielmenu' })).toBeVisible();
  await expectLoaded(page);
  await expectNoSeriousViolations(page);
});

test.describe('the BANDS pages', () => {
  for (const width of [390, 1280]) {
    test(`the seeded customer at ${width} px: axe on the dashboard, its leaderboard tab and the leaderboard`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width, height: 900 });
      await asSeededCustomer(page, baseURL);
      await page.goto('/referral-bands/dashboard');
      await expect(page.getByTestId('referral-qr').getByRole('img')).toBeVisible();
      await expect(page.getByTestId('transaction').first()).toBeVisible();
      await expect(page.getByTestId('referral').first()).toBeVisible();
      await expectLoaded(page);
      await expectNoSeriousViolations(page);

      await page.getByRole('tab', { name: 'Leaderboard' }).click();
      await expect(page.getByTestId('leaderboard-referrers').getByTestId('leaderboard-row').first()).toBeVisible();
      await expectLoaded(page);
      await expectNoSeriousViolations(page);

      await page.goto('/referral-bands/leaderboard');
      await expect(page.getByTestId('leaderboard-balance').getByTestId('own-position')).toBeVisible();
      await expectLoaded(page);
      await expectNoSeriousViolations(page);
    });

    test(`a guest at ${width} px: axe on the leaderboard`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await chooseNecessaryCookies(page);
      await page.goto('/referral-bands/leaderboard');
      await expect(page.getByTestId('leaderboard-guest').getByRole('button', { name: 'Inloggen' })).toBeVisible();
      await expectLoaded(page);
      await expectNoSeriousViolations(page);
    });
  }
});

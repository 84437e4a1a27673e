// The build's prerendered pages: their HTML holds the page, the app hydrates it without
// a console error or hydration warning and stays interactive; without JavaScript a landing page
// still reads.
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';

function collectProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    if (message.type() === 'error' || message.type() === 'warning' || /hydrat/i.test(text)) problems.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test.describe('a prerendered page', () => {
  for (const { path, heading } of [
    { path: '/', heading: 'Boek de perfecte live artiest voor jouw feest' },
    { path: '/dj-boeken', heading: 'DJ boeken' },
    { path: '/over-ons', heading: 'Over Podium' },
  ]) {
    test(`${path} arrives as HTML and hydrates without errors or warnings`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain(`data-prerendered="${path}"`);
      expect(html).toContain(`>${heading}</h1>`);

      const problems = collectProblems(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      // Hydration adopted the head tags of the HTML rather than adding a second set.
      await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
      await expect(page.locator('head meta[property="og:title"]')).toHaveCount(1);
      await expect(page.locator('title')).toHaveCount(1);
      // Hydrated (the cookie banner is rendered by the browser only, right after hydration):
      // React handles the header's buttons (the login dialog opens).
      await expect(page.getByText(/Noodzakelijke cookies houden de site werkend/)).toBeVisible();
      await page.getByTestId('site-header').getByRole('button', { name: 'Inloggen' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      // Client-side navigation still works from a hydrated page.
      await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'NEWS' }).click();
      await expect(page).toHaveURL(/\/news$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Nieuws' })).toBeVisible();
      expect(problems).toEqual([]);
    });
  }

  // Prerendered pages are served for weeks after their build: hydrating on another day (another
  // month and year here) must match the HTML as well (platform/today.ts).
  for (const path of ['/', '/artists', '/artists/de-dijkbrekers', '/news']) {
    test(`${path} opened six weeks after the build hydrates without errors or warnings`, async ({ page }) => {
      const problems = collectProblems(page);
      await page.clock.install({ time: new Date(Date.now() + 42 * 86_400_000) });
      await page.clock.resume();
      await page.goto(path);
      await expect(page.getByText(/Noodzakelijke cookies houden de site werkend/)).toBeVisible();
      await expect(page.getByText(`© ${new Date(Date.now() + 42 * 86_400_000).getFullYear()} Podium`)).toBeVisible();
      expect(problems).toEqual([]);
    });
  }

  test('a landing page shows its heading and copy with JavaScript disabled', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? undefined });
    const page = await context.newPage();
    await page.goto('/bruiloft-entertainment');
    await expect(page.getByRole('heading', { level: 1, name: 'Bruiloft entertainment', exact: true })).toBeVisible();
    await expect(page.getByText('Van ceremonie tot feest: muziek die past bij jullie mooiste dag.')).toBeVisible();
    await expect(page).toHaveTitle('Entertainment voor je bruiloft · Podium');
    // The matching artists were read at build time: their cards are in the HTML.
    await expect(page.getByTestId('landing-artists').getByRole('article').first()).toBeVisible();
    await context.close();
  });
});

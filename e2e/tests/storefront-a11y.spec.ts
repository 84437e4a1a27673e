// axe on every storefront route of SPEC 2.1: no serious or critical violation, for a guest on
// the open routes and for the seeded customer on the ones behind a login.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, loggedInState } from '../fixtures/stack.ts';
import { createNodeClient } from '@podium/shared/supabase-node';
import { stack } from '../fixtures/stack.ts';

const openRoutes = [
  '/',
  '/artiesten',
  '/artists',
  '/artists/de-dijkbrekers',
  '/news',
  '/news/een-artikel',
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
  '/referral-bands/leaderboard',
  '/auth/callback?error=access_denied&error_description=Geweigerd',
  '/auth/confirm?error_description=Link%20verlopen',
  '/auth/reset-password?error_description=Link%20verlopen',
  '/auth/link',
  '/deze-pagina-bestaat-niet',
];

const loginRoutes = [
  '/profile',
  '/profile/edit',
  '/bookings',
  '/messages',
  '/complete-profile',
  '/referral-bands/dashboard',
  '/reviews/customer',
  '/booking/00000000-0000-0000-0000-000000000000/checkout',
  '/checkout/success',
  '/reviews/booking/00000000-0000-0000-0000-000000000000',
  '/review',
  '/review/artist/de-dijkbrekers',
];

async function expectNoSeriousViolations(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), path).toEqual([]);
}

test.describe('a guest', () => {
  for (const path of openRoutes) {
    test(`axe on ${path}`, async ({ page }) => {
      await expectNoSeriousViolations(page, path);
    });
  }
  test('axe with the cookie banner and the login dialog open', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    await page.getByTestId('site-header').getByRole('button', { name: 'Inloggen' }).click();
    await expect(page.getByRole('dialog', { name: 'Inloggen' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  });
});

test.describe('the seeded customer', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    const { data, error } = await createNodeClient(stack.apiUrl, stack.anonKey).auth.signInWithPassword(demoAccounts.customer);
    if (error || !data.session) throw new Error(error?.message ?? 'no session');
    const state = loggedInState(baseURL ?? '', data.session);
    await context.addInitScript(
      ([key, value]) => {
        if (!localStorage.getItem(key)) localStorage.setItem(key, value);
      },
      [state.origins[0]!.localStorage[0]!.name, state.origins[0]!.localStorage[0]!.value] as const,
    );
  });
  for (const path of loginRoutes) {
    test(`axe on ${path}`, async ({ page }) => {
      await expectNoSeriousViolations(page, path);
      await expect(page).toHaveURL(new RegExp(path.replace(/[?]/g, '\\?')));
    });
  }
});

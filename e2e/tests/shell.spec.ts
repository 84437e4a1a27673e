// The apps on one origin: a login (one localStorage session) counts in the storefront and the
// artist portal, and a guest is sent from the portal to the storefront.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { Session } from '@supabase/supabase-js';
import { createConfirmedUser, deleteUser, loggedInState, signIn, stack, type TestUser } from '../fixtures/stack.ts';

// The storefront has its own chrome (storefront-*.spec.ts; here it shows who is logged in by its
// header) and the back office its login and role checks (backoffice.spec.ts).
// /dashboard/artist is guarded (artist-portal-bookings.spec.ts); /artist-onboarding needs a login
// (artist-portal-onboarding.spec.ts has the whole form).
async function expectStorefront(page: Page, loggedIn: boolean) {
  await expect(page).toHaveTitle(/Podium/);
  const header = page.getByTestId('site-header');
  if (loggedIn) await expect(header.getByRole('button', { name: 'Profielmenu' })).toBeVisible();
  else await expect(header.getByRole('button', { name: 'Inloggen' })).toBeVisible();
}

test.describe('a guest', () => {
  test('sees the storefront at /, not logged in', async ({ page }) => {
    await page.goto('/');
    await expectStorefront(page, false);
  });
  test('is sent from the artist portal to the storefront, which remembers where they were going', async ({ page }) => {
    await page.goto('/artist-onboarding');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expectStorefront(page, false);
    expect(await page.evaluate(() => sessionStorage.getItem('auth_redirect_destination'))).toBe('/artist-onboarding');
  });
});

test.describe('a logged-in user', () => {
  let user: TestUser;
  let session: Session;

  test.beforeAll(async () => {
    user = await createConfirmedUser('shell');
    session = await signIn(user);
  });

  test.afterAll(async () => {
    if (user) await deleteUser(user);
  });

  test('is logged in in the storefront and the artist portal with one session', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ storageState: loggedInState(baseURL ?? '', session) });
    const page = await context.newPage();
    await page.goto('/');
    await expectStorefront(page, true);
    await page.goto('/artist-onboarding');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Artiest worden');
    await page.getByRole('button', { name: 'Accountmenu' }).click();
    await expect(page.getByTestId('account-menu')).toContainText(user.email);
    await context.close();
  });
});

// Every file of the three builds, lazy chunks, HTML, CSS and assets included (not only what a
// page names in its HTML). `npm test` builds before the journeys, so a missing build is a failure.
test('no app ships the service-role key or the JWT secret', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const secrets = [stack.serviceRoleKey, stack.jwtSecret];
  for (const app of ['storefront', 'backoffice', 'artist-portal']) {
    const dist = path.join(root, app, 'dist');
    expect(existsSync(dist), `${app}/dist is missing: build the apps first (npm run build)`).toBe(true);
    const files = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(
      files.some((file) => file.name.endsWith('.js')),
      `${app} has scripts`,
    ).toBe(true);
    for (const file of files) {
      const text = readFileSync(path.join(file.parentPath, file.name), 'latin1');
      for (const secret of secrets) expect(text.includes(secret), `${path.relative(root, path.join(file.parentPath, file.name))} contains a secret`).toBe(false);
    }
  }
});

// SPEC 4.2 for a guest with no session at all (a fresh browser: nothing stored, so supabase-js
// has not even been loaded): a login-required page tries the session once, stores where the
// guest wanted to go, sends them to / with the login dialog open, and after logging in there
// brings them back to that page.
import { expect, test } from '@playwright/test';
import { demoAccounts } from '../fixtures/stack.ts';

const loginRequired = ['/bookings', '/profile', '/profile/edit', '/complete-profile', '/referral-bands/dashboard', '/messages', '/reviews/customer'];

const storedDestination = (page: import('@playwright/test').Page) => page.evaluate(() => window.sessionStorage.getItem('auth_redirect_destination'));

test.describe('a guest opening a login-required page', () => {
  for (const path of loginRequired) {
    test(`${path} sends them to / with the login dialog and remembers the page`, async ({ page }) => {
      await page.goto(path);
      // The default expect timeout (5 s) is the "quickly": the guard makes one refresh, no long wait.
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('dialog', { name: 'Inloggen' })).toBeVisible();
      expect(await storedDestination(page)).toBe(path);
    });
  }

  test('after logging in through the dialog they land on the page they asked for', async ({ page }) => {
    await page.goto('/bookings');
    await expect(page).toHaveURL(/\/$/);
    const dialog = page.getByRole('dialog', { name: 'Inloggen' });
    await dialog.getByLabel('E-mailadres').fill(demoAccounts.customer.email);
    await dialog.getByLabel('Wachtwoord', { exact: true }).fill(demoAccounts.customer.password);
    await dialog.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/bookings$/);
    // The guard lets the signed-in customer through: the page itself, not the guard's spinner.
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn boekingen' })).toBeVisible();
    await expect(page.getByTestId('auth-guard-spinner')).toHaveCount(0);
    // The destination served this one login.
    expect(await storedDestination(page)).toBeNull();
  });
});

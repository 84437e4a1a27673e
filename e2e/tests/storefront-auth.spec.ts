// The storefront's account journeys against the local stack: signup with the confirmation mail,
// login per role with its destination (SPEC 2.3), forgot password with the reset mail, and the
// resend button after an unverified login (SPEC 2.5).
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, createUnconfirmedUser, deleteUser, demoAccounts, loggedInState, signIn, type TestUser } from '../fixtures/stack.ts';
import { verifyLink, waitForMail } from '../fixtures/mail.ts';
import { enterTotpCode } from '../fixtures/backoffice.ts';

const toast = (page: Page) => page.getByTestId('toast').first();

async function openLogin(page: Page) {
  await page.getByTestId('site-header').getByRole('button', { name: 'Inloggen' }).click();
  return page.getByRole('dialog', { name: 'Inloggen' });
}

async function logIn(page: Page, email: string, password: string, tab: 'Klant' | 'Artiest' = 'Klant') {
  const dialog = await openLogin(page);
  if (tab !== 'Klant') await dialog.getByRole('tab', { name: tab }).click();
  await dialog.getByLabel('E-mailadres').fill(email);
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Inloggen', exact: true }).click();
}

test.describe('signup', () => {
  const email = `nieuw-${Date.now()}@example.nl`;

  test('sign up, confirm through the mail, log out and log in again', async ({ page }) => {
    const started = Date.now() - 1000;
    await page.goto('/?signup=1');
    const dialog = page.getByRole('dialog', { name: 'Account Aanmaken' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Voornaam').fill('Sanne');
    await dialog.getByLabel('Achternaam').fill('Bakker');
    await dialog.getByLabel('E-mailadres').fill(email);
    await dialog.getByLabel('Wachtwoord', { exact: true }).fill('geheim123');
    await dialog.getByLabel('Bevestig wachtwoord').fill('geheim123');
    await dialog.getByRole('checkbox').check({ force: true });
    await dialog.getByRole('button', { name: 'Account Aanmaken' }).click();
    await expect(toast(page)).toContainText('Account aangemaakt!');
    await expect(dialog).toBeHidden();

    const mail = await waitForMail(email, { after: started });
    await page.goto(verifyLink(mail));
    await expect(page).toHaveURL(/\/auth\/confirm/);
    await expect(page.getByTestId('account-confirmed')).toContainText('Je e-mailadres is bevestigd');

    // Signed in by the confirmation: the profile menu shows the name; log out and in again.
    await page.goto('/news');
    await page.getByRole('button', { name: 'Profielmenu' }).click();
    await expect(page.getByTestId('profile-menu-name')).toHaveText('Sanne Bakker');
    await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
    await expect(page.getByTestId('site-header').getByRole('button', { name: 'Inloggen' })).toBeVisible();

    await logIn(page, email, 'geheim123');
    await expect(toast(page)).toContainText('Welkom terug!');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Profielmenu' })).toBeVisible();
  });
});

test.describe('login lands on the role destination', () => {
  test('the seeded customer lands on /', async ({ page }) => {
    await page.goto('/news');
    await logIn(page, demoAccounts.customer.email, demoAccounts.customer.password);
    await expect(toast(page)).toContainText('Welkom terug!');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await page.getByRole('button', { name: 'Profielmenu' }).click();
    const menu = page.getByTestId('profile-menu');
    for (const item of ['Favorieten', 'Boekingen', 'Berichten', 'Profiel', 'Mijn reviews', 'BANDS Dashboard', 'Artiest worden', 'Uitloggen']) {
      await expect(menu.getByRole('menuitem', { name: new RegExp(`^${item}`) })).toBeVisible();
    }
  });

  test('the seeded artist lands in the artist portal at /dashboard/artist', async ({ page }) => {
    await page.goto('/');
    await logIn(page, demoAccounts.artist.email, demoAccounts.artist.password, 'Artiest');
    await expect(page).toHaveURL(/\/dashboard\/artist$/);
  });

  test('the seeded admin gives the code from their authenticator app, then lands in the back office at /admin/approvals', async ({ page }) => {
    await page.goto('/');
    await logIn(page, demoAccounts.admin.email, demoAccounts.admin.password);
    // The password alone opens no admin page: the back office asks for the second factor first.
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fapprovals$/);
    await enterTotpCode(page, demoAccounts.admin.totpSecret);
    await expect(page).toHaveURL(/\/admin\/approvals$/);
    await expect(page.getByRole('menuitem', { name: 'Goedkeuringen' })).toBeVisible();
  });

  for (const width of [390, 1280]) {
    test(`a customer on the artist tab is refused with the role toast, which leaves the tabs uncovered (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/');
      // On a phone 'Inloggen' sits in the bottom bar, on a desktop in the header.
      await page.getByRole('button', { name: 'Inloggen', exact: true }).locator('visible=true').first().click();
      const dialog = page.getByRole('dialog', { name: 'Inloggen' });
      await dialog.getByRole('tab', { name: 'Artiest' }).click();
      await dialog.getByLabel('E-mailadres').fill(demoAccounts.customer.email);
      await dialog.getByLabel('Wachtwoord', { exact: true }).fill(demoAccounts.customer.password);
      await dialog.getByRole('button', { name: 'Inloggen', exact: true }).click();

      await expect(toast(page)).toContainText('Inloggen mislukt');
      await expect(toast(page)).toContainText('Je hebt geen artiest/klant account. Gebruik de juiste inlog tab of registreer een nieuw account.');
      await expect(toast(page)).toBeInViewport();
      // Each tab is what a tap at its middle reaches, and the toast does not lie over them.
      for (const name of ['Klant', 'Artiest']) {
        const tab = dialog.getByRole('tab', { name });
        const hit = await tab.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
        });
        expect(hit, `the ${name} tab is uncovered`).toBe(true);
      }
      const tabs = (await dialog.getByRole('tablist').boundingBox())!;
      const shown = (await toast(page).boundingBox())!;
      expect(shown.y >= tabs.y + tabs.height || shown.y + shown.height <= tabs.y, 'the toast lies clear of the tabs').toBe(true);
      await page.screenshot({ path: test.info().outputPath(`role-mismatch-${width}.png`) });

      // The tab it points to is one tap away, and logs the customer in.
      await dialog.getByRole('tab', { name: 'Klant' }).click();
      await dialog.getByLabel('E-mailadres').fill(demoAccounts.customer.email);
      await dialog.getByLabel('Wachtwoord', { exact: true }).fill(demoAccounts.customer.password);
      await dialog.getByRole('button', { name: 'Inloggen', exact: true }).click();
      await expect(toast(page)).toContainText('Welkom terug!');
      await expect(dialog).toHaveCount(0);
    });
  }
});

test.describe('forgot password', () => {
  let user: TestUser;
  test.beforeAll(async () => {
    user = await createConfirmedUser('reset');
  });
  test.afterAll(async () => {
    if (user) await deleteUser(user);
  });

  test('request the link, set a new password from the mail, log in with it', async ({ page }) => {
    const started = Date.now() - 1000;
    await page.goto('/');
    const dialog = await openLogin(page);
    await dialog.getByRole('button', { name: 'Wachtwoord vergeten?' }).click();
    await dialog.getByLabel('E-mailadres').fill(user.email);
    await dialog.getByRole('button', { name: 'Reset wachtwoord' }).click();
    await expect(dialog.getByText(`Reset link verzonden naar ${user.email}`)).toBeVisible();

    const mail = await waitForMail(user.email, { after: started });
    await page.goto(verifyLink(mail));
    await expect(page).toHaveURL(/\/auth\/reset-password/);
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('nieuw-geheim-42');
    await page.getByLabel('Bevestig nieuw wachtwoord').fill('nieuw-geheim-42');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(toast(page)).toContainText('Wachtwoord gewijzigd');

    const login = page.getByRole('dialog', { name: 'Inloggen' });
    await expect(login).toBeVisible();
    await login.getByLabel('E-mailadres').fill(user.email);
    await login.getByLabel('Wachtwoord', { exact: true }).fill('nieuw-geheim-42');
    await login.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(toast(page)).toContainText('Welkom terug!');
  });
});

test.describe('an unverified e-mail', () => {
  let user: TestUser;
  test.beforeAll(async () => {
    user = await createUnconfirmedUser('unverified');
  });
  test.afterAll(async () => {
    if (user) await deleteUser(user);
  });

  test('shows the resend button only after the failed login, and resends', async ({ page }) => {
    await page.goto('/');
    const dialog = await openLogin(page);
    await expect(dialog.getByRole('button', { name: 'Stuur verificatie mail nog een keer' })).toHaveCount(0);
    await dialog.getByLabel('E-mailadres').fill(user.email);
    await dialog.getByLabel('Wachtwoord', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(toast(page)).toContainText('Inloggen mislukt');
    const resend = dialog.getByRole('button', { name: 'Stuur verificatie mail nog een keer' });
    await expect(resend).toBeVisible();
    const started = Date.now() - 500;
    await resend.click();
    await expect(toast(page)).toContainText('Email verzonden!');
    await waitForMail(user.email, { after: started });
  });
});

test.describe('Google through the local sandbox provider', () => {
  test('Inloggen met Google: consent at the sandbox, back through /auth/callback (PKCE), logged in', async ({ page }) => {
    await page.goto('/news');
    const dialog = await openLogin(page);
    await dialog.getByRole('button', { name: 'Inloggen met Google' }).click();
    await expect(page).toHaveURL(/\/sandbox-idp\/authorize/);
    await page.locator('form').first().getByRole('button').first().click();
    await expect(toast(page)).toContainText('Welkom terug!', { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Profielmenu' })).toBeVisible();
  });
});

test.describe('/auth/link: a signed-in customer links a Google account', () => {
  let user: TestUser;
  test.beforeAll(async () => {
    user = await createConfirmedUser('koppelen');
  });
  test.afterAll(async () => deleteUser(user));

  test('consent at the sandbox, back on /auth/link, the account shows as linked', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ storageState: loggedInState(baseURL!, await signIn(user)) });
    const page = await context.newPage();
    await page.goto('/auth/link');
    await page.getByRole('button', { name: 'Google-account koppelen' }).click();
    await expect(page).toHaveURL(/\/sandbox-idp\/authorize/);
    const gmail = `koppel-${Date.now()}@gmail.example`;
    await page.getByLabel('E-mailadres').fill(gmail);
    await page.getByLabel('Naam').fill('Koppel Klant');
    await page.getByRole('button', { name: 'Doorgaan' }).click();
    await expect(page).toHaveURL(/\/auth\/link/);
    await expect(page.getByTestId('identity-linked')).toHaveText('Je Google-account is gekoppeld. Je kunt er voortaan mee inloggen.');
    // Still the same account: the e-mail address did not change to the Google one.
    await page.goto('/news');
    await page.getByRole('button', { name: 'Profielmenu' }).click();
    await expect(page.getByTestId('profile-menu')).toContainText(user.email);
    await context.close();
  });
});

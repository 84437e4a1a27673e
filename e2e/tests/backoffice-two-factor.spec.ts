// Admins sign in with two factors: the password, then a code from an authenticator
// app. A new admin sets the app up at their first login (QR code or key, confirmed with a code);
// after that every login asks for the code, a wrong code is refused in Dutch, and a session with
// the password alone opens no admin page. An admin who lost their app is helped by another admin
// on 'Beheerders', and sets up a new app at their next login.
import { expect, test, type Page } from '@playwright/test';
import { totpCode } from '@podium/shared/totp';
import { createAdmin, signInAdmin, wrongTotpCode, type TestAdmin } from '../fixtures/backoffice.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import { deleteUser, loggedInState, signIn } from '../fixtures/stack.ts';
import { seriousViolations } from '../fixtures/axe.ts';

const created: TestAdmin[] = [];
test.afterEach(closePages);
test.afterAll(async () => {
  for (const admin of created) await deleteUser(admin).catch(() => undefined);
});

async function newAdmin(options: { factor?: boolean } = {}) {
  const admin = await createAdmin(options);
  created.push(admin);
  return admin;
}

async function password(page: Page, admin: TestAdmin) {
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'E-mailadres' }).fill(admin.email);
  await page.getByRole('textbox', { name: 'Wachtwoord' }).fill(admin.password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
}

async function code(page: Page, value: string, button: 'Inloggen' | 'Bevestigen') {
  await page.getByRole('textbox', { name: 'Code van 6 cijfers' }).fill(value);
  await page.getByRole('button', { name: button, exact: true }).click();
}

test('a new admin sets up an authenticator app at the first login, then gives its code at every login', async ({ browser, baseURL }) => {
  const admin = await newAdmin({ factor: false });
  const page = await pageAs(browser, baseURL!, null);

  await password(page, admin);
  await expect(page.getByRole('heading', { name: 'Tweestapsverificatie instellen' })).toBeVisible();
  const qr = page.getByRole('img', { name: 'QR-code voor je authenticator-app' });
  await expect(qr).toBeVisible();
  // Drawn, not a broken image.
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  // The key under the QR code is what an app that cannot scan is given.
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await seriousViolations(page)).toEqual([]);

  await code(page, wrongTotpCode(secret), 'Bevestigen');
  await expect(page.getByRole('alert')).toHaveText('Deze code klopt niet. Gebruik de nieuwste code uit je app en controleer of de tijd op je telefoon goed staat.');
  await expect(page).toHaveURL(/\/admin\/login$/);

  await code(page, totpCode(secret), 'Bevestigen');
  await expect(page).toHaveURL(/\/admin\/approvals$/);
  await expect(page.getByRole('menuitem', { name: 'Goedkeuringen' })).toBeVisible();

  // Signed out, the next login asks for the code from the app.
  await page.getByRole('button', { name: 'Profiel' }).click();
  await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await password(page, admin);
  await expect(page.getByRole('heading', { name: 'Tweestapsverificatie' })).toBeVisible();
  await expect(page.getByText('Open je authenticator-app en vul de code van 6 cijfers voor Podium Back office in.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await code(page, wrongTotpCode(secret), 'Inloggen');
  await expect(page.getByRole('alert')).toContainText('Deze code klopt niet.');
  await code(page, totpCode(secret), 'Inloggen');
  await expect(page).toHaveURL(/\/admin\/approvals$/);
  await expect(page.getByRole('menuitem', { name: 'Goedkeuringen' })).toBeVisible();
});

test('the password alone opens no admin page: the code comes first, then the page the admin wanted', async ({ browser, baseURL }) => {
  const admin = await newAdmin();
  // A session as a stolen password gives it (aal1), straight in the browser's storage.
  const context = await browser.newContext({ storageState: loggedInState(baseURL!, await signIn(admin)), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const adminData: string[] = [];
  page.on('response', (response) => {
    if (/\/rest\/v1\/(admin_|rpc\/admin_)/.test(response.url())) adminData.push(response.url());
  });
  await page.goto('/admin/bookings');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fbookings$/);
  await expect(page.getByRole('heading', { name: 'Tweestapsverificatie' })).toBeVisible();
  expect(adminData).toEqual([]);

  await code(page, totpCode(admin.totpSecret!), 'Inloggen');
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await expect(page.getByPlaceholder('Boekingsnummer, klant, e-mail, artiest, datum of status')).toBeVisible();
  await context.close();
});

test('an admin who lost their app is helped by another admin, and sets up a new one at the next login', async ({ browser, baseURL }) => {
  const helper = await newAdmin();
  const lost = await newAdmin();
  const lostName = `Anne Beheer`;
  // The admin who lost their phone is still signed in somewhere.
  const lostSession = await signInAdmin(lost);
  const stillIn = await browser.newContext({ storageState: loggedInState(baseURL!, lostSession.session), viewport: { width: 1280, height: 900 } });
  const stillInPage = await stillIn.newPage();
  await stillInPage.goto('/admin/approvals');
  await expect(stillInPage.getByRole('menuitem', { name: 'Goedkeuringen' })).toBeVisible();

  const office = await browser.newContext({ storageState: loggedInState(baseURL!, (await signInAdmin(helper)).session), viewport: { width: 1280, height: 900 } });
  const page = await office.newPage();
  await page.goto('/admin/admins');
  await expect(page.getByRole('heading', { level: 1, name: 'Beheerders' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: lost.email });
  await expect(row).toContainText('Ingesteld sinds');
  // The seeded admin Jef never set an app up.
  await expect(page.getByRole('row').filter({ hasText: 'jef@podium.nl' })).toContainText('Nog niet ingesteld');
  // Nobody resets their own.
  await expect(page.getByRole('row').filter({ hasText: helper.email }).getByRole('button')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: `Tweestapsverificatie van ${lostName} herstellen` }).click();
  const dialog = page.getByRole('dialog', { name: `Tweestapsverificatie van ${lostName} herstellen?` });
  await expect(dialog).toContainText('wordt overal uitgelogd en stelt bij de volgende keer inloggen een nieuwe authenticator-app in.');
  await dialog.getByRole('button', { name: 'Herstellen' }).click();
  await expect(page.getByText(`De tweestapsverificatie van ${lostName} is hersteld.`)).toBeVisible();
  await expect(row).toContainText('Nog niet ingesteld');
  // Found by its record: the newest page of the log fills with what other admins do meanwhile.
  await page.goto('/admin/audit-log');
  await page.getByRole('textbox', { name: 'Record-id' }).fill(lost.id);
  await expect(page.getByRole('row').filter({ hasText: lost.id }).first()).toContainText('2FA hersteld');

  // Their old session is over: the next page asks for the password again.
  await stillInPage.goto('/admin/bookings');
  await expect(stillInPage).toHaveURL(/\/admin\/login/);
  await expect(stillInPage.getByRole('textbox', { name: 'Wachtwoord' })).toBeVisible();
  // And their next login sets up a new app.
  await password(stillInPage, lost);
  await expect(stillInPage.getByRole('heading', { name: 'Tweestapsverificatie instellen' })).toBeVisible();
  const secret = (await stillInPage.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  expect(secret).not.toBe(lost.totpSecret);
  await code(stillInPage, totpCode(secret), 'Bevestigen');
  await expect(stillInPage).toHaveURL(/\/admin\/approvals$/);
  await stillIn.close();
  await office.close();
});

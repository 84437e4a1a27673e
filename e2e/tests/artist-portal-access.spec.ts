// Who reaches the artist portal and as what: a guest's 'Artiest worden' leads through
// signup and the confirmation mail to the onboarding; a rejected application shows the admin's
// reason and is sent again; user mode (SPEC 4.4) is shown and switched in the header's menus and
// the portal, kept on the device under 'userMode', and decides where an artist lands after login.
import { expect, test, type Page } from '@playwright/test';
import { createArtist, createCustomer } from '../fixtures/backoffice.ts';
import { verifyLink, waitForMail } from '../fixtures/mail.ts';
import { sentApplication } from '../fixtures/onboarding.ts';
import { approvalsQueue, closePages, openProfileMenu, pageAs } from '../fixtures/pages.ts';
import { hydrated } from '../fixtures/hydration.ts';

test.afterEach(closePages);

const toast = (page: Page) => page.getByTestId('toast').first();

test("a guest's 'Artiest worden' signs up, and the confirmation mail's link opens the onboarding", async ({ browser, baseURL }) => {
  const email = `artiest-${Date.now()}@example.nl`;
  const started = Date.now() - 1000;
  const page = await pageAs(browser, baseURL!, null);
  await page.goto('/');
  const become = page.getByTestId('site-header').getByRole('button', { name: 'Artiest worden' });
  await hydrated(become);
  await become.click();
  const dialog = page.getByRole('dialog', { name: 'Account Aanmaken' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Voornaam').fill('Fenna');
  await dialog.getByLabel('Achternaam').fill('Fluit');
  await dialog.getByLabel('E-mailadres').fill(email);
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill('geheim123');
  await dialog.getByLabel('Bevestig wachtwoord').fill('geheim123');
  await dialog.getByRole('checkbox').check({ force: true });
  await dialog.getByRole('button', { name: 'Account Aanmaken' }).click();
  await expect(toast(page)).toContainText('Account aangemaakt!');

  // The mail opens in a new tab, which has none of this tab's session storage.
  const mail = await waitForMail(email, { after: started });
  const tab = await page.context().newPage();
  await tab.goto(verifyLink(mail));
  await expect(tab).toHaveURL(/\/artist-onboarding$/);
  await expect(tab.getByRole('heading', { level: 1, name: 'Artiest worden' })).toBeVisible();
  await expect(tab.getByLabel('Naam van je act')).toBeVisible();
});

test('a rejected application shows the reason; fixed and sent again, it is back in the queue', async ({ browser, baseURL }) => {
  test.slow();
  const act = await sentApplication();
  const reason = 'Je foto is te donker. Voeg een foto van een optreden toe.';

  const office = await approvalsQueue(browser, baseURL!, act.name);
  await office.getByRole('row').filter({ hasText: act.name }).getByText(act.name, { exact: true }).click();
  await office.getByTestId('artist-preview').getByRole('button', { name: 'Afwijzen' }).click();
  await office.getByRole('textbox', { name: 'Reden van afwijzing' }).fill(reason);
  await office.getByRole('dialog').getByRole('button', { name: 'Afwijzen' }).click();
  await expect(office.getByText('Artiest afgewezen; de artiest krijgt een e-mail.')).toBeVisible();

  // The artist sees the reason instead of the dashboard, fixes the bio and sends it again.
  const page = await pageAs(browser, baseURL!, act.owner);
  await page.goto('/dashboard/artist');
  await expect(page).toHaveURL(/\/artist-onboarding/);
  await expect(page.getByTestId('rejection-reason')).toHaveText(reason);
  await page
    .getByRole('navigation', { name: 'Stappen' })
    .getByRole('button', { name: /Je act/ })
    .click();
  const bio = page.getByLabel('Over je act');
  await bio.fill(`${await bio.inputValue()} Nieuwe foto's van ons optreden in TivoliVredenburg staan erbij.`);
  await page.getByRole('button', { name: 'Opslaan en verder' }).click();
  // Saved: the next step opens; from there the artist goes to sending.
  await expect(page.getByRole('heading', { level: 2, name: '2. Locatie' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Stappen' })
    .getByRole('button', { name: /Versturen/ })
    .click();
  await page.getByRole('button', { name: 'Opnieuw versturen' }).click();
  await expect(page.getByTestId('onboarding-pending')).toContainText('We bekijken je aanmelding');
  await expect(page.getByTestId('onboarding-rejected')).toHaveCount(0);

  // Back in the admin's queue.
  await office.reload();
  await office.getByRole('textbox', { name: 'Zoeken' }).fill(act.name);
  await expect(office.getByRole('row').filter({ hasText: act.name }).first()).toBeVisible();
});

test('user mode: an artist switches to customer and back in the menus and the portal; the choice decides where login lands', async ({ browser, baseURL }) => {
  test.slow();
  const artist = await createArtist({ approved: true });
  const page = await pageAs(browser, baseURL!, artist.owner);
  await page.goto('/news');

  // An artist with no stored choice is in artist mode.
  let menu = await openProfileMenu(page);
  const modes = menu.getByTestId('user-mode');
  await expect(modes.getByText('Je gebruikt Podium als')).toBeVisible();
  await expect(modes.getByRole('menuitemradio', { name: 'Artiest' })).toBeChecked();
  await modes.getByRole('menuitemradio', { name: 'Klant' }).click();
  await expect(toast(page)).toContainText('Je gebruikt Podium nu als klant.');
  await expect(page).toHaveURL(/\/news$/);
  expect(await page.evaluate(() => localStorage.getItem('userMode'))).toBe('customer');

  // Logged out and in again on this device: customer mode lands on the home page, not the dashboard.
  menu = await openProfileMenu(page);
  await menu.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await page.getByTestId('site-header').getByRole('button', { name: 'Inloggen' }).click();
  const login = page.getByRole('dialog', { name: 'Inloggen' });
  await login.getByRole('tab', { name: 'Artiest' }).click();
  await login.getByLabel('E-mailadres').fill(artist.owner.email);
  await login.getByLabel('Wachtwoord', { exact: true }).fill(artist.owner.password);
  await login.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(toast(page)).toContainText('Welkom terug!');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  // The address changes first; the home page (its header transparent over the hero) then replaces the news page.
  await expect(page.getByTestId('site-header')).toHaveAttribute('data-transparent', 'true');
  // The menu used before logging out stays closed until it is pressed again.
  await expect(page.getByTestId('site-header').getByRole('button', { name: 'Profielmenu' })).toBeVisible();
  await expect(page.getByTestId('profile-menu')).toBeHidden();

  // Artist mode from the menu opens the dashboard.
  menu = await openProfileMenu(page);
  await expect(menu.getByRole('menuitemradio', { name: 'Klant' })).toBeChecked();
  await menu.getByRole('menuitemradio', { name: 'Artiest' }).click();
  await expect(page).toHaveURL(/\/dashboard\/artist$/);
  await expect(page.getByRole('heading', { level: 1, name: artist.name })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userMode'))).toBe('artist');

  // The portal leads back to customer mode, which the menu then shows.
  await page.getByRole('button', { name: 'Accountmenu' }).click();
  await page.getByTestId('account-menu').getByRole('menuitem', { name: 'Naar klantmodus' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  menu = await openProfileMenu(page);
  await expect(menu.getByRole('menuitemradio', { name: 'Klant' })).toBeChecked();

  // Opening the dashboard with an approved act is artist mode again.
  await page.keyboard.press('Escape');
  await page.goto('/dashboard/artist/agenda');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Accountmenu' }).click();
  await expect(page.getByTestId('account-menu').getByRole('menuitem', { name: 'Naar klantmodus' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('userMode'))).toBe('artist');
});

test('user mode on a phone: the Menu sheet shows it; a customer, who has no act, is not offered it', async ({ browser, baseURL }) => {
  const artist = await createArtist({ approved: true });
  const phone = await pageAs(browser, baseURL!, artist.owner, 390);
  await phone.goto('/news');
  const open = phone.getByTestId('bottom-nav').getByRole('button', { name: 'Menu', exact: true });
  await hydrated(open);
  await open.click();
  const sheet = phone.getByTestId('menu-sheet');
  await expect(sheet.getByRole('radio', { name: 'Artiest' })).toBeChecked();
  await sheet.getByText('Klant', { exact: true }).click();
  await expect(sheet.getByRole('radio', { name: 'Klant' })).toBeChecked();
  await expect(toast(phone)).toContainText('Je gebruikt Podium nu als klant.');

  const customer = await createCustomer();
  const page = await pageAs(browser, baseURL!, customer);
  await page.goto('/news');
  const menu = await openProfileMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'Artiest worden' })).toBeVisible();
  await expect(menu.getByTestId('user-mode')).toHaveCount(0);
});

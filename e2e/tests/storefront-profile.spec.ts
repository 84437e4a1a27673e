// 'Mijn profiel', 'Profiel bewerken' and 'Profiel aanvullen' as customers use them:
// the profile sums up name, e-mail, BANDS and bookings; names and a Dutch phone number are saved
// (the header follows) and a bad number is refused at its field; a photo is cropped in the
// browser, uploaded and removed, a non-image refused; a new e-mail address is confirmed from the
// mail catcher and logs in; a new password logs in; an account is deleted (the artist then sees
// 'Verwijderde gebruiker') or refused while a gig is coming; a user without names or terms (a
// Google sign-up) completes the profile first and lands where they were going. axe on all three
// pages at 390 and 1280 px.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { confirmedBooking, completedBooking } from '../fixtures/booking-lifecycle.ts';
import { createArtist, createCustomer, service, type TestArtist } from '../fixtures/backoffice.ts';
import { verifyLink, waitForMail } from '../fixtures/mail.ts';
import { closePages, openProfileMenu, pageAs } from '../fixtures/pages.ts';
import { createConfirmedUser, signIn, stack, type TestUser } from '../fixtures/stack.ts';
import { encodePng } from '@podium/shared/png.test-support';
import { createNodeClient } from '@podium/shared/supabase-node';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

// A page waits on the session, then its own reads: on a busy machine that is more than 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

test.afterEach(closePages);
// Each journey makes its own users and bookings through the real flows (payments included).
test.beforeEach(() => test.slow());

const toast = (page: Page) => page.getByTestId('toast').first();

async function profileRow(user: TestUser) {
  const { data, error } = await service().from('profiles').select('*').eq('id', user.id).single();
  if (error) throw new Error(`reading the profile of ${user.email}: ${error.message}`);
  return data as { first_name: string; last_name: string; phone: string | null; avatar_path: string | null; email: string | null; terms_accepted_at: string | null; deleted_at: string | null };
}

/** A real PNG (a colour gradient): what a person picks from their photos. */
const gradientPng = (width: number, height: number) => encodePng(width, height, 'rgb', (x, y) => [Math.round((x / width) * 255), Math.round((y / height) * 255), 160]);

test.describe('Mijn profiel', () => {
  let artist: TestArtist;
  test.beforeAll(async () => {
    artist = await createArtist({ approved: true, name: `Profielband ${Date.now().toString(36)}` });
  });

  test('shows the name, e-mail, BANDS balance and a summary of the bookings', async ({ browser, baseURL }) => {
    const customer = await createCustomer('Pia', 'Profiel');
    expect((await service().rpc('admin_adjust_bands', { target_user: customer.id, amount: 1_250, reason: 'Test: BANDS op het profiel' })).error).toBeNull();
    await completedBooking(customer, artist, 20);
    await confirmedBooking(customer, artist, 90);

    const page = await pageAs(browser, baseURL!, customer);
    await page.goto('/');
    const menu = await openProfileMenu(page);
    await menu.getByRole('menuitem', { name: 'Profiel' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mijn profiel');
    await expect(page.getByTestId('profile-name')).toHaveText('Pia Profiel');
    await expect(page.getByTestId('profile-email')).toHaveText(customer.email);
    await expect(page.getByTestId('email-verified')).toBeVisible();
    await expect(page.getByTestId('profile-bands')).toHaveText('€ 12,50');
    await expect(page.getByRole('link', { name: 'Naar je BANDS Dashboard' })).toHaveAttribute('href', '/referral-bands/dashboard');
    await expect(page.getByTestId('profile-upcoming')).toHaveText('1');
    await expect(page.getByTestId('profile-completed')).toHaveText('1');
    await expect(page.getByTestId('profile-next-gig')).toContainText(artist.name);
    await expect(page.getByTestId('profile-next-gig')).toContainText('Bevestigd');
    await expect(page.getByTestId('profile-review-count')).toContainText('0 reviews geschreven');
    await expect(page.getByRole('link', { name: 'Naar Mijn reviews' })).toHaveAttribute('href', '/reviews/customer');
    await page.getByRole('link', { name: 'Naar Mijn boekingen' }).click();
    await expect(page).toHaveURL(/\/bookings$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Profiel bewerken' }).click();
    await expect(page).toHaveURL(/\/profile\/edit$/);
  });
});

test.describe('Profiel bewerken', () => {
  test('names and a Dutch phone number are saved and the header follows; a bad number changes nothing', async ({ browser, baseURL }) => {
    const customer = await createCustomer('Oud', 'Naam');
    const page = await pageAs(browser, baseURL!, customer);
    await page.goto('/profile/edit');
    const details = page.getByRole('form', { name: 'Persoonlijke gegevens' });
    await details.getByLabel('Voornaam').fill('Petra');
    await details.getByLabel('Achternaam').fill('de Vries');
    await details.getByLabel(/Telefoonnummer/).fill('06-1234 5678');
    await details.getByRole('button', { name: 'Gegevens opslaan' }).click();
    await expect(toast(page)).toContainText('Je gegevens zijn opgeslagen.');
    await expect(details.getByLabel(/Telefoonnummer/)).toHaveValue('06 12345678');
    expect(await profileRow(customer)).toMatchObject({ first_name: 'Petra', last_name: 'de Vries', phone: '+31612345678' });
    // The header's menu has the new name at once, without a reload.
    const menu = await openProfileMenu(page);
    await expect(menu.getByTestId('profile-menu-name')).toHaveText('Petra de Vries');
    await page.keyboard.press('Escape');

    // A number that is not Dutch: the message at the field, nothing written.
    await details.getByLabel(/Telefoonnummer/).fill('12345');
    await details.getByLabel('Voornaam').fill('Anders');
    await details.getByRole('button', { name: 'Gegevens opslaan' }).click();
    await expect(details.getByTestId('phone-error')).toHaveText('Vul een geldig Nederlands telefoonnummer in, bijvoorbeeld 06 12345678.');
    await expect(details.getByLabel(/Telefoonnummer/)).toBeFocused();
    // An empty first name: SPEC 5.1's message.
    await details.getByLabel('Voornaam').fill('  ');
    await details.getByRole('button', { name: 'Gegevens opslaan' }).click();
    await expect(details.getByTestId('firstName-error')).toHaveText('Vul je voornaam in');
    expect(await profileRow(customer)).toMatchObject({ first_name: 'Petra', last_name: 'de Vries', phone: '+31612345678' });

    await page.goto('/profile');
    await expect(page.getByTestId('profile-name')).toHaveText('Petra de Vries');
    await expect(page.getByTestId('profile-phone')).toHaveText('06 12345678');
  });

  test('a photo is cropped square, uploaded, shown in the header and removed; a non-image is refused', async ({ browser, baseURL }) => {
    const customer = await createCustomer('Foto', 'Graaf');
    const page = await pageAs(browser, baseURL!, customer);
    await page.goto('/profile/edit');
    const header = page.getByTestId('site-header');
    await expect(header.getByTestId('user-avatar')).toHaveCount(0);

    // Not an image: refused at once, no crop dialog, nothing stored.
    await page.getByTestId('avatar-input').setInputFiles({ name: 'notities.txt', mimeType: 'text/plain', buffer: Buffer.from('geen foto') });
    await expect(page.getByTestId('avatar-problem')).toHaveText('Kies een foto (JPG, PNG, WebP of AVIF).');
    await expect(page.getByTestId('avatar-crop-dialog')).toHaveCount(0);
    expect((await profileRow(customer)).avatar_path).toBeNull();

    await page.getByTestId('avatar-input').setInputFiles({ name: 'vakantie.png', mimeType: 'image/png', buffer: gradientPng(640, 400) });
    const dialog = page.getByTestId('avatar-crop-dialog');
    await expect(dialog.getByRole('heading', { name: 'Foto bijsnijden' })).toBeVisible();
    await dialog.getByLabel('Zoom').fill('1.5');
    await dialog.getByRole('button', { name: 'Foto opslaan' }).click();
    await expect(toast(page)).toContainText('Je profielfoto is opgeslagen.');
    await expect(dialog).toHaveCount(0);

    const stored = (await profileRow(customer)).avatar_path;
    expect(stored).toMatch(new RegExp(`^${customer.id}/[0-9a-f-]{36}\\.(webp|jpg)$`));
    // The stored photo is the 512 x 512 square.
    const image = await page.request.get(`${stack.apiUrl}/storage/v1/object/public/avatars/${stored}`);
    expect(image.ok()).toBe(true);
    const size = await page.evaluate(async (url) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      return [bitmap.width, bitmap.height];
    }, `${stack.apiUrl}/storage/v1/object/public/avatars/${stored}`);
    expect(size).toEqual([512, 512]);

    await expect(header.getByTestId('user-avatar')).toHaveAttribute('src', new RegExp(`/avatars/${customer.id}/`));
    await page.goto('/profile');
    await expect(page.getByTestId('profile-identity').getByTestId('user-avatar')).toBeVisible();

    await page.goto('/profile/edit');
    await page.getByRole('button', { name: 'Foto verwijderen' }).click();
    await expect(toast(page)).toContainText('Je profielfoto is verwijderd.');
    await expect(header.getByTestId('user-avatar')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Profielfoto' }).getByTestId('user-initials')).toHaveText('FG');
    expect((await profileRow(customer)).avatar_path).toBeNull();
    const gone = await service().storage.from('avatars').list(customer.id);
    expect(gone.data ?? []).toEqual([]);
  });

  test('a new e-mail address is confirmed from the mail and logs in', async ({ browser, baseURL }) => {
    const customer = await createCustomer('Mail', 'Wissel');
    const page = await pageAs(browser, baseURL!, customer);
    await page.goto('/profile/edit');
    const form = page.getByRole('form', { name: 'E-mailadres wijzigen' });
    await form.getByLabel('Nieuw e-mailadres').fill('geen-adres');
    await form.getByRole('button', { name: 'E-mailadres wijzigen' }).click();
    await expect(form.getByTestId('email-error')).toHaveText('Vul een geldig e-mailadres in');

    const started = Date.now() - 1000;
    const newEmail = `nieuw-${Date.now().toString(36)}@example.nl`;
    await form.getByLabel('Nieuw e-mailadres').fill(newEmail.toUpperCase());
    await form.getByRole('button', { name: 'E-mailadres wijzigen' }).click();
    await expect(form.getByTestId('email-change-pending')).toContainText(`We hebben een bevestigingslink gestuurd naar ${newEmail}`);
    // Until the link is opened, the account keeps its address.
    expect((await profileRow(customer)).email).toBe(customer.email);

    const mail = await waitForMail(newEmail, { after: started });
    await page.goto(verifyLink(mail));
    await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
    await expect(toast(page)).toContainText('E-mailadres gewijzigd');
    await expect(page.getByTestId('profile-email')).toHaveText(newEmail);
    expect((await profileRow(customer)).email).toBe(newEmail);
    await signIn({ ...customer, email: newEmail });
  });

  test('a new password logs in, the old one no longer', async ({ browser, baseURL }) => {
    const customer = await createCustomer('Wacht', 'Woord');
    const page = await pageAs(browser, baseURL!, customer);
    await page.goto('/profile/edit');
    const form = page.getByRole('form', { name: 'Wachtwoord wijzigen' });
    await form.getByLabel('Nieuw wachtwoord', { exact: true }).fill('kort');
    await form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await expect(form.getByText('Wachtwoord moet minimaal 6 karakters lang zijn')).toBeVisible();
    await form.getByLabel('Nieuw wachtwoord', { exact: true }).fill('nieuw-geheim-2026');
    await form.getByLabel('Bevestig nieuw wachtwoord').fill('nieuw-geheim-2027');
    await form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await expect(form.getByText('Wachtwoorden komen niet overeen')).toBeVisible();
    await form.getByLabel('Bevestig nieuw wachtwoord').fill('nieuw-geheim-2026');
    await form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await expect(toast(page)).toContainText('Je wachtwoord is gewijzigd.');
    await signIn({ ...customer, password: 'nieuw-geheim-2026' });
    await expect(signIn(customer)).rejects.toThrow(/Invalid login credentials/);
  });
});

test.describe('Account verwijderen', () => {
  let artist: TestArtist;
  test.beforeAll(async () => {
    artist = await createArtist({ approved: true, name: `Afscheidsband ${Date.now().toString(36)}` });
  });

  test('deletes a customer with a past gig and a conversation; the artist sees Verwijderde gebruiker', async ({ browser, baseURL }) => {
    const customer = await createCustomer('Vera', 'Vertrek');
    await completedBooking(customer, artist, 15);
    const client = createNodeClient(stack.apiUrl, stack.anonKey);
    const session = await signIn(customer);
    await client.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    const conversation = await client.rpc('start_conversation', { artist: artist.id });
    expect(conversation.error).toBeNull();
    const conversationId = conversation.data as string;
    expect((await client.from('chat_messages').insert({ conversation_id: conversationId, sender_id: customer.id, message_text: 'Bedankt voor het mooie feest!' })).error).toBeNull();

    const page = await pageAs(browser, baseURL!, customer);
    await page.goto('/profile/edit');
    await page.getByRole('button', { name: 'Account verwijderen' }).click();
    const dialog = page.getByTestId('delete-account-dialog');
    const confirm = dialog.getByRole('button', { name: 'Account definitief verwijderen' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Typ VERWIJDEREN om te bevestigen').fill('verwijder');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Typ VERWIJDEREN om te bevestigen').fill('VERWIJDEREN');
    await confirm.click();
    await expect(page).toHaveURL(new URL('/', baseURL).href, { timeout: 20_000 });
    await expect(toast(page)).toContainText('Je account is verwijderd.');
    await expect(page.getByTestId('site-header').getByRole('button', { name: 'Inloggen' })).toBeVisible();
    await expect(signIn(customer)).rejects.toThrow();
    expect((await profileRow(customer)).deleted_at).not.toBeNull();

    const artistPage = await pageAs(browser, baseURL!, artist.owner);
    await artistPage.goto('/messages');
    await expect(artistPage.getByRole('link', { name: /^Verwijderde gebruiker/ })).toBeVisible();
    // The gig stays in the artist's books, under an anonymised customer.
    await artistPage.goto('/dashboard/artist/boekingen?tab=afgelopen');
    const past = artistPage.getByRole('tabpanel');
    await expect(past).toContainText('Verwijderde gebruiker');
    await expect(past).not.toContainText('Vertrek');
  });

  test('is refused while a confirmed gig is still coming, with the way to Mijn boekingen', async ({ browser, baseURL }) => {
    const customer = await createCustomer('Blijf', 'Hier');
    await confirmedBooking(customer, artist, 45);
    const page = await pageAs(browser, baseURL!, customer);
    await page.goto('/profile/edit');
    await page.getByRole('button', { name: 'Account verwijderen' }).click();
    const dialog = page.getByTestId('delete-account-dialog');
    await dialog.getByLabel('Typ VERWIJDEREN om te bevestigen').fill('VERWIJDEREN');
    await dialog.getByRole('button', { name: 'Account definitief verwijderen' }).click();
    await expect(dialog.getByTestId('delete-account-refusal')).toContainText('Je kunt je account nog niet verwijderen: er staat nog een geaccepteerde of bevestigde boeking gepland.');
    await dialog.getByRole('link', { name: 'Naar Mijn boekingen' }).click();
    await expect(page).toHaveURL(/\/bookings$/);
    expect((await profileRow(customer)).deleted_at).toBeNull();
    await signIn(customer);
  });
});

test('a user without names or accepted terms (a Google sign-up) completes the profile, then lands where they were going', async ({ browser, baseURL }) => {
  const user = await createConfirmedUser('google', null);
  const page = await pageAs(browser, baseURL!, user);
  await page.goto('/bookings?tab=afgelopen');
  await expect(page).toHaveURL(/\/complete-profile\?next=%2Fbookings%3Ftab%3Dafgelopen$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profiel aanvullen');
  // The terms and privacy pages open in a new tab, and are never sent here themselves.
  const form = page.getByRole('form', { name: 'Profiel aanvullen' });
  await expect(form.getByRole('link', { name: 'algemene voorwaarden' })).toHaveAttribute('target', '_blank');
  await expect(form.getByRole('link', { name: 'privacybeleid' })).toHaveAttribute('target', '_blank');

  await form.getByRole('button', { name: 'Opslaan en verder' }).click();
  await expect(form.getByText('Vul je voornaam in')).toBeVisible();
  await expect(form.getByText('Vul je achternaam in')).toBeVisible();
  await expect(form.getByTestId('terms-error')).toHaveText('Je moet de algemene voorwaarden accepteren om door te gaan');
  await form.getByLabel('Voornaam').fill('Gijs');
  await form.getByLabel('Achternaam').fill('Google');
  await form.getByRole('button', { name: 'Opslaan en verder' }).click();
  await expect(form.getByTestId('terms-error')).toBeVisible();
  expect((await profileRow(user)).terms_accepted_at).toBeNull();
  await form.getByText('Ik ga akkoord met de').click();
  await form.getByRole('button', { name: 'Opslaan en verder' }).click();

  await expect(page).toHaveURL(/\/bookings\?tab=afgelopen$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mijn boekingen');
  expect(await profileRow(user)).toMatchObject({ first_name: 'Gijs', last_name: 'Google' });
  expect((await profileRow(user)).terms_accepted_at).not.toBeNull();
  // Complete now: other pages are no longer sent away.
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText('Gijs Google');
});

test.describe('axe', () => {
  for (const width of [390, 1280]) {
    test(`no serious violations on /profile, /profile/edit and /complete-profile at ${width} px`, async ({ browser, baseURL }) => {
      const customer = await createCustomer('Axe', 'Tester');
      const page = await pageAs(browser, baseURL!, customer, width);
      await page.goto('/profile');
      await expect(page.getByTestId('profile-bands')).toBeVisible();
      await expect(page.getByTestId('profile-upcoming')).toBeVisible();
      await expect(page.getByTestId('profile-review-count')).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.goto('/profile/edit');
      await expect(page.getByRole('form', { name: 'Persoonlijke gegevens' })).toBeVisible();
      await expectNoSeriousViolations(page);
      const google = await pageAs(browser, baseURL!, await createConfirmedUser('google', null), width);
      await google.goto('/complete-profile');
      await expect(google.getByRole('form', { name: 'Profiel aanvullen' })).toBeVisible();
      await google.getByRole('button', { name: 'Opslaan en verder' }).click();
      await expect(google.getByTestId('terms-error')).toBeVisible();
      await expectNoSeriousViolations(google);
    });
  }
});

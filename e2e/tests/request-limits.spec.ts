// Limits as a person meets them: a visitor who keeps sending the contact form hears in
// Dutch that it is enough for this hour, as does a customer who keeps asking one act; a customer
// whose session is older than a day changes the password only with the code mailed to them.
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { closePool, sql } from '../../supabase/tests/support.ts';
import { createArtist, createCustomer, requestBooking } from '../fixtures/backoffice.ts';
import { dayInTwoMonths, fillTheRest, longDate } from '../fixtures/booking-form.ts';
import { hydrated } from '../fixtures/hydration.ts';
import { waitForMail } from '../fixtures/mail.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import { signIn } from '../fixtures/stack.ts';
import { asOwnVisitor } from '../fixtures/visitor.ts';

test.afterAll(async () => {
  await closePages();
  await closePool();
});

test('the contact form tells a visitor over the hourly limit to try later', async ({ page }) => {
  test.setTimeout(120_000);
  await asOwnVisitor(page);
  const email = `e2e-vaak-${randomUUID().slice(0, 8)}@example.nl`;
  await page.goto('/contact');
  const send = page.getByRole('button', { name: 'Bericht versturen' });
  await hydrated(send);
  for (let i = 1; i <= 4; i++) {
    await page.getByLabel('Naam').fill('Vera Vaak');
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Je bericht').fill(`Nog een vraag, nummer ${i}, over jullie bands.`);
    await send.click();
    if (i < 4) {
      await expect(page.getByRole('status')).toContainText('Bedankt, je bericht is verstuurd!');
      await page.goto('/contact');
      await hydrated(send);
    }
  }
  await expect(page.getByText('Je hebt het afgelopen uur al een paar berichten gestuurd. Probeer het later opnieuw of bel ons.')).toBeVisible();
  expect((await sql<{ n: string }>('select count(*) n from public.contact_requests where email = $1', [email]))[0]!.n).toBe('3');
});

test('a password change in a session older than a day asks for the mailed code', async ({ browser, baseURL }) => {
  const customer = await createCustomer('Oud', 'Sessie');
  const page = await pageAs(browser, baseURL!, customer);
  await sql(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [customer.id]);
  await page.goto('/profile/edit');
  const form = page.getByRole('form', { name: 'Wachtwoord wijzigen' });
  await form.getByLabel('Nieuw wachtwoord', { exact: true }).fill('nieuw-geheim-2026');
  await form.getByLabel('Bevestig nieuw wachtwoord').fill('nieuw-geheim-2026');
  const started = Date.now() - 1000;
  await form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(form.getByRole('status')).toHaveText('We hebben je een code gemaild. Vul die hieronder in om je nieuwe wachtwoord op te slaan.');
  const code = /Je code: (\d{6})/.exec((await waitForMail(customer.email, { after: started })).Text)![1]!;

  await form.getByLabel('Code uit je mail').fill(code === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(form.getByText('Deze code klopt niet of is verlopen. Vraag een nieuwe code aan.')).toBeVisible();
  await form.getByLabel('Code uit je mail').fill(code);
  await form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByText('Je wachtwoord is gewijzigd.')).toBeVisible();
  await signIn({ ...customer, password: 'nieuw-geheim-2026' });
});

test('the booking form tells a customer who asked one act too often today to wait', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const artist = await createArtist({ approved: true, name: `Drukke band ${Date.now().toString(36)}` });
  const customer = await createCustomer('Anna', 'Aandringer');
  const perArtist = Number((await sql<{ value_int: number }>(`select value_int from public.app_config where key = 'booking_requests_per_day_per_artist'`))[0]!.value_int);
  for (let i = 0; i < perArtist; i++) await requestBooking(customer, artist.id, 90 + i * 3);
  const page = await pageAs(browser, baseURL!, customer);
  const date = dayInTwoMonths(18);
  await page.goto(`/artists/${artist.slug}/boeken?datum=${date}`);
  await expect(page.getByText(`Gekozen: ${longDate(date)}`)).toBeVisible();
  await fillTheRest(page);
  await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
  await expect(page.getByText(`Je hebt deze artiest de afgelopen 24 uur al ${perArtist} aanvragen gestuurd. Wacht op een antwoord of probeer het morgen opnieuw.`)).toBeVisible();
  await expect(page.getByTestId('booking-requested')).toHaveCount(0);
  expect((await sql<{ n: string }>('select count(*) n from public.bookings where customer_id = $1', [customer.id]))[0]!.n).toBe(String(perArtist));
});

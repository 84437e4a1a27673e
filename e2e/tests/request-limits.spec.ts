// Limits as a person meets them (issue 19): a visitor who keeps sending the contact form hears in
// Dutch that it is enough for this hour (and the team gets no extra mail); a customer whose session
// is older than a day changes the password only with the code mailed to them.
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { closePool, sql } from '../../supabase/tests/support.ts';
import { createCustomer } from '../fixtures/backoffice.ts';
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

// Messages: a recipient who has not read a message gets one e-mail summarising what
// waits, and its link opens that conversation. The scheduler runs send-chat-digests every 5
// minutes for messages unread for 15; the test runs it at once, for messages unread for 0 s.
import { expect, test } from '@playwright/test';
import { createArtist, createCustomer } from '../fixtures/backoffice.ts';
import { waitForMail } from '../fixtures/mail.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import { stack } from '../fixtures/stack.ts';

test.afterEach(closePages);

const runDigests = () =>
  fetch(`${stack.apiUrl}/functions/v1/send-chat-digests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ unreadForSeconds: 0 }),
  });

test('an unread message reaches the artist as one summary mail whose link opens the conversation', async ({ browser, baseURL }) => {
  const artist = await createArtist({ approved: true, name: `Mailband ${Date.now().toString(36)}` });
  const customer = await createCustomer('Mila', 'Mail');
  const customerPage = await pageAs(browser, baseURL!, customer);
  await customerPage.goto(`/artists/${artist.slug}`);
  await customerPage.getByRole('button', { name: 'Stuur een bericht' }).locator('visible=true').click();
  const composer = customerPage.getByRole('textbox', { name: /^Bericht aan/ });
  await expect(composer).toBeFocused();
  await composer.fill('Zijn jullie vrij op 12 juni?');
  await composer.press('Enter');
  await composer.fill('Het is een tuinfeest voor 80 gasten.');
  await composer.press('Enter');
  await expect(customerPage.getByTestId('own-message')).toHaveCount(2);
  await expect(customerPage.getByTestId('own-message').last()).not.toContainText('Niet verzonden');

  const sentAt = Date.now() - 1000;
  expect((await runDigests()).status).toBe(200);
  const mail = await waitForMail(artist.owner.email, { subject: /^2 ongelezen berichten van Mila Mail$/, after: sentAt });
  expect(mail.Text).toContain('Het is een tuinfeest voor 80 gasten.');
  const link = /Lees en antwoord: (\S+)/.exec(mail.Text)?.[1];
  expect(link).toMatch(/\/messages\?c=[0-9a-f-]{36}$/);

  // The link opens the conversation, which reading marks read: the customer sees 'Gelezen'.
  const artistPage = await pageAs(browser, baseURL!, artist.owner);
  await artistPage.goto(new URL(link!).pathname + new URL(link!).search);
  const thread = artistPage.getByRole('region', { name: 'Gesprek met Mila Mail' });
  await expect(thread).toBeVisible();
  await expect(thread.getByText('Het is een tuinfeest voor 80 gasten.')).toBeVisible();
  await expect(customerPage.getByTestId('own-message').last()).toContainText('Gelezen');
});

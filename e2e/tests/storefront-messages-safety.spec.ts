// An artist who gets an unwanted message: they report the conversation to the team and block the
// customer, from the thread. The customer can no longer write there (told so in Dutch, nothing
// sent) nor start a new conversation from the act's page; the report waits in the back office's
// 'Gemelde gesprekken' with who reported whom and why.
import { expect, test, type Page } from '@playwright/test';
import { createAdmin, createArtist, createCustomer, logInToBackOffice, type TestArtist } from '../fixtures/backoffice.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import type { TestUser } from '../fixtures/stack.ts';

test.afterEach(closePages);

let artist: TestArtist;
let customer: TestUser;
test.beforeEach(async () => {
  artist = await createArtist({ approved: true, name: `Meldband ${Date.now().toString(36)}` });
  customer = await createCustomer('Stijn', 'Spammer');
});

const composer = (page: Page) => page.getByRole('textbox', { name: /^Bericht aan/ });

test('an artist reports and blocks a customer; the customer can no longer write; the report is in the back office', async ({ browser, baseURL }) => {
  test.slow();
  const customerPage = await pageAs(browser, baseURL!, customer);
  await customerPage.goto(`/artists/${artist.slug}`);
  await customerPage.getByRole('button', { name: 'Stuur een bericht' }).locator('visible=true').click();
  await expect(customerPage).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/);
  const conversationUrl = customerPage.url();
  await composer(customerPage).fill('Koop nu goedkope volgers op mijn site!');
  await composer(customerPage).press('Enter');
  await expect(customerPage.getByTestId('own-message').last()).toContainText('Koop nu goedkope volgers');

  const artistPage = await pageAs(browser, baseURL!, artist.owner);
  await artistPage.goto(new URL(conversationUrl).pathname + new URL(conversationUrl).search);
  const thread = artistPage.getByRole('region', { name: 'Gesprek met Stijn Spammer' });
  await expect(thread.getByTestId('their-message')).toContainText('Koop nu goedkope volgers');

  // Report: a reason is required, then the team has it.
  await thread.getByRole('button', { name: 'Melden' }).click();
  const report = artistPage.getByTestId('report-dialog');
  await expect(report.getByRole('heading', { name: 'Gesprek melden' })).toBeVisible();
  await report.getByRole('button', { name: 'Melding versturen' }).click();
  await expect(report.getByText('Kies een reden voor je melding.')).toBeVisible();
  await report.getByLabel('Reden').selectOption({ label: 'Spam of reclame' });
  await report.getByLabel('Toelichting (niet verplicht)').fill('Stuurt reclame voor volgers.');
  await report.getByRole('button', { name: 'Melding versturen' }).click();
  await expect(artistPage.getByText('Bedankt, je melding is verstuurd naar het Podium-team.')).toBeVisible();
  await expect(report).toHaveCount(0);

  // Block: behind a confirmation; the composer makes way for the note with 'Deblokkeren'.
  await thread.getByRole('button', { name: 'Blokkeren' }).click();
  const block = artistPage.getByTestId('block-dialog');
  await expect(block.getByRole('heading', { name: 'Stijn Spammer blokkeren?' })).toBeVisible();
  await block.getByRole('button', { name: 'Blokkeren' }).click();
  await expect(artistPage.getByText('Stijn Spammer is geblokkeerd.')).toBeVisible();
  const blockedNote = artistPage.getByTestId('conversation-blocked');
  await expect(blockedNote).toContainText('Je hebt Stijn Spammer geblokkeerd. Jullie kunnen elkaar geen berichten meer sturen.');
  await expect(blockedNote.getByRole('button', { name: 'Deblokkeren' })).toBeVisible();
  await expect(composer(artistPage)).toHaveCount(0);

  // The customer, whose page still shows the composer: a message is refused in Dutch and not sent.
  await composer(customerPage).fill('Hallo? Nog een aanbieding!');
  await composer(customerPage).press('Enter');
  await expect(customerPage.getByText('Je kunt deze artiest geen berichten meer sturen.').first()).toBeVisible();
  await expect(customerPage.getByTestId('own-message').filter({ hasText: 'Nog een aanbieding' })).toHaveCount(0);
  // Opened again, the thread says so instead of offering a composer.
  await customerPage.reload();
  await expect(customerPage.getByTestId('conversation-blocked')).toContainText(`Je kunt ${artist.name} geen berichten meer sturen.`);
  await expect(composer(customerPage)).toHaveCount(0);
  // Nor does the act's page open a new conversation.
  await customerPage.goto(`/artists/${artist.slug}`);
  await customerPage.getByRole('button', { name: 'Stuur een bericht' }).locator('visible=true').click();
  await expect(customerPage.getByText('Je kunt deze artiest geen berichten meer sturen.').first()).toBeVisible();

  // The team sees the report, with the block.
  const admin = await createAdmin();
  const office = await pageAs(browser, baseURL!, null);
  await office.goto('/admin/login');
  await logInToBackOffice(office, admin);
  // The menu appears once the login is through; each screen loads when first opened.
  await office.getByRole('menuitem', { name: 'Gemelde gesprekken' }).click();
  await expect(office).toHaveURL(/\/admin\/chat-reports/);
  const row = office.getByRole('row').filter({ hasText: artist.name });
  await expect(row).toContainText('Spam of reclame', { timeout: 15_000 });
  await expect(row).toContainText('Stijn Spammer');
  await expect(row).toContainText('Stuurt reclame voor volgers.');
  await expect(row).toContainText('Ja');
});

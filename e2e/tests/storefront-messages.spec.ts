// Messages (issue 17) as two people use them at once: a customer presses 'Stuur een bericht' on an
// artist's page and lands in the conversation, ready to type; the message shows at once, its
// phone number masked with the reason; the artist, elsewhere on the site, gets the pop-up and the
// header's unread badge, opens the conversation (the badge clears) and answers over two lines
// with Shift+Enter (the customer sees that they are typing); the customer sees the answer arrive and 'Gelezen' under their message, without
// reloading. On a phone: the list, then the thread full height with a way back. axe on both widths.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createArtist, createCustomer, type TestArtist } from '../fixtures/backoffice.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import type { TestUser } from '../fixtures/stack.ts';

test.afterEach(closePages);

let artist: TestArtist;
let customer: TestUser;
test.beforeEach(async () => {
  artist = await createArtist({ approved: true, name: `Chatband ${Date.now().toString(36)}` });
  customer = await createCustomer('Carla', 'Chat');
});

const composer = (page: Page) => page.getByRole('textbox', { name: /^Bericht aan/ });

async function openChatFromArtistPage(page: Page) {
  await page.goto(`/artists/${artist.slug}`);
  await page.getByRole('button', { name: 'Stuur een bericht' }).locator('visible=true').click();
  await expect(page).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: `Gesprek met ${artist.name}` })).toBeVisible();
  await expect(composer(page)).toBeFocused();
}

test('customer and artist chat live: masking, pop-up, unread badge, Gelezen', async ({ browser, baseURL }) => {
  test.slow();
  const customerPage = await pageAs(browser, baseURL!, customer);
  await openChatFromArtistPage(customerPage);
  await composer(customerPage).fill('Hoi! Zijn jullie vrij op zaterdag 12 juni? Bel me gerust: 06-12345678');
  await composer(customerPage).press('Enter');
  await expect(composer(customerPage)).toHaveValue('');
  const own = customerPage.getByTestId('own-message').last();
  await expect(own).toContainText('Bel me gerust: [verborgen]');
  await expect(own.getByTestId('masked-note')).toHaveText('Contactgegevens verborgen tot de boeking is bevestigd.');

  // The artist, on another page of the site: the pop-up and the badge, live.
  const artistPage = await pageAs(browser, baseURL!, artist.owner);
  await artistPage.goto('/news');
  await expect(artistPage.getByTestId('site-header').getByTestId('unread-badge')).toHaveText('1');
  // Listening (SPEC 4.6): what arrives from now on shows without a reload.
  await expect(artistPage.locator('html')).toHaveAttribute('data-realtime', /^(connected|healthy)$/);
  await composer(customerPage).fill('En hebben jullie ook een akoestische set?');
  await composer(customerPage).press('Enter');
  const popup = artistPage.getByTestId('message-popup').first();
  await expect(popup).toContainText('Carla Chat');
  await expect(popup).toContainText('En hebben jullie ook een akoestische set?');
  await expect(artistPage.getByTestId('site-header').getByTestId('unread-badge')).toHaveText('2');

  // Opening the conversation reads it: the badge goes, the customer sees 'Gelezen'.
  await popup.getByRole('link').click();
  await expect(artistPage).toHaveURL(/\/messages\?c=/);
  const thread = artistPage.getByRole('region', { name: 'Gesprek met Carla Chat' });
  await expect(thread.getByTestId('their-message')).toHaveCount(2);
  await expect(artistPage.getByTestId('site-header').getByTestId('unread-badge')).toHaveCount(0);
  await expect(customerPage.getByTestId('own-message').last()).toContainText('Gelezen');

  // Shift+Enter is a new line, Enter sends; the customer sees it arrive.
  await composer(artistPage).fill('Ja, dat kan!');
  await expect(customerPage.getByTestId('typing')).toHaveText(`${artist.name} typt…`);
  await composer(artistPage).press('Shift+Enter');
  await composer(artistPage).pressSequentially('Ook met zangeres.');
  await expect(composer(artistPage)).toHaveValue('Ja, dat kan!\nOok met zangeres.');
  await composer(artistPage).press('Enter');
  await expect(customerPage.getByTestId('their-message').last()).toContainText('Ja, dat kan!\nOok met zangeres.');
  await expect(customerPage.getByTestId('typing')).toHaveText('');
  await expect(customerPage.getByRole('navigation', { name: 'Gesprekken' }).getByTestId('conversation').first()).toContainText('Ja, dat kan!');

  // An empty message is not sent.
  await composer(customerPage).fill('   ');
  await composer(customerPage).press('Enter');
  await expect(customerPage.getByRole('alert')).toHaveText('Typ eerst een bericht.');
});

test('on a phone: the list, then the conversation full height with a way back; axe on both widths', async ({ browser, baseURL }) => {
  const desktop = await pageAs(browser, baseURL!, customer);
  await openChatFromArtistPage(desktop);
  await composer(desktop).fill('Wat kost een avond van vier uur?');
  await composer(desktop).press('Enter');
  await expect(desktop.getByTestId('own-message')).toHaveCount(1);
  let { violations } = await new AxeBuilder({ page: desktop }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  const phone = await pageAs(browser, baseURL!, customer, 390);
  await phone.goto('/messages');
  const list = phone.getByRole('navigation', { name: 'Gesprekken' });
  await expect(list.getByTestId('conversation')).toHaveCount(1);
  await expect(list.getByTestId('conversation')).toContainText('Jij: Wat kost een avond van vier uur?');
  await list.getByTestId('conversation').click();
  await expect(phone.getByRole('region', { name: `Gesprek met ${artist.name}` })).toBeVisible();
  await expect(list).toBeHidden();
  ({ violations } = await new AxeBuilder({ page: phone }).analyze());
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await phone.getByRole('button', { name: 'Terug naar je gesprekken' }).click();
  await expect(list).toBeVisible();
});

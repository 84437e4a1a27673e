// Messages as two people use them at once: a customer presses 'Stuur een bericht' on an
// artist's page and lands in the conversation, ready to type; the message shows at once, its
// phone number masked with the reason; the artist, elsewhere on the site, gets the pop-up and the
// header's unread badge, opens the conversation (the badge clears) and answers over two lines
// with Shift+Enter (the customer sees that they are typing); the customer sees the answer arrive and 'Gelezen' under their message, without
// reloading. On a phone: the list, then the thread full height with a way back. axe on both widths.
// A long thread (300 messages) opens at the newest with only the rows in view in the page, loads
// older messages as the reader scrolls up without moving what they read, and keeps a message that
// arrives meanwhile under 'Nieuwe berichten'.
import { expect, test, type Page } from '@playwright/test';
import { createArtist, createCustomer, type TestArtist } from '../fixtures/backoffice.ts';
import { clientAs, longConversation } from '../fixtures/chat.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import type { TestUser } from '../fixtures/stack.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

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
  await expect(own.getByTestId('masked-note')).toHaveText('Contactgegevens verborgen tot de boeking vaststaat.');

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
  await expectNoSeriousViolations(desktop);

  const phone = await pageAs(browser, baseURL!, customer, 390);
  await phone.goto('/messages');
  const list = phone.getByRole('navigation', { name: 'Gesprekken' });
  await expect(list.getByTestId('conversation')).toHaveCount(1);
  await expect(list.getByTestId('conversation')).toContainText('Jij: Wat kost een avond van vier uur?');
  await list.getByTestId('conversation').click();
  await expect(phone.getByRole('region', { name: `Gesprek met ${artist.name}` })).toBeVisible();
  await expect(list).toBeHidden();
  await expectNoSeriousViolations(phone);
  await phone.getByRole('button', { name: 'Terug naar je gesprekken' }).click();
  await expect(list).toBeVisible();
});

/** The first message at the top of the thread's view: its first line and how far below the top it starts. */
const topMessage = (page: Page) =>
  page.getByTestId('thread').evaluate((thread) => {
    const top = thread.getBoundingClientRect().top;
    const bubble = Array.from(thread.querySelectorAll('[data-testid$="-message"] > div:first-child')).find((element) => element.getBoundingClientRect().bottom > top + 1);
    return bubble ? { text: (bubble.textContent ?? '').split('\n')[0]!, y: bubble.getBoundingClientRect().top - top } : null;
  });

/** Where a message's bubble starts below the top of the thread's view. */
const messageY = (page: Page, text: string) =>
  page.getByTestId('thread').evaluate((thread, text) => {
    const bubble = Array.from(thread.querySelectorAll('[data-testid$="-message"] > div:first-child')).find((element) => (element.textContent ?? '').split('\n')[0] === text);
    return bubble ? bubble.getBoundingClientRect().top - thread.getBoundingClientRect().top : null;
  }, text);

/** Waits until the thread has not scrolled for a few frames. */
const scrollSettled = (page: Page) =>
  page.getByTestId('thread').evaluate(
    (thread) =>
      new Promise<void>((resolve) => {
        let last = thread.scrollTop;
        let still = 0;
        const frame = () => {
          still = thread.scrollTop === last ? still + 1 : 0;
          last = thread.scrollTop;
          if (still >= 5) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );

test('a long thread: opens at the newest with few rows in the page, older ones load while scrolling up without a jump, new ones wait under a button', async ({ browser, baseURL }) => {
  test.slow();
  const total = 300;
  const conversationId = await longConversation(customer, artist, total);
  const page = await pageAs(browser, baseURL!, customer);
  // Older pages answer a little late, so the test sees each one put in front of what it reads.
  await page.route(
    (url) => url.pathname.endsWith('/rest/v1/chat_messages') && (url.searchParams.get('or') ?? '').includes('id.lt.'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    },
  );
  await page.goto(`/messages?c=${conversationId}`);
  const thread = page.getByTestId('thread');
  const message = (n: number) => thread.getByText(`Bericht ${n}`, { exact: true });
  await expect(message(total)).toBeInViewport({ timeout: 15_000 });
  await scrollSettled(page);
  await expect(message(total)).toBeInViewport();
  const rows = () => thread.locator('li').count();
  expect(await rows()).toBeLessThan(60);

  // Up with the mouse wheel to the very first message.
  const box = (await thread.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  let loads = 0;
  const atStart = async () => (await thread.evaluate((element) => element.scrollTop)) === 0 && (await thread.getByTestId('older-messages').count()) === 0;
  for (let step = 0; step < 150 && !(await atStart()); step += 1) {
    await page.mouse.wheel(0, -700);
    await scrollSettled(page);
    const reading = await topMessage(page);
    expect(reading).not.toBeNull();
    const loading = thread.locator('[data-testid="older-messages"][aria-busy="true"]');
    if ((await loading.count()) > 0) {
      loads += 1;
      await expect(loading).toHaveCount(0, { timeout: 15_000 });
      await scrollSettled(page);
      // What the reader was reading has not moved.
      expect(Math.abs((await messageY(page, reading!.text))! - reading!.y)).toBeLessThanOrEqual(2);
    }
    expect(await rows()).toBeLessThan(80);
  }
  await expect(message(1)).toBeInViewport();
  // Most of the 5 pages before the newest 50 were seen arriving (a fast one may come between two looks).
  expect(loads).toBeGreaterThanOrEqual(3);
  await expect(thread.getByRole('button', { name: 'Oudere berichten laden' })).toHaveCount(0);

  // A message arrives while the customer reads the start: it waits under 'Nieuwe berichten'.
  const reading = (await topMessage(page))!;
  const artistClient = await clientAs(artist.owner);
  const sent = await artistClient.from('chat_messages').insert({ conversation_id: conversationId, sender_id: artist.owner.id, message_text: 'Nog één vraag over de set' });
  expect(sent.error).toBeNull();
  const newMessages = page.getByRole('button', { name: /Nieuwe berichten/ });
  await expect(newMessages).toBeVisible();
  expect(Math.abs((await messageY(page, reading.text))! - reading.y)).toBeLessThanOrEqual(2);
  await expect(thread.getByText('Nog één vraag over de set')).toHaveCount(0);
  await newMessages.click();
  await expect(thread.getByText('Nog één vraag over de set')).toBeInViewport();
  await expect(newMessages).toHaveCount(0);
  expect(await rows()).toBeLessThan(60);
});

/** The customer's conversation with the artist, with a first message in it, as their own client writes it. */
async function conversationWith(someone: TestUser, text: string) {
  const client = await clientAs(someone);
  const started = await client.rpc('start_conversation', { artist: artist.id });
  expect(started.error).toBeNull();
  const conversationId = started.data as string;
  const say = async (message: string) => expect((await client.from('chat_messages').insert({ conversation_id: conversationId, sender_id: someone.id, message_text: message })).error).toBeNull();
  await say(text);
  return { conversationId, say };
}

for (const width of [390, 1280]) {
  test(`a message in the open conversation does not pop up; one from another conversation does, below the open one's header (${width} px)`, async ({ browser, baseURL }) => {
    test.slow();
    const open = await conversationWith(customer, 'Hoi, zijn jullie vrij op 12 juni?');
    const other = await conversationWith(await createCustomer('Olga', 'Ander'), 'Wat kost een middag?');
    const page = await pageAs(browser, baseURL!, artist.owner, width);
    await page.goto(`/messages?c=${open.conversationId}`);
    const conversation = page.getByRole('region', { name: 'Gesprek met Carla Chat' });
    await expect(conversation.getByTestId('their-message')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.locator('html')).toHaveAttribute('data-realtime', /^(connected|healthy)$/);

    // The open conversation: the message arrives in the thread, not as a pop-up over it.
    await open.say('En hebben jullie ook een akoestische set?');
    await expect(conversation.getByTestId('their-message')).toHaveCount(2);
    await page.waitForTimeout(1_500);
    await expect(page.getByTestId('message-popup')).toHaveCount(0);

    // Another conversation: its pop-up, below the open conversation's header.
    await other.say('En hoe lang spelen jullie?');
    const popup = page.getByTestId('message-popup');
    await expect(popup).toContainText('Olga Ander');
    const header = conversation.getByRole('heading', { name: 'Carla Chat' }).locator('xpath=ancestor::*[@data-popups-below]');
    const headerBox = (await header.boundingBox())!;
    const popupBox = (await popup.boundingBox())!;
    expect(popupBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    const uncovered = await conversation.getByRole('heading', { name: 'Carla Chat' }).evaluate((element) => {
      const box = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(box.left + 10, box.top + box.height / 2));
    });
    expect(uncovered).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`popup-below-header-${width}.png`) });
  });
}

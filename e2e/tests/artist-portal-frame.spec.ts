// The portal as an artist's home, on a wide screen and a phone: a customer's message arrives as a
// pop-up and in the portal's own 'Berichten' with the unread count, the artist answers there (the
// customer has it), and logs out from the portal's account menu to the storefront, signed out.
import { expect, test, type Page } from '@playwright/test';
import { createArtist, createCustomer, type TestArtist } from '../fixtures/backoffice.ts';
import { clientAs } from '../fixtures/chat.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import type { TestUser } from '../fixtures/stack.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

test.afterEach(closePages);

let artist: TestArtist;
let customer: TestUser;
test.beforeEach(async () => {
  artist = await createArtist({ approved: true, name: `Portaalband ${Date.now().toString(36)}` });
  customer = await createCustomer('Petra', 'Portaal');
});

/** Where the portal shows its pages: the header from 1024 px, the tab bar below. */
const navigation = (page: Page, width: number) => (width >= 1024 ? page.getByTestId('portal-header') : page.getByTestId('portal-tabs'));

for (const width of [1280, 390]) {
  test(`an artist gets a customer's message in the portal, answers it there and logs out (${width} px)`, async ({ browser, baseURL }, testInfo) => {
    test.slow();
    const page = await pageAs(browser, baseURL!, artist.owner, width);
    await page.goto('/dashboard/artist');
    await expect(page.getByTestId('portal-header')).toContainText('Artiestenportaal');
    await expect(navigation(page, width).getByRole('link', { name: 'Berichten' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-realtime', /^(connected|healthy)$/);
    await page.screenshot({ path: testInfo.outputPath(`overview-${width}.png`), fullPage: true });

    // The customer writes from the storefront (as its 'Stuur een bericht' does).
    const client = await clientAs(customer);
    const started = await client.rpc('start_conversation', { artist: artist.id });
    expect(started.error).toBeNull();
    const conversationId = started.data as string;
    const sent = await client.from('chat_messages').insert({ conversation_id: conversationId, sender_id: customer.id, message_text: 'Hallo! Kunnen jullie op 14 augustus in Zwolle spelen?' });
    expect(sent.error).toBeNull();

    const popup = page.getByTestId('message-popup').first();
    await expect(popup).toContainText('Petra Portaal');
    await expect(popup).toContainText('Kunnen jullie op 14 augustus in Zwolle spelen?');
    await expect(navigation(page, width).getByTestId('unread-badge')).toHaveText('1');
    await page.screenshot({ path: testInfo.outputPath(`popup-${width}.png`) });

    // The pop-up opens the conversation in the portal itself; reading it clears the count.
    await popup.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/artist/berichten\\?c=${conversationId}$`));
    const thread = page.getByRole('region', { name: 'Gesprek met Petra Portaal' });
    await expect(thread.getByTestId('their-message')).toHaveCount(1);
    await expect(navigation(page, width).getByTestId('unread-badge')).toHaveCount(0);

    const composer = page.getByRole('textbox', { name: /^Bericht aan/ });
    await composer.fill('Ja, die avond zijn we vrij. Zal ik een offerte sturen?');
    await composer.press('Enter');
    await expect(page.getByTestId('own-message').last()).toContainText('Ja, die avond zijn we vrij.');
    await expect
      .poll(async () => (await client.from('chat_messages').select('message_text').eq('conversation_id', conversationId).eq('sender_id', artist.owner.id)).data?.map((row) => row.message_text))
      .toEqual(['Ja, die avond zijn we vrij. Zal ik een offerte sturen?']);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`thread-${width}.png`) });

    // Logging out from the portal: the storefront, signed out.
    await page.getByRole('button', { name: 'Accountmenu' }).click();
    const menu = page.getByTestId('account-menu');
    await expect(menu).toContainText(artist.owner.email);
    await menu.getByRole('menuitem', { name: 'Uitloggen' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(
      page
        .getByTestId('site-header')
        .getByRole('button', { name: 'Inloggen' })
        .or(page.getByRole('navigation', { name: 'Mobiele navigatie' }).getByRole('button', { name: 'Inloggen' }))
        // On a phone the storefront may show both once its header has loaded.
        .first(),
    ).toBeVisible();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('auth-token')))).toEqual([]);
  });
}

test("a phone's 'Meer' holds the portal's other pages and the account; an unknown page is not found in the portal", async ({ browser, baseURL }) => {
  const page = await pageAs(browser, baseURL!, artist.owner, 390);
  await page.goto('/dashboard/artist');
  const tabs = page.getByTestId('portal-tabs');
  await expect(tabs.getByRole('link')).toHaveText(['Overzicht', 'Boekingen', 'Agenda', 'Berichten']);
  await tabs.getByRole('button', { name: 'Meer' }).click();
  const menu = page.getByTestId('account-menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Profiel', 'Uitbetalingen', 'Reviews', 'Naar de website', 'Naar klantmodus', 'Uitloggen']);
  await menu.getByRole('menuitem', { name: 'Uitbetalingen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/artist\/uitbetalingen$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Uitbetalingen');
  await expect(tabs.getByRole('button', { name: 'Meer' })).toHaveCSS('color', 'rgb(159, 56, 23)');

  // An address that names no page: the not-found screen inside the portal, on to the overview.
  await page.goto('/dashboard/artist/bestaat-niet');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze pagina bestaat niet (meer)');
  await expect(tabs).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Naar je overzicht', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/artist$/);
  await expect(page.getByRole('heading', { level: 1, name: artist.name })).toBeVisible();
});

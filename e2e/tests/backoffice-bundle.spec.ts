// The back office and the artist portal split by route: what a guest's browser really
// loads for the first page (the build tests count the manifest's entries; this also counts a chunk
// imported on start), and a screen whose chunk is still loading does not bring back the one the
// admin left.
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { firstPages } from '@podium/shared/bundle-size';
import { createAdmin, createArtist, createCustomer, removeArtist, requestBooking, signInAdmin } from '../fixtures/backoffice.ts';
import { deleteUser, loggedInState } from '../fixtures/stack.ts';

/** Gzip KB (level 9) of every script the page requests until it shows `ready` and the network settles. */
async function javascriptKb(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<number> {
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
  });
  await page.goto(path);
  await ready(page);
  // Chunks imported on start (say, supabase-js for an auth check) are requested by now or soon.
  await page.waitForLoadState('networkidle');
  return (await Promise.all(scripts)).reduce((total, bytes) => total + bytes, 0) / 1024;
}

const { backoffice, 'artist-portal': portal } = firstPages;

test(`a guest's login page loads at most ${backoffice.targetGzipBytes / 1024} KB gzip of JavaScript`, async ({ page }) => {
  const kb = await javascriptKb(page, backoffice.path, (page) => expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible());
  expect(kb).toBeLessThanOrEqual(backoffice.targetGzipBytes / 1024);
});

test(`a guest's first page of the artist portal loads at most ${portal.targetGzipBytes / 1024} KB gzip of JavaScript`, async ({ page }) => {
  const kb = await javascriptKb(page, portal.path, (page) => expect(page.getByTestId('auth-guard-spinner')).toBeVisible());
  expect(kb).toBeLessThanOrEqual(portal.targetGzipBytes / 1024);
});

test('a booking opened while its screen still loads stays open when the search typed just before runs out', async ({ browser, baseURL }) => {
  const admin = await createAdmin();
  const artist = await createArtist({ approved: true });
  const customer = await createCustomer('Lotte', 'Laden');
  try {
    const bookingId = await requestBooking(customer, artist.id);
    const context = await browser.newContext({ storageState: loggedInState(baseURL ?? '', (await signInAdmin(admin)).session) });
    const page = await context.newPage();
    // The booking screen's chunk is held until the search's debounce has had its time.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/admin\/assets\/BookingShow-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.clock.install();
    // The list opens on this act's bookings (the journeys beside it add bookings that would push
    // this one off the first page); the search typed below replaces that filter.
    await page.goto(`/admin/bookings?filter=${encodeURIComponent(JSON.stringify({ q: artist.name }))}`);
    const row = page.getByRole('row').filter({ hasText: customer.email });
    await expect(row).toHaveCount(1);
    // Time stands still: the search typed next is pending when the row is clicked.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.getByPlaceholder('Boekingsnummer, klant, e-mail, artiest, datum of status').fill(customer.email);
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${bookingId}/show`));
    // The search's 500 ms pass: had the list stayed mounted (hidden) behind the loading screen, it would navigate back now.
    await page.clock.runFor(1000);
    release();
    await page.clock.resume();
    await expect(page.getByRole('list', { name: 'Tijdlijn' })).toContainText('Aangevraagd door klant');
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${bookingId}/show`));
    await context.close();
  } finally {
    await removeArtist(artist);
    await deleteUser(customer);
    await deleteUser(admin);
  }
});

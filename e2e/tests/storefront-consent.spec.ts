// SPEC 2.12 / 3: the cookie banner's choices persist across visits and decide whether analytics
// (and the advertising pixel) record anything.
import { expect, test, type Page } from '@playwright/test';

interface DataLayerEntry {
  event?: unknown;
  channel?: unknown;
}

const dataLayer = (page: Page): Promise<DataLayerEntry[]> =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: DataLayerEntry[] }).dataLayer ?? []).map((entry) => ({ event: entry.event, channel: entry.channel })),
  );

test('only necessary: nothing is tracked, and the choice persists', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByTestId('cookie-banner');
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Alleen noodzakelijk' }).click();
  await expect(banner).toBeHidden();
  await page.getByTestId('site-header').getByRole('link', { name: 'NEWS' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await page.waitForTimeout(500);
  expect(await dataLayer(page)).toEqual([]);

  await page.reload();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  expect(await dataLayer(page)).toEqual([]);
});

test('accept all: page views, web vitals and the pixel record; the choice persists', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('cookie-banner').getByRole('button', { name: 'Alles accepteren' }).click();
  await page.getByTestId('site-header').getByRole('link', { name: 'ARTISTS' }).click();
  await expect.poll(async () => (await dataLayer(page)).map((entry) => entry.event)).toContain('page_view');
  expect(await dataLayer(page)).toContainEqual({ event: 'pixel_page_view', channel: 'marketing' });
  await expect.poll(async () => (await dataLayer(page)).map((entry) => entry.event)).toContain('web_vital');

  await page.reload();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  await page.getByTestId('site-header').getByRole('link', { name: 'NEWS' }).click();
  await expect.poll(async () => (await dataLayer(page)).filter((entry) => entry.event === 'page_view').length).toBeGreaterThan(0);
});

test('custom settings: analytics on, marketing off', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('cookie-banner').getByRole('button', { name: 'Instellingen' }).click();
  const settings = page.getByTestId('cookie-settings');
  await settings.getByText('Analytics', { exact: true }).click();
  await settings.getByRole('button', { name: 'Voorkeuren opslaan' }).click();
  await page.getByTestId('site-header').getByRole('link', { name: 'NEWS' }).click();
  await expect.poll(async () => (await dataLayer(page)).map((entry) => entry.event)).toContain('page_view');
  expect((await dataLayer(page)).some((entry) => entry.channel === 'marketing')).toBe(false);
  const stored = await page.evaluate(() => localStorage.getItem('podium-cookie-consent'));
  expect(JSON.parse(stored ?? 'null')).toEqual({ necessary: true, analytics: true, marketing: false });
});

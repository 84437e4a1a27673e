// SPEC 2.12 / 3: the cookie banner's choices persist across visits and decide whether analytics
// (and the advertising pixel) record anything. "Nothing happened" is only checked after a sign
// that it would have happened by then: the banner is known to be loaded and its delay has passed;
// an event that was not recorded is followed by one that is, once analytics is allowed.
import { cookieBannerDelayMs } from '@podium/shared/constants';
import { expect, test, type Page } from '@playwright/test';
import { paintedAfterHydration } from '../fixtures/hydration.ts';

interface DataLayerEntry {
  event?: unknown;
  channel?: unknown;
  page?: unknown;
}

const dataLayer = (page: Page): Promise<DataLayerEntry[]> =>
  page.evaluate(() => ((window as unknown as { dataLayer?: DataLayerEntry[] }).dataLayer ?? []).map((entry) => ({ event: entry.event, channel: entry.channel, page: entry.page })));

const pageViews = async (page: Page) => (await dataLayer(page)).filter((entry) => entry.event === 'page_view').map((entry) => entry.page);

/**
 * The footer's 'Cookie-instellingen' opens the dialog the cookie banner owns. Once it is open the
 * banner is loaded, so its wait before showing itself (if it waits at all) has begun.
 */
async function openSettingsFromFooter(page: Page) {
  const button = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-instellingen' });
  // Hydrated and painted since: a press during hydration's last re-render could hit a button React
  // is about to replace.
  await paintedAfterHydration(button);
  await button.click();
  const settings = page.getByTestId('cookie-settings');
  await expect(settings).toBeVisible();
  return settings;
}

const consentSwitch = (settings: ReturnType<Page['getByTestId']>, label: 'Analytics' | 'Marketing') => settings.getByRole('checkbox', { name: label });

/** The banner's delay, counted from now (after it was loaded), and two frames for React to show it. */
const pastBannerDelay = (page: Page) =>
  page.evaluate((delay) => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), delay)), cookieBannerDelayMs);

test('only necessary: the choice persists, and nothing is tracked until analytics is allowed', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByTestId('cookie-banner');
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Alleen noodzakelijk' }).click();
  await expect(banner).toBeHidden();

  // A new visit: the settings show the stored choice, and the banner stays away past its delay.
  await page.reload();
  let settings = await openSettingsFromFooter(page);
  await expect(consentSwitch(settings, 'Analytics')).not.toBeChecked();
  await expect(consentSwitch(settings, 'Marketing')).not.toBeChecked();
  await settings.getByRole('button', { name: 'Sluiten' }).click();
  await expect(settings).toBeHidden();
  await pastBannerDelay(page);
  await expect(banner).toHaveCount(0);

  // The page view of this visit and one in the app go unrecorded. The proof: allowed afterwards,
  // analytics records the next page view, and only that one.
  await page.getByTestId('site-header').getByRole('link', { name: 'NEWS' }).click();
  await expect(page).toHaveURL(/\/news$/);
  settings = await openSettingsFromFooter(page);
  await settings.getByText('Analytics', { exact: true }).click();
  await settings.getByRole('button', { name: 'Voorkeuren opslaan' }).click();
  await page.getByTestId('site-header').getByRole('link', { name: 'ARTISTS' }).click();
  await expect(page).toHaveURL(/\/artists$/);
  await expect.poll(() => pageViews(page)).toEqual(['/artists']);
  expect((await dataLayer(page)).filter((entry) => entry.channel === 'marketing')).toEqual([]);
});

test('accept all: page views, web vitals and the pixel record; the choice persists', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('cookie-banner').getByRole('button', { name: 'Alles accepteren' }).click();
  await page.getByTestId('site-header').getByRole('link', { name: 'ARTISTS' }).click();
  await expect.poll(async () => (await dataLayer(page)).map((entry) => entry.event)).toContain('page_view');
  expect(await dataLayer(page)).toContainEqual({ event: 'pixel_page_view', channel: 'marketing', page: undefined });
  await expect.poll(async () => (await dataLayer(page)).map((entry) => entry.event)).toContain('web_vital');

  await page.reload();
  const settings = await openSettingsFromFooter(page);
  await expect(consentSwitch(settings, 'Analytics')).toBeChecked();
  await expect(consentSwitch(settings, 'Marketing')).toBeChecked();
  await settings.getByRole('button', { name: 'Sluiten' }).click();
  await pastBannerDelay(page);
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  await page.getByTestId('site-header').getByRole('link', { name: 'NEWS' }).click();
  await expect.poll(() => pageViews(page)).toContain('/news');
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

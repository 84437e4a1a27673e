// The floating contact button on a phone keeps clear of what it floats over: a reader scrolling
// down through the artists' cards, the BANDS dashboard's 'Kopieer link' or the footer never finds
// it over a price, that button or the footer's content; scrolling back up brings it back.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCustomer } from '../fixtures/backoffice.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';

test.afterEach(closePages);

/** Scrolls as a finger does, and waits until the page and the button have settled. */
async function scrollBy(page: Page, dy: number) {
  await page.mouse.move(195, 400);
  await page.mouse.wheel(0, dy);
  let last = -1;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY);
        const still = y === last;
        last = y;
        return still;
      },
      { intervals: [150] },
    )
    .toBe(true);
  await page.waitForTimeout(250);
}

/** The parts of `targets` in view that the contact button, while it shows, overlaps. */
async function covered(page: Page, targets: Locator): Promise<string[]> {
  const button = await page.getByTestId('contact-button').evaluate((element) => {
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) return null;
    const box = element.getBoundingClientRect();
    return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
  });
  if (!button) return [];
  return targets.evaluateAll(
    (elements, button) =>
      elements
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.left < button.right && box.right > button.left && box.top < button.bottom && box.bottom > button.top;
        })
        .map((element) => (element.textContent ?? element.tagName).trim().slice(0, 40)),
    button,
  );
}

const footerContent = (page: Page) => page.locator('footer').locator('a, button, p, h2, h3, li, img, iframe');

test('on a phone: card prices and the footer stay readable while scrolling down the artists', async ({ browser, baseURL }) => {
  const page = await pageAs(browser, baseURL!, null, 390);
  await page.goto('/artists');
  const prices = page.getByText(/^Vanaf €/);
  await expect(prices.first()).toBeVisible();
  await expect(page.getByTestId('contact-button')).toBeVisible();

  let atEnd = false;
  for (let step = 0; step < 60 && !atEnd; step += 1) {
    await scrollBy(page, 240);
    expect(await covered(page, prices), `prices after ${step + 1} scrolls`).toEqual([]);
    expect(await covered(page, footerContent(page)), `the footer after ${step + 1} scrolls`).toEqual([]);
    atEnd = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
  }
  expect(atEnd).toBe(true);
  await page.screenshot({ path: test.info().outputPath('contact-button-footer-390.png') });

  // Back up into the cards: the button returns.
  await scrollBy(page, -1200);
  await expect(page.getByTestId('contact-button')).toHaveAttribute('data-shown', 'true');
  await page.screenshot({ path: test.info().outputPath('contact-button-back-390.png') });
});

test("on a phone: 'Kopieer link' on the BANDS dashboard is never under the button", async ({ browser, baseURL }) => {
  const page = await pageAs(browser, baseURL!, await createCustomer('Rosa', 'Knop'), 390);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/referral-bands/dashboard');
  const copy = page.getByRole('button', { name: 'Kopieer link' });
  await expect(copy).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('contact-button')).toBeAttached();
  await page.waitForTimeout(500);
  await page.screenshot({ path: test.info().outputPath('contact-button-bands-top-390.png') });
  expect(await covered(page, copy)).toEqual([]);
  for (let step = 0; step < 8; step += 1) {
    await scrollBy(page, 120);
    expect(await covered(page, copy), `after ${step + 1} scrolls`).toEqual([]);
  }
  await page.screenshot({ path: test.info().outputPath('contact-button-bands-390.png') });
});

test('on a desktop: the button stays while scrolling, but not over the footer', async ({ browser, baseURL }) => {
  const page = await pageAs(browser, baseURL!, null, 1280);
  await page.goto('/artists');
  await expect(page.getByText(/^Vanaf €/).first()).toBeVisible();
  await scrollBy(page, 600);
  await expect(page.getByTestId('contact-button')).toHaveAttribute('data-shown', 'true');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await scrollBy(page, 10);
  expect(await covered(page, footerContent(page))).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('contact-button-footer-1280.png') });
});

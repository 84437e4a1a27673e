// What a bench waits for on a page: when it does not show, the error says where the page went
// instead (a sign-in, 'Profiel aanvullen', an error page), not only that it timed out.
import type { Locator, Page } from 'playwright-core';

/** Waits up to 30 s for `locator`; else throws `<missing> on <url> within 30 s (heading: …)`, after a screenshot when a path is given. */
export async function shownWithin(page: Page, locator: Locator, missing: string, screenshot?: string): Promise<void> {
  await locator.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
    const heading = await page
      .getByRole('heading')
      .first()
      .textContent({ timeout: 1_000 })
      .catch(() => null);
    if (screenshot) await page.screenshot({ path: screenshot });
    throw new Error(`${missing} on ${page.url()} within 30 s (heading: ${heading ?? 'none'}): ${(error as Error).message.split('\n')[0]}`);
  });
}

// Comparing favourites as a visitor does it, on a phone and on a wide screen: heart acts in the
// list, pick them on /favorites (a fourth is refused with a message), open the compare view,
// set the date and the place there, read price, rating, free-on-the-date and distance side by
// side as compare_acts says, and open one act with the date and place carried along. Axe finds
// nothing serious on the compare view.
import { createNodeClient } from '@podium/shared/supabase-node';
import { expect, test, type Page } from '@playwright/test';
import { stack } from '../fixtures/stack.ts';
import { hydrated } from '../fixtures/hydration.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

const anon = () => createNodeClient(stack.apiUrl, stack.anonKey);
const service = () => createNodeClient(stack.apiUrl, stack.serviceRoleKey);

interface Act {
  id: string;
  slug: string;
  name: string;
}

const partyDay = '2031-05-17';
let acts: Act[] = [];
let blockId = '';
let utrecht = 0;

// Intl writes a narrow no-break space between the euro sign and the amount.
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();
const euros = (cents: number) =>
  plain(new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR', minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: cents % 100 ? 2 : 0 }).format(cents / 100));

test.beforeAll(async () => {
  const { data, error } = await anon().rpc('search_artists', { category: 'bands', page_size: 4 });
  if (error) throw new Error(error.message);
  acts = data.map((row) => ({ id: row.id, slug: row.slug, name: row.name }));
  expect(acts).toHaveLength(4);
  // The first act is busy on the party day, whatever the seed holds.
  const blocked = await service().from('artist_blocked_dates').insert({ artist_id: acts[0]!.id, starts_on: partyDay, ends_on: partyDay }).select('id').single();
  if (blocked.error) throw new Error(blocked.error.message);
  blockId = blocked.data.id;
  const place = await anon().from('places').select('id').eq('name', 'Utrecht').eq('country', 'NL').order('population', { ascending: false }).limit(1).single();
  utrecht = place.data!.id;
});

test.afterAll(async () => {
  if (blockId) await service().from('artist_blocked_dates').delete().eq('id', blockId);
});

// The visitor made their cookie choice earlier: the banner does not cover the compare bar.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('podium-cookie-consent', JSON.stringify({ necessary: true, analytics: false, marketing: false })));
});

async function heartFourActs(page: Page) {
  await page.goto('/artiesten?category=bands');
  const results = page.getByTestId('artist-results');
  for (const act of acts) {
    // The list of a filtered address renders anew once the app starts: tap again until the heart holds.
    const saved = results.getByRole('button', { name: `${act.name} verwijderen uit favorieten` });
    await expect(async () => {
      if (await saved.isVisible()) return;
      await results.getByRole('button', { name: `${act.name} bewaren als favoriet` }).click({ timeout: 2000 });
      await expect(saved).toBeVisible({ timeout: 2000 });
    }).toPass();
  }
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 844 : 900 } });

    test('hearts acts, compares two side by side with the date and place, and opens one', async ({ page }) => {
      await heartFourActs(page);
      await page.goto('/favorites');
      const favorites = page.getByTestId('favorite-artists');
      await expect(favorites.getByRole('heading', { level: 3 })).toHaveCount(4);
      const bar = page.getByTestId('compare-bar');
      await expect(bar).toContainText('Kies tot 3 artiesten om te vergelijken.');

      const [first, second, third, fourth] = acts as [Act, Act, Act, Act];
      const box = (act: Act) => page.getByRole('checkbox', { name: `Vergelijk ${act.name}` });
      const tick = (act: Act) => page.getByTestId('compare-toggle').filter({ hasText: act.name }).click();
      for (const act of [first, second, third]) {
        await tick(act);
        await expect(box(act)).toBeChecked();
      }
      await expect(bar).toContainText('3 van 3 gekozen om te vergelijken');
      // A fourth is refused, with a message, and stays unchosen.
      await tick(fourth);
      await expect(page.getByTestId('compare-refusal')).toHaveText('Je kunt hoogstens 3 artiesten tegelijk vergelijken. Haal er eerst één weg.');
      await expect(box(fourth)).not.toBeChecked();
      await tick(third);
      await expect(box(third)).not.toBeChecked();
      await expect(bar).toContainText('2 van 3 gekozen om te vergelijken');
      await expect(page.getByTestId('compare-refusal')).toHaveCount(0);

      // The floating contact button keeps clear of the bar's button.
      const compareLink = page.getByRole('link', { name: 'Vergelijk (2)' });
      await expect
        .poll(() =>
          compareLink.evaluate((link) => {
            const contact = document.querySelector('[data-testid="contact-button"]');
            if (!contact || getComputedStyle(contact).visibility === 'hidden') return 'clear';
            const a = link.getBoundingClientRect();
            const b = contact.getBoundingClientRect();
            return a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top ? 'covered' : 'clear';
          }),
        )
        .toBe('clear');
      await compareLink.click();
      await expect(page).toHaveURL(new RegExp(`/favorites/vergelijken\\?ids=${first.id},${second.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Favorieten vergelijken');
      const table = page.getByTestId('compare-table');
      await expect(table.getByTestId('compare-act').getByRole('heading', { level: 2 })).toHaveText([first.name, second.name]);

      // Price and rating as compare_acts gives them; no date or place chosen yet.
      const before = (await anon().rpc('compare_acts', { ids: [first.id, second.id] })).data!;
      const prices = (await table.getByTestId('compare-price').allTextContents()).map(plain);
      expect(prices).toEqual(before.map((row) => (row.from_price_cents === null ? 'Prijs op aanvraag' : `Vanaf ${euros(row.from_price_cents)}`)));
      const ratings = (await table.getByTestId('compare-rating').allTextContents()).map(plain);
      expect(ratings).toEqual(
        before.map((row) =>
          row.review_count === 0 ? 'Nog geen reviews' : `${Number(row.rating_avg).toFixed(1).replace('.', ',')}(${row.review_count === 1 ? '1 review' : `${row.review_count} reviews`})`,
        ),
      );
      await expect(table.getByTestId('compare-free')).toHaveText(['Kies een datum', 'Kies een datum']);

      // The party's date: the first act is busy that day, the second is free.
      const dateField = page.getByLabel('Datum van je feest');
      await hydrated(dateField);
      await dateField.fill(partyDay);
      await expect(page).toHaveURL(new RegExp(`date=${partyDay}`));
      await expect(table.getByRole('rowheader', { name: 'Vrij op 17 mei 2031' })).toBeVisible();
      await expect(table.getByTestId('compare-free')).toHaveText(['Niet vrij', 'Vrij']);

      // The place: distances in km from Utrecht, as compare_acts measures them.
      await page.getByRole('combobox', { name: 'Plaats', exact: true }).fill('Utrecht');
      await page
        .getByRole('option', { name: /^Utrecht/ })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`place=${utrecht}`));
      const withPlace = (await anon().rpc('compare_acts', { ids: [first.id, second.id], place_id: utrecht, on_date: partyDay })).data!;
      await expect(table.getByTestId('compare-distance')).toHaveText(withPlace.map((row) => (row.distance_km! < 1 ? '< 1 km' : `${Math.round(row.distance_km!)} km`)));
      await expect(table.getByTestId('compare-free')).toHaveText(withPlace.map((row) => (row.free_on_date ? 'Vrij' : 'Niet vrij')));

      // On a phone the columns scroll sideways inside the table, never the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expect(table.getByRole('link', { name: second.name, exact: true })).toBeVisible();

      await table.getByRole('link', { name: second.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/artists/${second.slug}\\?datum=${partyDay}&plaats=${utrecht}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.name);
    });

    test('axe finds nothing serious on the compare view', async ({ page }) => {
      await page.goto(`/favorites/vergelijken?ids=${acts[0]!.id},${acts[1]!.id}&date=${partyDay}&place=${utrecht}`);
      await expect(page.getByTestId('compare-free')).toHaveText(['Niet vrij', 'Vrij']);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page);
    });
  });
}

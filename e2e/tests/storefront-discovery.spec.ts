// Discovery as a visitor lives it: home -> a category -> filters, each changing the
// results exactly as search_artists says for the same filters -> an artist page -> a favourite
// that survives logging in; search suggestions; the phone's filter sheet. axe checks these pages in storefront-a11y.spec.ts.
import { createNodeClient } from '@podium/shared/supabase-node';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, stack } from '../fixtures/stack.ts';
import { hydrated } from '../fixtures/hydration.ts';
import { settledPosition } from '../fixtures/motion.ts';

const anon = () => createNodeClient(stack.apiUrl, stack.anonKey);
const service = () => createNodeClient(stack.apiUrl, stack.serviceRoleKey);

type SearchArgs = { category?: string; min_rating?: number; max_price_cents?: number; genre?: string; place_id?: number; radius_km?: number; available_on?: string; query?: string };

/** The artist names search_artists gives for these filters, in the recommended order. */
/** The names search_artists gives (its first 100), and its total: other tests add artists, so a broad listing may hold more. */
async function expectedNames(args: SearchArgs): Promise<string[] & { total: number }> {
  const { data, error } = await anon().rpc('search_artists', { ...args, page_size: 100 });
  if (error) throw new Error(`search_artists: ${error.message}`);
  return Object.assign(
    data.map((row) => row.name),
    { total: Number(data[0]?.total_count ?? 0) },
  );
}

const countText = (count: number) => (count === 1 ? '1 artiest' : `${count} artiesten`);

async function expectResults(page: Page, names: string[] & { total?: number }) {
  await expect(page.getByTestId('result-count')).toHaveText(countText(names.total ?? names.length));
  if (names.length === 0) {
    await expect(page.getByTestId('results-empty')).toBeVisible();
  } else {
    await expect(page.getByTestId('artist-results').getByRole('heading', { level: 3 })).toHaveText(names.slice(0, 24));
  }
}

/** Analytics events need consent: the visitor accepted analytics earlier. */
async function consentToAnalytics(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('podium-cookie-consent', JSON.stringify({ necessary: true, analytics: true, marketing: false })));
}

const events = (page: Page, name: string) => page.evaluate((event) => ((window as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((entry) => entry.event === event), name);

// The journeys below hold whole result lists and their counts against search_artists: they run
// in the project 'site-wide', where no other journey adds an artist while the page and the query
// are read.
test.describe('a guest finding an artist', { tag: '@site-wide' }, () => {
  const favourite = { name: 'Polderkoorts', slug: 'polderkoorts' };
  let customerId = '';
  let artistId = '';
  let hadFavourite = false;

  test.beforeAll(async () => {
    const db = service();
    const { data: signedIn } = await anon().auth.signInWithPassword(demoAccounts.customer);
    customerId = signedIn.user!.id;
    artistId = (await db.from('artists').select('id').eq('slug', favourite.slug).single()).data!.id;
    // The account starts without this favourite, so only the guest's heart can bring it there.
    hadFavourite = ((await db.from('favorites').select('artist_id').eq('profile_id', customerId).eq('artist_id', artistId)).data ?? []).length > 0;
    await db.from('favorites').delete().eq('profile_id', customerId).eq('artist_id', artistId);
  });

  test.afterAll(async () => {
    const db = service();
    await db.from('favorites').delete().eq('profile_id', customerId).eq('artist_id', artistId);
    if (hadFavourite) await db.from('favorites').insert({ profile_id: customerId, artist_id: artistId });
  });

  test('home -> category -> each filter -> artist -> favourite -> login keeps it', async ({ page }) => {
    await consentToAnalytics(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boek de perfecte live artiest voor jouw feest');
    // The category rows come from public-artist-cards, 10 per hero category.
    // Each row renders as it comes near the viewport: scroll to the bands like a visitor would.
    await page.getByRole('heading', { level: 2, name: 'Bands', exact: true }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId('home-row-bands').getByRole('listitem')).toHaveCount(Math.min(10, (await expectedNames({ category: 'bands' })).length));

    await page.getByRole('navigation', { name: 'Categorieën' }).getByRole('link', { name: 'Bands' }).click();
    await expect(page).toHaveURL(/\/artists\?category=bands$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bands');
    let names = await expectedNames({ category: 'bands' });
    await expectResults(page, names);
    await expect.poll(async () => (await events(page, 'view_item_list')).at(-1)).toMatchObject({ category_name: 'bands', results_count: names.total });

    const filters = page.getByRole('complementary', { name: 'Filters' });
    const narrowed = async (args: SearchArgs, urlPart: RegExp) => {
      const next = await expectedNames(args);
      expect(next.length, `the filter ${urlPart} narrows the list`).toBeLessThan(names.length);
      await expect(page).toHaveURL(urlPart);
      await expectResults(page, next);
      names = next;
    };

    await filters.getByLabel('Minimale beoordeling').selectOption('4.5');
    await narrowed({ category: 'bands', min_rating: 4.5 }, /rating=4\.5/);

    await filters.getByLabel('Maximale prijs in euro').fill('3000');
    await filters.getByLabel('Maximale prijs in euro').press('Enter');
    await narrowed({ category: 'bands', min_rating: 4.5, max_price_cents: 300_000 }, /max_price=3000/);

    await filters.getByLabel('Genre').fill('rock');
    await filters.getByLabel('Genre').press('Enter');
    await narrowed({ category: 'bands', min_rating: 4.5, max_price_cents: 300_000, genre: 'rock' }, /genre=rock/);

    await filters.getByRole('combobox', { name: 'Plaats', exact: true }).fill('hertogenbosch');
    await filters
      .getByRole('option', { name: /'s-Hertogenbosch/ })
      .first()
      .click();
    const { data: place } = await anon().from('places').select('id').eq('name', "'s-Hertogenbosch").single();
    await narrowed({ category: 'bands', min_rating: 4.5, max_price_cents: 300_000, genre: 'rock', place_id: place!.id, radius_km: 25 }, new RegExp(`place=${place!.id}`));
    expect(names).toContain(favourite.name);
    await expect(page.getByTestId('active-filters')).toContainText("Binnen 25 km van 's-Hertogenbosch");

    // A day the artist has blocked: nobody is left, and one click loosens the date again.
    const { data: blocked } = await service()
      .from('artist_blocked_dates')
      .select('starts_on')
      .eq('artist_id', artistId)
      .gte('starts_on', new Date(Date.now() + 86_400_000).toISOString().slice(0, 10))
      .order('starts_on')
      .limit(1)
      .single();
    const day = blocked!.starts_on;
    await filters.getByLabel('Beschikbaar op').fill(day);
    const dayNames = await expectedNames({ category: 'bands', min_rating: 4.5, max_price_cents: 300_000, genre: 'rock', place_id: place!.id, radius_km: 25, available_on: day });
    expect(dayNames).not.toContain(favourite.name);
    await expect(page).toHaveURL(new RegExp(`date=${day}`));
    await expectResults(page, dayNames);
    await page.getByTestId('results-empty').getByRole('button', { name: 'Elke datum' }).click();
    await expect(page).not.toHaveURL(/date=/);
    await expectResults(page, names);

    // The back button walks back through the searches.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`date=${day}`));
    await expectResults(page, dayNames);
    await page.goForward();
    await expectResults(page, names);

    // The card opens the artist with the search's place (no date is chosen any more).
    await page.getByTestId('artist-results').getByRole('link', { name: favourite.name }).click();
    await expect(page).toHaveURL(new RegExp(`/artists/${favourite.slug}\\?plaats=${place!.id}$`));
    await page.goBack();

    const heart = page.getByRole('button', { name: `${favourite.name} bewaren als favoriet` });
    await heart.click();
    await expect(page.getByRole('button', { name: `${favourite.name} verwijderen uit favorieten` })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/favorites');
    await expect(page.getByTestId('favorite-artists').getByRole('link', { name: favourite.name })).toBeVisible();

    await page.getByTestId('site-header').getByRole('button', { name: 'Inloggen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inloggen' });
    await dialog.getByLabel('E-mailadres').fill(demoAccounts.customer.email);
    await dialog.getByLabel('Wachtwoord', { exact: true }).fill(demoAccounts.customer.password);
    await dialog.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => ((await service().from('favorites').select('artist_id').eq('profile_id', customerId).eq('artist_id', artistId)).data ?? []).length).toBe(1);

    await page.goto('/favorites');
    await expect(page.getByTestId('favorite-artists').getByRole('link', { name: favourite.name })).toBeVisible();
    // Removing works from here too.
    await page.getByRole('button', { name: `${favourite.name} verwijderen uit favorieten` }).click();
    await expect(page.getByTestId('favorite-artists').getByRole('link', { name: favourite.name })).toHaveCount(0);
    await expect.poll(async () => ((await service().from('favorites').select('artist_id').eq('profile_id', customerId).eq('artist_id', artistId)).data ?? []).length).toBe(0);
  });
});

test.describe('back from an artist to the list', { tag: '@site-wide' }, () => {
  // The header changes at 50px of scroll; when its change moved the page, a list left just past
  // that point shook without end. Far down, cards render only near the viewport (content-visibility).
  const positions: [string, (page: Page) => Promise<void>][] = [
    ["just past the header's 50px", (page) => page.evaluate(() => window.scrollTo(0, 55))],
    [
      'far down the list',
      (page) =>
        page
          .getByTestId('artist-results')
          .getByRole('listitem')
          .nth(12)
          .evaluate((card) => card.scrollIntoView({ block: 'center' })),
    ],
  ];
  for (const [where, scroll] of positions) {
    test(`scrolled ${where}, the list comes back exactly as it was and stays still`, async ({ page }) => {
      // The choice made earlier: the cookie banner would cover the cards.
      await consentToAnalytics(page);
      await page.goto('/artiesten?category=bands');
      await expectResults(page, await expectedNames({ category: 'bands' }));
      await hydrated(page.getByTestId('artist-results').getByRole('link').first());
      await scroll(page);
      const results = page.getByTestId('artist-results').getByRole('listitem');
      // A card whose name is on screen and not under the header or a floating button: one a visitor can open.
      const index = await results.evaluateAll((cards) =>
        cards.findIndex((card) => {
          const link = card.querySelector('h3 a');
          const name = link?.getBoundingClientRect();
          return !!name && name.top > 0 && name.bottom < window.innerHeight && document.elementFromPoint(name.x + name.width / 2, name.y + name.height / 2) === link;
        }),
      );
      expect(index, 'a card to open is on screen').toBeGreaterThanOrEqual(0);
      const card = results.nth(index);
      const before = await settledPosition(card);

      // Clicked where the name is, as a person does: Playwright's click would first scroll it to the middle.
      const name = (await card.getByRole('link').boundingBox())!;
      await page.mouse.click(name.x + name.width / 2, name.y + name.height / 2);
      await expect(page).toHaveURL(/\/artists\/[a-z0-9-]+$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/artiesten\?category=bands$/);
      expect(await settledPosition(card)).toEqual(before);
    });
  }
});

test.describe('search suggestions', { tag: '@site-wide' }, () => {
  test('suggest artists while typing; choosing one opens the artist', async ({ page }) => {
    await page.goto('/artiesten');
    await hydrated(page.getByRole('combobox', { name: 'Zoek een artiest, genre of plaats' }));
    const search = page.getByRole('combobox', { name: 'Zoek een artiest, genre of plaats' });
    await search.pressSequentially('dijkbrek', { delay: 30 });
    const option = page.getByRole('option', { name: /De Dijkbrekers/ });
    await expect(option).toBeVisible();
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await search.press('ArrowDown');
    await expect(search).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await search.press('Enter');
    await expect(page).toHaveURL(/\/artists\/de-dijkbrekers$/);
  });

  test('a place suggestion becomes the distance filter; Enter searches the text and reports it', async ({ page }) => {
    await consentToAnalytics(page);
    await page.goto('/artiesten');
    await hydrated(page.getByRole('combobox', { name: 'Zoek een artiest, genre of plaats' }));
    const search = page.getByRole('combobox', { name: 'Zoek een artiest, genre of plaats' });
    await search.pressSequentially('utrec', { delay: 30 });
    await page
      .getByRole('option', { name: /^Utrecht/ })
      .first()
      .click();
    await expect(page).toHaveURL(/place=\d+/);
    await expect(page.getByTestId('active-filters')).toContainText('Binnen 25 km van Utrecht');
    const placeId = Number(new URL(page.url()).searchParams.get('place'));
    await expectResults(page, await expectedNames({ place_id: placeId, radius_km: 25 }));

    await page.goto('/artiesten');
    await hydrated(page.getByRole('combobox', { name: 'Zoek een artiest, genre of plaats' }));
    await search.fill('soul');
    await search.press('Enter');
    await expect(page).toHaveURL(/q=soul/);
    const names = await expectedNames({ query: 'soul' });
    await expectResults(page, names);
    await expect.poll(async () => (await events(page, 'search')).at(-1)).toMatchObject({ search_term: 'soul', results_count: names.total });
  });

  test('nonsense in the address falls back to the defaults', async ({ page }) => {
    await page.goto('/artiesten?category=opera&rating=11&page=-3&sort=random&max_price=veel&date=2020-01-01&view=tabel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alle artiesten');
    await expectResults(page, await expectedNames({}));
    await expect(page.getByTestId('active-filters')).toHaveCount(0);
  });
});

test.describe('on a phone', { tag: '@site-wide' }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters sit in a sheet whose button shows the count before applying', async ({ page }) => {
    await page.goto('/artiesten?category=bands');
    await expectResults(page, await expectedNames({ category: 'bands' }));
    await page.getByTestId('open-filters').click();
    const sheet = page.getByTestId('filter-sheet');
    await sheet.getByLabel('Minimale beoordeling').selectOption('4.5');
    const names = await expectedNames({ category: 'bands', min_rating: 4.5 });
    await expect(sheet.getByTestId('apply-filters')).toHaveText(`Toon ${countText(names.length)}`);
    await expect(page).not.toHaveURL(/rating=/);
    await sheet.getByTestId('apply-filters').click();
    await expect(page).toHaveURL(/rating=4\.5/);
    await expectResults(page, names);
  });

  test('the count follows typing without leaving the field, and the button’s number is what the list then shows', async ({ page }) => {
    await page.goto('/artiesten?category=bands');
    const all = await expectedNames({ category: 'bands' });
    await expectResults(page, all);
    await page.getByTestId('open-filters').click();
    const sheet = page.getByTestId('filter-sheet');
    const button = sheet.getByTestId('apply-filters');
    await expect(button).toHaveText(`Toon ${countText(all.total)}`);
    const genre = sheet.getByLabel('Genre');
    await genre.click();
    await genre.pressSequentially('pop', { delay: 60 });
    const pop = await expectedNames({ category: 'bands', genre: 'pop' });
    expect(pop.total).toBeLessThan(all.total);
    // Still typing (the field keeps focus), the number has followed.
    await expect(button).toHaveText(`Toon ${countText(pop.total)}`);
    await expect(genre).toBeFocused();
    // A choice counts at once.
    await sheet.getByLabel('Minimale beoordeling').selectOption('4');
    const popRated = await expectedNames({ category: 'bands', genre: 'pop', min_rating: 4 });
    await expect(button).toHaveText(`Toon ${countText(popRated.total)}`);
    const promised = Number((await button.textContent())!.match(/\d+/)![0]);
    await button.click();
    await expect(page).toHaveURL(/genre=pop/);
    await expect(page.getByTestId('result-count')).toHaveText(countText(promised));
    await expect(page.getByTestId('artist-results').getByRole('heading', { level: 3 })).toHaveCount(promised);
  });
});

// Reviewing a booking (/reviews/booking/{id}, the link in the 'completed' and review-reminder
// e-mails): the customer of a completed gig gives stars and a few words, and the review then
// shows on the artist's page; without stars the form says what is missing; someone else's
// booking is not found; axe finds nothing serious on a phone and a desktop.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createArtist, createCustomer, requestBooking, service, type TestArtist } from '../fixtures/backoffice.ts';
import { completedBooking as completeGig } from '../fixtures/booking-lifecycle.ts';
import { type TestUser } from '../fixtures/stack.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';

test.afterEach(closePages);
let artist: TestArtist;
let customer: TestUser;

const completedBooking = (who: TestUser) => completeGig(who, artist);


test.beforeAll(async () => {
  artist = await createArtist({ approved: true, name: `Reviewband ${Date.now().toString(36)}` });
  customer = await createCustomer('Romy', 'Recensent');
});

test('the customer of a completed gig writes a review that appears on the artist page', async ({ browser, baseURL }) => {
  const bookingId = await completedBooking(customer);
  const page = await pageAs(browser, baseURL!, customer);
  await page.goto(`/reviews/booking/${bookingId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Hoe was ${artist.name}?` })).toBeVisible();

  // Without stars the form says what is missing, and sends nothing.
  await page.getByRole('button', { name: 'Review plaatsen' }).click();
  await expect(page.getByText('Kies een beoordeling van 1 tot 5 sterren.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^1 ster/ })).toBeFocused();

  await page.getByRole('radio', { name: '4 sterren: Heel goed' }).click();
  await expect(page.getByText('Kies een beoordeling van 1 tot 5 sterren.')).toHaveCount(0);
  const words = 'De dansvloer stond de hele avond vol. Aanrader!';
  await page.getByLabel('Vertel er iets over (mag ook leeg blijven)').fill(words);
  await expect(page.getByText(`${words.length} / 4000 tekens`)).toBeVisible();
  await page.getByRole('button', { name: 'Review plaatsen' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Bedankt voor je review' })).toBeVisible();
  await expect(page.getByRole('img', { name: '4 van de 5 sterren' })).toBeVisible();
  const { data: stored } = await service().from('reviews').select('rating, body, artist_id, customer_id').eq('booking_id', bookingId).single();
  expect(stored).toEqual({ rating: 4, body: words, artist_id: artist.id, customer_id: customer.id });

  // Coming back later shows the review, not a second form.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Bedankt voor je review' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review plaatsen' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Bekijk de artiestpagina' }).click();
  await expect(page).toHaveURL(new RegExp(`/artists/${artist.slug}#reviews$`));
  await expect(page.getByTestId('review').filter({ hasText: words })).toBeVisible();
});

test("someone else's booking is not found, and a gig still to come cannot be reviewed yet", async ({ browser, baseURL }) => {
  const bookingId = await completedBooking(customer);
  const other = await createCustomer('Olaf', 'Ander');
  const page = await pageAs(browser, baseURL!, other);
  await page.goto(`/reviews/booking/${bookingId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Deze boeking kunnen we niet vinden' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review plaatsen' })).toHaveCount(0);

  const upcoming = await requestBooking(other, artist.id, 40);
  await page.goto(`/reviews/booking/${upcoming}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nog even geduld' })).toBeVisible();
});

test('/review lists the completed gigs still waiting for a review', async ({ browser, baseURL }) => {
  const reviewer = await createCustomer('Lieke', 'Lijst');
  const bookingId = await completedBooking(reviewer);
  const page = await pageAs(browser, baseURL!, reviewer);
  await page.goto('/review');
  await page.getByRole('link', { name: `Beoordeel ${artist.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/reviews/booking/${bookingId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Hoe was ${artist.name}?` })).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`axe finds nothing serious on the review form at ${width} px`, async ({ browser, baseURL }) => {
    const bookingId = await completedBooking(customer);
    const page = await pageAs(browser, baseURL!, customer);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/reviews/booking/${bookingId}`);
    await page.getByRole('button', { name: 'Review plaatsen' }).click();
    await expect(page.getByText('Kies een beoordeling van 1 tot 5 sterren.')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

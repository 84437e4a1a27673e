// Reviews: the customer of a completed gig rates it (overall stars, music,
// professionalism, communication) with a text at /reviews/booking/{id} (the link in the
// 'completed' and review-reminder e-mails); it appears on the artist page at once with the
// 'Geverifieerde boeking' mark, the average and the distribution updated. The refused cases (an
// incomplete form, someone else's booking, a gig still to come, a second review) say why in
// Dutch and write nothing. The review can be changed for 14 days; 'Mijn reviews' shows it with the
// artist's reply; /review/artist/{slug} leads to the booking to review, or explains that only
// booked customers can. axe finds nothing serious on any of these pages at 390 and 1280 px.
import { createNodeClient } from '@podium/shared/supabase-node';
import { expect, test, type Page } from '@playwright/test';
import { createArtist, createCustomer, requestBooking, service, type TestArtist } from '../fixtures/backoffice.ts';
import { completedBooking as completeGig, playedGig } from '../fixtures/booking-lifecycle.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import { signIn, stack, type TestUser } from '../fixtures/stack.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

test.afterEach(closePages);
// Each journey first takes gigs through the real lifecycle (payment sandbox included).
test.describe.configure({ timeout: 120_000 });
let artist: TestArtist;
let customer: TestUser;

// A gig that has been and that its customer confirmed took place: what a review needs.
const reviewableGig = (who: TestUser, act = artist) => playedGig(who, act);
const words = 'De dansvloer stond de hele avond vol. Aanrader!';

async function clientOf(user: TestUser) {
  const session = await signIn(user);
  const client = createNodeClient(stack.apiUrl, stack.anonKey);
  await client.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
  return client;
}

/** A review written the way the form writes it, through the customer's own client. */
async function writeReview(who: TestUser, bookingId: string, rating = 4, body = words) {
  const { error } = await (
    await clientOf(who)
  )
    .from('reviews')
    .insert({ booking_id: bookingId, rating, music_rating: rating, professionalism_rating: rating, communication_rating: rating, body } as never);
  if (error) throw new Error(`review ${bookingId}: ${error.message}`);
}

const reviewCount = async (bookingId: string) => (await service().from('reviews').select('id', { count: 'exact', head: true }).eq('booking_id', bookingId)).count;

async function pickStars(page: Page, group: string, stars: number) {
  const names = ['', '1 ster: Slecht', '2 sterren: Matig', '3 sterren: Goed', '4 sterren: Heel goed', '5 sterren: Uitstekend'];
  await page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: names[stars] }).click();
}

test.beforeAll(async () => {
  artist = await createArtist({ approved: true, name: `Reviewband ${Date.now().toString(36)}` });
  customer = await createCustomer('Romy', 'Recensent');
});

test('a review after a completed gig appears on the artist page, verified, with the rating and distribution updated', async ({ browser, baseURL }) => {
  const act = await createArtist({ approved: true, name: `Verse band ${Date.now().toString(36)}` });
  const bookingId = await completeGig(customer, act);
  const page = await pageAs(browser, baseURL!, customer);
  await page.goto(`/artists/${act.slug}`);
  await expect(page.getByText(`${act.name} heeft nog geen reviews`)).toBeVisible();

  // The review mail's link first asks whether the gig took place: the answer comes before the review.
  await page.goto(`/reviews/booking/${bookingId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Eerst een vraag over het optreden' })).toBeVisible();
  await page.getByRole('link', { name: 'Laat het ons weten' }).click();
  const checkin = page.getByTestId('booking-detail').getByTestId('checkin-card');
  await expect(checkin.getByRole('heading', { name: 'Is het optreden doorgegaan?' })).toBeVisible();
  await checkin.getByRole('button', { name: 'Ja, alles ging goed' }).click();
  await expect(page.getByText('Bedankt! Fijn dat alles goed ging.')).toBeVisible();
  await expect(checkin).toHaveCount(0);
  await page.getByTestId('booking-detail').getByRole('link', { name: 'Schrijf een review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hoe was ${act.name}?` })).toBeVisible();

  // An empty form says what is missing, focuses the first gap and sends nothing.
  await page.getByRole('button', { name: 'Review plaatsen' }).click();
  await expect(page.getByText('Geef elk onderdeel 1 tot 5 sterren.')).toHaveCount(4);
  await expect(page.getByText('Schrijf minstens 10 tekens over het optreden.')).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Je totaaloordeel' }).getByRole('radio', { name: /^1 ster/ })).toBeFocused();
  expect(await reviewCount(bookingId)).toBe(0);

  await pickStars(page, 'Je totaaloordeel', 4);
  await pickStars(page, 'Muziek', 5);
  await pickStars(page, 'Professionaliteit', 4);
  await pickStars(page, 'Communicatie', 3);
  await expect(page.getByText('Geef elk onderdeel 1 tot 5 sterren.')).toHaveCount(0);
  await page.getByLabel('Je ervaring').fill(words);
  await expect(page.getByText(`${words.length} / 4000 tekens`)).toBeVisible();
  await page.getByRole('button', { name: 'Review plaatsen' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Bedankt voor je review' })).toBeVisible();
  await expect(page.getByRole('img', { name: '4 van de 5 sterren' })).toBeVisible();
  const { data: stored } = await service()
    .from('reviews')
    .select('rating, music_rating, professionalism_rating, communication_rating, body, artist_id, customer_id')
    .eq('booking_id', bookingId)
    .single();
  expect(stored).toEqual({ rating: 4, music_rating: 5, professionalism_rating: 4, communication_rating: 3, body: words, artist_id: act.id, customer_id: customer.id });

  // Coming back later shows the review, not a second form.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Bedankt voor je review' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review plaatsen' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Bekijk de artiestpagina' }).click();
  await expect(page).toHaveURL(new RegExp(`/artists/${act.slug}#reviews$`));
  const shown = page.getByTestId('review').filter({ hasText: words });
  await expect(shown).toBeVisible();
  await expect(shown.getByTestId('verified-booking')).toHaveText('Geverifieerde boeking');
  await expect(shown.getByTestId('review-aspects')).toContainText('Muziek');
  await expect(shown.getByRole('img', { name: '5 van 5 sterren' })).toBeVisible();
  await expect(page.getByTestId('rating-average')).toHaveText('4,0');
  await expect(page.getByTestId('aspect-averages')).toContainText('Muziek5,0');
  await expect(page.getByTestId('aspect-averages')).toContainText('Communicatie3,0');
  const bars = page.getByLabel('Verdeling van de beoordelingen');
  await expect(bars.locator('div', { has: page.getByText('4 sterren', { exact: true }) }).locator('dd')).toHaveText('1');
  await expect(bars.locator('dd[aria-label="1 review"]')).toHaveCount(1);
});

test("someone else's booking is not found, a gig still to come cannot be reviewed yet, a second review is refused", async ({ browser, baseURL }) => {
  const bookingId = await reviewableGig(customer);
  const other = await createCustomer('Olaf', 'Ander');
  const otherPage = await pageAs(browser, baseURL!, other);
  await otherPage.goto(`/reviews/booking/${bookingId}`);
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Deze boeking kunnen we niet vinden' })).toBeVisible();
  await expect(otherPage.getByRole('button', { name: 'Review plaatsen' })).toHaveCount(0);

  const upcoming = await requestBooking(other, artist.id, 40);
  await otherPage.goto(`/review?booking=${upcoming}`);
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Nog even geduld' })).toBeVisible();
  await expect(otherPage.getByRole('button', { name: 'Review plaatsen' })).toHaveCount(0);

  // The form is open while a review of the same booking is written elsewhere (another tab): the
  // database refuses the second one, and the form says so in Dutch.
  const page = await pageAs(browser, baseURL!, customer);
  await page.goto(`/reviews/booking/${bookingId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Hoe was ${artist.name}?` })).toBeVisible();
  for (const group of ['Je totaaloordeel', 'Muziek', 'Professionaliteit', 'Communicatie']) await pickStars(page, group, 2);
  // Too long a text is caught before sending.
  await page.getByLabel('Je ervaring').fill('x'.repeat(4001));
  await page.getByRole('button', { name: 'Review plaatsen' }).click();
  await expect(page.getByText('Je review mag hoogstens 4000 tekens lang zijn.')).toBeVisible();
  expect(await reviewCount(bookingId)).toBe(0);

  await writeReview(customer, bookingId, 5, 'In een ander tabblad geschreven.');
  await page.getByLabel('Je ervaring').fill('Toch nog een tweede review proberen.');
  await page.getByRole('button', { name: 'Review plaatsen' }).click();
  await expect(page.getByTestId('review-refusal')).toHaveText('Je hebt deze boeking al beoordeeld. Je kunt je review wel aanpassen.');
  expect(await reviewCount(bookingId)).toBe(1);
  const { data } = await service().from('reviews').select('rating, body').eq('booking_id', bookingId).single();
  expect(data).toEqual({ rating: 5, body: 'In een ander tabblad geschreven.' });
});

test('a review can be changed within 14 days, not after', async ({ browser, baseURL }) => {
  const editor = await createCustomer('Eva', 'Bewerker');
  const bookingId = await reviewableGig(editor);
  await writeReview(editor, bookingId, 3, 'Redelijk, het geluid was te hard.');
  const page = await pageAs(browser, baseURL!, editor);
  await page.goto('/bookings?tab=afgelopen');
  await page.getByRole('link', { name: new RegExp(`^Review bewerken: ${artist.name}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Je review van ${artist.name} bewerken` })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Je totaaloordeel' }).getByRole('radio', { name: '3 sterren: Goed' })).toHaveAttribute('aria-checked', 'true');
  await pickStars(page, 'Je totaaloordeel', 5);
  await pickStars(page, 'Communicatie', 5);
  await page.getByLabel('Je ervaring').fill('Achteraf gezien: geweldig, het geluid was snel opgelost.');
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bedankt voor je review' })).toBeVisible();
  await expect(page.getByText('Achteraf gezien: geweldig, het geluid was snel opgelost.')).toBeVisible();
  const { data } = await service().from('reviews').select('rating, communication_rating, body').eq('booking_id', bookingId).single();
  expect(data).toEqual({ rating: 5, communication_rating: 5, body: 'Achteraf gezien: geweldig, het geluid was snel opgelost.' });
  await expect(page.getByText(/Je kunt je review aanpassen tot en met/)).toBeVisible();

  // A review from three weeks ago (as the database owner would import it) is closed.
  const old = await reviewableGig(editor);
  const threeWeeksAgo = new Date(Date.now() - 21 * 86_400_000).toISOString();
  const { error } = await service()
    .from('reviews')
    .insert({ booking_id: old, customer_id: editor.id, rating: 4, body: 'Van een tijd terug.', created_at: threeWeeksAgo } as never);
  expect(error).toBeNull();
  await page.goto(`/reviews/booking/${old}?bewerken=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bedankt voor je review' })).toBeVisible();
  await expect(page.getByText(/Deze review kan niet meer worden aangepast/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review bewerken' })).toHaveCount(0);
});

test("'Mijn reviews' shows the reviews with the artist's reply", async ({ browser, baseURL }) => {
  const reviewer = await createCustomer('Mila', 'Mijnreviews');
  const bookingId = await reviewableGig(reviewer);
  await writeReview(reviewer, bookingId, 5, 'Fantastisch, iedereen heeft gedanst.');
  const { error } = await (await clientOf(artist.owner)).from('reviews').update({ artist_reply: 'Dank je wel Mila, het was een feest!' }).eq('booking_id', bookingId);
  expect(error).toBeNull();
  const waiting = await reviewableGig(reviewer);

  const page = await pageAs(browser, baseURL!, reviewer);
  await page.goto('/reviews/customer');
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn reviews' })).toBeVisible();
  const card = page.getByTestId('my-review');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: artist.name })).toBeVisible();
  await expect(card).toContainText('Fantastisch, iedereen heeft gedanst.');
  await expect(card.getByTestId('artist-reply')).toContainText('Dank je wel Mila, het was een feest!');
  await expect(card.getByRole('link', { name: `Review van ${artist.name} bewerken` })).toBeVisible();
  // The gig still waiting for a review is offered on top.
  await page.getByRole('link', { name: `Beoordeel ${artist.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/reviews/booking/${waiting}$`));
});

test('/review/artist/{slug} leads to the gig to review, or explains that only booked customers can', async ({ browser, baseURL }) => {
  const stranger = await createCustomer('Sam', 'Zonderboeking');
  const page = await pageAs(browser, baseURL!, stranger);
  await page.goto(`/artists/${artist.slug}`);
  await page.getByRole('link', { name: 'Schrijf een review' }).click();
  await expect(page).toHaveURL(new RegExp(`/review/artist/${artist.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${artist.name} beoordelen` })).toBeVisible();
  await expect(page.getByTestId('review-only-booked')).toContainText(`Alleen klanten die ${artist.name} via Podium boekten, kunnen een review schrijven.`);
  await expect(page.getByRole('button', { name: 'Review plaatsen' })).toHaveCount(0);

  const reviewer = await createCustomer('Lieke', 'Lijst');
  const bookingId = await reviewableGig(reviewer);
  const own = await pageAs(browser, baseURL!, reviewer);
  await own.goto(`/review/artist/${artist.slug}`);
  await own.getByRole('link', { name: new RegExp(`^Review schrijven: ${artist.name}`) }).click();
  await expect(own).toHaveURL(new RegExp(`/reviews/booking/${bookingId}$`));
  await expect(own.getByRole('heading', { level: 1, name: `Hoe was ${artist.name}?` })).toBeVisible();

  // /review without a booking lists the gigs still waiting for one.
  await own.goto('/review');
  await own.getByRole('link', { name: `Beoordeel ${artist.name}` }).click();
  await expect(own).toHaveURL(new RegExp(`/reviews/booking/${bookingId}$`));
});

for (const width of [390, 1280]) {
  test(`axe finds nothing serious on the review pages at ${width} px`, async ({ browser, baseURL }) => {
    const reviewer = await createCustomer('Axel', 'Toegankelijk');
    const open = await reviewableGig(reviewer);
    const reviewed = await reviewableGig(reviewer);
    await writeReview(reviewer, reviewed, 4);
    await (await clientOf(artist.owner)).from('reviews').update({ artist_reply: 'Dank je!' }).eq('booking_id', reviewed);
    const page = await pageAs(browser, baseURL!, reviewer, width);

    await page.goto(`/reviews/booking/${open}`);
    await page.getByRole('button', { name: 'Review plaatsen' }).click();
    await expect(page.getByText('Schrijf minstens 10 tekens over het optreden.')).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto(`/reviews/booking/${reviewed}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bedankt voor je review' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Review bewerken' }).click();
    await expect(page.getByRole('button', { name: 'Wijzigingen opslaan' })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto('/reviews/customer');
    await expect(page.getByTestId('artist-reply')).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto(`/review/artist/${artist.slug}`);
    await expect(page.getByTestId('review-choice').first()).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto('/review');
    await expect(page.getByRole('heading', { level: 1, name: 'Review schrijven' })).toBeVisible();
    await expectNoSeriousViolations(page);

    const guest = await createCustomer('Gea', 'Gast');
    const other = await pageAs(browser, baseURL!, guest, width);
    await other.goto(`/review/artist/${artist.slug}`);
    await expect(other.getByTestId('review-only-booked')).toBeVisible();
    await expectNoSeriousViolations(other);

    await other.goto(`/artists/${artist.slug}#reviews`);
    await expect(other.getByTestId('verified-booking').first()).toBeVisible();
    await expectNoSeriousViolations(other);
  });
}

// After a paid gig the customer is asked 'Is het optreden doorgegaan?' on top of 'Mijn boekingen'
// (and in the booking, where the check-in mail links). 'Probleem melden' needs a reason from the
// list and a description, takes photos, and then holds the artist's payout in a case; the review
// waits until the case is resolved. An incomplete report says why in Dutch and sends nothing.
import { encodePng } from '@podium/shared/png.test-support';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { createArtist, createCustomer, service, type TestArtist } from '../fixtures/backoffice.ts';
import { completedBooking } from '../fixtures/booking-lifecycle.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';

test.afterEach(closePages);
test.describe.configure({ timeout: 120_000 });

let artist: TestArtist;
test.beforeAll(async () => {
  artist = await createArtist({ approved: true, name: `Meldband ${Date.now().toString(36)}` });
});

const photo = encodePng(64, 48, 'rgb', (x, y) => [x * 4, y * 5, 90]);

test("'Probleem melden' with a reason, a description and a photo holds the payout; the review waits", async ({ browser, baseURL }) => {
  const customer = await createCustomer('Mila', 'Melder');
  const bookingId = await completedBooking(customer, artist, 25);
  const page = await pageAs(browser, baseURL!, customer, 390);
  await page.goto('/bookings');
  const card = page.getByTestId('checkin-card');
  await expect(card.getByRole('heading', { name: 'Is het optreden doorgegaan?' })).toBeVisible();
  await expect(card).toContainText(`Het optreden van ${artist.name} op`);
  await expect(card).toContainText('Tot dan houden we de betaling aan de artiest vast.');

  await card.getByRole('button', { name: 'Probleem melden' }).click();
  const form = card.getByRole('form', { name: `Probleem melden over ${artist.name}` });
  await form.getByRole('button', { name: 'Melding versturen' }).click();
  await expect(form.getByText('Kies wat er misging.')).toBeVisible();
  await expect(form.getByText('Beschrijf in minstens 10 tekens wat er misging.')).toBeVisible();
  await expect(form.getByLabel('Vertel wat er gebeurde')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, { label: 'check-in with the report form at 390 px' });
  const cases = async () => (await service().from('booking_cases').select('reason, details, photos').eq('booking_id', bookingId)).data ?? [];
  expect(await cases()).toEqual([]);

  await form.getByRole('radio', { name: 'De artiest was te laat' }).check();
  await form.getByLabel('Vertel wat er gebeurde').fill('De band begon pas om half elf, twee uur later dan afgesproken.');
  await form.getByTestId('case-photos-input').setInputFiles({ name: 'lege-zaal.png', mimeType: 'image/png', buffer: photo });
  await expect(form.getByRole('button', { name: 'lege-zaal.png weghalen' })).toBeVisible();
  await form.getByRole('button', { name: 'Melding versturen' }).click();
  await expect(page.getByText('Je melding is verstuurd.')).toBeVisible();
  await expect(page.getByTestId('checkin-card')).toHaveCount(0);

  const [opened] = await cases();
  expect(opened).toMatchObject({ reason: 'late', details: 'De band begon pas om half elf, twee uur later dan afgesproken.' });
  expect(opened!.photos).toHaveLength(1);
  expect(opened!.photos[0]).toMatch(new RegExp(`^${bookingId}/[0-9a-f-]+\\.png$`));
  const stored = await service().storage.from('case-photos').download(opened!.photos[0]!);
  expect(Buffer.from(await stored.data!.arrayBuffer()).equals(photo)).toBe(true);
  const { data: payout } = await service().from('payouts').select('status').eq('booking_id', bookingId).single();
  expect(payout).toEqual({ status: 'held' });

  // The booking says the report is being looked at; no review until it is resolved.
  await page.getByRole('tab', { name: /Afgelopen/ }).click();
  const gig = page.getByTestId('booking-card').filter({ hasText: artist.name });
  await expect(gig).toContainText('Je melding wordt bekeken; daarna kun je een review schrijven.');
  await expect(gig.getByRole('link', { name: /Review schrijven/ })).toHaveCount(0);
  await page.goto(`/bookings?tab=afgelopen&booking=${bookingId}`);
  await expect(page.getByTestId('checkin-reported')).toContainText(`Je melding over ${artist.name} is ontvangen.`);
  await page.goto(`/reviews/booking/${bookingId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Je melding wordt bekeken' })).toBeVisible();
});

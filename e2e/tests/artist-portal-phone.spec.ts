// The artist portal on a phone (390 px): the artist opens a new request from the link in the
// request mail and lands on that booking's own view at the top of the screen; reads what, when,
// where and the customer's message; 'Stuur een bericht' opens the conversation with the customer
// in the portal's 'Berichten', where the artist writes them; accepts; once the customer has paid,
// the phone number shows (the gig is within the full-refund period's end) and the artist's
// documents are the payout statement, never the customer's invoice; the gig's day in the agenda
// stands out and opens the booking, while a free day still blocks and frees with a tap. A
// screenshot of each step in test-results.
import { expect, test, type Page } from '@playwright/test';
import { amsterdamToday, dutchClock, dutchDateTime } from '@podium/shared/dutch';
import { createArtist, createCustomer, service } from '../fixtures/backoffice.ts';
import { waitForMail } from '../fixtures/mail.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import { stack, type TestUser } from '../fixtures/stack.ts';
import type { Database } from '@podium/shared/database.types';
import { createNodeClient } from '@podium/shared/supabase-node';

test.afterEach(closePages);

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

/** The customer asks through the same RPC as the booking form, with everything the form sends. */
async function requestWithDetails(customer: TestUser, fields: Database['public']['Functions']['request_booking']['Args']): Promise<string> {
  const client = createNodeClient(stack.apiUrl, stack.anonKey);
  const { error: loginError } = await client.auth.signInWithPassword({ email: customer.email, password: customer.password });
  if (loginError) throw new Error(`login ${customer.email}: ${loginError.message}`);
  const { data, error } = await client.rpc('request_booking', fields).single();
  if (error) throw new Error(`request booking: ${error.message}`);
  return (data as { id: string }).id;
}

test('on a phone: a request from the mail opens at the top, is read, answered and messaged, and the gig opens from its day in the agenda', async ({ browser, baseURL }) => {
  test.slow();
  const artist = await createArtist({ approved: true, name: `Telefoonband ${Date.now().toString(36)}` });
  const customer = await createCustomer('Fenna', 'Feest');
  await service().from('profiles').update({ phone: '06 12345678' }).eq('id', customer.id);
  const { data: pack } = await service()
    .from('artist_packages')
    .insert({ artist_id: artist.id, name: 'Avondvullend feest', price_cents: 150_000, duration_minutes: 180 })
    .select('id')
    .single<{ id: string }>();
  const { data: place } = await service().from('places').select('id').eq('name', 'Utrecht').order('population', { ascending: false }).limit(1).single<{ id: number }>();
  // Twelve days ahead at 18:00 UTC (19:00 or 20:00 in the Netherlands): this month or the next in
  // the agenda, and past the end of the full-refund period once paid, so the phone number shows.
  const startsAt = new Date(Date.now() + 12 * 86_400_000);
  startsAt.setUTCHours(18, 0, 0, 0);
  const endsAt = new Date(startsAt.getTime() + 3 * 3_600_000);
  const started = Date.now();
  const bookingId = await requestWithDetails(customer, {
    artist_id: artist.id,
    package_id: pack!.id,
    starts_at: startsAt.toISOString(),
    ends_at: endsAt.toISOString(),
    event_type: 'Bruiloft',
    guest_count: 120,
    place_id: place!.id,
    event_location: 'Kasteel de Haar, Kasteellaan 1',
    notes: 'We trouwen in de tuin. Kunnen jullie om 20:00 beginnen met de openingsdans?',
  });

  // The request mail, sent as the scheduler would, and its link.
  await fetch(`${stack.apiUrl}/functions/v1/send-notifications`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ booking_id: bookingId }),
  });
  const mail = await waitForMail(artist.owner.email, { subject: /^Nieuwe boekingsaanvraag/, after: started - 1000, timeoutMs: 60_000 });
  const link = /https?:\/\/[^\s"'<>]+\/dashboard\/artist\?booking=[0-9a-f-]{36}/.exec(mail.Text)?.[0];
  expect(link).toBeDefined();
  const target = new URL(link!);
  expect(target.searchParams.get('booking')).toBe(bookingId);

  const page = await pageAs(browser, baseURL!, artist.owner, 390);
  await page.goto(`${target.pathname}${target.search}`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/artist/boekingen\\?booking=${bookingId}$`));
  const view = page.getByTestId('booking-view');
  await expect(view.getByRole('heading', { level: 1, name: 'Aanvraag van Fenna Feest' })).toBeInViewport();
  await expect(view.getByTestId('booking-status')).toHaveText('Aangevraagd');
  const facts = view.getByTestId('booking-facts');
  await expect(facts).toContainText(`Wat${'Avondvullend feest'} · ${artist.name}Bruiloft · 120 gasten`);
  await expect(facts).toContainText(`Wanneer${dutchDateTime(startsAt)} tot ${dutchClock(endsAt)}`);
  await expect(facts).toContainText('WaarKasteel de Haar, Kasteellaan 1, Utrecht');
  await expect(facts).toContainText('KlantFenna Feest');
  await expect(facts).toContainText('TelefoonZichtbaar zodra de klant betaald heeft.');
  await expect(view.getByTestId('customer-message')).toHaveText('We trouwen in de tuin. Kunnen jullie om 20:00 beginnen met de openingsdans?');
  await expect(view.getByTestId('answer-deadline')).toHaveText(/^Nog .+ om te reageren$/);
  await expect(view.getByRole('button', { name: 'Accepteren' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, '1-request-from-mail');

  // 'Stuur een bericht' opens the conversation with this customer in the portal's 'Berichten'.
  let opened: string | null = null;
  const arrived = page.waitForURL((url) => url.pathname === '/dashboard/artist/berichten' && Boolean((opened = url.searchParams.get('c'))));
  await view.getByRole('button', { name: 'Stuur een bericht' }).click();
  await arrived;
  const { data: conversation } = await service().from('chat_conversations').select('id').eq('customer_id', customer.id).eq('artist_id', artist.id).single<{ id: string }>();
  expect(opened).toBe(conversation!.id);
  await expect(view).toHaveCount(0);
  // The artist writes the customer there; the customer has it.
  await expect(page.getByRole('region', { name: 'Gesprek met Fenna Feest' })).toBeVisible();
  const composer = page.getByRole('textbox', { name: /^Bericht aan/ });
  await composer.fill('Dat kan! We beginnen om 20:00 met de openingsdans.');
  await composer.press('Enter');
  await expect(page.getByTestId('own-message').last()).toContainText('We beginnen om 20:00 met de openingsdans.');
  await expect
    .poll(async () => (await service().from('chat_messages').select('message_text').eq('conversation_id', opened!).eq('sender_id', artist.owner.id)).data?.map((row) => row.message_text))
    .toEqual(['Dat kan! We beginnen om 20:00 met de openingsdans.']);
  await shot(page, '2-berichten');
  await page.goto(`/dashboard/artist/boekingen?booking=${bookingId}`);
  await expect(view.getByRole('link', { name: 'Stuur een bericht' })).toHaveAttribute('href', `/dashboard/artist/berichten?c=${conversation!.id}`);

  // Accepting: the view follows, the customer is told to pay.
  await view.getByRole('button', { name: 'Accepteren' }).click();
  await expect(view.getByTestId('booking-status')).toHaveText('Geaccepteerd');
  await expect(view.getByRole('heading', { level: 1, name: 'Boeking van Fenna Feest' })).toBeVisible();
  await expect(view).toContainText('De klant betaalt uiterlijk');
  await shot(page, '3-accepted');

  // The customer pays on the storefront.
  const customerPage = await pageAs(browser, baseURL!, customer);
  await customerPage.goto(`/booking/${bookingId}/checkout`);
  await customerPage.getByRole('checkbox', { name: /Ik ga akkoord/ }).check();
  await customerPage.getByRole('button', { name: /^Betaal € / }).click();
  await customerPage.getByRole('button', { name: /^Betaald/ }).click();
  await expect(customerPage.getByRole('heading', { level: 1, name: 'Betaald! Je boeking is bevestigd' })).toBeVisible();

  // Paid and within twelve days: the phone number to call; the artist's own documents, no customer's invoice.
  await expect(view.getByTestId('booking-status')).toHaveText('Bevestigd');
  await expect(view.getByTestId('customer-phone')).toHaveText('06 12345678');
  await expect(view.getByTestId('customer-phone')).toHaveAttribute('href', 'tel:+31612345678');
  await expect(view.getByTestId('booking-documents')).toContainText('Zodra je gage voor dit optreden is uitbetaald, download je hier de uitbetalingsspecificatie (pdf)');
  await expect(view.getByRole('button', { name: /Factuur/ })).toHaveCount(0);
  await shot(page, '4-confirmed');

  // The agenda: the gig's day stands out and opens the booking.
  const day = amsterdamToday(startsAt);
  await page.goto('/dashboard/artist/agenda');
  if (day.slice(0, 7) !== amsterdamToday().slice(0, 7)) await page.getByRole('button', { name: 'Volgende maand' }).click();
  const gigDay = page.getByTestId(`day-${day}`);
  await expect(gigDay).toHaveAccessibleName(/, optreden: boeking bekijken$/);
  await gigDay.scrollIntoViewIfNeeded();
  expect(await gigDay.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(194, 71, 26)');
  await shot(page, '5-agenda');

  // A free day still blocks and frees with a tap.
  const free = page.getByTestId((await page.locator('[data-testid^="day-"][aria-pressed="false"]:not([disabled])').last().getAttribute('data-testid'))!);
  await free.click();
  await expect(free).toHaveAttribute('aria-pressed', 'true');
  await free.click();
  await expect(free).toHaveAttribute('aria-pressed', 'false');

  await gigDay.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/artist/boekingen\\?booking=${bookingId}$`));
  await expect(view.getByRole('heading', { level: 1, name: 'Boeking van Fenna Feest' })).toBeInViewport();
  await expect(view.getByTestId('booking-status')).toHaveText('Bevestigd');
  await shot(page, '6-gig-from-agenda');
});

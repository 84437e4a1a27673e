// The BANDS referral programme as users meet it: a referrer's dashboard makes their
// code and passes the link on (copy, share sheet, WhatsApp, QR); a friend signs up through
// /ref/{code}, books, pays and has the gig, and the referrer's dashboard then shows the bonus in
// the balance, the ledger and the people they invited; the ledger pages through by SPEC 7.2's
// ranges and names the booking BANDS were spent on and came back from; the leaderboard shows your
// own position outside the top 10; guests get the explanation and the login, and no data call.
// Amounts come from app_config, as the pages take them.
import { expect, test, type Page } from '@playwright/test';
import { dutchCents } from '@podium/shared/dutch';
import { anon, createArtist, createCustomer, service, type TestArtist } from '../fixtures/backoffice.ts';
import { acceptedBooking, completedBooking, confirmGigTookPlace } from '../fixtures/booking-lifecycle.ts';
import { verifyLink, waitForMail } from '../fixtures/mail.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import type { TestUser } from '../fixtures/stack.ts';

test.afterEach(closePages);

let artist: TestArtist;
let config: Map<string, number>;

test.beforeAll(async () => {
  artist = await createArtist({ approved: true, name: `Uitnodigingsband ${Date.now().toString(36)}` });
  const { data, error } = await service().from('app_config').select('key, value_int');
  if (error) throw new Error(error.message);
  config = new Map((data as { key: string; value_int: number }[]).map((row) => [row.key, row.value_int]));
});

const dashboard = '/referral-bands/dashboard';
const transactions = (page: Page) => page.getByTestId('transactions').getByTestId('transaction');

async function as(user: TestUser) {
  const client = anon();
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw new Error(`login ${user.email}: ${error.message}`);
  return client;
}

/** An account from before codes came with every sign-up: no referral code yet. */
async function withoutCode(user: TestUser) {
  const { error } = await service().from('profiles').update({ referral_code: null }).eq('id', user.id);
  if (error) throw new Error(`clearing the code: ${error.message}`);
}

async function adjust(user: TestUser, amount: number, reason: string) {
  const { error } = await service().rpc('admin_adjust_bands', { target_user: user.id, amount, reason });
  if (error) throw new Error(`admin_adjust_bands: ${error.message}`);
}

/** The code the dashboard shows, once it has made one. */
async function codeOnDashboard(page: Page): Promise<string> {
  await page.goto(dashboard);
  const code = page.getByTestId('referral-code');
  await expect(code).toHaveText(/^[A-Z0-9-]{4,}$/);
  return (await code.textContent())!;
}

test('a referrer gets a code, copies the link and sees the QR code; a new account is told what to do', async ({ browser, baseURL }) => {
  const referrer = await createCustomer('Rosa', 'Deler');
  await withoutCode(referrer);
  const page = await pageAs(browser, baseURL!, referrer);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  const generated = page.waitForResponse((response) => response.url().endsWith('/functions/v1/generate-referral-code') && response.request().method() === 'POST');
  const code = await codeOnDashboard(page);
  expect((await generated).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'BANDS Dashboard' })).toBeVisible();

  // Made by generate-referral-code and kept on the profile: the same code on every visit.
  const { data: profile } = await service().from('profiles').select('referral_code').eq('id', referrer.id).single<{ referral_code: string }>();
  expect(profile?.referral_code).toBe(code);
  const link = `${new URL(baseURL!).origin}/ref/${code}`;
  await expect(page.getByLabel('Je uitnodigingslink')).toHaveValue(link);

  // What inviting earns, in app_config's amounts.
  const welcome = dutchCents(config.get('welcome_bonus_cents')!);
  const bonus = dutchCents(config.get('referral_bonus_cents')!);
  await expect(page.getByRole('heading', { level: 2, name: `Geef ${welcome} korting, krijg ${bonus} aan BANDS` })).toBeVisible();
  await expect(page.getByTestId('how-it-works')).toContainText(`binnen ${config.get('referral_code_window_days')} dagen`);
  await expect(page.getByTestId('how-it-works')).toContainText(`hoogstens ${config.get('referral_bonus_monthly_cap')} bonussen per kalendermaand`);
  await expect(page.getByRole('link', { name: /Alle regels in de voorwaarden/ })).toHaveAttribute('href', '/terms#vrienden-uitnodigen');

  await page.getByRole('button', { name: 'Kopieer link' }).click();
  await expect(page.getByTestId('toast').first()).toContainText('Link gekopieerd');
  await expect(page.getByRole('button', { name: 'Gekopieerd!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const whatsapp = new URL((await page.getByRole('link', { name: 'Deel via WhatsApp' }).getAttribute('href'))!);
  expect(whatsapp.origin).toBe('https://wa.me');
  expect(whatsapp.searchParams.get('text')).toBe(`Boek live muziek voor je feest via Podium! Met mijn link krijg je ${welcome} korting op je boeking: ${link}`);

  // The QR code is drawn, and downloadable as a PNG.
  const qr = page.getByRole('img', { name: `QR-code van je uitnodigingslink ${link}` });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole('link', { name: 'Download QR-code' })).toHaveAttribute('href', /^data:image\/png;base64,/);

  // Nothing earned yet: the page says where things will show.
  await expect(page.getByTestId('bands-balance')).toHaveText(dutchCents(0));
  await expect(page.getByTestId('transactions-empty')).toContainText('Nog geen transacties.');
  await expect(page.getByTestId('referrals-empty')).toContainText('Je hebt nog niemand uitgenodigd.');

  await page.reload();
  await expect(page.getByTestId('referral-code')).toHaveText(code);
});

test("the device's share sheet gets the message with the link, where the device has one", async ({ browser, baseURL }) => {
  const referrer = await createCustomer('Sam', 'Deler');
  const page = await pageAs(browser, baseURL!, referrer, 390);
  // This Chromium has no share sheet (so no 'Delen' button); a phone's stands in for it here.
  const code = await codeOnDashboard(page);
  await expect(page.getByRole('button', { name: 'Delen' })).toHaveCount(await page.evaluate(() => ('share' in navigator ? 1 : 0)));
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: (data: ShareData) => (((window as unknown as { shared: ShareData }).shared = data), Promise.resolve()) });
  });
  await page.reload();
  await page.getByRole('button', { name: 'Delen' }).click();
  const shared = await page.evaluate(() => (window as unknown as { shared: ShareData }).shared);
  expect(shared.text).toContain(`/ref/${code}`);
  expect(shared.title).toBe('Podium');
});

test("a friend signs up through the link, books and has the gig: the referrer's dashboard shows the bonus", async ({ browser, baseURL }) => {
  const referrer = await createCustomer('Ruben', 'Uitnodiger');
  const referrerPage = await pageAs(browser, baseURL!, referrer);
  const code = await codeOnDashboard(referrerPage);

  // The friend follows the link: the signup dialog opens, the code is kept for after the login.
  const friendPage = await pageAs(browser, baseURL!, null);
  const email = `vriend-${Date.now().toString(36)}@example.nl`;
  const password = 'geheim-vriend-123';
  const started = Date.now() - 1000;
  await friendPage.goto(`/ref/${code}`);
  const dialog = friendPage.getByRole('dialog', { name: 'Account Aanmaken' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Voornaam').fill('Fien');
  await dialog.getByLabel('Achternaam').fill('Vriendin');
  await dialog.getByLabel('E-mailadres').fill(email);
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await dialog.getByLabel('Bevestig wachtwoord').fill(password);
  await dialog.getByRole('checkbox').check({ force: true });
  await dialog.getByRole('button', { name: 'Account Aanmaken' }).click();
  await expect(friendPage.getByTestId('toast').first()).toContainText('Account aangemaakt!');
  await friendPage.goto(verifyLink(await waitForMail(email, { after: started })));
  await expect(friendPage.getByTestId('account-confirmed')).toBeVisible();

  // Signed in by the confirmation: 1 s later the pending code is applied.
  let friendId = '';
  await expect
    .poll(
      async () => {
        const { data } = await service().from('profiles').select('id, referrer_id').eq('email', email).maybeSingle<{ id: string; referrer_id: string | null }>();
        friendId = data?.id ?? '';
        return data?.referrer_id ?? null;
      },
      { timeout: 15_000 },
    )
    .toBe(referrer.id);
  const friend: TestUser = { id: friendId, email, password };

  await referrerPage.reload();
  const invited = referrerPage.getByTestId('referral');
  await expect(invited).toHaveCount(1);
  await expect(invited.getByTestId('referral-name')).toHaveText('Fien V.');
  await expect(invited.getByTestId('referral-status')).toHaveText('Wacht op eerste optreden');
  await expect(invited).toContainText('nog geen boeking');
  await expect(invited).not.toContainText(email);

  // The friend books the act; it is paid and the gig takes place. The bonus waits until the friend
  // confirms the gig went ahead (the check-in), so a gig that never happened pays nothing.
  const bookingId = await completedBooking(friend, artist, 40);
  await referrerPage.reload();
  await expect(referrerPage.getByTestId('bands-balance')).toHaveText(dutchCents(0));
  await confirmGigTookPlace(friend, bookingId);

  const bonus = config.get('referral_bonus_cents')!;
  await referrerPage.reload();
  await expect(referrerPage.getByTestId('bands-balance')).toHaveText(dutchCents(bonus));
  await expect(transactions(referrerPage)).toHaveCount(1);
  await expect(transactions(referrerPage).getByTestId('transaction-label')).toHaveText('Uitnodigingsbonus');
  await expect(transactions(referrerPage).getByTestId('transaction-amount')).toHaveText(`+ ${dutchCents(bonus)}`);
  await expect(transactions(referrerPage)).toContainText('Voor het eerste optreden van iemand die je uitnodigde');
  await expect(invited.getByTestId('referral-status')).toHaveText(`Bonus ontvangen · + ${dutchCents(bonus)}`);
  await expect(invited).toContainText(/eerste boeking op .* · eerste optreden op /);
});

test('the ledger pages through, newest first, and names the booking BANDS went to and came back from', async ({ browser, baseURL }) => {
  const customer = await createCustomer('Lotte', 'Ledger');
  for (let entry = 1; entry <= 23; entry += 1) await adjust(customer, 100 * entry, `Correctie ${entry}`);
  const page = await pageAs(browser, baseURL!, customer);
  await page.goto(dashboard);
  const pages = page.getByRole('navigation', { name: "Pagina's met transacties" });
  await expect(transactions(page)).toHaveCount(10);
  await expect(transactions(page).first()).toContainText('Correctie 23');
  await expect(transactions(page).first().getByTestId('transaction-amount')).toHaveText(`+ ${dutchCents(2300)}`);
  await expect(transactions(page).last()).toContainText('Correctie 14');
  await expect(page.getByText('23 transacties · pagina 1 van 3')).toBeVisible();

  await pages.getByRole('link', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/\/referral-bands\/dashboard\?pagina=2$/);
  await expect(transactions(page).first()).toContainText('Correctie 13');
  await expect(transactions(page).last()).toContainText('Correctie 4');
  await pages.getByRole('link', { name: 'Pagina 3' }).click();
  await expect(transactions(page)).toHaveCount(3);
  await expect(transactions(page).last()).toContainText('Correctie 1');
  await expect(pages.getByRole('link', { name: 'Pagina 3' })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(transactions(page).first()).toContainText('Correctie 13');
  // A page past the end (an old link) says so and leads back.
  await page.goto(`${dashboard}?pagina=9`);
  await expect(page.getByText('Pagina 9 bestaat niet: zoveel transacties heb je (nog) niet.')).toBeVisible();
  await page.getByRole('link', { name: 'Naar de nieuwste transacties' }).click();
  await expect(transactions(page).first()).toContainText('Correctie 23');

  // BANDS spent at checkout on a booking, then the booking is cancelled: both name the booking.
  const bookingId = await acceptedBooking(customer, artist, 50);
  const client = await as(customer);
  expect((await client.rpc('apply_bands_to_booking', { booking_id: bookingId, amount_cents: 1500 })).error).toBeNull();
  await page.goto(dashboard);
  await expect(transactions(page).first().getByTestId('transaction-label')).toHaveText('Besteed aan een boeking');
  await expect(transactions(page).first().getByTestId('transaction-amount')).toHaveText(`− ${dutchCents(1500)}`);
  await expect(transactions(page).first()).toContainText(`Besteed aan ${artist.name}, `);
  expect((await client.rpc('transition_booking', { booking_id: bookingId, new_status: 'cancelled', reason: 'Gaat niet door' })).error).toBeNull();
  await page.reload();
  const back = transactions(page).first();
  await expect(back.getByTestId('transaction-label')).toHaveText('Terug: boeking gaat niet door');
  await expect(back.getByTestId('transaction-amount')).toHaveText(`+ ${dutchCents(1500)}`);
  await back.getByTestId('transaction-booking').click();
  await expect(page).toHaveURL(new RegExp(`/bookings\\?booking=${bookingId}$`));
  await expect(page.getByTestId('booking-detail').getByTestId('booking-status')).toHaveText('Geannuleerd');
});

// Site-wide: the position counts everyone with more BANDS, whom other journeys keep adding.
test('the leaderboard: the top 10, and your own position below them', { tag: '@site-wide' }, async ({ browser, baseURL }) => {
  const customer = await createCustomer('Otto', 'Onderaan');
  await withoutCode(customer);
  await adjust(customer, 1, 'Een cent om mee te doen');
  // Where the balance board's order (balance, then sign-up, then id) puts a balance of 1 cent.
  const { data: ahead } = await service()
    .from('profiles')
    .select('id, bands_balance_cents, created_at')
    .gte('bands_balance_cents', 1)
    .order('bands_balance_cents', { ascending: false })
    .order('created_at')
    .order('id');
  const rank = (ahead as { id: string }[]).findIndex((row) => row.id === customer.id) + 1;
  expect(rank).toBeGreaterThan(10);

  const page = await pageAs(browser, baseURL!, customer);
  await page.goto('/referral-bands/leaderboard');
  await expect(page.getByRole('heading', { level: 1, name: 'BANDS Leaderboard' })).toBeVisible();
  const balance = page.getByTestId('leaderboard-balance');
  await expect(balance.getByRole('list', { name: 'Meeste BANDS: top 10' }).getByTestId('leaderboard-row')).toHaveCount(10);
  await expect(balance.locator('[data-current-user]')).toHaveCount(1);
  const own = balance.getByTestId('own-position');
  await expect(own.getByTestId('leaderboard-rank')).toHaveText(`Plaats ${rank}`);
  await expect(own.getByTestId('leaderboard-name')).toHaveText('Otto O.');
  await expect(own.getByTestId('leaderboard-value')).toHaveText(dutchCents(1));
  await expect(own.locator('[data-current-user]')).toContainText('Jij');
  // Others: a display name and an amount, never an e-mail address.
  await expect(balance).not.toContainText('@');
  // On a phone both boards fit the screen: nothing to scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // No code: not on the signups board.
  const referrers = page.getByTestId('leaderboard-referrers');
  await expect(referrers.getByTestId('own-position').getByTestId('leaderboard-value')).toHaveText('Nog niet gerangschikt');
  await expect(referrers.getByTestId('own-position')).toContainText('Je staat op dit bord zodra je een uitnodigingscode hebt');

  // The same boards in the dashboard's tab.
  await page.getByRole('link', { name: 'Naar je BANDS Dashboard' }).click();
  await page.getByRole('tab', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(/\?tab=leaderboard$/);
  await expect(page.getByTestId('leaderboard-balance').getByTestId('own-position').getByTestId('leaderboard-rank')).toHaveText(`Plaats ${rank}`);
});

test('a guest reads what the leaderboard is, without a data call, and logs in to see it', async ({ browser, baseURL }) => {
  const customer = await createCustomer('Gijs', 'Gast');
  const page = await pageAs(browser, baseURL!, null);
  const boardCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/rest\/v1\/rpc\/leaderboard_/.test(request.url())) boardCalls.push(request.url());
  });
  await page.goto('/referral-bands/leaderboard');
  const intro = page.getByTestId('leaderboard-guest');
  await expect(intro.getByRole('heading', { name: 'Log in om de ranglijsten te zien' })).toBeVisible();
  await expect(intro).toContainText('Meeste BANDS');
  await expect(intro).toContainText('Meeste aanmeldingen');
  await expect(page.getByTestId('leaderboards')).toHaveCount(0);
  expect(boardCalls).toEqual([]);

  await intro.getByRole('button', { name: 'Inloggen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inloggen' });
  await dialog.getByLabel('E-mailadres').fill(customer.email);
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill(customer.password);
  await dialog.getByRole('button', { name: 'Inloggen', exact: true }).click();
  // Back where they were, now with the boards.
  await expect(page).toHaveURL(/\/referral-bands\/leaderboard$/);
  await expect(page.getByTestId('leaderboards')).toBeVisible();
  await expect(page.getByTestId('leaderboard-balance').getByTestId('leaderboard-row').first()).toBeVisible();
  expect(boardCalls.length).toBeGreaterThan(0);
});

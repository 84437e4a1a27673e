// Getting paid, as an artist sees it: 'Koppel je Mollie-account' in the profile's payout
// tab leads to Mollie's consent page (the stack's payments sandbox), where the artist makes a new
// test organization and allows Podium; back in the portal the organization still needs its data
// ('Vul je gegevens aan bij Mollie', a link to the organization's Mollie dashboard), the artist
// finishes the onboarding there and 'Status vernieuwen' shows 'Gekoppeld'. Then a customer books
// and pays, the gig is done, the customer answers 'Ja, alles ging goed', the payout job routes the
// artist's share, and 'Uitbetalingen' shows the gig 'uitbetaald op …' with its amount, the
// organization's balance as the sandbox reports it, and the month's statement PDF with the amount.
// The customer answers in a browser of their own. A second gig the customer reports ('Probleem
// melden') stays held until the team resolves it in the back office with a partial refund; the
// refund's credit note reaches the customer's 'Mijn boekingen', and the rest is paid out.
// In the onboarding's payout step, refusing Mollie's consent connects nothing and says why.
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { dutchCents, dutchDateOfMoment, dutchMonthYear, amsterdamDate } from '@podium/shared/dutch';
import { createAdmin, createArtist, createCustomer, logInToBackOffice, service } from '../fixtures/backoffice.ts';
import { completedBooking, runMoneyJob } from '../fixtures/booking-lifecycle.ts';
import { pdfText } from '../fixtures/booking-form.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

test.afterEach(closePages);

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

type PayoutState = { status: string; last_error: string | null; attempts: number };

/**
 * The payout job until this booking's payout is paid. The stack's own scheduler runs the same job
 * beside the suite: a payout its run has claimed is skipped by ours until that run finishes it, and
 * a failed attempt is tried again after a minute, so this waits up to 90 s and names the payout's
 * state when it gives up.
 */
async function runPayouts(bookingId: string) {
  let last: PayoutState | null = null;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    await runMoneyJob('process-payouts', bookingId);
    const { data } = await service().from('payouts').select('status, last_error, attempts').eq('booking_id', bookingId).single<PayoutState>();
    last = data;
    if (data?.status === 'paid') return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`the payout of ${bookingId} was not paid: ${JSON.stringify(last)}`);
}

function connectSection(page: Page) {
  return page.getByRole('region', { name: 'Uitbetalen via Mollie' });
}

test('an approved artist connects Mollie and is paid for a gig the customer confirmed; a reported gig waits for the team, who refund part of it with a credit note', async ({ browser, baseURL }) => {
  test.slow();
  const suffix = randomBytes(3).toString('hex');
  const artist = await createArtist({ approved: true, name: `Uitbetaalband ${suffix}` });
  const organization = `Uitbetaalband ${suffix} V.O.F.`;
  const page = await pageAs(browser, baseURL!, artist.owner);

  // The profile's payout tab: not connected yet.
  await page.goto('/dashboard/artist/profiel?stap=uitbetaling');
  await connectSection(page).getByRole('button', { name: 'Koppel je Mollie-account' }).click();

  // Mollie's consent page (the sandbox): a new organization, allowed.
  await expect(page).toHaveURL(/\/mollie\/oauth2\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Podium wil toegang tot je Mollie-account' })).toBeVisible();
  await page.getByLabel('Een nieuwe testorganisatie').check();
  await page.getByLabel('Naam van de nieuwe organisatie').fill(organization);
  await page.getByLabel('E-mailadres').fill(`uitbetaal-${suffix}@example.nl`);
  await page.getByRole('button', { name: 'Toestaan' }).click();

  // Back where it started, connected; Mollie still needs the organization's data.
  await expect(page).toHaveURL(/\/dashboard\/artist\/profiel\?stap=uitbetaling$/);
  const section = connectSection(page);
  await expect(section.getByText(`Je Mollie-account ${organization} is gekoppeld.`)).toBeVisible();
  await expect(section).toContainText(organization);
  await expect(section.getByTestId('mollie-status')).toHaveText('Vul je gegevens aan bij Mollie');
  await expectNoSeriousViolations(page, { include: '[data-testid="mollie-connect"]' });

  // A reload does not spend the code again.
  await page.reload();
  await expect(connectSection(page).getByTestId('mollie-status')).toHaveText('Vul je gegevens aan bij Mollie');
  await expect(connectSection(page).getByRole('alert')).toHaveCount(0);

  // The onboarding at Mollie: the organization's dashboard, in a tab of its own.
  const [mollie] = await Promise.all([page.context().waitForEvent('page'), connectSection(page).getByRole('link', { name: 'Vul je gegevens aan bij Mollie' }).click()]);
  await expect(mollie.getByRole('heading', { name: 'Onboarding: Gegevens nodig' })).toBeVisible();
  await mollie.getByRole('button', { name: 'Afgerond' }).click();
  await expect(mollie.getByRole('heading', { name: 'Onboarding: Afgerond' })).toBeVisible();
  await mollie.close();
  await connectSection(page).getByRole('button', { name: 'Status vernieuwen' }).click();
  await expect(connectSection(page).getByTestId('mollie-status')).toHaveText('✓ Gekoppeld, klaar om uitbetaald te worden');

  // A customer books and pays; the gig is done and waits for the customer's check-in.
  const customer = await createCustomer('Bea', 'Betaler');
  const bookingId = await completedBooking(customer, artist);
  const { data: booking } = await service().from('bookings').select('price_cents').eq('id', bookingId).single<{ price_cents: number }>();
  const amount = plain(dutchCents(booking!.price_cents));

  await page.getByRole('navigation', { name: 'Artiestenportaal' }).getByRole('link', { name: 'Uitbetalingen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Uitbetalingen' })).toBeVisible();
  const gig = page.getByTestId('payout-gig');
  await expect(gig).toHaveCount(1);
  await expect(gig).toContainText('controleperiode tot');
  await expect(gig).toContainText('Bea Betaler');

  // The customer, in a browser of their own: 'Mijn boekingen' asks whether the gig took place.
  const customerPage = await pageAs(browser, baseURL!, customer, 390);
  await customerPage.goto('/bookings');
  const checkin = customerPage.getByTestId('checkin-card');
  await expect(checkin).toContainText(`Het optreden van ${artist.name} op`);
  await checkin.getByRole('button', { name: 'Ja, alles ging goed' }).click();
  await expect(customerPage.getByText('Bedankt! Fijn dat alles goed ging.')).toBeVisible();
  // Then the payout job routes the share to the organization.
  await runPayouts(bookingId);
  await page.reload();
  const paidOn = `uitbetaald op ${dutchDateOfMoment(new Date())}`;
  await expect(page.getByTestId('payout-gig')).toContainText(paidOn);
  await expect(page.getByTestId('payout-gig')).toContainText(amount);
  await expect(page.getByTestId('payout-totals')).toContainText(amount);

  // The balance comes from Mollie (the sandbox): pending for a moment, then available.
  const balance = page.getByRole('region', { name: 'Saldo bij Mollie' });
  await expect(balance).toContainText(amount);
  await expect(async () => {
    await balance.getByRole('button', { name: 'Vernieuwen' }).click();
    await expect(balance.getByText('Beschikbaar').locator('xpath=..')).toContainText(amount, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });

  // The month's statement.
  const { year, month } = amsterdamDate();
  const monthLabel = dutchMonthYear(year, month);
  const statements = page.getByRole('region', { name: 'Uitbetalingsspecificaties' });
  await expect(statements).toContainText(monthLabel);
  const download = page.waitForEvent('download');
  await statements.getByRole('button', { name: `Uitbetalingsspecificatie ${monthLabel} downloaden` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Podium-uitbetalingsspecificatie-${year}-${String(month).padStart(2, '0')}.pdf`);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = plain(await pdfText(bytes));
  expect(text).toContain('Uitbetalingsspecificatie');
  expect(text).toContain(amount);
  expect(text).toContain(bookingId.slice(0, 8).toUpperCase());
  expect(text).toContain(organization);

  await expectNoSeriousViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath('uitbetalingen-1280.png'), fullPage: true });
  const phone = await pageAs(browser, baseURL!, artist.owner, 390);
  await phone.goto('/dashboard/artist/uitbetalingen');
  await expect(phone.getByTestId('payout-gig')).toContainText(paidOn);
  await expect(phone.getByRole('region', { name: 'Saldo bij Mollie' })).toContainText(amount);
  await expect(phone.getByRole('heading', { level: 1, name: 'Uitbetalingen' })).toBeInViewport();
  await phone.screenshot({ path: test.info().outputPath('uitbetalingen-390.png'), fullPage: true });

  // The overview's earnings use the same numbers.
  await page.getByRole('navigation', { name: 'Artiestenportaal' }).getByRole('link', { name: 'Overzicht' }).click();
  await expect(page.getByTestId('overview-earnings').locator('div', { hasText: 'Dit jaar uitbetaald' }).last()).toContainText(amount);
  await page.getByTestId('overview-earnings').getByRole('link', { name: 'Bekijk je uitbetalingen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Uitbetalingen' })).toBeVisible();

  // A second gig: the customer reports a problem, which holds the payout.
  const secondId = await completedBooking(customer, artist, 45);
  await customerPage.goto('/bookings');
  const report = customerPage.getByTestId('checkin-card');
  await report.getByRole('button', { name: 'Probleem melden' }).click();
  await report.getByRole('radio', { name: 'Het optreden was korter dan afgesproken' }).check();
  await report.getByLabel('Vertel wat er gebeurde').fill('Ze speelden een uur in plaats van drie uur.');
  await report.getByRole('button', { name: 'Melding versturen' }).click();
  await expect(customerPage.getByText('Je melding is verstuurd.')).toBeVisible();
  await page.goto('/dashboard/artist/uitbetalingen');
  await expect(page.getByTestId('payout-gig').filter({ hasText: 'vastgehouden' })).toHaveCount(1);
  await runMoneyJob('process-payouts', secondId);
  expect((await service().from('payouts').select('status').eq('booking_id', secondId).single<{ status: string }>()).data).toEqual({ status: 'held' });

  // The team resolves it in the back office with a partial refund of € 250,00.
  const admin = await createAdmin();
  const office = await browser.newPage({ baseURL, viewport: { width: 1280, height: 900 } });
  await office.goto('/admin/login');
  await logInToBackOffice(office, admin);
  await office.getByRole('menuitem', { name: 'Meldingen', exact: true }).click();
  await office.getByTestId('cases').getByRole('row').filter({ hasText: artist.name }).getByText(artist.name).click();
  await expect(office).toHaveURL(new RegExp(`/admin/booking-cases/${secondId}/show`));
  await expect(office.getByTestId('case-details')).toHaveText('Ze speelden een uur in plaats van drie uur.');
  await office.getByRole('button', { name: 'Deels terugbetalen' }).click();
  const dialog = office.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Bedrag terug naar de klant (€)' }).fill('250,00');
  await dialog.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(office.getByText('Melding afgehandeld.')).toBeVisible();
  await expect(office.getByTestId('case-resolution')).toContainText(`Deels terugbetaald: ${plain(dutchCents(25_000))} terug naar de klant`);
  await office.close();

  // The refund goes out at Mollie (process-refunds, as the scheduler runs it) with its credit note,
  // which the customer finds beside the invoice.
  // Run again while Mollie's refund is pending (the sandbox settles it after a few seconds).
  await expect
    .poll(
      async () => {
        await runMoneyJob('process-refunds', secondId);
        return (await service().from('credit_notes').select('number, total_cents').eq('booking_id', secondId)).data ?? [];
      },
      { timeout: 60_000 },
    )
    .toEqual([{ number: expect.stringMatching(/^C\d{4}-\d{6}$/), total_cents: -25_000 }]);
  await customerPage.goto(`/bookings?tab=afgelopen&booking=${secondId}`);
  await expect(customerPage.getByTestId('booking-detail').getByRole('button', { name: /^Creditfactuur C\d{4}-\d{6} van € 250,00 downloaden \(pdf\)$/ })).toBeVisible();
  // The artist's share less the refund is released and goes out with the next run.
  await runPayouts(secondId);
  await page.reload();
  await expect(page.getByTestId('payout-gig').filter({ hasText: plain(dutchCents(booking!.price_cents - 25_000)) })).toContainText(paidOn);
});

test('in the onboarding, refusing Mollie connects nothing and says so; the payout step stays usable', async ({ browser, baseURL }) => {
  const artist = await createArtist({ name: `Weigerband ${randomBytes(3).toString('hex')}` });
  await service().from('artists').update({ approval_status: 'draft' }).eq('id', artist.id);
  const page = await pageAs(browser, baseURL!, artist.owner, 390);
  await page.goto('/artist-onboarding?stap=uitbetaling');
  await expect(page.getByRole('heading', { name: '5. Uitbetaling' })).toBeVisible();
  await connectSection(page).getByRole('button', { name: 'Koppel je Mollie-account' }).click();
  await expect(page.getByRole('heading', { name: 'Podium wil toegang tot je Mollie-account' })).toBeVisible();
  await page.getByRole('button', { name: 'Weigeren' }).click();

  await expect(page).toHaveURL(/\/artist-onboarding\?stap=uitbetaling$/);
  await expect(connectSection(page).getByRole('alert')).toHaveText('Je hebt Mollie geen toestemming gegeven, dus er is niets gekoppeld.');
  await expect(connectSection(page).getByRole('button', { name: 'Koppel je Mollie-account' })).toBeVisible();
  await expect(page.getByLabel('IBAN')).toBeVisible();
  const { data } = await service().from('mollie_connections').select('artist_id').eq('artist_id', artist.id);
  expect(data).toEqual([]);
});

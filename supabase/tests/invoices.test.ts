// Invoices: a paid booking gets an invoice numbered per year without gaps, also when
// bookings are confirmed at the same moment; booking-invoice hands its PDF to the customer, the
// artist and admins only; the PDF (read back with a PDF text library) holds the invoice number,
// Podium's KvK and VAT numbers, the gig, the VAT lines, the total, the BANDS and the payment; the
// customer's confirmation mail carries the same PDF.
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../functions/_shared/company.ts';
import { dutchCents } from '../functions/_shared/dutch.ts';
import { invoiceTotals, vatIncluded, type InvoiceData } from '../functions/_shared/invoice.ts';
import { keys, urls } from '../stack/config.ts';
import { waitFor } from '../stack/testing.ts';
import { closePool, createArtist, createBooking, createUser, futureWindow, sendBookingMails, serviceClient, sql, type TestUser } from './support.ts';

const invoiceOf = (user: TestUser | null, bookingId: string) =>
  fetch(`${urls.api}/functions/v1/booking-invoice?bookingId=${bookingId}`, {
    headers: { apikey: keys.anon, ...(user ? { Authorization: `Bearer ${user.token}` } : {}) },
  });

async function pdfText(response: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
const plain = (value: string) => value.replace(/\u00a0/g, ' ');

let customer: TestUser, artistOwner: TestUser, admin: TestUser, stranger: TestUser;
let artistId: string;

beforeAll(async () => {
  [customer, artistOwner, admin, stranger] = await Promise.all([createUser('customer', { first: 'Iris', last: 'Factuur' }), createUser('artist'), createUser('admin'), createUser('customer')]);
  artistId = await createArtist(artistOwner, { basePriceCents: 90_000, name: 'Factuurband' });
});
afterAll(closePool);

describe('invoice numbers', () => {
  it('a confirmed booking gets the next number of its year; an unpaid one none', async () => {
    const pending = await createBooking(customer, artistId, 'pending');
    expect(await sql('select 1 from public.invoices where booking_id = $1', [pending])).toHaveLength(0);
    const first = await createBooking(customer, artistId, 'confirmed');
    const second = await createBooking(customer, artistId, 'confirmed');
    const rows = await sql<{ number: string; year: number; sequence: number }>('select number, year, sequence from public.invoices where booking_id = any($1) order by sequence', [[first, second]]);
    const year = new Date().getFullYear();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.number).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(rows[1]!.sequence).toBe(rows[0]!.sequence + 1);
    // Completing or cancelling later keeps the same invoice.
    await sql(`update public.bookings set status = 'completed', completed_at = now() where id = $1`, [first]);
    expect((await sql<{ number: string }>('select number from public.invoices where booking_id = $1', [first]))[0]!.number).toBe(rows[0]!.number);
  });

  it('numbers twelve bookings confirmed at once without a gap or a double', async () => {
    const before = (await sql<{ last: number | null }>('select max(sequence) last from public.invoices where year = $1', [new Date().getFullYear()]))[0]!.last ?? 0;
    const ids = await Promise.all(Array.from({ length: 12 }, () => createBooking(customer, artistId, 'accepted')));
    await Promise.all(ids.map((id) => sql(`update public.bookings set status = 'confirmed', confirmed_at = now() where id = $1`, [id])));
    const sequences = (await sql<{ sequence: number }>('select sequence from public.invoices where booking_id = any($1) order by sequence', [ids])).map((row) => row.sequence);
    expect(sequences).toEqual(Array.from({ length: 12 }, (_, index) => before + 1 + index));
  });

  it('nobody writes invoices through the API', async () => {
    const bookingId = await createBooking(customer, artistId, 'accepted');
    const { error } = await admin.client.from('invoices').insert({ booking_id: bookingId, number: '2026-999999', year: 2026, sequence: 999999 });
    expect(error?.code).toBe('42501');
  });
});

describe('the invoice sums', () => {
  const base: InvoiceData = {
    number: '2026-000042',
    issuedAt: '2026-12-01T10:00:00Z',
    bookingId: 'b',
    status: 'confirmed',
    customer: { name: 'Iris', email: 'iris@example.nl' },
    artist: { name: 'Band' },
    packageName: 'Feestavond',
    startsAt: '2026-12-12T19:00:00Z',
    endsAt: '2026-12-12T23:00:00Z',
    eventType: '',
    eventLocation: '',
    placeName: null,
    guestCount: null,
    priceCents: 150_000,
    platformFeeCents: 7_500,
    bandsAppliedCents: 2_500,
    payments: [{ method: 'ideal', amountCents: 155_000, paidAt: '2026-12-01T10:00:00Z' }],
    refundedCents: 0,
  };
  it('splits VAT per rate from amounts that include it, and settles with BANDS and the payment', () => {
    const totals = invoiceTotals(base);
    expect(totals.vat).toEqual([
      { percent: 9, netCents: 150_000 - vatIncluded(150_000, 9), vatCents: vatIncluded(150_000, 9) },
      { percent: 21, netCents: 7_500 - vatIncluded(7_500, 21), vatCents: vatIncluded(7_500, 21) },
    ]);
    expect(vatIncluded(150_000, 9)).toBe(12_385);
    expect(vatIncluded(7_500, 21)).toBe(1_302);
    expect(totals.totalCents).toBe(157_500);
    expect(totals.netCents + totals.vat.reduce((sum, rate) => sum + rate.vatCents, 0)).toBe(157_500);
    expect(totals.settlements.map((item) => item.amountCents)).toEqual([2_500, 155_000]);
    expect(totals.openCents).toBe(0);
  });
});

describe('booking-invoice', () => {
  let paidId: string;
  beforeAll(async () => {
    paidId = await createBooking(customer, artistId, 'confirmed', futureWindow(90), 123_400);
    await sql(`update public.bookings set event_type = 'Bruiloft', event_location = 'Kasteel de Haar', guest_count = 140, bands_applied_cents = 1000, total_cents = total_cents - 1000 where id = $1`, [
      paidId,
    ]);
    await sql(
      `insert into public.payments (booking_id, provider_payment_id, amount_cents, status, method, paid_at) select id, 'tr_inv' || substr(md5(random()::text), 1, 10), total_cents, 'paid', 'ideal', now() from public.bookings where id = $1`,
      [paidId],
    );
  });

  it('gives the customer a PDF with the number, Podium, the gig, the VAT lines and how it was paid', async () => {
    const response = await invoiceOf(customer, paidId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const [{ number }] = (await sql<{ number: string }>('select number from public.invoices where booking_id = $1', [paidId])) as [{ number: string }];
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Podium-factuur-${number}.pdf"`);
    const text = await pdfText(response);
    const price = 123_400;
    const fee = price / 20;
    for (const expected of [
      'Factuur',
      `Factuurnummer ${number}`,
      company.legalName,
      `KvK ${company.kvk}`,
      `Btw ${company.vatNumber}`,
      'Iris Factuur',
      'Factuurband',
      'Bruiloft',
      'Kasteel de Haar',
      '140',
      `Optreden Factuurband`,
      'Servicekosten Podium',
      plain(dutchCents(price)),
      plain(dutchCents(fee)),
      `Btw 9% over ${plain(dutchCents(price - vatIncluded(price, 9)))}`,
      plain(dutchCents(vatIncluded(price, 9))),
      `Btw 21% over ${plain(dutchCents(fee - vatIncluded(fee, 21)))}`,
      `Totaal incl. btw ${plain(dutchCents(price + fee))}`,
      `Voldaan met BANDS-tegoed - ${plain(dutchCents(1000))}`,
      'Betaald via iDEAL op',
      `Nog te betalen ${plain(dutchCents(0))}`,
      'Deze factuur is voldaan.',
    ]) {
      expect(plain(text)).toContain(expected);
    }
  });

  it('gives the same file to the artist and an admin, and nothing to anyone else', async () => {
    expect((await invoiceOf(artistOwner, paidId)).status).toBe(200);
    expect((await invoiceOf(admin, paidId)).status).toBe(200);
    const refused = await invoiceOf(stranger, paidId);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: 'Deze boeking bestaat niet of is niet van jou.' });
    expect((await invoiceOf(null, paidId)).status).toBe(401);
    const bad = await invoiceOf(customer, 'niet-een-id');
    expect(bad.status).toBe(400);
  });

  it('has no invoice yet for an unpaid booking', async () => {
    const accepted = await createBooking(customer, artistId, 'accepted');
    const response = await invoiceOf(customer, accepted);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'Er is nog geen factuur: die komt zodra de boeking betaald is.' });
  });
});

describe('the confirmation mail', () => {
  it('carries the invoice PDF for the customer, not for the artist', async () => {
    const someone = await createUser('customer', { first: 'Mila', last: 'Mail' });
    const bookingId = await createBooking(someone, artistId, 'accepted', futureWindow(95));
    const [{ total_cents }] = (await sql<{ total_cents: number }>('select total_cents from public.bookings where id = $1', [bookingId])) as [{ total_cents: number }];
    // What payment-webhook does when Mollie says paid.
    const { error } = await serviceClient().rpc('record_booking_payment', {
      booking_id: bookingId,
      provider_payment_id: `tr_mail${Date.now()}`,
      payment_status: 'paid',
      amount_cents: total_cents,
      method: 'ideal',
    });
    expect(error).toBeNull();
    const send = () => sendBookingMails(bookingId);
    const mail = await waitFor(
      async () => {
        await send();
        const found = (await (await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(`to:${someone.email} subject:bevestigd`)}`)).json()) as { messages: { ID: string }[] };
        return found.messages[0];
      },
      { timeoutMs: 20_000 },
    );
    const detail = (await (await fetch(`${urls.mail}/api/v1/message/${mail.ID}`)).json()) as { Attachments: { PartID: string; FileName: string; ContentType: string }[]; Text: string };
    const [{ number }] = (await sql<{ number: string }>('select number from public.invoices where booking_id = $1', [bookingId])) as [{ number: string }];
    expect(detail.Attachments).toEqual([expect.objectContaining({ FileName: `Podium-factuur-${number}.pdf`, ContentType: 'application/pdf' })]);
    expect(detail.Text).toContain('Je factuur, die ook je boekingsbevestiging is, zit als pdf bij deze e-mail');
    const attached = await fetch(`${urls.mail}/api/v1/message/${mail.ID}/part/${detail.Attachments[0]!.PartID}`);
    expect(await pdfText(attached)).toContain(`Factuurnummer ${number}`);
  });
});

// Credit notes (creditfacturen, supabase/migrations/20261207000300_credit_notes.sql) end to end on
// the running stack: a customer pays through create-payment and the sandbox checkout; a
// cancellation, or an admin resolving a reported gig with a partial refund, queues a refund that
// process-refunds sends at Mollie; the refund sent issues one credit note in its own 'C' series,
// with the invoice's lines and VAT, negative, to the cent; the customer gets it mailed with the
// refund mail and downloads it from booking-invoice, as the act's owner and admins can and nobody
// else; a replayed refund job or Mollie webhook makes no second one.
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../functions/_shared/company.ts';
import { dutchCents } from '../functions/_shared/dutch.ts';
import { vatIncluded } from '../functions/_shared/invoice.ts';
import { keys, urls } from '../stack/config.ts';
import { waitFor } from '../stack/testing.ts';
import { anonClient, closePool, completeBooking, createArtist, createBooking, createUser, sendBookingMails, serviceClient, sql, payInSandbox, type TestUser } from './support.ts';

const fn = (name: string) => `${urls.api}/functions/v1/${name}`;
const DAY = 86_400_000;
const plain = (value: string) => value.replace(/\u00a0/g, ' ');
const money = (cents: number) => plain(dutchCents(cents));

interface CreditNote {
  id: string;
  number: string;
  year: number;
  sequence: number;
  reason: string;
  performance_cents: number;
  service_cents: number;
  total_cents: number;
  invoice_number: string;
  refund_request_id: number;
  provider_refund_id: string;
}

const creditNotesOf = (bookingId: string) =>
  sql<CreditNote>(
    `select c.id, c.number, c.year, c.sequence, c.reason, c.performance_cents, c.service_cents, c.total_cents, i.number as invoice_number,
            c.refund_request_id::int as refund_request_id, c.provider_refund_id
       from public.credit_notes c join public.invoices i on i.id = c.invoice_id where c.booking_id = $1 order by c.sequence`,
    [bookingId],
  );

const requestsOf = (bookingId: string) =>
  sql<{ id: number; kind: string; amount_cents: number; provider_refund_id: string | null; provider_payment_id: string }>(
    'select id::int as id, kind, amount_cents, provider_refund_id, provider_payment_id from private.refund_requests where booking_id = $1 order by id',
    [bookingId],
  );

async function processRefunds() {
  const response = await fetch(fn('process-refunds'), {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${keys.serviceRole}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  await response.body?.cancel();
}

/** process-refunds (as the scheduler runs it) until the booking's refund went out and its credit note is there. */
async function refundSent(bookingId: string): Promise<CreditNote> {
  return waitFor(
    async () => {
      await processRefunds();
      return (await creditNotesOf(bookingId))[0];
    },
    { timeoutMs: 20_000, intervalMs: 300 },
  );
}

const creditNotePdf = (user: TestUser | null, bookingId: string, number: string) =>
  fetch(`${fn('booking-invoice')}?${new URLSearchParams({ bookingId, creditNote: number })}`, {
    headers: { apikey: keys.anon, ...(user ? { Authorization: `Bearer ${user.token}` } : {}) },
  });

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

let customer: TestUser, artistOwner: TestUser, admin: TestUser, stranger: TestUser;
let artistId: string;
let hour = 0;

/** A booking of 1.050,00 (price 1.000 + 5 % fee) starting `daysAhead` days from now, paid through the sandbox checkout. */
async function paidBooking(daysAhead: number): Promise<{ bookingId: string; paymentId: string }> {
  hour += 5;
  const startsAt = new Date(Date.now() + daysAhead * DAY + hour * 3_600_000);
  const bookingId = await createBooking(customer, artistId, 'accepted', { startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000) });
  await sql(`update public.bookings set event_type = 'Jubileum', event_location = 'Grote Kerk, Haarlem' where id = $1`, [bookingId]);
  const paymentId = await payInSandbox(customer, bookingId);
  return { bookingId, paymentId };
}

beforeAll(async () => {
  [customer, artistOwner, admin, stranger] = await Promise.all([createUser('customer', { first: 'Noor', last: 'Creditnota' }), createUser('artist'), createUser('admin'), createUser('customer')]);
  artistId = await createArtist(artistOwner, { name: 'De Creditband' });
});
afterAll(closePool);

describe('a credit note for every refund sent', () => {
  let cancelled: { bookingId: string; paymentId: string };
  let disputed: { bookingId: string; paymentId: string };
  let cancellationNote: CreditNote;
  let disputeNote: CreditNote;

  beforeAll(async () => {
    [cancelled, disputed] = await Promise.all([paidBooking(10), paidBooking(40)]);
  }, 60_000);

  it('a cancellation refund (the policy’s half) credits both invoice lines in proportion, once the refund went out', async () => {
    const { error } = await customer.client.rpc('transition_booking', { booking_id: cancelled.bookingId, new_status: 'cancelled', reason: 'Feest gaat niet door' });
    expect(error).toBeNull();
    expect(await requestsOf(cancelled.bookingId)).toMatchObject([{ kind: 'cancellation', amount_cents: 52_500 }]);
    // Not before the refund is sent at Mollie.
    expect(await creditNotesOf(cancelled.bookingId)).toEqual([]);

    cancellationNote = await refundSent(cancelled.bookingId);
    const [request] = await requestsOf(cancelled.bookingId);
    const [{ number: invoiceNumber }] = (await sql<{ number: string }>('select number from public.invoices where booking_id = $1', [cancelled.bookingId])) as [{ number: string }];
    expect(cancellationNote).toMatchObject({
      reason: 'cancellation',
      // 52.500 of 105.000: 50.000 of the performance, 2.500 of the fee.
      performance_cents: -50_000,
      service_cents: -2_500,
      total_cents: -52_500,
      invoice_number: invoiceNumber,
      refund_request_id: request!.id,
      provider_refund_id: request!.provider_refund_id,
    });
    expect(cancellationNote.number).toMatch(/^C\d{4}-\d{6}$/);
    expect(cancellationNote.number).toBe(`C${cancellationNote.year}-${String(cancellationNote.sequence).padStart(6, '0')}`);
    expect(invoiceNumber).not.toMatch(/^C/);
  }, 60_000);

  it('a dispute refund (an admin’s partial refund after a report) credits the performance only', async () => {
    await completeBooking(disputed.bookingId, { checkIn: 'open' });
    expect((await customer.client.rpc('answer_checkin', { booking_id: disputed.bookingId, all_good: false, reason: 'shorter', details: 'Er is maar een uur gespeeld.' })).error).toBeNull();
    expect((await admin.client.rpc('resolve_booking_case', { booking_id: disputed.bookingId, resolution: 'partial_refund', refund_cents: 25_000, note: 'Een kwart terug' })).error).toBeNull();
    expect(await requestsOf(disputed.bookingId)).toMatchObject([{ kind: 'dispute', amount_cents: 25_000 }]);

    disputeNote = await refundSent(disputed.bookingId);
    expect(disputeNote).toMatchObject({ reason: 'dispute', performance_cents: -25_000, service_cents: 0, total_cents: -25_000 });
  }, 60_000);

  it('numbers the credit notes in their own series, in order and without gaps', async () => {
    expect(disputeNote.year).toBe(cancellationNote.year);
    expect(disputeNote.sequence).toBeGreaterThan(cancellationNote.sequence);
    const [series] = await sql<{ count: number; first: number; last: number }>(
      'select count(*)::int as count, min(sequence) as first, max(sequence) as last from public.credit_notes where year = $1',
      [cancellationNote.year],
    );
    expect(series).toEqual({ count: series!.last, first: 1, last: series!.last });
    // The invoices' series goes on by itself: no invoice carries a credit note's number.
    expect(await sql('select number from public.invoices where number = any($1)', [[cancellationNote.number, disputeNote.number]])).toEqual([]);
  });

  it('the PDF has the invoice’s lines and VAT, negative, to the cent', async () => {
    const response = await creditNotePdf(customer, cancelled.bookingId, cancellationNote.number);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Podium-creditfactuur-${cancellationNote.number}.pdf"`);
    const text = await pdfText(await response.arrayBuffer());
    // 9 % VAT in 500,00 is 41,28; 21 % in 25,00 is 4,34.
    expect(vatIncluded(50_000, 9)).toBe(4_128);
    expect(vatIncluded(2_500, 21)).toBe(434);
    for (const expected of [
      'Creditfactuur',
      `Creditnummer ${cancellationNote.number}`,
      `Bij factuur ${cancellationNote.invoice_number}`,
      `corrigeert factuur ${cancellationNote.invoice_number}`,
      'Reden Annulering',
      company.legalName,
      `KvK ${company.kvk}`,
      `Btw ${company.vatNumber}`,
      'Noor Creditnota',
      'De Creditband',
      'Grote Kerk, Haarlem',
      'Correctie: Optreden De Creditband',
      money(-50_000),
      'Correctie: Servicekosten Podium',
      money(-2_500),
      `Btw 9% over ${money(-45_872)} ${money(-4_128)}`,
      `Btw 21% over ${money(-2_066)} ${money(-434)}`,
      `Totaal excl. btw ${money(-47_938)}`,
      `Totaal incl. btw ${money(-52_500)}`,
      `Terugbetaald via iDEAL ${money(52_500)}`,
    ]) {
      expect(text, expected).toContain(expected);
    }

    const dispute = await pdfText(await (await creditNotePdf(customer, disputed.bookingId, disputeNote.number)).arrayBuffer());
    expect(dispute).toContain('Reden Melding over het optreden');
    expect(dispute).toContain(`Btw 9% over ${money(-22_936)} ${money(-2_064)}`);
    expect(dispute).toContain(`Totaal incl. btw ${money(-25_000)}`);
    expect(dispute).not.toContain('Servicekosten');
  });

  it('downloads for the customer, the act’s owner and admins; not for a stranger, a guest or another booking', async () => {
    for (const who of [customer, artistOwner, admin]) {
      const response = await creditNotePdf(who, cancelled.bookingId, cancellationNote.number);
      expect(response.status).toBe(200);
      expect(new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    }
    const refused = await creditNotePdf(stranger, cancelled.bookingId, cancellationNote.number);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: 'Deze boeking bestaat niet of is niet van jou.' });
    expect((await creditNotePdf(null, cancelled.bookingId, cancellationNote.number)).status).toBe(401);
    // The number of another booking's credit note, with a booking the caller does see.
    const elsewhere = await creditNotePdf(customer, disputed.bookingId, cancellationNote.number);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ error: 'Deze creditfactuur bestaat niet bij deze boeking.' });
    const bad = await creditNotePdf(customer, cancelled.bookingId, '2026-000001');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Geef een geldig creditnummer op, zoals C2026-000001.' });
  });

  it('the customer sees their own credit notes; a stranger and a guest see none', async () => {
    const own = await customer.client.from('credit_notes').select('number, total_cents').in('booking_id', [cancelled.bookingId, disputed.bookingId]).order('number');
    expect(own.data).toEqual([
      { number: cancellationNote.number, total_cents: -52_500 },
      { number: disputeNote.number, total_cents: -25_000 },
    ]);
    expect((await artistOwner.client.from('credit_notes').select('number').eq('booking_id', cancelled.bookingId)).data).toHaveLength(1);
    expect((await stranger.client.from('credit_notes').select('number').eq('booking_id', cancelled.bookingId)).data).toEqual([]);
    const guest = await anonClient().from('credit_notes').select('number').eq('booking_id', cancelled.bookingId);
    expect(guest.data ?? []).toEqual([]);
    // Nobody writes them but the database itself.
    const insert = await customer.client.from('credit_notes').insert({ booking_id: cancelled.bookingId, number: 'C2026-999999' });
    expect(insert.error).not.toBeNull();
    const update = await admin.client.from('credit_notes').update({ total_cents: -1 }).eq('booking_id', cancelled.bookingId).select();
    expect(update.error).not.toBeNull();
  });

  it('is mailed to the customer with the refund mail, the PDF attached', async () => {
    const mail = await waitFor(
      async () => {
        await sendBookingMails(cancelled.bookingId);
        const found = (await (await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(`to:${customer.email} subject:onderweg`)}`)).json()) as {
          messages: { ID: string; Subject: string }[];
        };
        return found.messages.find((message) => message.Subject.includes('525,00'));
      },
      { timeoutMs: 20_000 },
    );
    expect(plain(mail.Subject)).toBe('Je terugbetaling van € 525,00 is onderweg');
    const detail = (await (await fetch(`${urls.mail}/api/v1/message/${mail.ID}`)).json()) as { Attachments: { PartID: string; FileName: string; ContentType: string }[]; Text: string };
    expect(plain(detail.Text)).toContain('We hebben € 525,00 teruggestort voor je boeking van De Creditband');
    expect(detail.Text).toContain(`De creditfactuur ${cancellationNote.number} zit als pdf bij deze e-mail`);
    expect(detail.Attachments).toEqual([expect.objectContaining({ FileName: `Podium-creditfactuur-${cancellationNote.number}.pdf`, ContentType: 'application/pdf' })]);
    const attached = await fetch(`${urls.mail}/api/v1/message/${mail.ID}/part/${detail.Attachments[0]!.PartID}`);
    expect(await pdfText(await attached.arrayBuffer())).toContain(`Creditnummer ${cancellationNote.number}`);
    // Once: a later run sends no second one.
    await sendBookingMails(cancelled.bookingId);
    const again = (await (await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(`to:${customer.email} subject:onderweg`)}`)).json()) as { messages: { Subject: string }[] };
    expect(again.messages.filter((message) => message.Subject.includes('525,00'))).toHaveLength(1);
  }, 30_000);

  it('a replayed refund job or Mollie webhook makes no second credit note', async () => {
    const [request] = await requestsOf(cancelled.bookingId);
    const service = serviceClient();
    // The job's finish, once more (as after a lost answer), and another run.
    expect((await service.rpc('finish_payment_refund', { refund_request_id: request!.id, provider_refund_id: request!.provider_refund_id })).error).toBeNull();
    await processRefunds();
    // Mollie's webhook for the payment, replayed.
    const hook = await fetch(fn('payment-webhook'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: cancelled.paymentId }).toString(),
    });
    await hook.body?.cancel();
    expect(hook.status).toBe(200);
    // A refund request made sent again, as a replayed trigger would.
    await sql('update private.refund_requests set provider_refund_id = null where id = $1', [request!.id]);
    await sql('update private.refund_requests set provider_refund_id = $2 where id = $1', [request!.id, request!.provider_refund_id]);
    expect(await creditNotesOf(cancelled.bookingId)).toEqual([cancellationNote]);
    expect(await creditNotesOf(disputed.bookingId)).toEqual([disputeNote]);
  });
});

// The signed-in customer's bookings ('Mijn boekingen'): the list with the artist, one
// booking with its timeline, payments and refunds, what cancelling it now would refund, and the
// cancellation itself. Keys sit under queryKeys.customerBookings, so a change to a booking made
// elsewhere (the artist accepts, a payment confirms) refreshes them through the realtime manager.
import { queryKeys } from '@podium/shared/query-keys';
import type { PrivateClient, PrivateQuery } from './private-query.ts';
import { unwrap } from '@podium/shared/unwrap';
import { functionErrorMessage } from '@podium/shared/function-error';
import type { CaseReason, Checkin } from '@podium/shared/checkin';

export interface CustomerBooking {
  id: string;
  status: string;
  starts_at: string;
  ends_at: string;
  event_type: string;
  event_location: string;
  guest_count: number | null;
  price_cents: number;
  platform_fee_cents: number;
  bands_applied_cents: number;
  total_cents: number;
  payment_deadline: string | null;
  response_deadline: string | null;
  created_at: string;
  artist: { id: string; name: string; slug: string } | null;
  package: { name: string } | null;
  /** The customer's review of this booking, when written (one per booking). */
  review: { editable_until: string } | { editable_until: string }[] | null;
  /** After a paid gig: 'Is het optreden doorgegaan?' (checkinState says what it allows). */
  checkin: Checkin | Checkin[] | null;
  /** When the customer's bank took a payment back (a chargeback). */
  charged_back_at: string | null;
}

export interface BookingDetail extends CustomerBooking {
  events: { id: number; to_status: string; actor: string; reason: string | null; created_at: string }[];
  payments: { status: string; amount_cents: number; method: string | null; paid_at: string | null }[];
  refunds: { amount_cents: number; refund_percent: number; status: 'requested' | 'sent'; requested_at: string; sent_at: string | null }[];
  reviewed: boolean;
  /** The invoice number once the booking is paid (the PDF comes from booking-invoice). */
  invoice: { number: string } | null;
  /** A credit note for every refund that went out, oldest first (the PDF from booking-invoice too). */
  credit_notes: { number: string; issued_at: string; total_cents: number }[];
}

export interface CancellationQuote {
  paid_cents: number;
  refund_percent: number;
  refund_cents: number;
  /** BANDS spent on the booking, and what of them the policy gives back. */
  bands_spent_cents: number;
  bands_refund_cents: number;
}

const listColumns =
  'id, status, starts_at, ends_at, event_type, event_location, guest_count, price_cents, platform_fee_cents, bands_applied_cents, total_cents, payment_deadline, response_deadline, created_at, charged_back_at, artist:artists(id, name, slug), package:artist_packages(name), review:reviews(editable_until), checkin:booking_checkins(closes_at, answer, released_at)';

async function customerId(client: PrivateClient): Promise<string | null> {
  const { data } = await client.auth.getUser();
  return data.user?.id ?? null;
}

export function customerBookingsQuery(): PrivateQuery<CustomerBooking[]> {
  return {
    queryKey: [...queryKeys.customerBookings, 'list'],
    async fetch(client) {
      const id = await customerId(client);
      if (!id) return [];
      return unwrap(await client.from('bookings').select(listColumns).eq('customer_id', id).order('starts_at', { ascending: true }).limit(500)) as unknown as CustomerBooking[];
    },
  };
}

export function bookingDetailQuery(bookingId: string): PrivateQuery<BookingDetail | null> {
  return {
    queryKey: [...queryKeys.customerBookings, 'detail', bookingId],
    async fetch(client) {
      const id = await customerId(client);
      if (!id || !/^[0-9a-f-]{36}$/i.test(bookingId)) return null;
      const row = unwrap(
        await client
          .from('bookings')
          .select(
            `${listColumns}, events:booking_events(id, to_status, actor, reason, created_at), payments(status, amount_cents, method, paid_at), reviews(id), invoice:invoices(number), credit_notes(number, issued_at, total_cents)`,
          )
          .eq('id', bookingId)
          .eq('customer_id', id)
          .order('id', { referencedTable: 'booking_events' })
          .order('created_at', { referencedTable: 'payments' })
          .order('issued_at', { referencedTable: 'credit_notes' })
          .maybeSingle(),
      ) as (CustomerBooking & Omit<BookingDetail, 'refunds' | 'reviewed'> & { reviews: unknown }) | null;
      if (!row) return null;
      const refunds = unwrap(await client.rpc('booking_refunds', { booking_id: bookingId })) as BookingDetail['refunds'];
      const { reviews, ...booking } = row;
      return { ...booking, refunds, reviewed: Array.isArray(reviews) ? reviews.length > 0 : Boolean(reviews) };
    },
  };
}

export function cancellationQuoteQuery(bookingId: string): PrivateQuery<CancellationQuote> {
  return {
    queryKey: [...queryKeys.customerBookings, 'cancellation-quote', bookingId],
    async fetch(client) {
      const rows = unwrap(await client.rpc('cancellation_quote', { booking_id: bookingId })) as CancellationQuote[];
      return rows[0] ?? { paid_cents: 0, refund_percent: 0, refund_cents: 0, bands_spent_cents: 0, bands_refund_cents: 0 };
    },
  };
}

/** The customer cancels; answers null, or the database's Dutch reason it may not. */
export async function cancelBooking(client: PrivateClient, bookingId: string, reason: string): Promise<string | null> {
  const { error } = await client.rpc('transition_booking', { booking_id: bookingId, new_status: 'cancelled', reason: reason.trim() || 'Geannuleerd door de klant' });
  return error ? error.message : null;
}

/** What the checkout may offer on a booking (checkout_bands): the BANDS balance and the welcome discount a referred customer still has. */
export function checkoutBandsQuery(bookingId: string): PrivateQuery<{ balanceCents: number; welcomeCreditCents: number }> {
  return {
    queryKey: [...queryKeys.profiles, 'checkout-bands', bookingId],
    async fetch(client) {
      const row = unwrap(await client.rpc('checkout_bands', { booking_id: bookingId }).maybeSingle()) as { balance_cents: number; welcome_credit_cents: number } | null;
      return { balanceCents: row?.balance_cents ?? 0, welcomeCreditCents: row?.welcome_credit_cents ?? 0 };
    },
  };
}

/** Pays part of the booking with BANDS (apply_bands_to_booking); answers null or the database's Dutch reason. */
export async function applyBands(client: PrivateClient, bookingId: string, amountCents: number): Promise<string | null> {
  const { error } = await client.rpc('apply_bands_to_booking', { booking_id: bookingId, amount_cents: amountCents });
  return error ? error.message : null;
}

export type PaymentMethod = 'ideal' | 'bancontact' | 'creditcard';

/** Starts the payment at Mollie (create-payment); answers the checkout address or a Dutch error. */
export async function startPayment(client: PrivateClient, bookingId: string, method: PaymentMethod): Promise<{ checkoutUrl: string } | { error: string }> {
  const { data, error } = await client.functions.invoke<{ checkoutUrl?: string; error?: string }>('create-payment', { body: { bookingId, method } });
  if (error) return { error: (await functionErrorMessage(error)) ?? 'De betaling kon niet worden gestart. Probeer het opnieuw.' };
  return data?.checkoutUrl ? { checkoutUrl: data.checkoutUrl } : { error: 'De betaling kon niet worden gestart. Probeer het opnieuw.' };
}

/** 'Ja, alles ging goed': the gig happened, the artist's payout is released; answers null or the database's Dutch reason. */
export async function confirmGig(client: PrivateClient, bookingId: string): Promise<string | null> {
  const { error } = await client.rpc('answer_checkin', { booking_id: bookingId, all_good: true });
  return error ? error.message : null;
}

export interface ProblemReport {
  reason: CaseReason;
  details: string;
  photos: File[];
}

const photoExtensions: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * 'Probleem melden': the photos go to the booking's folder of the private case-photos bucket, then
 * the report opens a case that holds the payout. Answers null or a Dutch reason nothing was sent.
 */
export async function reportProblem(client: PrivateClient, bookingId: string, report: ProblemReport): Promise<string | null> {
  const paths: string[] = [];
  for (const photo of report.photos) {
    const extension = photoExtensions[photo.type];
    if (!extension) return `${photo.name} is geen foto (JPG, PNG of WebP).`;
    const path = `${bookingId}/${crypto.randomUUID()}.${extension}`;
    const { error } = await client.storage.from('case-photos').upload(path, photo, { contentType: photo.type });
    if (error) return `${photo.name} kon niet worden geüpload. Probeer het opnieuw of meld het probleem zonder foto.`;
    paths.push(path);
  }
  const { error } = await client.rpc('answer_checkin', { booking_id: bookingId, all_good: false, reason: report.reason, details: report.details.trim(), photos: paths });
  return error ? error.message : null;
}

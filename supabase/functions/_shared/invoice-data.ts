// Reads one booking's invoice with the service role (the caller's right to see it is checked
// before, by the function that calls this): null while the booking has no invoice (not paid).
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import type { InvoiceData } from './invoice.ts';

interface Row {
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
  customer_id: string;
  artist: { name: string } | null;
  package: { name: string } | null;
  place: { name: string } | null;
  invoice: { number: string; issued_at: string } | null;
  payments: { status: string; method: string | null; amount_cents: number; paid_at: string | null; refunded_cents: number }[];
}

export async function loadInvoiceData(service: SupabaseClient, bookingId: string): Promise<InvoiceData | null> {
  const { data, error } = await service
    .from('bookings')
    .select(
      'id, status, starts_at, ends_at, event_type, event_location, guest_count, price_cents, platform_fee_cents, bands_applied_cents, customer_id, artist:artists(name), package:artist_packages(name), place:places(name), invoice:invoices(number, issued_at), payments(status, method, amount_cents, paid_at, refunded_cents)',
    )
    .eq('id', bookingId)
    .maybeSingle();
  if (error) throw new Error(`loading booking ${bookingId}: ${error.message}`);
  const row = data as unknown as Row | null;
  if (!row?.invoice) return null;
  const { data: profile, error: profileError } = await service.from('profiles').select('first_name, last_name, email').eq('id', row.customer_id).maybeSingle();
  if (profileError) throw new Error(`loading customer of ${bookingId}: ${profileError.message}`);
  const customer = profile as { first_name: string; last_name: string; email: string | null } | null;
  const paid = row.payments.filter((payment) => payment.status === 'paid');
  return {
    number: row.invoice.number,
    issuedAt: row.invoice.issued_at,
    bookingId: row.id,
    status: row.status,
    customer: { name: [customer?.first_name, customer?.last_name].filter(Boolean).join(' ') || 'Klant van Podium', email: customer?.email ?? '' },
    artist: { name: row.artist?.name ?? 'Artiest' },
    packageName: row.package?.name ?? null,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    eventType: row.event_type,
    eventLocation: row.event_location,
    placeName: row.place?.name ?? null,
    guestCount: row.guest_count,
    priceCents: row.price_cents,
    platformFeeCents: row.platform_fee_cents,
    bandsAppliedCents: row.bands_applied_cents,
    payments: paid.map((payment) => ({ method: payment.method, amountCents: payment.amount_cents, paidAt: payment.paid_at })),
    refundedCents: paid.reduce((sum, payment) => sum + payment.refunded_cents, 0),
  };
}

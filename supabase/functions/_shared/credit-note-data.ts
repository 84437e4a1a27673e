// Reads one credit note with the service role (the caller's right to see it is checked before,
// by the function that calls this): null when the booking has no credit note of that number.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import type { CreditNoteData, CreditNoteReason } from './credit-note.ts';

interface Row {
  number: string;
  issued_at: string;
  reason: CreditNoteReason;
  performance_cents: number;
  service_cents: number;
  total_cents: number;
  payment: { method: string | null } | null;
  invoice: { number: string; issued_at: string } | null;
  booking: {
    id: string;
    starts_at: string;
    ends_at: string;
    event_type: string;
    event_location: string;
    customer_id: string;
    artist: { name: string } | null;
    package: { name: string } | null;
    place: { name: string } | null;
  } | null;
}

export async function loadCreditNoteData(service: SupabaseClient, bookingId: string, number: string): Promise<CreditNoteData | null> {
  const { data, error } = await service
    .from('credit_notes')
    .select(
      'number, issued_at, reason, performance_cents, service_cents, total_cents, payment:payments(method), invoice:invoices(number, issued_at), booking:bookings(id, starts_at, ends_at, event_type, event_location, customer_id, artist:artists(name), package:artist_packages(name), place:places(name))',
    )
    .eq('booking_id', bookingId)
    .eq('number', number)
    .maybeSingle();
  if (error) throw new Error(`loading credit note ${number}: ${error.message}`);
  const row = data as unknown as Row | null;
  if (!row?.booking || !row.invoice) return null;
  const { data: profile, error: profileError } = await service.from('profiles').select('first_name, last_name, email').eq('id', row.booking.customer_id).maybeSingle();
  if (profileError) throw new Error(`loading customer of ${bookingId}: ${profileError.message}`);
  const customer = profile as { first_name: string; last_name: string; email: string | null } | null;
  return {
    number: row.number,
    issuedAt: row.issued_at,
    reason: row.reason,
    bookingId: row.booking.id,
    invoice: { number: row.invoice.number, issuedAt: row.invoice.issued_at },
    customer: { name: [customer?.first_name, customer?.last_name].filter(Boolean).join(' ') || 'Klant van Podium', email: customer?.email ?? '' },
    artist: { name: row.booking.artist?.name ?? 'Artiest' },
    packageName: row.booking.package?.name ?? null,
    startsAt: row.booking.starts_at,
    endsAt: row.booking.ends_at,
    eventType: row.booking.event_type,
    eventLocation: row.booking.event_location,
    placeName: row.booking.place?.name ?? null,
    performanceCents: row.performance_cents,
    serviceCents: row.service_cents,
    totalCents: row.total_cents,
    refundMethod: row.payment?.method ?? null,
  };
}

// The booking request: the price breakdown the database computes for an act and a
// package (booking_quote, public), and the request itself (request_booking, signed in). Nothing
// about money is computed here; the request sends what the person chose and the database prices it.
import type { PrivateClient } from './private-query.ts';
import type { PublicQuery } from './public-query.ts';
import { unwrap } from '@podium/shared/unwrap';

export interface BookingQuote {
  price_cents: number;
  platform_fee_cents: number;
  total_cents: number;
  platform_fee_bps: number;
}

export function bookingQuoteQuery(artistId: string, packageId: string | null): PublicQuery<BookingQuote | null> {
  return {
    queryKey: ['public', 'booking-quote', artistId, packageId],
    async fetch(client) {
      const rows = unwrap(await client.rpc('booking_quote', packageId ? { artist_id: artistId, package_id: packageId } : { artist_id: artistId }));
      return (rows?.[0] as BookingQuote | undefined) ?? null;
    },
  };
}

export interface BookingRequestInput {
  artistId: string;
  packageId: string | null;
  startsAt: string;
  endsAt: string;
  eventType: string;
  address: string;
  placeId: number;
  guests: number;
  message: string;
}

export interface RequestedBooking {
  id: string;
  starts_at: string;
  ends_at: string;
  total_cents: number;
  response_deadline: string | null;
}

export type BookingRequestResult = { ok: true; booking: RequestedBooking } | { ok: false; message: string; dateTaken: boolean };

/** The database's own Dutch reason when it refuses, and whether it was because the date is taken. */
export async function sendBookingRequest(client: PrivateClient, input: BookingRequestInput): Promise<BookingRequestResult> {
  const { data, error } = await client
    .rpc('request_booking', {
      artist_id: input.artistId,
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      ...(input.packageId ? { package_id: input.packageId } : {}),
      event_type: input.eventType.trim(),
      event_location: input.address.trim(),
      place_id: input.placeId,
      guest_count: input.guests,
      notes: input.message.trim(),
    })
    .single();
  if (error || !data) {
    const message = error?.message ?? '';
    const fromDatabase = error?.code === 'P0001' || error?.code === 'P0002';
    return {
      ok: false,
      message: fromDatabase ? message : 'Je aanvraag kon niet worden verstuurd. Controleer je verbinding en probeer het opnieuw.',
      dateTaken: message.startsWith('De artiest is niet beschikbaar'),
    };
  }
  const booking = data as RequestedBooking;
  return { ok: true, booking: { id: booking.id, starts_at: booking.starts_at, ends_at: booking.ends_at, total_cents: booking.total_cents, response_deadline: booking.response_deadline } };
}

// The artist's side of the bookings: every booking of the signed-in artist's acts with
// the customer's public name, the five tabs they fall in, and answering them through
// transition_booking (the database decides who may do what, booking_transitions). One booking's
// view adds the customer's phone and the conversation with them (artist_booking_contact).
import { queryKeys } from '@podium/shared/query-keys';
import { portalClient } from '../app/client.ts';

export interface ArtistBooking {
  id: string;
  status: string;
  starts_at: string;
  ends_at: string;
  event_type: string;
  event_location: string;
  guest_count: number | null;
  notes: string;
  price_cents: number;
  response_deadline: string | null;
  payment_deadline: string | null;
  created_at: string;
  artist: { id: string; name: string } | null;
  customer: { first_name: string; last_name: string } | null;
  package: { name: string } | null;
  place: { name: string } | null;
  /** The artist's fee on its way: once paid, the month's payout statement (payout-statement) holds it. */
  payout: { status: string; paid_at: string | null } | null;
}

export const artistBookingsKey = [...queryKeys.artistBookings, 'list'] as const;

export async function fetchArtistBookings(): Promise<ArtistBooking[]> {
  const supabase = await portalClient();
  const { data: auth } = await supabase.auth.getUser();
  if (!auth.user) return [];
  const { data, error } = await supabase
    .from('bookings')
    .select(
      'id, status, starts_at, ends_at, event_type, event_location, guest_count, notes, price_cents, response_deadline, payment_deadline, created_at, artist:artists!inner(id, name, profile_id), customer:profile_names!bookings_customer_profile_names_fkey(first_name, last_name), package:artist_packages(name), place:places(name), payout:payouts(status, paid_at)',
    )
    .eq('artist.profile_id', auth.user.id)
    .order('starts_at', { ascending: true })
    .limit(500);
  if (error) throw error;
  // PostgREST embeds the one-to-one payout as an object, or as a list when it cannot tell.
  return (data as unknown as (Omit<ArtistBooking, 'payout'> & { payout: ArtistBooking['payout'] | ArtistBooking['payout'][] })[]).map((booking) => ({
    ...booking,
    payout: Array.isArray(booking.payout) ? (booking.payout[0] ?? null) : booking.payout,
  }));
}

export interface BookingContact {
  /** E.164, once the booking holds (played, or confirmed past the full-refund period). */
  customer_phone: string | null;
  /** When the phone number shows, for a booking that may still come to hold. */
  phone_shown_from: string | null;
  conversation_id: string | null;
}

export const bookingContactKey = (bookingId: string) => [...queryKeys.artistBookings, 'contact', bookingId] as const;

export async function fetchBookingContact(bookingId: string): Promise<BookingContact> {
  const supabase = await portalClient();
  const { data, error } = await supabase.rpc('artist_booking_contact', { booking: bookingId });
  if (error) throw new Error(error.message);
  return ((data as BookingContact[] | null) ?? [])[0] ?? { customer_phone: null, phone_shown_from: null, conversation_id: null };
}

/** Opens (or finds) the conversation with the booking's customer; answers its id. */
export async function openBookingConversation(bookingId: string): Promise<string> {
  const supabase = await portalClient();
  const { data, error } = await supabase.rpc('open_booking_conversation', { booking: bookingId });
  if (error) throw new Error(error.message);
  return data as string;
}

/** The portal's 'Berichten' with that conversation open (the storefront's /messages?c= contract). */
export const conversationLink = (conversationId: string) => `/dashboard/artist/berichten?c=${encodeURIComponent(conversationId)}`;

/** The booking's own view: the bookings page with ?booking= (mails and the overview link there too). */
export const bookingLink = (bookingId: string) => `/dashboard/artist/boekingen?booking=${encodeURIComponent(bookingId)}`;

/** 'Basispakket · Feestband X': what the customer booked. */
export const bookedWhat = (booking: Pick<ArtistBooking, 'package' | 'artist'>) => [booking.package?.name, booking.artist?.name].filter(Boolean).join(' · ') || 'Optreden';

/** 'Zaal De Kroon, Utrecht': where, as far as the customer said. */
export const bookedWhere = (booking: Pick<ArtistBooking, 'event_location' | 'place'>) => {
  const location = booking.event_location.trim();
  const place = booking.place?.name ?? '';
  return [location, place && !location.toLowerCase().includes(place.toLowerCase()) ? place : ''].filter(Boolean).join(', ');
};

export const artistTabs = ['aanvragen', 'geaccepteerd', 'bevestigd', 'afgelopen', 'geannuleerd'] as const;
export type ArtistTab = (typeof artistTabs)[number];
export const artistTabLabels: Record<ArtistTab, string> = {
  aanvragen: 'Aanvragen',
  geaccepteerd: 'Wacht op betaling',
  bevestigd: 'Bevestigd',
  afgelopen: 'Afgelopen',
  geannuleerd: 'Geannuleerd',
};

export function artistTabOf(booking: { status: string; ends_at: string }, now: number): ArtistTab {
  switch (booking.status) {
    case 'pending':
      return 'aanvragen';
    case 'accepted':
      return 'geaccepteerd';
    case 'confirmed':
      return Date.parse(booking.ends_at) < now ? 'afgelopen' : 'bevestigd';
    case 'completed':
      return 'afgelopen';
    default:
      return 'geannuleerd';
  }
}

export const customerName = (booking: ArtistBooking) => (booking.customer ? `${booking.customer.first_name} ${booking.customer.last_name}`.trim() : 'Een klant');

/** Accept, decline or cancel; answers null or the database's Dutch reason it may not. */
export async function answerBooking(bookingId: string, status: 'accepted' | 'declined' | 'cancelled', reason?: string): Promise<string | null> {
  const supabase = await portalClient();
  const { error } = await supabase.rpc('transition_booking', { booking_id: bookingId, new_status: status, ...(reason ? { reason } : {}) });
  return error ? error.message : null;
}

/**
 * What is news between two snapshots of the list: requests not seen before, and bookings that
 * became paid. The first snapshot has no news (everything was already there).
 */
export function bookingNews(before: readonly ArtistBooking[] | undefined, after: readonly ArtistBooking[]): { requests: ArtistBooking[]; paid: ArtistBooking[] } {
  if (!before) return { requests: [], paid: [] };
  const previous = new Map(before.map((booking) => [booking.id, booking.status]));
  return {
    requests: after.filter((booking) => booking.status === 'pending' && !previous.has(booking.id)),
    paid: after.filter((booking) => booking.status === 'confirmed' && previous.has(booking.id) && previous.get(booking.id) !== 'confirmed'),
  };
}

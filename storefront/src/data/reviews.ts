// The customer's booking reviews (SPEC 2.1: /reviews/booking/{bookingId} and /review): the
// booking to review with its artist and any review already written, the completed bookings still
// waiting for one, and writing it. The database decides who may review what (reviews policies,
// reviews_before_write): only the customer of a completed booking, once.
import { queryKeys } from '@podium/shared/query-keys';
import type { PrivateClient, PrivateQuery } from './private-query.ts';
import { unwrap } from './public-query.ts';

export interface BookingToReview {
  id: string;
  status: string;
  starts_at: string;
  event_type: string;
  event_location: string;
  artist: { id: string; name: string; slug: string } | null;
  review: { rating: number; body: string; created_at: string } | null;
}

const bookingColumns = 'id, status, starts_at, event_type, event_location, artist:artists(id, name, slug), reviews(rating, body, created_at)';

type Row = Omit<BookingToReview, 'review'> & { reviews: BookingToReview['review'] | BookingToReview['review'][] };

const withReview = (row: Row): BookingToReview => {
  const { reviews, ...booking } = row;
  const review = Array.isArray(reviews) ? (reviews[0] ?? null) : reviews;
  return { ...booking, review };
};

/** One booking of the signed-in customer, or null when it is not theirs or does not exist. */
export function bookingToReviewQuery(bookingId: string): PrivateQuery<BookingToReview | null> {
  return {
    queryKey: [...queryKeys.customerBookings, 'review', bookingId],
    async fetch(client) {
      if (!/^[0-9a-f-]{36}$/i.test(bookingId)) return null;
      const { data: auth } = await client.auth.getUser();
      if (!auth.user) return null;
      const row = unwrap(
        await client.from('bookings').select(bookingColumns).eq('id', bookingId).eq('customer_id', auth.user.id).maybeSingle(),
      ) as Row | null;
      return row ? withReview(row) : null;
    },
  };
}

/** The signed-in customer's completed bookings without a review, most recent first. */
export function bookingsAwaitingReviewQuery(): PrivateQuery<BookingToReview[]> {
  return {
    queryKey: [...queryKeys.customerBookings, 'awaiting-review'],
    async fetch(client) {
      const { data: auth } = await client.auth.getUser();
      if (!auth.user) return [];
      const rows = unwrap(
        await client.from('bookings').select(bookingColumns).eq('customer_id', auth.user.id).eq('status', 'completed').order('starts_at', { ascending: false }).limit(50),
      ) as Row[];
      return rows.map(withReview).filter((booking) => booking.review === null);
    },
  };
}

/** Writes the review; answers null, or a Dutch message for what the database refused. */
export async function submitReview(client: PrivateClient, bookingId: string, rating: number, body: string): Promise<string | null> {
  const { data: auth } = await client.auth.getUser();
  if (!auth.user) return 'Log opnieuw in om je review te plaatsen.';
  // No artist_id: the database takes it from the booking (reviews_before_write), and the column
  // grant lets no client set it; the generated type cannot know that.
  const review = { booking_id: bookingId, customer_id: auth.user.id, rating, body: body.trim() };
  const { error } = await client.from('reviews').insert(review as typeof review & { artist_id: string });
  if (!error) return null;
  if (error.code === '23505') return 'Je hebt deze boeking al beoordeeld.';
  if (error.code === '42501') return 'Je kunt alleen een voltooide boeking van jezelf beoordelen.';
  return 'Je review kon niet worden geplaatst. Probeer het opnieuw.';
}

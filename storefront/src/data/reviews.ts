// The customer's booking reviews (SPEC 2.1: /reviews/booking/{bookingId}, /review,
// /review/artist/{slug} and /reviews/customer): a booking to review with its artist and any
// review already written, the completed bookings still waiting for one, the bookings with one
// artist, the customer's own reviews with the artist's replies, and writing or changing one.
// The database decides who may review what and until when (reviews_before_write): only the
// customer of a completed booking, once, and changes within the edit window; its refusals are Dutch.
import { queryKeys } from '@podium/shared/query-keys';
import type { ReviewDraft, ReviewRatings } from '@podium/shared/reviews';
import { checkinState, oneCheckin, type Checkin } from '@podium/shared/checkin';
import type { PrivateClient, PrivateQuery } from './private-query.ts';
import { unwrap } from '@podium/shared/unwrap';

export interface WrittenReview extends ReviewRatings {
  id: string;
  rating: number;
  body: string;
  created_at: string;
  updated_at: string;
  editable_until: string;
  artist_reply: string | null;
  artist_replied_at: string | null;
}

export interface BookingToReview {
  id: string;
  status: string;
  starts_at: string;
  event_type: string;
  event_location: string;
  artist: { id: string; name: string; slug: string } | null;
  review: WrittenReview | null;
  /** The check-in after the gig: a review waits until it released the gig (checkinState). */
  checkin: Checkin | null;
}

export interface MyReview extends WrittenReview {
  artist: { name: string; slug: string } | null;
  booking: { id: string; starts_at: string; event_type: string } | null;
}

export interface ArtistToReview {
  artist: { id: string; name: string; slug: string } | null;
  /** The customer's bookings with this artist, newest gig first. */
  bookings: BookingToReview[];
}

const reviewColumns = 'id, rating, music_rating, professionalism_rating, communication_rating, body, created_at, updated_at, editable_until, artist_reply, artist_replied_at';
const bookingColumns = `id, status, starts_at, event_type, event_location, artist:artists(id, name, slug), reviews(${reviewColumns}), checkin:booking_checkins(closes_at, answer, released_at)`;

/** All review data sits under the customer's bookings: a booking change refreshes it too. */
const reviewsKey = [...queryKeys.customerBookings, 'reviews'] as const;

type Row = Omit<BookingToReview, 'review' | 'checkin'> & { reviews: WrittenReview | WrittenReview[] | null; checkin: Checkin | Checkin[] | null };

const withReview = (row: Row): BookingToReview => {
  const { reviews, checkin, ...booking } = row;
  const review = Array.isArray(reviews) ? (reviews[0] ?? null) : reviews;
  return { ...booking, review, checkin: oneCheckin(checkin) };
};

const isId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

async function signedInId(client: PrivateClient): Promise<string | null> {
  const { data } = await client.auth.getUser();
  return data.user?.id ?? null;
}

/** One booking of the signed-in customer, or null when it is not theirs or does not exist. */
export function bookingToReviewQuery(bookingId: string): PrivateQuery<BookingToReview | null> {
  return {
    queryKey: [...reviewsKey, 'booking', bookingId],
    async fetch(client) {
      const me = await signedInId(client);
      if (!me || !isId(bookingId)) return null;
      const row = unwrap(await client.from('bookings').select(bookingColumns).eq('id', bookingId).eq('customer_id', me).maybeSingle()) as unknown as Row | null;
      return row ? withReview(row) : null;
    },
  };
}

/** The signed-in customer's completed bookings without a review whose check-in released them, most recent first. */
export function bookingsAwaitingReviewQuery(): PrivateQuery<BookingToReview[]> {
  return {
    queryKey: [...reviewsKey, 'awaiting'],
    async fetch(client) {
      const me = await signedInId(client);
      if (!me) return [];
      const rows = unwrap(await client.from('bookings').select(bookingColumns).eq('customer_id', me).eq('status', 'completed').order('starts_at', { ascending: false }).limit(50)) as unknown as Row[];
      return rows.map(withReview).filter((booking) => booking.review === null && checkinState(booking.checkin) === 'released');
    },
  };
}

/** A public artist by slug and the signed-in customer's bookings with them (any status). */
export function artistToReviewQuery(slug: string): PrivateQuery<ArtistToReview> {
  return {
    queryKey: [...reviewsKey, 'artist', slug],
    async fetch(client) {
      if (!/^[a-z0-9-]{1,120}$/.test(slug)) return { artist: null, bookings: [] };
      const artist = unwrap(await client.from('artists').select('id, name, slug').eq('slug', slug).eq('approval_status', 'approved').is('deleted_at', null).maybeSingle()) as ArtistToReview['artist'];
      const me = await signedInId(client);
      if (!artist || !me) return { artist, bookings: [] };
      const rows = unwrap(await client.from('bookings').select(bookingColumns).eq('customer_id', me).eq('artist_id', artist.id).order('starts_at', { ascending: false }).limit(50)) as unknown as Row[];
      return { artist, bookings: rows.map(withReview) };
    },
  };
}

/** 'Mijn reviews': the signed-in customer's reviews, newest first, with the artist's replies. */
export function myReviewsQuery(): PrivateQuery<MyReview[]> {
  return {
    queryKey: [...reviewsKey, 'mine'],
    async fetch(client) {
      const me = await signedInId(client);
      if (!me) return [];
      return unwrap(
        await client
          .from('reviews')
          .select(`${reviewColumns}, artist:artists(name, slug), booking:bookings(id, starts_at, event_type)`)
          .eq('customer_id', me)
          .order('created_at', { ascending: false })
          .limit(200),
      ) as unknown as MyReview[];
    },
  };
}

const fallback = 'Je review kon niet worden opgeslagen. Probeer het opnieuw.';

/**
 * Writes a new review or changes the existing one; answers null, or a Dutch message for what the
 * database refused (its own words for 42501, 22023 and 23505).
 */
export async function saveReview(client: PrivateClient, bookingId: string, existingReviewId: string | null, draft: ReviewDraft): Promise<string | null> {
  const me = await signedInId(client);
  if (!me) return 'Log opnieuw in om je review op te slaan.';
  const content = {
    rating: draft.rating!,
    music_rating: draft.music_rating!,
    professionalism_rating: draft.professionalism_rating!,
    communication_rating: draft.communication_rating!,
    body: draft.body.trim(),
  };
  // No artist_id: the database takes it from the booking, and no client may set it.
  const { error } = existingReviewId
    ? await client.from('reviews').update(content).eq('id', existingReviewId).eq('customer_id', me)
    : await client.from('reviews').insert({ ...content, booking_id: bookingId, customer_id: me } as never);
  if (!error) return null;
  if (['42501', '22023', '23505'].includes(error.code ?? '') && /[a-z]/.test(error.message) && !/violates|permission denied/i.test(error.message)) {
    return error.message;
  }
  if (error.code === '23505') return 'Je hebt deze boeking al beoordeeld. Je kunt je review wel aanpassen.';
  if (error.code === '42501') return 'Je kunt alleen een voltooide boeking van jezelf beoordelen.';
  return fallback;
}

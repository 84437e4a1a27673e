// The reviews an act received, newest first, with the reviewer's public name, and the act's one
// public reply per review (reviews.artist_reply, which only the act's owner may write).
import type { QueryClient } from '@tanstack/react-query';
import { portalClient } from '../app/client.ts';
import { ownActQuery } from './artist.ts';

export interface ReceivedReview {
  id: string;
  rating: number;
  body: string;
  created_at: string;
  artist_reply: string | null;
  artist_replied_at: string | null;
  reviewer: { display_name: string } | null;
}

export interface ReceivedReviews {
  act: { id: string; name: string; rating_avg: number; review_count: number };
  reviews: ReceivedReview[];
}

export const reviewsKey = ['artist-reviews'] as const;

export async function fetchReceivedReviews(queryClient: QueryClient, userId: string): Promise<ReceivedReviews | null> {
  const supabase = await portalClient();
  const act = await queryClient.ensureQueryData(ownActQuery(userId));
  if (!act) return null;
  const { data: reviews, error: reviewsError } = await supabase
    .from('reviews')
    .select('id, rating, body, created_at, artist_reply, artist_replied_at, reviewer:public_profiles!reviews_customer_public_profile_fkey(display_name)')
    .eq('artist_id', act.id)
    .order('created_at', { ascending: false });
  if (reviewsError) throw new Error(reviewsError.message);
  return { act, reviews: (reviews ?? []) as unknown as ReceivedReview[] };
}

/** Saves, changes or (null) removes the reply under a review. */
export async function saveReply(reviewId: string, reply: string | null): Promise<void> {
  const supabase = await portalClient();
  const { error } = await supabase.from('reviews').update({ artist_reply: reply }).eq('id', reviewId).select('id').single();
  if (error) throw new Error(error.message);
}

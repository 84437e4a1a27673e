// The footer's review block (SPEC 2.9 when no third-party widget is configured): Podium's own
// verified reviews, site_reviews() in the database: the average over the public acts' reviews,
// how many there are, and the two most recent that say something, each with its act.
import type { PublicQuery } from './public-query.ts';
import { unwrap } from '@podium/shared/unwrap';

export interface SiteReviewQuote {
  id: string;
  rating: number;
  body: string;
  created_at: string;
  reviewer: string;
  artist_name: string;
  artist_slug: string;
}

export interface SiteReviews {
  review_count: number;
  /** One decimal, or null while there are no reviews. */
  rating_avg: number | null;
  quotes: SiteReviewQuote[];
}

export const siteReviewsQuery: PublicQuery<SiteReviews> = {
  queryKey: ['site', 'reviews'],
  fetch: async (client) => {
    const answer = unwrap(await client.rpc('site_reviews')) as unknown as SiteReviews | null;
    return { review_count: Number(answer?.review_count ?? 0), rating_avg: answer?.rating_avg == null ? null : Number(answer.rating_avg), quotes: answer?.quotes ?? [] };
  },
};

// The public artist card (the shape search_artists and the public-artist-cards function return)
// and how the storefront words its numbers: prices in euros, ratings with a Dutch decimal comma.
import { actCategories, isArtistCategory, type ArtistCategory } from '@podium/shared/categories';
import { dutchDecimal, dutchEuros, dutchInteger } from '@podium/shared/dutch';

export interface ArtistCardData {
  id: string;
  slug: string;
  name: string;
  genre: string;
  city: string;
  categories: string[];
  rating_avg: number;
  review_count: number;
  /** The act's one 'from' price (its cheapest active package), null without packages. */
  from_price_cents: number | null;
  /** Paths inside the artist-media bucket. */
  avatar_path: string | null;
  cover_path: string | null;
  /** Set when the search had a place and radius. */
  distance_km?: number | null;
}

/** The gold of rating stars (cards, the artist page's reviews). */
export const starColor = '#f59e0b';

/** '€ 650' for whole euros, '€ 649,50' otherwise. */
export const formatPrice = (cents: number) => dutchEuros(cents / 100, { cents: cents % 100 !== 0 });

/** 'Vanaf € 650': an artist's starting price. */
export const fromPrice = (cents: number) => `Vanaf ${formatPrice(cents)}`;

/** '4,8': one decimal, Dutch comma. */
export const formatRating = (rating: number) => dutchDecimal(rating);

/** '1 review', '23 reviews', '1.234 reviews', 'Nog geen reviews'. */
export const reviewCountText = (count: number) => (count === 0 ? 'Nog geen reviews' : count === 1 ? '1 review' : `${dutchInteger(count)} reviews`);

/** '12 km' (whole kilometres; '< 1 km' close by). */
export const formatDistance = (km: number) => (km < 1 ? '< 1 km' : `${Math.round(km)} km`);

/** The card's kind of act (bands, djs...) before any occasion, for analytics and the card's label. */
export function primaryCategory(card: Pick<ArtistCardData, 'categories'>): ArtistCategory | null {
  const known = card.categories.filter(isArtistCategory);
  return known.find((category) => (actCategories as readonly string[]).includes(category)) ?? known[0] ?? null;
}

export const artistPath = (slug: string) => `/artists/${encodeURIComponent(slug)}`;

/** Only the card's fields, whatever else a row holds (search_artists adds priority, total_count...). */
export function toArtistCard(row: Record<string, unknown>): ArtistCardData {
  return {
    id: String(row.id),
    slug: String(row.slug),
    name: String(row.name),
    genre: String(row.genre ?? ''),
    city: String(row.city ?? ''),
    categories: Array.isArray(row.categories) ? row.categories.map(String) : [],
    rating_avg: Number(row.rating_avg ?? 0),
    review_count: Number(row.review_count ?? 0),
    from_price_cents: row.from_price_cents == null ? null : Number(row.from_price_cents),
    avatar_path: typeof row.avatar_path === 'string' ? row.avatar_path : null,
    cover_path: typeof row.cover_path === 'string' ? row.cover_path : null,
    distance_km: typeof row.distance_km === 'number' ? row.distance_km : null,
  };
}

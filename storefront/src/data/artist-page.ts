// The public artist page's data (/artists/{slug}), each fetch keyed by the slug so the
// page (and the build's prerender) can start them all at once. Only public columns are selected;
// RLS hides artists that are not approved or are deleted from visitors, and with them their
// packages, media and reviews; the artist itself is asked for as approved explicitly, so its
// owner or an admin (whom RLS shows more) also gets the not-found page for an unapproved act. Busy days come from artist_busy_dates: dates only, never a booking.
import { toArtistCard, primaryCategory, type ArtistCardData } from '../marketplace/artist-cards.ts';
import type { ReviewRatings } from '@podium/shared/reviews';
import { unwrap } from '@podium/shared/unwrap';
import type { PublicQuery } from './public-query.ts';

export interface ArtistProfile {
  id: string;
  slug: string;
  name: string;
  genre: string;
  city: string;
  categories: string[];
  bio: string;
  base_price_cents: number;
  /** The one 'from' price (artists.from_price_cents: the cheapest active package), null without packages. */
  from_price_cents: number | null;
  travel_radius_km: number | null;
  avatar_path: string | null;
  cover_path: string | null;
  website_url: string | null;
  /** The Instagram account the act linked (proven through Instagram's OAuth), without @. */
  instagram_handle: string | null;
  rating_avg: number;
  review_count: number;
}

export interface ArtistPackage {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  duration_minutes: number;
}

export interface ArtistMediaItem {
  id: string;
  kind: 'image' | 'video' | 'audio';
  storage_path: string | null;
  external_url: string | null;
  caption: string;
}

export interface ArtistReview extends Partial<ReviewRatings> {
  id: string;
  rating: number;
  body: string;
  created_at: string;
  artist_reply: string | null;
  artist_replied_at: string | null;
  reviewer: string;
}

/** Average stars per aspect over the reviews that rated them (older reviews have only the overall stars). */
export interface AspectAverages {
  music_rating: number;
  professionalism_rating: number;
  communication_rating: number;
  count: number;
}

export interface RatingCount {
  rating: number;
  count: number;
}

export const reviewsPageSize = 5;
export const relatedArtistsLimit = 8;

const profileColumns =
  'id, slug, name, genre, city, categories, bio, base_price_cents, from_price_cents, travel_radius_km, avatar_path, cover_path, website_url, instagram_handle, rating_avg, review_count';
const cardColumns = 'id, slug, name, genre, city, categories, rating_avg, review_count, from_price_cents, avatar_path, cover_path';

/** A slug as the database allows them; anything else cannot be an artist and is not asked for. */
export const isPlausibleSlug = (slug: string) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) && slug.length <= 200;

const key = (slug: string, ...rest: unknown[]) => ['artist-page', slug, ...rest] as const;

/** The public artist, or null when no approved, active artist has this slug. */
export function artistQuery(slug: string): PublicQuery<ArtistProfile | null> {
  return {
    queryKey: key(slug, 'profile'),
    async fetch(client) {
      if (!isPlausibleSlug(slug)) return null;
      const { data: row, error } = await client.from('artists').select(profileColumns).eq('slug', slug).eq('approval_status', 'approved').is('deleted_at', null).maybeSingle();
      if (error) throw error;
      if (!row) return null;
      return {
        ...row,
        categories: row.categories ?? [],
        rating_avg: Number(row.rating_avg ?? 0),
        review_count: Number(row.review_count ?? 0),
      };
    },
  };
}

/** The artist's active packages, in the artist's order; the prices are the database's. */
export function artistPackagesQuery(slug: string): PublicQuery<ArtistPackage[]> {
  return {
    queryKey: key(slug, 'packages'),
    async fetch(client) {
      if (!isPlausibleSlug(slug)) return [];
      const rows = unwrap(
        await client
          .from('artist_packages')
          .select('id, name, description, price_cents, duration_minutes, artists!inner(slug)')
          .eq('artists.slug', slug)
          .eq('is_active', true)
          // What customers see, also for the act's owner and admins (who read packages waiting for review too).
          .eq('pending_review', false)
          .order('sort_order')
          .order('price_cents'),
      );
      return rows.map(({ id, name, description, price_cents, duration_minutes }) => ({ id, name, description, price_cents, duration_minutes }));
    },
  };
}

/** Photos, videos and audio, in the artist's order. */
export function artistMediaQuery(slug: string): PublicQuery<ArtistMediaItem[]> {
  return {
    queryKey: key(slug, 'media'),
    async fetch(client) {
      if (!isPlausibleSlug(slug)) return [];
      const rows = unwrap(
        await client
          .from('artist_media')
          .select('id, kind, storage_path, external_url, caption, sort_order, artists!inner(slug)')
          .eq('artists.slug', slug)
          // What customers see, also for the act's owner and admins (who read pending media too).
          .eq('pending_review', false)
          .order('sort_order')
          .order('created_at'),
      );
      return rows
        .filter((row): row is typeof row & { kind: ArtistMediaItem['kind'] } => row.kind === 'image' || row.kind === 'video' || row.kind === 'audio')
        .map(({ id, kind, storage_path, external_url, caption }) => ({ id, kind, storage_path, external_url, caption }));
    },
  };
}

/** One page of reviews, newest first (page 0 is the first), with the reviewer's public name. */
export function artistReviewsQuery(slug: string, page: number): PublicQuery<ArtistReview[]> {
  const safePage = Number.isInteger(page) && page >= 0 ? page : 0;
  return {
    queryKey: key(slug, 'reviews', safePage),
    async fetch(client) {
      if (!isPlausibleSlug(slug)) return [];
      const from = safePage * reviewsPageSize;
      const rows = unwrap(
        await client
          .from('reviews')
          .select('id, rating, music_rating, professionalism_rating, communication_rating, body, created_at, artist_reply, artist_replied_at, public_profiles(display_name), artists!inner(slug)')
          .eq('artists.slug', slug)
          .order('created_at', { ascending: false })
          .order('id')
          .range(from, from + reviewsPageSize - 1),
      );
      return rows.map((row) => ({
        id: row.id,
        rating: row.rating,
        music_rating: row.music_rating,
        professionalism_rating: row.professionalism_rating,
        communication_rating: row.communication_rating,
        body: row.body,
        created_at: row.created_at,
        artist_reply: row.artist_reply,
        artist_replied_at: row.artist_replied_at,
        reviewer: row.public_profiles?.display_name ?? 'Podium-gebruiker',
      }));
    },
  };
}

/** How many reviews gave each number of stars (only the stars that occur). */
export function artistRatingCountsQuery(slug: string): PublicQuery<RatingCount[]> {
  return {
    queryKey: key(slug, 'rating-counts'),
    async fetch(client) {
      if (!isPlausibleSlug(slug)) return [];
      const rows = unwrap(await client.from('artist_rating_distribution').select('rating, review_count').eq('artist_slug', slug));
      return rows.map((row) => ({ rating: Number(row.rating), count: Number(row.review_count) }));
    },
  };
}

/** The averages per aspect (music, professionalism, communication), or null when no review rated them. */
export function artistAspectAveragesQuery(slug: string): PublicQuery<AspectAverages | null> {
  return {
    queryKey: key(slug, 'aspect-averages'),
    async fetch(client) {
      if (!isPlausibleSlug(slug)) return null;
      const row = unwrap(await client.from('artist_rating_aspects').select('music_avg, professionalism_avg, communication_avg, rated_count').eq('artist_slug', slug).maybeSingle()) as {
        music_avg: number | null;
        professionalism_avg: number | null;
        communication_avg: number | null;
        rated_count: number | null;
      } | null;
      if (!row || !row.rated_count) return null;
      return {
        music_rating: Number(row.music_avg),
        professionalism_rating: Number(row.professionalism_avg),
        communication_rating: Number(row.communication_avg),
        count: Number(row.rated_count),
      };
    },
  };
}

/** The days from `from` to `to` (ISO dates, inclusive) on which the artist cannot be booked. */
export function artistBusyDatesQuery(slug: string, from: string, to: string): PublicQuery<string[]> {
  return {
    queryKey: key(slug, 'busy', from, to),
    async fetch(client) {
      if (!isPlausibleSlug(slug)) return [];
      const days = unwrap(await client.rpc('artist_busy_dates', { artist_slug: slug, from_date: from, to_date: to }));
      return (days ?? []).map(String);
    },
  };
}

/**
 * Other public artists of the same kind (the artist's main category), the admin's priority
 * first, then the best rated. Empty for an unknown slug.
 */
export function relatedArtistsQuery(slug: string): PublicQuery<ArtistCardData[]> {
  return {
    queryKey: key(slug, 'related'),
    async fetch(client) {
      if (!isPlausibleSlug(slug)) return [];
      const { data: artist, error } = await client.from('artists').select('id, categories').eq('slug', slug).eq('approval_status', 'approved').is('deleted_at', null).maybeSingle();
      if (error) throw error;
      const category = artist ? primaryCategory({ categories: artist.categories ?? [] }) : null;
      if (!artist || !category) return [];
      const rows = unwrap(
        await client
          .from('artists')
          .select(cardColumns)
          .contains('categories', [category])
          .neq('id', artist.id)
          .eq('approval_status', 'approved')
          .is('deleted_at', null)
          .order('priority', { ascending: false })
          .order('rating_avg', { ascending: false })
          .order('review_count', { ascending: false })
          .order('name')
          .limit(relatedArtistsLimit),
      );
      return rows.map((row) => toArtistCard(row));
    },
  };
}

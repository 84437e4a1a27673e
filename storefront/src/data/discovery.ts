// What the discovery pages read: the public artist cards of SPEC 7.3, the artist search
// (search_artists), its suggestions, places for the distance filter, the latest news, the
// marketplace's own figures and the favourite artists. Each is a PublicQuery (see public-query.ts):
// pure, so the build's prerender can run the same fetches.
import { queryKeys } from '@podium/shared/query-keys';
import { cardsPerHeroCategory, publicArtistCardPrefetchLimit } from '@podium/shared/constants';
import { countryName, findPlace, placeKeys, placeSearchLimit, searchPlaces, type Place } from '@podium/shared/places';
import { searchArtistsArgs, type ArtistFilters } from '../discovery/artist-filters.ts';
import { toArtistCard, type ArtistCardData } from '../marketplace/artist-cards.ts';
import { unwrap } from '@podium/shared/unwrap';
import type { PublicQuery } from './public-query.ts';

const cardColumns = 'id, slug, name, genre, city, categories, rating_avg, review_count, from_price_cents, avatar_path, cover_path';

/**
 * SPEC 7.3: GET /functions/v1/public-artist-cards?limit={limit}[&category={category}]. supabase-js
 * sends the anonymous key as apikey (and, for a guest, as the bearer token too).
 */
export function publicArtistCardsQuery({ limit, category = null }: { limit: number; category?: string | null }): PublicQuery<ArtistCardData[]> {
  const search = new URLSearchParams({ limit: String(limit) });
  if (category) search.set('category', category);
  return {
    queryKey: [...queryKeys.artistLists, 'public-cards', { limit, category }],
    fetch: async (client) => {
      const { data, error } = await client.functions.invoke<unknown>(`public-artist-cards?${search}`, { method: 'GET' });
      if (error) throw error;
      return Array.isArray(data) ? data.map((row) => toArtistCard(row as Record<string, unknown>)) : [];
    },
  };
}

/** SPEC 7.3 / 9: the 24-card prefetch (the first page of the recommended list). */
export const prefetchedArtistCardsQuery = () => publicArtistCardsQuery({ limit: publicArtistCardPrefetchLimit });

/** SPEC 9: 10 cards for one hero category. */
export const heroCategoryCardsQuery = (category: string) => publicArtistCardsQuery({ limit: cardsPerHeroCategory, category });

export interface ArtistSearchResult {
  artists: ArtistCardData[];
  /** Matching artists in all pages; for broad listings search_artists stops counting at 1001. */
  total: number;
  /** The count stopped at its cap: "more than 1000". */
  capped: boolean;
}

/** search_artists for the list's filters (page included). */
export function artistSearchQuery(filters: ArtistFilters): PublicQuery<ArtistSearchResult> {
  const args = searchArtistsArgs(filters);
  return {
    queryKey: [...queryKeys.artistLists, 'search', args],
    fetch: async (client) => {
      const rows = unwrap(await client.rpc('search_artists', args)) ?? [];
      const total = rows[0]?.total_count ?? 0;
      return { artists: rows.map((row) => toArtistCard(row)), total: Math.min(total, 1000), capped: total > 1000 };
    },
  };
}

export type { Place };

/** Places whose name starts with (then contains) the text, bigger places first. */
export function placeSearchQuery(text: string, limit = placeSearchLimit): PublicQuery<Place[]> {
  return { queryKey: placeKeys.search(text, limit), fetch: (client) => searchPlaces(client, text, limit) };
}

/** One place by id (the chosen place of an address), or null when there is none. */
export function placeQuery(id: number): PublicQuery<Place | null> {
  return { queryKey: placeKeys.byId(id), fetch: (client) => findPlace(client, id) };
}

export type SearchSuggestion = { kind: 'artist'; label: string; slug: string; detail: string } | { kind: 'genre'; label: string } | { kind: 'place'; label: string; placeId: number; detail: string };

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Suggestions while typing: artists (typo tolerant, recommended first), genres and places. */
export function searchSuggestionsQuery(text: string): PublicQuery<SearchSuggestion[]> {
  const term = text.replace(/\s+/g, ' ').trim();
  return {
    queryKey: ['search-suggestions', fold(term)],
    fetch: async (client) => {
      if (term.length < 2) return [];
      // PostgREST's ilike pattern: escape its wildcards and the filter syntax's own characters.
      const pattern = `%${term.replace(/[%_\\]/g, (character) => `\\${character}`)}%`;
      const [artists, genres, places] = await Promise.all([
        client.rpc('search_artists', { query: term, page_size: 5 }),
        client.from('artists').select('genre').ilike('genre', pattern).limit(40),
        searchPlaces(client, term, 3),
      ]);
      const artistRows = unwrap(artists) ?? [];
      const genreNames = [...new Map((unwrap(genres) ?? []).filter((row) => row.genre).map((row) => [fold(row.genre), row.genre])).values()].slice(0, 3);
      return [
        ...artistRows.map((row): SearchSuggestion => ({ kind: 'artist', label: row.name, slug: row.slug, detail: [row.genre, row.city].filter(Boolean).join(' · ') })),
        ...genreNames.map((genre): SearchSuggestion => ({ kind: 'genre', label: genre })),
        ...places.map((place): SearchSuggestion => ({ kind: 'place', label: place.name, placeId: place.id, detail: countryName(place.country) })),
      ];
    },
  };
}

export interface NewsTeaser {
  slug: string;
  title: string;
  excerpt: string;
  cover_path: string | null;
  published_at: string | null;
}

/** The three newest published news articles (RLS shows guests only published ones). */
export function latestNewsQuery(limit = 3): PublicQuery<NewsTeaser[]> {
  return {
    queryKey: ['news', 'latest', limit],
    fetch: async (client) =>
      unwrap(await client.from('news_articles').select('slug, title, excerpt, cover_path, published_at').eq('status', 'published').order('published_at', { ascending: false }).limit(limit)) ?? [],
  };
}

export interface MarketplaceFigures {
  artists: number;
  reviews: number;
}

/** Real counts for the trust section: public artists and the reviews on them. */
export function marketplaceFiguresQuery(): PublicQuery<MarketplaceFigures> {
  return {
    queryKey: [...queryKeys.artistLists, 'figures'],
    fetch: async (client) => {
      const [artists, reviews] = await Promise.all([
        // GET with one row rather than HEAD: the browser aborted HEAD requests through the local gateway.
        client.from('artists').select('id', { count: 'exact' }).eq('approval_status', 'approved').is('deleted_at', null).limit(1),
        client.from('reviews').select('id', { count: 'exact' }).limit(1),
      ]);
      if (artists.error) throw artists.error;
      if (reviews.error) throw reviews.error;
      return { artists: artists.count ?? 0, reviews: reviews.count ?? 0 };
    },
  };
}

/** The favourite artists' cards, in the order of the ids (newest favourite first); gone artists are left out. */
export function favoriteArtistsQuery(ids: readonly string[]): PublicQuery<ArtistCardData[]> {
  return {
    queryKey: [...queryKeys.artistLists, 'favorites', [...ids]],
    fetch: async (client) => {
      if (ids.length === 0) return [];
      const rows =
        unwrap(
          await client
            .from('artists')
            .select(cardColumns)
            .in('id', [...ids])
            .eq('approval_status', 'approved')
            .is('deleted_at', null),
        ) ?? [];
      const byId = new Map(rows.map((row) => [row.id, toArtistCard(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  };
}

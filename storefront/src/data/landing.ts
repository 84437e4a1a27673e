// The landing pages' public data: the matching artists (search_artists in the recommended
// order, as the artist list shows them) and what artists of that kind ask, from their starting
// prices, so the page's price paragraph states what the marketplace really holds.
import { toArtistCard, type ArtistCardData } from '../marketplace/artist-cards.ts';
import type { PublicQuery } from './public-query.ts';
import { unwrap } from '@podium/shared/unwrap';

export const landingArtistCount = 8;

export interface LandingArtists {
  artists: ArtistCardData[];
  total: number;
}

/** category null: every public artist (/artiest-boeken). */
export function landingArtistsQuery(category: string | null): PublicQuery<LandingArtists> {
  return {
    queryKey: ['landing', 'artists', category],
    fetch: async (client) => {
      const rows = unwrap(await client.rpc('search_artists', { category: category ?? undefined, sort: 'priority', page: 1, page_size: landingArtistCount })) as Record<string, unknown>[];
      return { artists: rows.map(toArtistCard), total: Number(rows[0]?.total_count ?? 0) };
    },
  };
}

export interface PriceSummary {
  count: number;
  minCents: number;
  medianCents: number;
  maxCents: number;
}

/** The 'from' prices of the public artists in a category (RLS shows only approved, active ones). */
export function landingPricesQuery(category: string | null): PublicQuery<PriceSummary | null> {
  return {
    queryKey: ['landing', 'prices', category],
    fetch: async (client) => {
      const query = client.from('artists').select('from_price_cents').not('from_price_cents', 'is', null).limit(1000);
      const rows = unwrap(await (category ? query.contains('categories', [category]) : query));
      return summarizePrices(rows.flatMap((row) => (row.from_price_cents === null ? [] : [row.from_price_cents])));
    },
  };
}

export function summarizePrices(cents: readonly number[]): PriceSummary | null {
  if (cents.length === 0) return null;
  const sorted = [...cents].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
  return { count: sorted.length, minCents: sorted[0]!, medianCents: median, maxCents: sorted.at(-1)! };
}

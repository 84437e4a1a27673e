// The compare view's data: compare_acts for up to three favourite acts, with the chosen place
// and date. Public data of approved acts only (the function's own rule); the order is the one
// asked for.
import { unwrap } from '@podium/shared/unwrap';
import type { PublicQuery } from './public-query.ts';

export interface ComparedPackage {
  id: string;
  name: string;
  price_cents: number;
  duration_minutes: number;
}

export interface ComparedAct {
  id: string;
  slug: string;
  name: string;
  genre: string;
  city: string;
  avatar_path: string | null;
  cover_path: string | null;
  /** The one 'from' price (the cheapest active package); null without packages. */
  from_price_cents: number | null;
  rating_avg: number;
  review_count: number;
  /** From the chosen place; null without a place (or without the act's location). */
  distance_km: number | null;
  /** Free on the chosen date; null without a date. */
  free_on_date: boolean | null;
  packages: ComparedPackage[];
}

function toPackages(value: unknown): ComparedPackage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const row = item as Record<string, unknown>;
    return [{ id: String(row.id), name: String(row.name ?? ''), price_cents: Number(row.price_cents ?? 0), duration_minutes: Number(row.duration_minutes ?? 0) }];
  });
}

export function compareActsQuery(ids: readonly string[], placeId: number | null, date: string | null): PublicQuery<ComparedAct[]> {
  return {
    queryKey: ['compare-acts', [...ids], placeId, date],
    fetch: async (client) => {
      if (ids.length === 0) return [];
      const rows = unwrap(await client.rpc('compare_acts', { ids: [...ids], ...(placeId !== null ? { place_id: placeId } : {}), ...(date ? { on_date: date } : {}) })) ?? [];
      return rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        name: row.name,
        genre: row.genre ?? '',
        city: row.city ?? '',
        avatar_path: row.avatar_path,
        cover_path: row.cover_path,
        from_price_cents: row.from_price_cents,
        rating_avg: Number(row.rating_avg ?? 0),
        review_count: Number(row.review_count ?? 0),
        distance_km: row.distance_km,
        free_on_date: row.free_on_date,
        packages: toPackages(row.packages),
      }));
    },
  };
}

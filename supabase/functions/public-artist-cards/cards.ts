// The query and the answer of public-artist-cards, as pure functions (tested beside it).

/** Category slugs as `artists.categories` holds them (supabase/seed/catalog.ts): kinds, occasions, hero categories (SPEC 9). */
export const categories = ['bands', 'coverbands', 'djs', 'duos', 'acts', 'live-muziek', 'bekende', 'international', 'huwelijk', 'bedrijfsfeest'] as const;

export const defaultLimit = 24;
export const maxLimit = 50;

export type CardsQuery = { limit: number; category: string | null };

/** Reads ?limit and ?category; a Dutch message for what is wrong. */
export function parseCardsQuery(params: URLSearchParams): { query: CardsQuery } | { error: string } {
  const rawLimit = params.get('limit');
  let limit = defaultLimit;
  if (rawLimit !== null) {
    if (!/^\d{1,3}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > maxLimit) {
      return { error: `limit moet een heel getal van 1 tot en met ${maxLimit} zijn.` };
    }
    limit = Number(rawLimit);
  }
  const rawCategory = params.get('category');
  if (rawCategory === null) return { query: { limit, category: null } };
  const category = rawCategory.trim().toLowerCase();
  if (!(categories as readonly string[]).includes(category)) {
    return { error: `Onbekende categorie. Kies uit: ${categories.join(', ')}.` };
  }
  return { query: { limit, category } };
}

export interface ArtistCard {
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
  avatar_path: string | null;
  cover_path: string | null;
}

/** Only the public card fields, whatever else the row holds. */
export function toCard(row: Record<string, unknown>): ArtistCard {
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
  };
}

// The artist list's filters and the address that holds them: every filter lives in the
// query string, so a search can be shared and the back button walks through earlier searches.
// Reading is forgiving: a value that makes no sense is dropped for its default, never an error.
import { artistCategories, categoryFromText, type ArtistCategory } from '@podium/shared/categories';
import { amsterdamToday as todayInAmsterdam } from '@podium/shared/dutch';

export const artistSorts = ['recommended', 'rating', 'price_asc', 'price_desc', 'newest', 'distance'] as const;
export type ArtistSort = (typeof artistSorts)[number];

export const sortLabels: Record<ArtistSort, string> = {
  recommended: 'Aanbevolen',
  rating: 'Beste beoordeling',
  price_asc: 'Prijs: laag naar hoog',
  price_desc: 'Prijs: hoog naar laag',
  newest: 'Nieuwste',
  distance: 'Afstand',
};

export const radiusOptionsKm = [10, 25, 50, 100] as const;
export const defaultRadiusKm = 25;
export const ratingOptions = [3, 3.5, 4, 4.5] as const;
export const pageSize = 24;
const maxPage = 500;
const maxPriceEuros = 100_000;
const maxTextLength = 80;
/** As many guests as a booking request takes (bookingRequestLimits; not imported: this module is in every page's first load). */
export const maxGuests = 10_000;

export interface ArtistFilters {
  query: string | null;
  category: ArtistCategory | null;
  genre: string | null;
  /** A public.places id; the radius only counts with a place. */
  placeId: number | null;
  radiusKm: number;
  /** 'YYYY-MM-DD', today or later. */
  availableOn: string | null;
  minPriceEuros: number | null;
  maxPriceEuros: number | null;
  minRating: number | null;
  /** How many guests the party has: not a filter of the results, but carried to the artist and the booking form. */
  guests: number | null;
  sort: ArtistSort;
  view: 'grid' | 'list';
  page: number;
}

export const defaultFilters: ArtistFilters = {
  query: null,
  category: null,
  genre: null,
  placeId: null,
  radiusKm: defaultRadiusKm,
  availableOn: null,
  minPriceEuros: null,
  maxPriceEuros: null,
  minRating: null,
  guests: null,
  sort: 'recommended',
  view: 'grid',
  page: 1,
};

const text = (value: string | null) => {
  const trimmed = value?.replace(/\s+/g, ' ').trim() ?? '';
  return trimmed && trimmed.length <= maxTextLength ? trimmed : null;
};

const wholeNumber = (value: string | null, min: number, max: number) => {
  if (value === null || !/^\d{1,7}$/.test(value.trim())) return null;
  const number = Number(value.trim());
  return number >= min && number <= max ? number : null;
};

/** A real calendar date, written YYYY-MM-DD (no 30 February), or null. */
export function realDate(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value : null;
}

/** A real calendar date, written YYYY-MM-DD, not before `today`. */
function futureDate(value: string | null, today: string): string | null {
  const date = realDate(value);
  return date !== null && date >= today ? date : null;
}

/** Today in the Netherlands as YYYY-MM-DD (the marketplace's calendar). */
export { todayInAmsterdam };

/** The filters an address asks for; anything unreadable falls back to its default. */
export function parseArtistFilters(params: URLSearchParams, today = todayInAmsterdam()): ArtistFilters {
  const placeId = wholeNumber(params.get('place'), 1, 2_147_483_647);
  const radius = wholeNumber(params.get('radius'), 0, 1000);
  let minPrice = wholeNumber(params.get('min_price'), 0, maxPriceEuros);
  let maxPrice = wholeNumber(params.get('max_price'), 0, maxPriceEuros);
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const rating = Number(params.get('rating'));
  const sort = params.get('sort') ?? '';
  const view = params.get('view');
  const parsedSort = (artistSorts as readonly string[]).includes(sort) ? (sort as ArtistSort) : defaultFilters.sort;
  return {
    query: text(params.get('q')),
    category: categoryFromText(params.get('category') ?? ''),
    genre: text(params.get('genre')),
    placeId,
    radiusKm: radius !== null && (radiusOptionsKm as readonly number[]).includes(radius) ? radius : defaultRadiusKm,
    availableOn: futureDate(params.get('date'), today),
    minPriceEuros: minPrice === 0 ? null : minPrice,
    maxPriceEuros: maxPrice,
    minRating: params.get('rating') !== null && (ratingOptions as readonly number[]).includes(rating) ? rating : null,
    guests: wholeNumber(params.get('guests'), 1, maxGuests),
    // Sorting by distance needs a place to measure from.
    sort: parsedSort === 'distance' && placeId === null ? defaultFilters.sort : parsedSort,
    view: view === 'list' ? 'list' : 'grid',
    page: wholeNumber(params.get('page'), 1, maxPage) ?? 1,
  };
}

/** The address for some filters: defaults are left out, so the plain list is plain /artists. */
export function artistFiltersToParams(filters: ArtistFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query) params.set('q', filters.query);
  if (filters.category) params.set('category', filters.category);
  if (filters.genre) params.set('genre', filters.genre);
  if (filters.placeId !== null) {
    params.set('place', String(filters.placeId));
    if (filters.radiusKm !== defaultRadiusKm) params.set('radius', String(filters.radiusKm));
  }
  if (filters.availableOn) params.set('date', filters.availableOn);
  if (filters.minPriceEuros !== null) params.set('min_price', String(filters.minPriceEuros));
  if (filters.maxPriceEuros !== null) params.set('max_price', String(filters.maxPriceEuros));
  if (filters.minRating !== null) params.set('rating', String(filters.minRating));
  if (filters.guests !== null) params.set('guests', String(filters.guests));
  if (filters.sort !== defaultFilters.sort) params.set('sort', filters.sort);
  if (filters.view !== defaultFilters.view) params.set('view', filters.view);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** A change of filters starts at page 1 again (page 7 of another search means nothing). */
export function withFilters(current: ArtistFilters, change: Partial<ArtistFilters>): ArtistFilters {
  const next = { ...current, ...change };
  if (!('page' in change)) next.page = 1;
  if (next.sort === 'distance' && next.placeId === null) next.sort = defaultFilters.sort;
  return next;
}

/** The filters that narrow the results (not sort, view or page), for chips and "loosen" buttons. */
export type NarrowingFilter = 'query' | 'category' | 'genre' | 'place' | 'availableOn' | 'price' | 'minRating';

export function activeNarrowingFilters(filters: ArtistFilters): NarrowingFilter[] {
  const active: NarrowingFilter[] = [];
  if (filters.query) active.push('query');
  if (filters.category) active.push('category');
  if (filters.genre) active.push('genre');
  if (filters.placeId !== null) active.push('place');
  if (filters.availableOn) active.push('availableOn');
  if (filters.minPriceEuros !== null || filters.maxPriceEuros !== null) active.push('price');
  if (filters.minRating !== null) active.push('minRating');
  return active;
}

/** The filters without one narrowing filter. */
export function withoutFilter(filters: ArtistFilters, filter: NarrowingFilter): ArtistFilters {
  const cleared: Record<NarrowingFilter, Partial<ArtistFilters>> = {
    query: { query: null },
    category: { category: null },
    genre: { genre: null },
    place: { placeId: null, radiusKm: defaultRadiusKm },
    availableOn: { availableOn: null },
    price: { minPriceEuros: null, maxPriceEuros: null },
    minRating: { minRating: null },
  };
  return withFilters(filters, cleared[filter]);
}

export const isKnownCategory = (value: string) => (artistCategories as readonly string[]).includes(value);

/** search_artists' arguments for these filters (unset ones left out: the function's defaults apply). */
export function searchArtistsArgs(filters: ArtistFilters) {
  const args = {
    query: filters.query,
    category: filters.category,
    genre: filters.genre,
    place_id: filters.placeId,
    radius_km: filters.placeId !== null ? filters.radiusKm : null,
    available_on: filters.availableOn,
    min_price_cents: filters.minPriceEuros !== null ? filters.minPriceEuros * 100 : null,
    max_price_cents: filters.maxPriceEuros !== null ? filters.maxPriceEuros * 100 : null,
    min_rating: filters.minRating,
    sort: filters.sort === 'recommended' ? 'priority' : filters.sort,
    page: filters.page,
    page_size: pageSize,
  };
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null)) as {
    [Key in keyof typeof args]?: Exclude<(typeof args)[Key], null>;
  };
}

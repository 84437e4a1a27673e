// What a visitor searched for that matters on the way to a booking: the date, the place and the
// number of guests. It travels in the address: on the list as ?date=&place=&guests= (the filter
// names), on the artist page and the booking form as ?datum=&plaats=&gasten= (their own words),
// and is remembered for the tab (sessionStorage), so favourites and the compare view know it too.
// Reading is forgiving, as with the filters: a value that makes no sense is left out.
import { realDate } from './artist-filters.ts';

export interface SearchContext {
  /** 'YYYY-MM-DD', after today (a booking is for a later day). */
  date: string | null;
  /** A public.places id. */
  placeId: number | null;
  guests: number | null;
}

export const emptySearchContext: SearchContext = { date: null, placeId: null, guests: null };

const storageKey = 'podium.search-context';

/** A real calendar date, written YYYY-MM-DD, after `today`. */
function laterDate(value: string | null, today: string): string | null {
  const date = realDate(value);
  return date !== null && date > today ? date : null;
}

function wholeNumber(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d{1,10}$/.test(value.trim())) return null;
  const number = Number(value.trim());
  return number >= min && number <= max ? number : null;
}

const readPlace = (value: string | null) => wholeNumber(value, 1, 2_147_483_647);
/**
 * As many guests as a booking request takes (bookingRequestLimits, held equal by the tests; not
 * imported, so the list, the cards and the artist page do not load the booking form's rules).
 */
export const guestLimits = { min: 1, max: 10_000 } as const;
const readGuests = (value: string | null) => wholeNumber(value, guestLimits.min, guestLimits.max);

/** The context in a list address (?date=&place=&guests=). */
export function searchContextFromListParams(params: URLSearchParams, today: string): SearchContext {
  return { date: laterDate(params.get('date'), today), placeId: readPlace(params.get('place')), guests: readGuests(params.get('guests')) };
}

/** The context in an artist page or booking form address (?datum=&plaats=&gasten=). */
export function searchContextFromArtistParams(params: URLSearchParams, today: string): SearchContext {
  return { date: laterDate(params.get('datum'), today), placeId: readPlace(params.get('plaats')), guests: readGuests(params.get('gasten')) };
}

/** The artist page's and booking form's words for a context; unknown parts are left out. */
export function artistParams(context: SearchContext, into = new URLSearchParams()): URLSearchParams {
  if (context.date) into.set('datum', context.date);
  if (context.placeId !== null) into.set('plaats', String(context.placeId));
  if (context.guests !== null) into.set('gasten', String(context.guests));
  return into;
}

/** '/artists/{slug}' with the context, as the list's cards and the compare view link to it. */
export function artistPagePath(slug: string, context: SearchContext): string {
  const query = artistParams(context).toString();
  return `/artists/${encodeURIComponent(slug)}${query ? `?${query}` : ''}`;
}

export const hasSearchContext = (context: SearchContext) => context.date !== null || context.placeId !== null || context.guests !== null;

/** Remembers the context for this tab; an empty one forgets it. Storage errors are ignored. */
export function rememberSearchContext(storage: Pick<Storage, 'setItem' | 'removeItem'>, context: SearchContext): void {
  try {
    if (hasSearchContext(context)) storage.setItem(storageKey, JSON.stringify(context));
    else storage.removeItem(storageKey);
  } catch {
    // a full or blocked storage only means the context is not remembered
  }
}

/** The remembered context, checked again (a stored date may have passed since). */
export function recallSearchContext(storage: Pick<Storage, 'getItem'>, today: string): SearchContext {
  try {
    const stored = JSON.parse(storage.getItem(storageKey) ?? 'null') as Record<string, unknown> | null;
    if (!stored || typeof stored !== 'object') return emptySearchContext;
    const asText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);
    return { date: laterDate(asText(stored.date), today), placeId: readPlace(asText(stored.placeId)), guests: readGuests(asText(stored.guests)) };
  } catch {
    return emptySearchContext;
  }
}

// The phone filter sheet's count: it follows every change of the draft (typed text after a short
// pause, choices at once), and its button names a number only when that number was counted for
// exactly the draft the button applies, so what it promises is what the list then shows.
import type { ArtistFilters } from './artist-filters.ts';
import { artistCountText } from './artist-list-texts.ts';

/** How long typing may pause before the sheet counts again. */
export const typingCountDelayMs = 300;

/** The fields a person types in (genre, prices); every other change is a choice. */
const typedFields: readonly (keyof ArtistFilters)[] = ['genre', 'minPriceEuros', 'maxPriceEuros', 'query'];

/** How long to wait before counting after this change: a pause for typing, nothing for a choice. */
export function countDelayMs(change: Partial<ArtistFilters>): number {
  const keys = Object.keys(change) as (keyof ArtistFilters)[];
  return keys.length > 0 && keys.every((key) => typedFields.includes(key)) ? typingCountDelayMs : 0;
}

export interface SheetCount {
  /** The filters the count was asked for. */
  counted: ArtistFilters;
  /** The answer for `counted`, when it is in (not a previous search's). */
  result: { total: number; capped: boolean } | null;
}

/** 'Toon 12 artiesten' when the count belongs to the draft; 'Resultaten tellen…' until then. */
export function applyButtonText(draft: ArtistFilters, { counted, result }: SheetCount): string {
  return result && sameSearch(draft, counted) ? `Toon ${artistCountText(result.total, result.capped)}` : 'Resultaten tellen…';
}

/** Two filter sets ask the same search (view and page aside: the sheet always starts on page 1). */
export function sameSearch(a: ArtistFilters, b: ArtistFilters): boolean {
  const keys = (Object.keys(a) as (keyof ArtistFilters)[]).filter((key) => key !== 'view' && key !== 'page');
  return keys.every((key) => a[key] === b[key]);
}

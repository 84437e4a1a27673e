// Comparing favourites: which acts a person picked (at most three), the compare view's address
// (/favorites/vergelijken?ids=a,b,c&date=&place=, the list's names for date and place) and how
// that address is read back. The date and place come from the address, else from the search
// the tab remembers (search-context.ts).
import { emptySearchContext, searchContextFromListParams, type SearchContext } from '../discovery/search-context.ts';

export const maxCompared = 3;
export const minCompared = 2;
export const comparePathname = '/favorites/vergelijken';

export const tooManyMessage = `Je kunt hoogstens ${maxCompared} artiesten tegelijk vergelijken. Haal er eerst één weg.`;
export const tooFewMessage = `Kies minstens ${minCompared} artiesten om te vergelijken.`;

export type CompareToggle = { selected: string[]; refused: null } | { selected: string[]; refused: string };

/** Adds or removes an act; a fourth is refused with a message and the choice stays as it was. */
export function toggleCompared(selected: readonly string[], id: string): CompareToggle {
  if (selected.includes(id)) return { selected: selected.filter((other) => other !== id), refused: null };
  if (selected.length >= maxCompared) return { selected: [...selected], refused: tooManyMessage };
  return { selected: [...selected, id], refused: null };
}

/** The choice without acts that are no longer favourites (the order of picking kept). */
export const keepFavorites = (selected: readonly string[], favorites: readonly string[]) => selected.filter((id) => favorites.includes(id));

/** Whether the compare view can open for this choice. */
export const canCompare = (selected: readonly string[]) => selected.length >= minCompared && selected.length <= maxCompared;

/** The compare view's address, with the date and place when known. */
export function comparePath(ids: readonly string[], context: Pick<SearchContext, 'date' | 'placeId'> = emptySearchContext): string {
  const params = new URLSearchParams({ ids: ids.join(',') });
  if (context.date) params.set('date', context.date);
  if (context.placeId !== null) params.set('place', String(context.placeId));
  return `${comparePathname}?${params.toString().replace(/%2C/g, ',')}`;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CompareAddress {
  /** The acts to compare: ids only, no repeats, at most three. */
  ids: string[];
  /** The address named more than three (the rest is left out, and said so). */
  tooMany: boolean;
  context: Pick<SearchContext, 'date' | 'placeId'>;
}

/**
 * Reads the compare view's address. The date and place each come from the address when it holds
 * a usable one, else from the remembered search (`recalled`).
 */
export function readCompareAddress(params: URLSearchParams, today: string, recalled: SearchContext = emptySearchContext): CompareAddress {
  const all = [
    ...new Set(
      (params.get('ids') ?? '')
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter((id) => uuid.test(id)),
    ),
  ];
  const fromAddress = searchContextFromListParams(params, today);
  return {
    ids: all.slice(0, maxCompared),
    tooMany: all.length > maxCompared,
    context: { date: fromAddress.date ?? recalled.date, placeId: fromAddress.placeId ?? recalled.placeId },
  };
}

/** '2 van 3 gekozen om te vergelijken' */
export const selectionText = (count: number) => (count === 0 ? `Kies tot ${maxCompared} artiesten om te vergelijken.` : `${count} van ${maxCompared} gekozen om te vergelijken`);

/** The day after `today` (YYYY-MM-DD): the first day a compare date may be. */
export function dayAfter(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

export const pastDateMessage = 'Kies een datum na vandaag.';

/** A date typed in the compare view: the date, null to clear it, or the message for one that cannot be. */
export function readCompareDate(value: string, today: string): { date: string | null } | { error: string } {
  if (!value) return { date: null };
  const read = searchContextFromListParams(new URLSearchParams({ date: value }), today).date;
  return read ? { date: read } : { error: pastDateMessage };
}

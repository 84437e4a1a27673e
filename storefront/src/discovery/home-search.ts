// The home page's search: what (a category), where (a place), when (a date) and how many guests,
// each optional. 'Zoeken' opens the artist list with them as its filters; what cannot be read gets
// a Dutch message at its field, and nothing is searched until it is put right.
import { bookingRequestMessages, guestCount } from '@podium/shared/booking-request';
import { isArtistCategory } from '@podium/shared/categories';
import { artistFiltersToParams, defaultFilters } from './artist-filters.ts';

export interface HomeSearchInput {
  /** A category value, or '' for every kind of act. */
  category: string;
  /** The chosen place (public.places id). */
  placeId: number | null;
  /** Text typed in the place field and not (yet) chosen from the suggestions. */
  placeText: string;
  /** 'YYYY-MM-DD' from the date field, or ''. */
  date: string;
  guests: string;
}

export type HomeSearchField = 'place' | 'date' | 'guests';

export const homeSearchMessages = {
  place: bookingRequestMessages.place,
  date: 'Kies een datum na vandaag.',
  guests: bookingRequestMessages.guests,
} as const satisfies Record<HomeSearchField, string>;

/** The day after `today` (YYYY-MM-DD): the first day a party can be booked for. */
export function dayAfter(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

const realDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === value;
};

/** What is wrong with the search, field by field, in the order of the form; empty when it can go. */
export function homeSearchProblems(input: HomeSearchInput, today: string): Partial<Record<HomeSearchField, string>> {
  const problems: Partial<Record<HomeSearchField, string>> = {};
  if (input.placeId === null && input.placeText.trim() !== '') problems.place = homeSearchMessages.place;
  if (input.date !== '' && (!realDate(input.date) || input.date <= today)) problems.date = homeSearchMessages.date;
  if (input.guests.trim() !== '' && guestCount(input.guests) === null) problems.guests = homeSearchMessages.guests;
  return problems;
}

/** The artist list for a search: /artists?category=…&place=…&date=…&guests=… (empty fields left out). */
export function homeSearchPath(input: HomeSearchInput): string {
  const params = artistFiltersToParams({
    ...defaultFilters,
    category: isArtistCategory(input.category) ? input.category : null,
    placeId: input.placeId,
    availableOn: input.date || null,
    guests: input.guests.trim() ? guestCount(input.guests) : null,
  });
  const query = params.toString();
  return `/artists${query ? `?${query}` : ''}`;
}

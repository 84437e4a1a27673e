// The places of public.places (NL and BE) as every place picker and search box reads them: a
// typed text is tidied, too short a text asks nothing, and a search returns at most a few places,
// bigger places first (search_places). The apps pass their own client.
import type { UseQueryOptions } from '@tanstack/react-query';
import type { PublicClient } from './supabase-public.ts';

export interface Place {
  id: number;
  name: string;
  country: string;
}

/** The country under a place's name. */
export const countryName = (country: string) => (country === 'BE' ? 'België' : 'Nederland');

/** Fewer characters find too many places to be of use: the picker asks nothing until then. */
export const placeSearchMinLength = 2;
/** How many places a picker offers. */
export const placeSearchLimit = 6;

/** What a client needs to read places: search_places and the places table (supabase-js or the public reader). */
export type PlaceReader = Pick<PublicClient, 'rpc' | 'from'>;

/** The text as it is searched: spaces at the ends dropped, runs of spaces as one. */
export const placeSearchTerm = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Whether a typed text is long enough to search. */
export const searchablePlaceText = (text: string) => placeSearchTerm(text).length >= placeSearchMinLength;

/** Places whose name starts with (then contains) the text, bigger places first; [] for too short a text. */
export async function searchPlaces(client: PlaceReader, text: string, limit = placeSearchLimit): Promise<Place[]> {
  const term = placeSearchTerm(text);
  if (term.length < placeSearchMinLength) return [];
  const { data, error } = await client.rpc('search_places', { query: term, max_results: limit });
  if (error) throw error;
  return (data ?? []).map(({ id, name, country }) => ({ id, name, country }));
}

/** One place by id, or null when there is none. */
export async function findPlace(client: PlaceReader, id: number): Promise<Place | null> {
  const { data, error } = await client.from('places').select('id, name, country').eq('id', id).maybeSingle();
  if (error) throw error;
  return data;
}

export const placeKeys = {
  search: (text: string, limit = placeSearchLimit) => ['places', 'search', placeSearchTerm(text).toLowerCase(), limit] as const,
  byId: (id: number) => ['places', 'by-id', id] as const,
};

/** The two queries behind the shared PlacePicker. */
export interface PlaceQueries {
  /** Places whose name matches a text of at least placeSearchMinLength characters. */
  search: (text: string) => UseQueryOptions<Place[], Error, Place[], readonly unknown[]>;
  /** One place by id, or null. */
  byId: (id: number) => UseQueryOptions<Place | null, Error, Place | null, readonly unknown[]>;
}

/** The picker's queries over an app's client (loaded on first use, if it likes). */
export function placeQueries(client: () => PlaceReader | Promise<PlaceReader>): PlaceQueries {
  return {
    search: (text) => ({ queryKey: placeKeys.search(text), queryFn: async () => searchPlaces(await client(), text) }),
    byId: (id) => ({ queryKey: placeKeys.byId(id), queryFn: async () => findPlace(await client(), id) }),
  };
}

// What every place picker asks the database for a typed text: tidied, not at all when too short,
// and a few places at most; with a client that records what it was asked.
import { describe, expect, it } from 'vitest';
import { countryName, findPlace, placeKeys, placeQueries, searchPlaces, searchablePlaceText, type Place, type PlaceReader } from './places.ts';

const utrecht = { id: 1, name: 'Utrecht', country: 'NL', population: 361_000, name_folded: 'utrecht' };

function recordingClient(answer: { data: unknown; error: unknown } = { data: [utrecht], error: null }) {
  const asked: unknown[] = [];
  const client = {
    rpc: async (fn: string, args: unknown) => (asked.push([fn, args]), answer),
    from: (table: string) => ({
      select: (columns: string) => ({
        eq: (column: string, value: number) => ({ maybeSingle: async () => (asked.push([table, columns, column, value]), answer) }),
      }),
    }),
  } as unknown as PlaceReader;
  return { client, asked };
}

describe('searching places', () => {
  it('asks for the tidied text and at most six places, and keeps only id, name and country', async () => {
    const { client, asked } = recordingClient();
    const places = await searchPlaces(client, '  Den   Haag ');
    expect(asked).toEqual([['search_places', { query: 'Den Haag', max_results: 6 }]]);
    expect(places).toEqual([{ id: 1, name: 'Utrecht', country: 'NL' }]);
  });

  it('asks for as many places as a caller wants (the search box wants three)', async () => {
    const { client, asked } = recordingClient();
    await searchPlaces(client, 'utr', 3);
    expect(asked).toEqual([['search_places', { query: 'utr', max_results: 3 }]]);
  });

  it.each(['', ' ', 'u', '  u  '])('asks nothing for %j', async (text) => {
    const { client, asked } = recordingClient();
    expect(await searchPlaces(client, text)).toEqual([]);
    expect(asked).toEqual([]);
    expect(searchablePlaceText(text)).toBe(false);
  });

  it('passes a failed search on, so the picker can say so', async () => {
    const failure = new Error('connection refused');
    const { client } = recordingClient({ data: null, error: failure });
    await expect(searchPlaces(client, 'Utrecht')).rejects.toBe(failure);
  });

  it('shares one cached answer between texts that differ only in case and spaces', () => {
    expect(placeKeys.search(' Den  HAAG')).toEqual(placeKeys.search('den haag'));
    expect(placeKeys.search('den haag')).not.toEqual(placeKeys.search('den haag', 3));
  });
});

describe('one place', () => {
  it('reads the place by its id, or null when there is none', async () => {
    const found = recordingClient({ data: { id: 7, name: 'Gent', country: 'BE' }, error: null });
    expect(await findPlace(found.client, 7)).toEqual({ id: 7, name: 'Gent', country: 'BE' });
    expect(found.asked).toEqual([['places', 'id, name, country', 'id', 7]]);
    const missing = recordingClient({ data: null, error: null });
    expect(await findPlace(missing.client, 99)).toBeNull();
  });

  it('names the country under a place', () => {
    expect(countryName('BE')).toBe('België');
    expect(countryName('NL')).toBe('Nederland');
  });
});

describe("the picker's queries", () => {
  it('run over the client the app hands them, loaded when first asked', async () => {
    const { client, asked } = recordingClient();
    let loads = 0;
    const queries = placeQueries(async () => (loads++, client));
    expect(loads).toBe(0);
    const search = queries.search(' utrecht ');
    expect(search.queryKey).toEqual(['places', 'search', 'utrecht', 6]);
    const places = (await (search.queryFn as () => Promise<Place[]>)()) ?? [];
    expect(places.map((place) => place.name)).toEqual(['Utrecht']);
    expect(asked).toEqual([['search_places', { query: 'utrecht', max_results: 6 }]]);
    expect(loads).toBe(1);
    expect(queries.byId(7).queryKey).toEqual(['places', 'by-id', 7]);
  });
});

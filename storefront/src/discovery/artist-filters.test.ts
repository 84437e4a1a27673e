// The artist list's address: what each query string means, nonsense falling back to defaults,
// and the way back (filters -> address -> the same filters).
import { bookingRequestLimits } from '@podium/shared/booking-request';
import { describe, expect, it } from 'vitest';
import { activeNarrowingFilters, artistFiltersToParams, defaultFilters, maxGuests, parseArtistFilters, searchArtistsArgs, withFilters, withoutFilter, type ArtistFilters } from './artist-filters.ts';

const today = '2026-11-22';
const parse = (search: string) => parseArtistFilters(new URLSearchParams(search), today);

describe('reading the address', () => {
  const cases: [string, string, Partial<ArtistFilters>][] = [
    ['nothing', '', {}],
    ['a known category', 'category=bands', { category: 'bands' }],
    ['a category in capitals with spaces', 'category=%20DJS%20', { category: 'djs' }],
    ['an unknown category', 'category=opera', {}],
    ['the Dutch word for the wedding category', 'category=Bruiloft', { category: 'huwelijk' }],
    ['a text search, whitespace folded', 'q=%20%20de%20%20dijk%20', { query: 'de dijk' }],
    ['an empty text search', 'q=%20%20', {}],
    ['a text search over 80 characters', `q=${'a'.repeat(81)}`, {}],
    ['a genre', 'genre=soul', { genre: 'soul' }],
    ['a place with the default radius', 'place=2759794', { placeId: 2759794, radiusKm: 25 }],
    ['a place with an offered radius', 'place=2759794&radius=50', { placeId: 2759794, radiusKm: 50 }],
    ['a radius that is not offered', 'place=2759794&radius=33', { placeId: 2759794, radiusKm: 25 }],
    ['a place that is no number', 'place=utrecht', {}],
    ['a negative place', 'place=-4', {}],
    ['a date today', 'date=2026-11-22', { availableOn: '2026-11-22' }],
    ['a date later', 'date=2027-06-13', { availableOn: '2027-06-13' }],
    ['a date in the past', 'date=2026-11-21', {}],
    ['a date that does not exist', 'date=2027-02-30', {}],
    ['a date written otherwise', 'date=13-06-2027', {}],
    ['a price range', 'min_price=500&max_price=2000', { minPriceEuros: 500, maxPriceEuros: 2000 }],
    ['a price range the wrong way round', 'min_price=2000&max_price=500', { minPriceEuros: 500, maxPriceEuros: 2000 }],
    ['a minimum price of zero', 'min_price=0', {}],
    ['a price in words', 'max_price=veel', {}],
    ['a price with decimals', 'max_price=99.5', {}],
    ['a price above the cap', 'max_price=1000001', {}],
    ['an offered rating', 'rating=4.5', { minRating: 4.5 }],
    ['a rating not offered', 'rating=2', {}],
    ['a rating in words', 'rating=hoog', {}],
    ['a known sort', 'sort=price_asc', { sort: 'price_asc' }],
    ['an unknown sort', 'sort=random', {}],
    ['distance without a place', 'sort=distance', {}],
    ['distance with a place', 'sort=distance&place=2759794', { sort: 'distance', placeId: 2759794, radiusKm: 25 }],
    ['a number of guests', 'guests=120', { guests: 120 }],
    ['no guests', 'guests=0', {}],
    ['more guests than a booking takes', 'guests=10001', {}],
    ['guests in words', 'guests=veel', {}],
    ['the list view', 'view=list', { view: 'list' }],
    ['an unknown view', 'view=table', {}],
    ['a page', 'page=3', { page: 3 }],
    ['page zero', 'page=0', {}],
    ['a page in words', 'page=twee', {}],
    ['a page far beyond', 'page=99999', {}],
  ];
  it.each(cases)('%s (?%s)', (_name, search, expected) => {
    expect(parse(search)).toEqual({ ...defaultFilters, ...expected });
  });
});

describe('writing the address', () => {
  it('leaves defaults out, so the plain list is a plain address', () => {
    expect(artistFiltersToParams(defaultFilters).toString()).toBe('');
    expect(artistFiltersToParams({ ...defaultFilters, radiusKm: 50 }).toString()).toBe('');
  });

  it('reads back every filter it writes', () => {
    const filters: ArtistFilters = {
      query: 'de dijk',
      category: 'huwelijk',
      genre: 'soul & funk',
      placeId: 2759794,
      radiusKm: 100,
      availableOn: '2027-06-13',
      minPriceEuros: 500,
      maxPriceEuros: 2500,
      minRating: 4,
      guests: 120,
      sort: 'distance',
      view: 'list',
      page: 2,
    };
    expect(parseArtistFilters(artistFiltersToParams(filters), today)).toEqual(filters);
  });
});

describe('changing filters', () => {
  it('starts at page 1 again when a filter changes, not when the page does', () => {
    const onPage3 = { ...defaultFilters, page: 3 };
    expect(withFilters(onPage3, { genre: 'soul' }).page).toBe(1);
    expect(withFilters(onPage3, { page: 4 }).page).toBe(4);
  });

  it('drops the distance sort when the place goes', () => {
    const near = { ...defaultFilters, placeId: 1, sort: 'distance' as const };
    expect(withFilters(near, { placeId: null }).sort).toBe('recommended');
  });

  it('loosens one filter at a time', () => {
    const filters = parse('category=bands&genre=soul&place=1&radius=10&min_price=100&rating=4');
    expect(activeNarrowingFilters(filters)).toEqual(['category', 'genre', 'place', 'price', 'minRating']);
    const anywhere = withoutFilter(filters, 'place');
    expect(anywhere.placeId).toBeNull();
    expect(anywhere.radiusKm).toBe(25);
    expect(activeNarrowingFilters(anywhere)).toEqual(['category', 'genre', 'price', 'minRating']);
  });
});

describe('search_artists arguments', () => {
  it('sends prices in cents, the radius only with a place, and recommended as priority', () => {
    expect(searchArtistsArgs(parse('min_price=500&max_price=2000&radius=50&sort=recommended'))).toEqual({
      min_price_cents: 50_000,
      max_price_cents: 200_000,
      sort: 'priority',
      page: 1,
      page_size: 24,
    });
    expect(searchArtistsArgs(parse('place=7&radius=10&sort=distance'))).toMatchObject({ place_id: 7, radius_km: 10, sort: 'distance' });
  });

  it('takes as many guests as a booking request does', () => {
    expect([1, maxGuests]).toEqual([bookingRequestLimits.minGuests, bookingRequestLimits.maxGuests]);
    expect(parse(`guests=${maxGuests}`).guests).toBe(maxGuests);
  });

  it('leaves the number of guests out: it narrows nothing, it travels on to the artist', () => {
    const filters = parse('guests=120&date=2027-07-10');
    expect(searchArtistsArgs(filters)).toEqual({ available_on: '2027-07-10', sort: 'priority', page: 1, page_size: 24 });
    expect(activeNarrowingFilters(filters)).toEqual(['availableOn']);
  });
});

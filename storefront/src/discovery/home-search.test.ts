import { describe, expect, it } from 'vitest';
import { parseArtistFilters } from './artist-filters.ts';
import { dayAfter, homeSearchMessages, homeSearchPath, homeSearchProblems, type HomeSearchInput } from './home-search.ts';

const today = '2026-11-28';
const empty: HomeSearchInput = { category: '', placeId: null, placeText: '', date: '', guests: '' };

describe("the home page's what / where / when search", () => {
  it('opens the artist list with what was filled in, in the filter words of the list', () => {
    const path = homeSearchPath({ category: 'djs', placeId: 2745912, placeText: '', date: '2027-07-10', guests: '120' });
    expect(path).toBe('/artists?category=djs&place=2745912&date=2027-07-10&guests=120');
    const filters = parseArtistFilters(new URLSearchParams(path.split('?')[1]), today);
    expect(filters).toMatchObject({ category: 'djs', placeId: 2745912, availableOn: '2027-07-10', guests: 120 });
  });

  it('leaves out what was left empty: an empty search is the whole list', () => {
    expect(homeSearchPath(empty)).toBe('/artists');
    expect(homeSearchPath({ ...empty, category: 'bands' })).toBe('/artists?category=bands');
    expect(homeSearchPath({ ...empty, guests: '1.200' })).toBe('/artists?guests=1200');
    expect(homeSearchProblems(empty, today)).toEqual({});
  });

  it.each([
    ['a place typed but not chosen', { placeText: 'Utrech' }, 'place'],
    ['today', { date: today }, 'date'],
    ['a day gone by', { date: '2026-11-01' }, 'date'],
    ['a day that does not exist', { date: '2027-02-30' }, 'date'],
    ['no guests', { guests: '0' }, 'guests'],
    ['more guests than a booking takes', { guests: '25000' }, 'guests'],
    ['guests in words', { guests: 'heel veel' }, 'guests'],
  ] as const)('says what is wrong with %s', (_name, change, field) => {
    expect(homeSearchProblems({ ...empty, ...change }, today)).toEqual({ [field]: homeSearchMessages[field] });
  });

  it('accepts a chosen place, tomorrow and a number of guests', () => {
    expect(homeSearchProblems({ ...empty, placeId: 5, date: dayAfter(today), guests: ' 80 ' }, today)).toEqual({});
    expect(homeSearchMessages).toEqual({ place: 'Kies een plaats uit de lijst.', date: 'Kies een datum na vandaag.', guests: 'Vul een aantal gasten in tussen 1 en 10.000.' });
  });

  it('knows the day after today, across months and years', () => {
    expect(dayAfter('2026-11-28')).toBe('2026-11-29');
    expect(dayAfter('2026-11-30')).toBe('2026-12-01');
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
  });
});

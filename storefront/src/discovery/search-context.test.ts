import { bookingRequestLimits } from '@podium/shared/booking-request';
import { describe, expect, it } from 'vitest';
import {
  artistPagePath,
  artistParams,
  emptySearchContext,
  guestLimits,
  recallSearchContext,
  rememberSearchContext,
  searchContextFromArtistParams,
  searchContextFromListParams,
} from './search-context.ts';

const today = '2026-11-28';

describe('the search context on the way to a booking', () => {
  it('reads date, place and guests from the list address and writes them in the artist page words', () => {
    const context = searchContextFromListParams(new URLSearchParams('category=dj&place=321&date=2027-07-10&guests=120'), today);
    expect(context).toEqual({ date: '2027-07-10', placeId: 321, guests: 120 });
    expect(artistPagePath('dj-utrecht', context)).toBe('/artists/dj-utrecht?datum=2027-07-10&plaats=321&gasten=120');
    expect(searchContextFromArtistParams(artistParams(context), today)).toEqual(context);
  });

  it.each([
    ['date=2026-11-28', 'today is no later day'],
    ['date=2027-02-30', 'no such day'],
    ['place=0', 'no place 0'],
    ['place=abc', 'not a number'],
    ['guests=0', 'no guests'],
    ['guests=10001', 'more than the booking form allows'],
  ])('leaves out %s (%s)', (query) => {
    expect(searchContextFromListParams(new URLSearchParams(query), today)).toEqual(emptySearchContext);
  });

  it('takes as many guests as the booking form does', () => {
    expect(guestLimits).toEqual({ min: bookingRequestLimits.minGuests, max: bookingRequestLimits.maxGuests });
    expect(searchContextFromArtistParams(new URLSearchParams('gasten=10000'), today).guests).toBe(10_000);
    expect(searchContextFromArtistParams(new URLSearchParams('gasten=1'), today).guests).toBe(1);
  });

  it('is remembered for the tab and checked again when read', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value), removeItem: (key: string) => void store.delete(key) };
    rememberSearchContext(storage, { date: '2026-12-01', placeId: 5, guests: 80 });
    expect(recallSearchContext(storage, today)).toEqual({ date: '2026-12-01', placeId: 5, guests: 80 });
    expect(recallSearchContext(storage, '2026-12-01')).toEqual({ date: null, placeId: 5, guests: 80 });
    rememberSearchContext(storage, emptySearchContext);
    expect(store.size).toBe(0);
    store.set('podium.search-context', '{not json');
    expect(recallSearchContext(storage, today)).toEqual(emptySearchContext);
  });
});

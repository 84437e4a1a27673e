import { describe, expect, it } from 'vitest';
import { canCompare, comparePath, dayAfter, keepFavorites, readCompareAddress, readCompareDate, selectionText, toggleCompared, tooManyMessage } from './compare-selection.ts';

const a = '11111111-1111-4111-8111-111111111111';
const b = '22222222-2222-4222-8222-222222222222';
const c = '33333333-3333-4333-8333-333333333333';
const d = '44444444-4444-4444-8444-444444444444';
const today = '2026-11-28';

describe('picking acts to compare', () => {
  it('adds and removes, up to three', () => {
    expect(toggleCompared([], a)).toEqual({ selected: [a], refused: null });
    expect(toggleCompared([a, b], c)).toEqual({ selected: [a, b, c], refused: null });
    expect(toggleCompared([a, b, c], b)).toEqual({ selected: [a, c], refused: null });
  });

  it('refuses a fourth with a clear message and keeps the three', () => {
    const result = toggleCompared([a, b, c], d);
    expect(result.selected).toEqual([a, b, c]);
    expect(result.refused).toBe(tooManyMessage);
    expect(tooManyMessage).toMatch(/hoogstens 3 artiesten/);
  });

  it('compares two or three, and forgets acts that are no longer favourites', () => {
    expect(canCompare([a])).toBe(false);
    expect(canCompare([a, b])).toBe(true);
    expect(canCompare([a, b, c])).toBe(true);
    expect(keepFavorites([c, a, b], [a, c])).toEqual([c, a]);
    expect(selectionText(0)).toBe('Kies tot 3 artiesten om te vergelijken.');
    expect(selectionText(2)).toBe('2 van 3 gekozen om te vergelijken');
  });
});

describe('the compare address', () => {
  it('writes the acts, the date and the place', () => {
    expect(comparePath([a, b])).toBe(`/favorites/vergelijken?ids=${a},${b}`);
    expect(comparePath([a, b], { date: '2027-07-10', placeId: 42 })).toBe(`/favorites/vergelijken?ids=${a},${b}&date=2027-07-10&place=42`);
  });

  it('reads it back, leaving out what is no id, repeats and a fourth', () => {
    const read = readCompareAddress(new URLSearchParams(`ids=${a},onzin,${b},${a},${c},${d}&date=2027-07-10&place=42`), today);
    expect(read).toEqual({ ids: [a, b, c], tooMany: true, context: { date: '2027-07-10', placeId: 42 } });
  });

  it('takes the remembered date and place when the address has none, and the address over them', () => {
    const recalled = { date: '2027-05-01', placeId: 7, guests: 80 };
    expect(readCompareAddress(new URLSearchParams(`ids=${a},${b}`), today, recalled).context).toEqual({ date: '2027-05-01', placeId: 7 });
    expect(readCompareAddress(new URLSearchParams(`ids=${a},${b}&date=2027-07-10`), today, recalled).context).toEqual({ date: '2027-07-10', placeId: 7 });
    // A date that has passed is no choice.
    expect(readCompareAddress(new URLSearchParams(`ids=${a}&date=2020-01-01`), today).context).toEqual({ date: null, placeId: null });
  });
});

describe('the compare date', () => {
  it('starts the day after today and refuses today or earlier with a message', () => {
    expect(dayAfter('2026-11-28')).toBe('2026-11-29');
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(readCompareDate('2027-07-10', today)).toEqual({ date: '2027-07-10' });
    expect(readCompareDate('', today)).toEqual({ date: null });
    expect(readCompareDate(today, today)).toEqual({ error: 'Kies een datum na vandaag.' });
  });
});

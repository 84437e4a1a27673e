import { describe, expect, it } from 'vitest';
import { defaultFilters } from './artist-filters.ts';
import { applyButtonText, countDelayMs, sameSearch, typingCountDelayMs } from './filter-sheet-count.ts';

describe('the filter sheet count', () => {
  it('waits a moment for typing and counts a choice at once', () => {
    expect(countDelayMs({ genre: 'soul' })).toBe(typingCountDelayMs);
    expect(countDelayMs({ maxPriceEuros: 1500 })).toBe(typingCountDelayMs);
    expect(countDelayMs({ minRating: 4 })).toBe(0);
    expect(countDelayMs({ category: 'djs' })).toBe(0);
    expect(countDelayMs({ placeId: 12 })).toBe(0);
    expect(countDelayMs({ availableOn: '2027-07-10' })).toBe(0);
    // 'Wissen' drops typed and chosen filters together: a choice.
    expect(countDelayMs({ genre: null, minRating: null })).toBe(0);
  });

  it('names a number only when it was counted for the draft the button applies', () => {
    const draft = { ...defaultFilters, genre: 'soul' };
    expect(applyButtonText(draft, { counted: draft, result: { total: 3, capped: false } })).toBe('Toon 3 artiesten');
    expect(applyButtonText(draft, { counted: { ...draft, page: 2 }, result: { total: 1, capped: false } })).toBe('Toon 1 artiest');
    expect(applyButtonText(draft, { counted: defaultFilters, result: { total: 4, capped: false } })).toBe('Resultaten tellen…');
    expect(applyButtonText(draft, { counted: draft, result: null })).toBe('Resultaten tellen…');
    expect(applyButtonText(defaultFilters, { counted: defaultFilters, result: { total: 1001, capped: true } })).toBe('Toon meer dan 1.000 artiesten');
  });

  it('compares searches, not views or pages', () => {
    expect(sameSearch(defaultFilters, { ...defaultFilters, view: 'list', page: 3 })).toBe(true);
    expect(sameSearch(defaultFilters, { ...defaultFilters, minPriceEuros: 100 })).toBe(false);
  });
});

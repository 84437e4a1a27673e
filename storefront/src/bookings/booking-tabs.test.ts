import { describe, expect, it } from 'vitest';
import { chosenTab, countByTab, tabOf } from './booking-tabs.ts';

const now = new Date('2026-11-24T12:00:00Z');
const future = '2026-12-24T23:00:00Z';
const past = '2026-11-01T23:00:00Z';

describe("'Mijn boekingen' tabs", () => {
  it.each([
    ['pending', future, 'aanvragen'],
    ['accepted', future, 'te-betalen'],
    ['confirmed', future, 'bevestigd'],
    ['confirmed', past, 'afgelopen'],
    ['completed', past, 'afgelopen'],
    ['declined', future, 'geannuleerd'],
    ['expired', future, 'geannuleerd'],
    ['cancelled', future, 'geannuleerd'],
  ])('a %s booking ending %s is under %s', (status, ends_at, tab) => {
    expect(tabOf({ status, ends_at }, now)).toBe(tab);
  });

  it('counts each tab, and opens the asked tab or the first with something to do', () => {
    const counts = countByTab(
      [
        { status: 'pending', ends_at: future },
        { status: 'pending', ends_at: future },
        { status: 'completed', ends_at: past },
      ],
      now,
    );
    expect(counts).toEqual({ aanvragen: 2, 'te-betalen': 0, bevestigd: 0, afgelopen: 1, geannuleerd: 0 });
    expect(chosenTab(null, counts)).toBe('aanvragen');
    expect(chosenTab('afgelopen', counts)).toBe('afgelopen');
    expect(chosenTab('onzin', { ...counts, 'te-betalen': 1 })).toBe('te-betalen');
    expect(chosenTab(null, { aanvragen: 0, 'te-betalen': 0, bevestigd: 0, afgelopen: 0, geannuleerd: 0 })).toBe('aanvragen');
  });
});

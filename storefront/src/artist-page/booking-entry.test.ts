import { describe, expect, it } from 'vitest';
import { bookingFlowAvailable, bookingFlowPath, messageArtistPath } from './booking-entry.ts';
import { selectionProblem } from './BookingPanel.tsx';

const packages = [{ id: 'p1', name: 'Borrel', description: '', price_cents: 35_000, duration_minutes: 120 }];

describe('the booking entry', () => {
  it('asks for a package, then a day still to come on which the artist is free', () => {
    const busy = new Set(['2026-12-12']);
    expect(selectionProblem({ date: '2026-12-13', packageId: null }, packages, busy, '2026-11-22', 'DJ Mees')).toBe('Kies een pakket.');
    expect(selectionProblem({ date: null, packageId: 'p1' }, packages, busy, '2026-11-22', 'DJ Mees')).toBe('Kies een datum voor je feest.');
    expect(selectionProblem({ date: '2026-11-22', packageId: 'p1' }, packages, busy, '2026-11-22', 'DJ Mees')).toBe('Kies een datum in de toekomst.');
    expect(selectionProblem({ date: '2026-12-12', packageId: 'p1' }, packages, busy, '2026-11-22', 'DJ Mees')).toBe(
      'DJ Mees is op zaterdag 12 december 2026 niet beschikbaar. Kies een andere datum.',
    );
    expect(selectionProblem({ date: '2026-12-13', packageId: 'p1' }, packages, busy, '2026-11-22', 'DJ Mees')).toBeNull();
    // An act without packages is booked at its base price: only the date matters.
    expect(selectionProblem({ date: '2026-12-13', packageId: null }, [], busy, '2026-11-22', 'DJ Mees')).toBeNull();
  });

  it('hands the choice to the booking flow and opens the chat by artist', () => {
    expect(bookingFlowPath({ slug: 'dj-mees', date: '2026-12-13', packageId: 'p1' })).toBe('/test-booking-flow?artist=dj-mees&package=p1&date=2026-12-13');
    expect(bookingFlowPath({ slug: 'dj-mees', date: null, packageId: null })).toBe('/test-booking-flow?artist=dj-mees');
    // Component tests run as a development build; production builds send 'Boek nu' to the chat until the flow exists.
    expect(bookingFlowAvailable).toBe(true);
    expect(messageArtistPath('a1')).toBe('/messages?artist=a1');
  });
});

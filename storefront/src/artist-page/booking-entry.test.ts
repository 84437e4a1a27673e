import { describe, expect, it } from 'vitest';
import { bookingFlowPath, messageArtistPath } from './booking-entry.ts';

describe('the booking entry', () => {
  it("hands the artist page's choice to the booking request form in the page's own words", () => {
    expect(bookingFlowPath({ slug: 'dj-mees', date: '2026-12-13', packageId: 'p1' })).toBe('/artists/dj-mees/boeken?datum=2026-12-13&pakket=p1');
    expect(bookingFlowPath({ slug: 'dj-mees', date: null, packageId: null })).toBe('/artists/dj-mees/boeken');
  });

  it('opens the chat with the artist by id', () => {
    expect(messageArtistPath('a1b2')).toBe('/messages?artist=a1b2');
  });
});

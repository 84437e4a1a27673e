import { describe, expect, it } from 'vitest';
import { bookingFlowPath, messageArtistPath, searchSummary } from './booking-entry.ts';

describe('the booking entry', () => {
  it("hands the artist page's choice to the booking request form in the page's own words", () => {
    expect(bookingFlowPath({ slug: 'dj-mees', date: '2026-12-13', packageId: 'p1' })).toBe('/artists/dj-mees/boeken?datum=2026-12-13&pakket=p1');
    expect(bookingFlowPath({ slug: 'dj-mees', date: null, packageId: null })).toBe('/artists/dj-mees/boeken');
  });

  it('carries the place and the guests of the search on to the form', () => {
    expect(bookingFlowPath({ slug: 'dj-mees', date: '2027-07-10', packageId: 'p1', placeId: 2745912, guests: 120 })).toBe(
      '/artists/dj-mees/boeken?datum=2027-07-10&pakket=p1&plaats=2745912&gasten=120',
    );
    expect(bookingFlowPath({ slug: 'dj-mees', date: null, packageId: null, placeId: 7, guests: null })).toBe('/artists/dj-mees/boeken?plaats=7');
    expect(bookingFlowPath({ slug: 'dj mees', date: null, packageId: null, guests: 40 })).toBe('/artists/dj%20mees/boeken?gasten=40');
  });

  it("sums up the search's guests and place for the booking panel", () => {
    expect(searchSummary(120, 'Utrecht')).toBe('Voor 120 gasten in Utrecht');
    expect(searchSummary(1, null)).toBe('Voor 1 gast');
    expect(searchSummary(1200, null)).toBe('Voor 1.200 gasten');
    expect(searchSummary(null, "'s-Hertogenbosch")).toBe("In 's-Hertogenbosch");
    expect(searchSummary(null, null)).toBeNull();
  });

  it('opens the chat with the artist by id', () => {
    expect(messageArtistPath('a1b2')).toBe('/messages?artist=a1b2');
  });
});

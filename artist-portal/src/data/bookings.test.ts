import { describe, expect, it } from 'vitest';
import { artistTabOf, bookingNews, type ArtistBooking } from './bookings.ts';

const now = Date.parse('2026-11-24T12:00:00Z');
const booking = (id: string, status: string): ArtistBooking => ({ id, status, starts_at: '2027-01-01T18:00:00Z', ends_at: '2027-01-01T22:00:00Z' }) as ArtistBooking;

describe("the artist's bookings", () => {
  it.each([
    ['pending', '2027-01-01T22:00:00Z', 'aanvragen'],
    ['accepted', '2027-01-01T22:00:00Z', 'geaccepteerd'],
    ['confirmed', '2027-01-01T22:00:00Z', 'bevestigd'],
    ['confirmed', '2026-11-01T22:00:00Z', 'afgelopen'],
    ['completed', '2026-11-01T22:00:00Z', 'afgelopen'],
    ['declined', '2027-01-01T22:00:00Z', 'geannuleerd'],
    ['expired', '2027-01-01T22:00:00Z', 'geannuleerd'],
    ['cancelled', '2027-01-01T22:00:00Z', 'geannuleerd'],
  ])('a %s booking ending %s is under %s', (status, ends_at, tab) => {
    expect(artistTabOf({ status, ends_at }, now)).toBe(tab);
  });

  it('tells a new request and a booking that became paid, and nothing on the first look', () => {
    const first = [booking('a', 'pending'), booking('b', 'accepted')];
    expect(bookingNews(undefined, first)).toEqual({ requests: [], paid: [] });
    const next = [booking('a', 'pending'), booking('b', 'confirmed'), booking('c', 'pending')];
    expect(bookingNews(first, next)).toEqual({ requests: [next[2]], paid: [next[1]] });
    expect(bookingNews(next, next)).toEqual({ requests: [], paid: [] });
  });
});

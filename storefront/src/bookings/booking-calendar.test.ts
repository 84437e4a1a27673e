import { describe, expect, it } from 'vitest';
import { bookingIcs } from './booking-calendar.ts';

describe('a booking in your calendar (.ics)', () => {
  it('holds the act, the moment in UTC, the place and a link back, in CRLF lines of at most 75 octets', () => {
    const ics = bookingIcs(
      { id: 'b1', starts_at: '2027-06-12T18:30:00+02:00', ends_at: '2027-06-12T23:30:00+02:00', event_type: 'Bruiloft', event_location: 'Kasteel de Haar, Haarzuilens', artist_name: 'De Dijkbrekers' },
      'https://podium.nl',
      new Date('2026-11-24T10:00:00Z'),
    );
    const lines = ics.split('\r\n');
    expect(lines).toContain('DTSTART:20270612T163000Z');
    expect(lines).toContain('DTEND:20270612T213000Z');
    expect(lines).toContain('SUMMARY:De Dijkbrekers – Bruiloft');
    expect(lines).toContain('LOCATION:Kasteel de Haar\\, Haarzuilens');
    expect(lines).toContain('UID:booking-b1@podium');
    expect(ics.replace(/\r\n /g, '')).toContain('DESCRIPTION:Geboekt via Podium. Je boeking: https://podium.nl/bookings?booking=b1');
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});

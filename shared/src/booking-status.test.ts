import { describe, expect, it } from 'vitest';
import type { Database } from './database.types.ts';
import { bookingStatusLabel, bookingStatusLabels, bookingStatusPalettes, bookingStatuses, isBookingStatus } from './booking-status.ts';
import { podiumSystem } from './theme.ts';

describe('booking statuses', () => {
  it('names each of the seven statuses the bookings table allows, in Dutch', () => {
    expect(Object.keys(bookingStatusLabels)).toEqual([...bookingStatuses]);
    expect(bookingStatusLabels).toEqual({
      pending: 'Aangevraagd',
      accepted: 'Geaccepteerd',
      declined: 'Afgewezen',
      confirmed: 'Bevestigd',
      expired: 'Verlopen',
      cancelled: 'Geannuleerd',
      completed: 'Afgerond',
    });
  });

  it('shows an unknown status as it is', () => {
    expect(bookingStatusLabel('confirmed')).toBe('Bevestigd');
    expect(bookingStatusLabel('onbekend')).toBe('onbekend');
    expect(isBookingStatus('expired')).toBe(true);
    expect(isBookingStatus(null)).toBe(false);
  });

  it('matches the type the database gives a booking status', () => {
    type Row = Database['public']['Tables']['bookings']['Row'];
    const status: Row['status'] = 'pending';
    expect(isBookingStatus(status)).toBe(true);
  });

  it('colours each badge with a palette the shared theme has', () => {
    for (const palette of Object.values(bookingStatusPalettes)) expect(podiumSystem.token(`colors.${palette}.solid`, 'missing')).not.toBe('missing');
  });
});

import { describe, expect, it } from 'vitest';
import type { Database } from './database.types.ts';
import { bookingStatusColors, bookingStatusLabel, bookingStatusLabels, bookingStatusPalettes, bookingStatuses, isBookingStatus } from './booking-status.ts';
import { podiumSystem } from './theme.ts';

/** WCAG 2 contrast ratio of a hex colour against white. */
function contrastWithWhite(hex: string): number {
  const channel = (index: number) => {
    const value = parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}

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

  it('gives every badge colour the contrast small white text needs (WCAG AA, 4.5:1)', () => {
    expect(Object.keys(bookingStatusColors)).toEqual([...bookingStatuses]);
    for (const [status, colour] of Object.entries(bookingStatusColors)) expect({ status, ratio: contrastWithWhite(colour) >= 4.5 }).toEqual({ status, ratio: true });
  });
});

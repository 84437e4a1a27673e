// The seven booking statuses (public.bookings.status) with their Dutch names and badge colours,
// for every app: the storefront's 'Mijn boekingen', the artist portal and the back office.
export const bookingStatuses = ['pending', 'accepted', 'declined', 'confirmed', 'expired', 'cancelled', 'completed'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const bookingStatusLabels: Record<BookingStatus, string> = {
  pending: 'Aangevraagd',
  accepted: 'Geaccepteerd',
  declined: 'Afgewezen',
  confirmed: 'Bevestigd',
  expired: 'Verlopen',
  cancelled: 'Geannuleerd',
  completed: 'Afgerond',
};

/** Badge colours as hex (MUI) and as Chakra colour palettes (storefront, artist portal). */
export const bookingStatusColors: Record<BookingStatus, string> = {
  pending: '#f59e0b',
  accepted: '#3b82f6',
  declined: '#94a3b8',
  confirmed: '#10b981',
  expired: '#64748b',
  cancelled: '#ef4444',
  completed: '#8b5cf6',
};
/** Chakra colour palettes, from those the shared theme keeps (theme.ts usedPalettes, brand, ink). */
export const bookingStatusPalettes: Record<BookingStatus, string> = {
  pending: 'ink',
  accepted: 'brand',
  declined: 'gray',
  confirmed: 'green',
  expired: 'gray',
  cancelled: 'red',
  completed: 'teal',
};

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (bookingStatuses as readonly string[]).includes(value);
}

/** The Dutch name of a status; an unknown value is shown as it is. */
export function bookingStatusLabel(status: string): string {
  return isBookingStatus(status) ? bookingStatusLabels[status] : status;
}

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

/** Badge colours as hex (MUI), each dark enough for white chip text (WCAG AA, 4.5:1 or more). */
export const bookingStatusColors: Record<BookingStatus, string> = {
  pending: '#b45309',
  accepted: '#1d4ed8',
  declined: '#64748b',
  confirmed: '#047857',
  expired: '#475569',
  cancelled: '#b91c1c',
  completed: '#6d28d9',
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

// 'Mijn boekingen' in five tabs: requests waiting for the artist, bookings to pay,
// confirmed gigs still to come, past gigs, and what did not go ahead. Each booking sits in one
// tab, decided by its status and, for a confirmed gig, whether it is over. The tab lives in the
// address (?tab=), read forgivingly.
import type { BookingStatus } from '@podium/shared/booking-status';

export const bookingTabs = ['aanvragen', 'te-betalen', 'bevestigd', 'afgelopen', 'geannuleerd'] as const;
export type BookingTab = (typeof bookingTabs)[number];

export const bookingTabLabels: Record<BookingTab, string> = {
  aanvragen: 'Aanvragen',
  'te-betalen': 'Te betalen',
  bevestigd: 'Bevestigd',
  afgelopen: 'Afgelopen',
  geannuleerd: 'Geannuleerd',
};

export function tabOf(booking: { status: string; ends_at: string }, now: Date = new Date()): BookingTab {
  switch (booking.status as BookingStatus) {
    case 'pending':
      return 'aanvragen';
    case 'accepted':
      return 'te-betalen';
    case 'confirmed':
      return Date.parse(booking.ends_at) < now.getTime() ? 'afgelopen' : 'bevestigd';
    case 'completed':
      return 'afgelopen';
    default:
      return 'geannuleerd';
  }
}

export function countByTab(bookings: readonly { status: string; ends_at: string }[], now: Date = new Date()): Record<BookingTab, number> {
  const counts = Object.fromEntries(bookingTabs.map((tab) => [tab, 0])) as Record<BookingTab, number>;
  for (const booking of bookings) counts[tabOf(booking, now)] += 1;
  return counts;
}

/** The tab to open: the one asked for, else the first with something to do (to pay, then requests, then confirmed). */
export function chosenTab(asked: string | null, counts: Record<BookingTab, number>): BookingTab {
  if (asked && (bookingTabs as readonly string[]).includes(asked)) return asked as BookingTab;
  return (['te-betalen', 'aanvragen', 'bevestigd', 'afgelopen', 'geannuleerd'] as const).find((tab) => counts[tab] > 0) ?? 'aanvragen';
}

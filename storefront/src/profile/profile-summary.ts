// What 'Mijn profiel' sums up: the bookings still to come and those done, with the next gig, and
// the initials that stand in for a missing photo. Pure, so the counts are tested without a page.
import { tabOf } from '../bookings/booking-tabs.ts';

export interface SummaryBooking {
  status: string;
  starts_at: string;
  ends_at: string;
}

export interface BookingSummary<T extends SummaryBooking> {
  /** Requests, bookings to pay and confirmed gigs that have not ended. */
  upcoming: number;
  /** Gigs that took place (completed, or confirmed and over). */
  completed: number;
  /** The first upcoming booking that has not started yet: a confirmed gig before any request. */
  next: T | null;
}

/** Counts as 'Mijn boekingen' sorts its tabs, so the profile and that page never disagree. */
export function bookingSummary<T extends SummaryBooking>(bookings: readonly T[], now: Date = new Date()): BookingSummary<T> {
  let upcoming = 0;
  let completed = 0;
  const ahead: T[] = [];
  for (const booking of bookings) {
    const tab = tabOf(booking, now);
    if (tab === 'afgelopen') completed += 1;
    else if (tab !== 'geannuleerd') {
      upcoming += 1;
      if (Date.parse(booking.starts_at) >= now.getTime()) ahead.push(booking);
    }
  }
  const soonest = (list: T[]) => list.reduce<T | null>((best, booking) => (!best || Date.parse(booking.starts_at) < Date.parse(best.starts_at) ? booking : best), null);
  const next = soonest(ahead.filter((booking) => booking.status === 'confirmed')) ?? soonest(ahead);
  return { upcoming, completed, next };
}

/** 'JJ' for Jan Jansen; the e-mail's first letter without names; '?' without either. */
export function avatarInitials(firstName: string | null | undefined, lastName: string | null | undefined, email?: string | null): string {
  const letters = [firstName, lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  if (letters) return letters.toUpperCase();
  const fromEmail = email?.trim().charAt(0);
  return fromEmail ? fromEmail.toUpperCase() : '?';
}

/** 'Jan Jansen', or null when neither name is filled in. */
export function fullName(firstName: string | null | undefined, lastName: string | null | undefined): string | null {
  const name = [firstName, lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || null;
}

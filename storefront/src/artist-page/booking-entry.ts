// Where the artist page hands over: the booking flow (SPEC 2.1's booking flow route, filled by
// a later issue) with the chosen date and package, and the chat with the artist.

import { env } from '../env.ts';

export const bookingFlowRoute = '/test-booking-flow';

/**
 * Until the booking flow's issue lands, only development builds have its route (SPEC 2.1's
 * /test-booking-flow). A production build hands 'Boek nu' to the chat instead, saying so, rather
 * than to a page that does not exist there.
 */
export const bookingFlowAvailable = env.isDevelopment;

export function bookingFlowPath({ slug, date, packageId }: { slug: string; date: string | null; packageId: string | null }): string {
  const params = new URLSearchParams({ artist: slug });
  if (packageId) params.set('package', packageId);
  if (date) params.set('date', date);
  return `${bookingFlowRoute}?${params}`;
}

/** The chat entry for one artist (the messages screen opens or starts that conversation). */
export const messageArtistPath = (artistId: string) => `/messages?${new URLSearchParams({ artist: artistId })}`;

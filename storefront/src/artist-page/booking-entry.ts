// Where the artist page hands over: the booking request form (/artists/{slug}/boeken) with the
// chosen date and package and the search's place and guests, in the artist page's own words
// (?datum=, ?pakket=, ?plaats=, ?gasten=), and the chat.
import { dutchInteger } from '@podium/shared/dutch';

export interface BookingEntry {
  slug: string;
  date: string | null;
  packageId: string | null;
  /** The place of the search (public.places id), for the form's place field. */
  placeId?: number | null;
  guests?: number | null;
}

/** The booking request form for one act, with what was already chosen on the artist page. */
export function bookingFlowPath({ slug, date, packageId, placeId = null, guests = null }: BookingEntry): string {
  const params = new URLSearchParams();
  if (date) params.set('datum', date);
  if (packageId) params.set('pakket', packageId);
  if (placeId !== null) params.set('plaats', String(placeId));
  if (guests !== null) params.set('gasten', String(guests));
  const query = params.toString();
  return `/artists/${encodeURIComponent(slug)}/boeken${query ? `?${query}` : ''}`;
}

/** What the booking panel says of the search's place and guests: 'Voor 120 gasten in Utrecht'; null when it has neither. */
export function searchSummary(guests: number | null, placeName: string | null): string | null {
  const forGuests = guests !== null ? `${dutchInteger(guests)} ${guests === 1 ? 'gast' : 'gasten'}` : null;
  if (forGuests && placeName) return `Voor ${forGuests} in ${placeName}`;
  if (forGuests) return `Voor ${forGuests}`;
  return placeName ? `In ${placeName}` : null;
}

/** The chat entry for one artist (the messages screen opens or starts that conversation). */
export const messageArtistPath = (artistId: string) => `/messages?${new URLSearchParams({ artist: artistId })}`;

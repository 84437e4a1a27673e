// Where the artist page hands over: the booking request form (/artists/{slug}/boeken) with the
// chosen date and package in the artist page's own words (?datum=, ?pakket=), and the chat.

/** The booking request form for one act, with what was already chosen on the artist page. */
export function bookingFlowPath({ slug, date, packageId }: { slug: string; date: string | null; packageId: string | null }): string {
  const params = new URLSearchParams();
  if (date) params.set('datum', date);
  if (packageId) params.set('pakket', packageId);
  const query = params.toString();
  return `/artists/${encodeURIComponent(slug)}/boeken${query ? `?${query}` : ''}`;
}

/** The chat entry for one artist (the messages screen opens or starts that conversation). */
export const messageArtistPath = (artistId: string) => `/messages?${new URLSearchParams({ artist: artistId })}`;

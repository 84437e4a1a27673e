// An act's gigs and blocked days as an iCalendar file (RFC 5545), written by ical-generator:
// one VEVENT per gig (UTC times, status TENTATIVE while unpaid, CONFIRMED once paid) and one
// all-day VEVENT per blocked period. UIDs are stable, so a subscribed calendar updates events
// in place instead of adding copies.
import ical, { ICalCalendarMethod, ICalEventStatus } from 'npm:ical-generator@11.1.2';

export interface CalendarGig {
  id: string;
  starts_at: string;
  ends_at: string;
  status: 'accepted' | 'confirmed' | 'completed';
  event_type: string;
  event_location: string;
  guest_count: number | null;
  customer: { display_name: string } | null;
  package: { name: string } | null;
  place: { name: string } | null;
}

export interface CalendarBlock {
  id: string;
  starts_on: string;
  ends_on: string;
}

const statusText = { accepted: 'wacht op betaling', confirmed: 'bevestigd', completed: 'gespeeld' } as const;

/** The day after an ISO date: iCalendar's all-day DTEND is exclusive. */
const dayAfter = (isoDate: string) => {
  const day = new Date(`${isoDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day;
};

export function buildArtistCalendar({ actName, site, gigs, blocks }: { actName: string; site: string; gigs: CalendarGig[]; blocks: CalendarBlock[] }): string {
  const calendar = ical({
    name: `Podium: ${actName}`,
    description: `Optredens en geblokkeerde dagen van ${actName} op Podium`,
    prodId: { company: 'Podium', product: 'Artiestenagenda', language: 'NL' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  for (const gig of gigs) {
    const what = gig.event_type.trim() || 'Optreden';
    const where = [gig.event_location.trim(), gig.place?.name].filter(Boolean).join(', ');
    const link = `${site}/dashboard/artist/boekingen?booking=${gig.id}`;
    calendar.createEvent({
      id: `booking-${gig.id}@podium.nl`,
      start: new Date(gig.starts_at),
      end: new Date(gig.ends_at),
      summary: `${what} (${statusText[gig.status]})`,
      location: where || null,
      description: [
        gig.customer ? `Klant: ${gig.customer.display_name}` : null,
        gig.package ? `Pakket: ${gig.package.name}` : null,
        gig.guest_count ? `Gasten: ${gig.guest_count}` : null,
        `Bekijk de boeking: ${link}`,
      ]
        .filter(Boolean)
        .join('\n'),
      url: link,
      status: gig.status === 'accepted' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  for (const block of blocks) {
    calendar.createEvent({
      id: `blocked-${block.id}@podium.nl`,
      start: new Date(`${block.starts_on}T00:00:00Z`),
      end: dayAfter(block.ends_on),
      allDay: true,
      summary: 'Geblokkeerd op Podium',
      description: 'Op deze dag(en) ben je niet te boeken via Podium.',
    });
  }
  return calendar.toString();
}

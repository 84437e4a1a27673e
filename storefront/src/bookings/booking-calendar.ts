// 'Zet in je agenda': a booking as an iCalendar event (RFC 5545), built in the browser from what
// the customer already sees: the act, the moment, the place, a link back to the booking.
export interface CalendarBooking {
  id: string;
  starts_at: string;
  ends_at: string;
  event_type: string;
  event_location: string;
  artist_name: string;
}

const stamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** Text values escape backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
/** Lines are folded at 75 octets (RFC 5545 3.1). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (new TextEncoder().encode(current + char).length > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = char;
    } else current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function bookingIcs(booking: CalendarBooking, siteUrl: string, now: Date = new Date()): string {
  const title = [booking.artist_name, booking.event_type].filter((part) => part.trim()).join(' – ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Podium//Boekingen//NL',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:booking-${booking.id}@podium`,
    `DTSTAMP:${stamp(now.toISOString())}`,
    `DTSTART:${stamp(booking.starts_at)}`,
    `DTEND:${stamp(booking.ends_at)}`,
    `SUMMARY:${text(title)}`,
    ...(booking.event_location.trim() ? [`LOCATION:${text(booking.event_location)}`] : []),
    `DESCRIPTION:${text(`Geboekt via Podium. Je boeking: ${siteUrl}/bookings?booking=${booking.id}`)}`,
    `URL:${siteUrl}/bookings?booking=${booking.id}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

// Support's one search box: what a typed text means. A booking number (the full id or its first
// 8 characters), a date, a status name, or otherwise a customer's name or e-mail or an artist
// (which the server's admin_search_bookings looks up).
import { bookingStatusLabels, type BookingStatus } from '../labels.ts';

export type BookingQuery =
  | { kind: 'id'; id: string }
  | { kind: 'reference'; prefix: string }
  | { kind: 'date'; from: string; to: string; day: string }
  | { kind: 'status'; status: BookingStatus }
  | { kind: 'text'; text: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REFERENCE = /^#?([0-9a-f]{8})$/i;
const DUTCH_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight in Amsterdam of a calendar day, as an ISO instant. */
export function amsterdamMidnight(year: number, month: number, day: number): string {
  const utcGuess = Date.UTC(year, month - 1, day);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(utcGuess));
  const offsetHours = Number(parts.find((part) => part.type === 'hour')?.value ?? '0');
  return new Date(utcGuess - offsetHours * 3_600_000).toISOString();
}

function dateQuery(year: number, month: number, day: number): BookingQuery | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  const next = new Date(date.getTime() + 86_400_000);
  return {
    kind: 'date',
    day: date.toISOString().slice(0, 10),
    from: amsterdamMidnight(year, month, day),
    to: amsterdamMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
  };
}

export function parseBookingQuery(input: string): BookingQuery | undefined {
  const text = input.trim();
  if (!text) return undefined;
  if (UUID.test(text)) return { kind: 'id', id: text.toLowerCase() };
  const reference = REFERENCE.exec(text);
  if (reference && /\d/.test(reference[1]!)) return { kind: 'reference', prefix: reference[1]!.toLowerCase() };
  const dutch = DUTCH_DATE.exec(text);
  if (dutch) {
    const found = dateQuery(Number(dutch[3]), Number(dutch[2]), Number(dutch[1]));
    if (found) return found;
  }
  const iso = ISO_DATE.exec(text);
  if (iso) {
    const found = dateQuery(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (found) return found;
  }
  const lower = text.toLowerCase();
  for (const [status, label] of Object.entries(bookingStatusLabels) as [BookingStatus, string][]) {
    if (lower === status || lower === label.toLowerCase()) return { kind: 'status', status };
  }
  return { kind: 'text', text };
}

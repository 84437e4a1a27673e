// Reading an .ics file to block its days: every event of the file (repeating ones up
// to a year ahead) becomes the Dutch calendar days it covers, from today on. ical.js (Mozilla's
// iCalendar library) parses; a file that is not iCalendar gets a Dutch message, not a crash.
import ICAL from 'ical.js';
import { amsterdamToday } from '@podium/shared/dutch';

export interface ImportedDays {
  /** How many events the file holds (repeats counted once per occurrence). */
  events: number;
  /** The days to block, sorted, from today on (YYYY-MM-DD). */
  days: string[];
}

export class IcsImportError extends Error {}

const maxOccurrences = 2000;

/** The Dutch calendar days an occurrence covers: all-day events by their dates (end exclusive), timed ones by the Netherlands' clock. */
function daysOf(start: ICAL.Time, end: ICAL.Time | null): string[] {
  const days: string[] = [];
  if (start.isDate) {
    const first = Date.UTC(start.year, start.month - 1, start.day);
    const last = end ? Date.UTC(end.year, end.month - 1, end.day) - 86_400_000 : first;
    for (let time = first; time <= Math.max(first, last); time += 86_400_000) days.push(new Date(time).toISOString().slice(0, 10));
    return days;
  }
  const from = start.toJSDate();
  // An event ending exactly at midnight does not take the next day.
  const until = new Date((end ? end.toJSDate() : from).getTime() - 1);
  for (let time = from.getTime(); ; time += 86_400_000) {
    const day = amsterdamToday(new Date(Math.min(time, until.getTime())));
    if (!days.includes(day)) days.push(day);
    if (time >= until.getTime()) break;
  }
  if (days.length === 0) days.push(amsterdamToday(from));
  return days;
}

export function parseIcsDays(text: string, now: Date = new Date()): ImportedDays {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch {
    throw new IcsImportError('Dit is geen agendabestand (.ics). Exporteer je agenda opnieuw en kies het .ics-bestand.');
  }
  if (root.name !== 'vcalendar') throw new IcsImportError('Dit is geen agendabestand (.ics). Exporteer je agenda opnieuw en kies het .ics-bestand.');
  const today = amsterdamToday(now);
  const horizon = ICAL.Time.fromJSDate(new Date(now.getTime() + 366 * 86_400_000), true);
  const days = new Set<string>();
  let events = 0;
  for (const component of root.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    if (!event.startDate) continue;
    if (component.getFirstPropertyValue('status') === 'CANCELLED') continue;
    if (event.isRecurring()) {
      const iterator = event.iterator();
      for (let next = iterator.next(); next && next.compare(horizon) <= 0 && events < maxOccurrences; next = iterator.next()) {
        const occurrence = event.getOccurrenceDetails(next);
        events += 1;
        for (const day of daysOf(occurrence.startDate, occurrence.endDate)) if (day >= today) days.add(day);
      }
    } else {
      events += 1;
      for (const day of daysOf(event.startDate, event.endDate)) if (day >= today) days.add(day);
    }
    if (events >= maxOccurrences) break;
  }
  return { events, days: [...days].sort() };
}

/** Consecutive days as ranges, for block_artist_days. */
export function dayRanges(days: readonly string[]): { starts_on: string; ends_on: string }[] {
  const ranges: { starts_on: string; ends_on: string }[] = [];
  for (const day of [...days].sort()) {
    const last = ranges.at(-1);
    const next = last ? new Date(Date.parse(`${last.ends_on}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : null;
    if (last && next === day) last.ends_on = day;
    else ranges.push({ starts_on: day, ends_on: day });
  }
  return ranges;
}

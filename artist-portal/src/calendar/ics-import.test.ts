import { describe, expect, it } from 'vitest';
import { dayRanges, IcsImportError, parseIcsDays } from './ics-import.ts';

const now = new Date('2026-11-25T12:00:00Z');
const calendar = (...events: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Agenda//NL',
    ...events.flatMap((event) => ['BEGIN:VEVENT', `UID:${Math.random()}@test`, 'DTSTAMP:20261101T000000Z', ...event.split('|'), 'END:VEVENT']),
    'END:VCALENDAR',
  ].join('\r\n');

describe('an .ics file becomes the days it covers', () => {
  it.each([
    ['an all-day event', 'DTSTART;VALUE=DATE:20261212|DTEND;VALUE=DATE:20261213', ['2026-12-12']],
    ['a three-day holiday', 'DTSTART;VALUE=DATE:20261228|DTEND;VALUE=DATE:20261231', ['2026-12-28', '2026-12-29', '2026-12-30']],
    ['an evening gig in UTC', 'DTSTART:20261205T190000Z|DTEND:20261205T230000Z', ['2026-12-05']],
    ['a gig past midnight in the Netherlands', 'DTSTART:20261205T210000Z|DTEND:20261206T010000Z', ['2026-12-05', '2026-12-06']],
    ['a gig ending at midnight', 'DTSTART:20261205T190000Z|DTEND:20261205T230000Z', ['2026-12-05']],
    ['a day in the past', 'DTSTART;VALUE=DATE:20261101|DTEND;VALUE=DATE:20261102', []],
  ])('%s', (_name, event, days) => {
    expect(parseIcsDays(calendar(event), now).days).toEqual(days);
  });

  it('a weekly repeat, up to a year ahead', () => {
    const result = parseIcsDays(calendar('DTSTART;VALUE=DATE:20261203|DTEND;VALUE=DATE:20261204|RRULE:FREQ=WEEKLY;COUNT=4'), now);
    expect(result).toEqual({ events: 4, days: ['2026-12-03', '2026-12-10', '2026-12-17', '2026-12-24'] });
    expect(parseIcsDays(calendar('DTSTART;VALUE=DATE:20261203|DTEND;VALUE=DATE:20261204|RRULE:FREQ=DAILY'), now).days.at(-1)! <= '2027-11-26').toBe(true);
  });

  it('leaves cancelled events out', () => {
    expect(parseIcsDays(calendar('DTSTART;VALUE=DATE:20261212|DTEND;VALUE=DATE:20261213|STATUS:CANCELLED'), now).days).toEqual([]);
  });

  it.each(['', 'hallo', '%PDF-1.4', 'BEGIN:VCARD\r\nEND:VCARD'])('refuses %o with a Dutch message', (text) => {
    expect(() => parseIcsDays(text, now)).toThrow(IcsImportError);
    expect(() => parseIcsDays(text, now)).toThrow('Dit is geen agendabestand (.ics). Exporteer je agenda opnieuw en kies het .ics-bestand.');
  });

  it('joins consecutive days into ranges', () => {
    expect(dayRanges(['2026-12-30', '2026-12-28', '2026-12-29', '2027-01-02'])).toEqual([
      { starts_on: '2026-12-28', ends_on: '2026-12-30' },
      { starts_on: '2027-01-02', ends_on: '2027-01-02' },
    ]);
  });
});

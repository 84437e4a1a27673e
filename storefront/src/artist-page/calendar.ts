// The availability calendar's month view: weeks from Monday to Sunday, each day free, busy
// (blocked by the artist, or an accepted or confirmed booking) or past (today included: a
// request needs a day still to come). Days are calendar
// dates in the Netherlands (Europe/Amsterdam), written as ISO 'YYYY-MM-DD' strings.
import { dutchLongDate, dutchMonthYear } from '@podium/shared/dutch';

export interface CalendarMonth {
  year: number;
  /** 1-12 */
  month: number;
}

export type DayStatus = 'free' | 'busy' | 'past';

export interface CalendarDay {
  date: string;
  day: number;
  status: DayStatus;
  isToday: boolean;
}

/** A week: seven slots, null where the day belongs to the month before or after. */
export type CalendarWeek = (CalendarDay | null)[];

const pad = (value: number) => String(value).padStart(2, '0');

export const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Today's date in the Netherlands. */
export { amsterdamToday } from '@podium/shared/dutch';

export function monthOf(date: string): CalendarMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function addMonths({ year, month }: CalendarMonth, count: number): CalendarMonth {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const compareMonths = (a: CalendarMonth, b: CalendarMonth) => a.year * 12 + a.month - (b.year * 12 + b.month);

/** The first and last date of the month, the range to ask busy days for. */
export function monthRange({ year, month }: CalendarMonth): { from: string; to: string } {
  return { from: isoDate(year, month, 1), to: isoDate(year, month, daysIn(year, month)) };
}

/** 'november 2026' */
export function monthLabel({ year, month }: CalendarMonth): string {
  return dutchMonthYear(year, month);
}

/** 'zaterdag 12 december 2026' */
export function longDateLabel(date: string): string {
  const { year, month } = monthOf(date);
  return dutchLongDate(year, month, Number(date.slice(8, 10)));
}

export const weekdayLabels = [
  { short: 'ma', long: 'maandag' },
  { short: 'di', long: 'dinsdag' },
  { short: 'wo', long: 'woensdag' },
  { short: 'do', long: 'donderdag' },
  { short: 'vr', long: 'vrijdag' },
  { short: 'za', long: 'zaterdag' },
  { short: 'zo', long: 'zondag' },
] as const;

/** The month's weeks, Monday first, with each day's status. */
export function buildMonth(month: CalendarMonth, busy: ReadonlySet<string>, today: string): CalendarWeek[] {
  const count = daysIn(month.year, month.month);
  // getUTCDay: 0 is Sunday; the Dutch week starts on Monday.
  const lead = (new Date(Date.UTC(month.year, month.month - 1, 1)).getUTCDay() + 6) % 7;
  const slots: (CalendarDay | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= count; day++) {
    const date = isoDate(month.year, month.month, day);
    // Today can no longer be requested (a booking starts in the future), so it counts as past.
    const status: DayStatus = date <= today ? 'past' : busy.has(date) ? 'busy' : 'free';
    slots.push({ date, day, status, isToday: date === today });
  }
  while (slots.length % 7 !== 0) slots.push(null);
  const weeks: CalendarWeek[] = [];
  for (let start = 0; start < slots.length; start += 7) weeks.push(slots.slice(start, start + 7));
  return weeks;
}

/** A month from the address ('2026-12'), or null when it is not one. */
export function parseMonth(value: string | null | undefined): CalendarMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : null;
}

/** An ISO date from the address, or null when it is not a real date. */
export function parseDate(value: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) ? isoDate(year, month, day) : null;
}

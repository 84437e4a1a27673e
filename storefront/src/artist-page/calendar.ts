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

/** The address form of a month: '2027-07' (also the month chooser's option values). */
export const monthKey = ({ year, month }: CalendarMonth) => `${year}-${pad(month)}`;

/** The date `count` days on (or back, when negative). */
export function addDays(date: string, count: number): string {
  const { year, month } = monthOf(date);
  return new Date(Date.UTC(year, month - 1, Number(date.slice(8, 10)) + count)).toISOString().slice(0, 10);
}

/** The same day of the month `count` months on, or that month's last day when it is shorter (31 January → 28 February). */
export function addMonthsToDate(date: string, count: number): string {
  const target = addMonths(monthOf(date), count);
  return isoDate(target.year, target.month, Math.min(Number(date.slice(8, 10)), daysIn(target.year, target.month)));
}

/** 0 for Monday … 6 for Sunday. */
const weekdayIndex = (date: string) => {
  const { year, month } = monthOf(date);
  return (new Date(Date.UTC(year, month - 1, Number(date.slice(8, 10)))).getUTCDay() + 6) % 7;
};

/** What the calendar reaches: from today (shown, not bookable) to the last day of the month `monthsAhead` on. */
export interface CalendarLimits {
  first: string;
  last: string;
}

export function calendarLimits(today: string, monthsAhead: number): CalendarLimits {
  return { first: today, last: monthRange(addMonths(monthOf(today), monthsAhead)).to };
}

/** The months the calendar can show, this month first: the month chooser's options ('juli 2027'). */
export function monthChoices(today: string, monthsAhead: number): { value: string; label: string; month: CalendarMonth }[] {
  return Array.from({ length: monthsAhead + 1 }, (_, index) => {
    const month = addMonths(monthOf(today), index);
    return { value: monthKey(month), label: monthLabel(month), month };
  });
}

/** A month within the calendar's reach: one before this month becomes this month, one past the last becomes the last. */
export function clampMonth(month: CalendarMonth, limits: CalendarLimits): CalendarMonth {
  const first = monthOf(limits.first);
  const last = monthOf(limits.last);
  return compareMonths(month, first) < 0 ? first : compareMonths(month, last) > 0 ? last : month;
}

const clampDate = (date: string, { first, last }: CalendarLimits) => (date < first ? first : date > last ? last : date);

/** The keys the day grid answers, as in the WAI-ARIA date picker grid. */
export type CalendarKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';

export const isCalendarKey = (key: string): key is CalendarKey => ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].includes(key);

/**
 * The day a key moves the focus to: ←/→ a day, ↑/↓ a week, Home/End the week's Monday/Sunday,
 * PageUp/PageDown a month (with Shift a year). Never outside the calendar's reach; the caller
 * shows the month of the day it gets back.
 */
export function moveFocus(date: string, key: CalendarKey, limits: CalendarLimits, shift = false): string {
  const target = (() => {
    switch (key) {
      case 'ArrowLeft':
        return addDays(date, -1);
      case 'ArrowRight':
        return addDays(date, 1);
      case 'ArrowUp':
        return addDays(date, -7);
      case 'ArrowDown':
        return addDays(date, 7);
      case 'Home':
        return addDays(date, -weekdayIndex(date));
      case 'End':
        return addDays(date, 6 - weekdayIndex(date));
      case 'PageUp':
        return addMonthsToDate(date, shift ? -12 : -1);
      case 'PageDown':
        return addMonthsToDate(date, shift ? 12 : 1);
    }
  })();
  return clampDate(target, limits);
}

/** Whether a day can be focused in the grid (today and later, within reach); only free days can be picked. */
export const isFocusable = (date: string, limits: CalendarLimits) => date >= limits.first && date <= limits.last;

/**
 * The grid's one Tab stop in the shown month: the day last moved to, else the chosen day, else
 * the first free day, else the first day that can be focused.
 */
export function tabStopDate(weeks: readonly CalendarWeek[], limits: CalendarLimits, focused: string | null, selected: string | null): string | null {
  const days = weeks.flat().filter((day): day is CalendarDay => day !== null && isFocusable(day.date, limits));
  const has = (date: string | null) => date !== null && days.some((day) => day.date === date);
  if (has(focused)) return focused;
  if (has(selected)) return selected;
  return (days.find((day) => day.status === 'free') ?? days[0])?.date ?? null;
}

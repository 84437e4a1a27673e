import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToDate,
  amsterdamToday,
  buildMonth,
  calendarLimits,
  clampMonth,
  compareMonths,
  isCalendarKey,
  isFocusable,
  longDateLabel,
  monthChoices,
  monthKey,
  monthLabel,
  monthRange,
  moveFocus,
  parseDate,
  parseMonth,
  tabStopDate,
} from './calendar.ts';

describe('the month view', () => {
  it('lays November 2026 out from Monday: the 1st is a Sunday, the 30th a Monday', () => {
    const weeks = buildMonth({ year: 2026, month: 11 }, new Set(), '2026-10-01');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(weeks[0]![6]).toMatchObject({ date: '2026-11-01', day: 1 });
    expect(weeks[5]![0]).toMatchObject({ date: '2026-11-30', day: 30 });
    expect(weeks[5]!.slice(1)).toEqual([null, null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });

  it('fits February 2027 (starts on a Monday, 28 days) in exactly four weeks', () => {
    const weeks = buildMonth({ year: 2027, month: 2 }, new Set(), '2026-01-01');
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every(Boolean)).toBe(true);
  });

  it('knows leap years', () => {
    expect(monthRange({ year: 2028, month: 2 })).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange({ year: 2026, month: 12 })).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('marks busy days, and days up to today as past (a request needs a day still to come)', () => {
    const busy = new Set(['2026-11-21', '2026-11-26', '2026-12-01']);
    const days = buildMonth({ year: 2026, month: 11 }, busy, '2026-11-22')
      .flat()
      .filter((day) => day !== null);
    const status = (date: string) => days.find((day) => day.date === date)?.status;
    expect(status('2026-11-21')).toBe('past');
    expect(status('2026-11-22')).toBe('past');
    expect(days.find((day) => day.isToday)?.date).toBe('2026-11-22');
    expect(status('2026-11-23')).toBe('free');
    expect(status('2026-11-26')).toBe('busy');
    expect(days.filter((day) => day.status === 'busy').map((day) => day.date)).toEqual(['2026-11-26']);
  });

  it('pages across years', () => {
    expect(addMonths({ year: 2026, month: 11 }, 2)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(addMonths({ year: 2026, month: 11 }, 18)).toEqual({ year: 2028, month: 5 });
    expect(compareMonths({ year: 2027, month: 1 }, { year: 2026, month: 12 })).toBeGreaterThan(0);
  });

  it('names months and days in Dutch', () => {
    expect(monthLabel({ year: 2026, month: 11 })).toBe('november 2026');
    expect(longDateLabel('2026-12-12')).toBe('zaterdag 12 december 2026');
  });

  it('takes today from the Dutch clock, not the computer’s', () => {
    // 23:30 UTC on 31 December is already New Year in Amsterdam.
    expect(amsterdamToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // Summer time: 22:30 UTC is 00:30 the next day.
    expect(amsterdamToday(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
  });

  it('reads dates and months from the address, ignoring nonsense', () => {
    expect(parseDate('2026-12-12')).toBe('2026-12-12');
    expect(parseDate('2026-02-30')).toBeNull();
    expect(parseDate('morgen')).toBeNull();
    expect(parseDate(null)).toBeNull();
    expect(parseMonth('2026-12')).toEqual({ year: 2026, month: 12 });
    expect(parseMonth('2026-13')).toBeNull();
  });
});

describe('moving through the days with the keyboard', () => {
  // Saturday 28 November 2026, the calendar reaching 18 months on: up to 31 May 2028.
  const limits = calendarLimits('2026-11-28', 18);

  it('reaches from today to the last day of the last month', () => {
    expect(limits).toEqual({ first: '2026-11-28', last: '2028-05-31' });
    expect(isFocusable('2026-11-27', limits)).toBe(false);
    expect(isFocusable('2026-11-28', limits)).toBe(true);
    expect(isFocusable('2028-05-31', limits)).toBe(true);
    expect(isFocusable('2028-06-01', limits)).toBe(false);
  });

  it('counts days across months, years and leap days', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addMonthsToDate('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonthsToDate('2027-03-31', -1)).toBe('2027-02-28');
    expect(addMonthsToDate('2027-07-10', 12)).toBe('2028-07-10');
  });

  it('moves a day with ←/→ and a week with ↑/↓, into the next or previous month', () => {
    expect(moveFocus('2027-07-10', 'ArrowRight', limits)).toBe('2027-07-11');
    expect(moveFocus('2027-07-10', 'ArrowLeft', limits)).toBe('2027-07-09');
    expect(moveFocus('2027-07-31', 'ArrowRight', limits)).toBe('2027-08-01');
    expect(moveFocus('2027-07-01', 'ArrowLeft', limits)).toBe('2027-06-30');
    expect(moveFocus('2027-07-10', 'ArrowDown', limits)).toBe('2027-07-17');
    expect(moveFocus('2027-07-28', 'ArrowDown', limits)).toBe('2027-08-04');
    expect(moveFocus('2027-07-03', 'ArrowUp', limits)).toBe('2027-06-26');
  });

  it('goes to the Monday and Sunday of the week with Home and End', () => {
    // Saturday 10 July 2027: that week runs from Monday 5 to Sunday 11 July.
    expect(moveFocus('2027-07-10', 'Home', limits)).toBe('2027-07-05');
    expect(moveFocus('2027-07-10', 'End', limits)).toBe('2027-07-11');
    expect(moveFocus('2027-07-05', 'Home', limits)).toBe('2027-07-05');
    expect(moveFocus('2027-07-11', 'End', limits)).toBe('2027-07-11');
    // Thursday 1 July: its Monday is in June.
    expect(moveFocus('2027-07-01', 'Home', limits)).toBe('2027-06-28');
  });

  it('pages a month with PageUp/PageDown and a year with Shift, keeping the day where the month has it', () => {
    expect(moveFocus('2027-07-10', 'PageDown', limits)).toBe('2027-08-10');
    expect(moveFocus('2027-07-10', 'PageUp', limits)).toBe('2027-06-10');
    expect(moveFocus('2027-01-31', 'PageDown', limits)).toBe('2027-02-28');
    expect(moveFocus('2027-01-10', 'PageDown', limits, true)).toBe('2028-01-10');
    expect(moveFocus('2027-07-10', 'PageUp', limits, true)).toBe('2026-11-28');
  });

  it('stops at today and at the last day within reach', () => {
    expect(moveFocus('2026-11-28', 'ArrowLeft', limits)).toBe('2026-11-28');
    expect(moveFocus('2026-11-30', 'ArrowUp', limits)).toBe('2026-11-28');
    expect(moveFocus('2026-12-10', 'PageUp', limits)).toBe('2026-11-28');
    // Monday of today's week is 23 November, before today.
    expect(moveFocus('2026-11-28', 'Home', limits)).toBe('2026-11-28');
    expect(moveFocus('2028-05-31', 'ArrowRight', limits)).toBe('2028-05-31');
    expect(moveFocus('2028-05-20', 'PageDown', limits)).toBe('2028-05-31');
    expect(moveFocus('2028-05-29', 'End', limits)).toBe('2028-05-31');
  });

  it('knows its keys', () => {
    expect(isCalendarKey('PageDown')).toBe(true);
    expect(isCalendarKey('Enter')).toBe(false);
    expect(isCalendarKey('Tab')).toBe(false);
  });
});

describe("the grid's one Tab stop", () => {
  const limits = calendarLimits('2026-11-28', 18);
  const july = buildMonth({ year: 2027, month: 7 }, new Set(['2027-07-01', '2027-07-02']), '2026-11-28');

  it('is the first free day of the shown month when nothing was chosen', () => {
    expect(tabStopDate(july, limits, null, null)).toBe('2027-07-03');
  });

  it('is the chosen day when it is in the shown month, and the day moved to over that', () => {
    expect(tabStopDate(july, limits, null, '2027-07-10')).toBe('2027-07-10');
    expect(tabStopDate(july, limits, '2027-07-20', '2027-07-10')).toBe('2027-07-20');
    // A chosen day or a focus in another month does not count here.
    expect(tabStopDate(july, limits, '2027-08-02', '2027-09-10')).toBe('2027-07-03');
  });

  it('is never a day before today, and is today when the rest of the month is taken', () => {
    const november = buildMonth({ year: 2026, month: 11 }, new Set(['2026-11-29', '2026-11-30']), '2026-11-28');
    expect(tabStopDate(november, limits, null, null)).toBe('2026-11-28');
    expect(tabStopDate(november, limits, '2026-11-10', null)).toBe('2026-11-28');
    const december = buildMonth({ year: 2026, month: 12 }, new Set(), '2026-11-28');
    expect(tabStopDate(december, limits, null, null)).toBe('2026-12-01');
  });
});

describe('the month chooser', () => {
  it('lists this month and the months ahead, in Dutch, with their address form', () => {
    const choices = monthChoices('2026-11-28', 18);
    expect(choices).toHaveLength(19);
    expect(choices[0]).toEqual({ value: '2026-11', label: 'november 2026', month: { year: 2026, month: 11 } });
    expect(choices.find((choice) => choice.value === '2027-07')?.label).toBe('juli 2027');
    expect(choices.at(-1)?.label).toBe('mei 2028');
    expect(monthKey({ year: 2027, month: 7 })).toBe('2027-07');
  });

  it('keeps a month within reach', () => {
    const limits = calendarLimits('2026-11-28', 18);
    expect(clampMonth({ year: 2026, month: 9 }, limits)).toEqual({ year: 2026, month: 11 });
    expect(clampMonth({ year: 2027, month: 7 }, limits)).toEqual({ year: 2027, month: 7 });
    expect(clampMonth({ year: 2029, month: 1 }, limits)).toEqual({ year: 2028, month: 5 });
  });
});

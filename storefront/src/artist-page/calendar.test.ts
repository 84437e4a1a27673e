import { describe, expect, it } from 'vitest';
import { addMonths, amsterdamToday, buildMonth, compareMonths, longDateLabel, monthLabel, monthRange, parseDate, parseMonth } from './calendar.ts';

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
    const days = buildMonth({ year: 2026, month: 11 }, busy, '2026-11-22').flat().filter((day) => day !== null);
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

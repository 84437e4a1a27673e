import { describe, expect, it } from 'vitest';
import { shortDateLabel } from './short-date.ts';

describe('the short date of the booking bar', () => {
  it('writes every day of 2026-2028 as Intl nl-NL does', () => {
    const short = new Intl.DateTimeFormat('nl-NL', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2029, 0, 1); time += 86_400_000) {
      const day = new Date(time);
      const iso = day.toISOString().slice(0, 10);
      if (shortDateLabel(iso) !== short.format(day)) expect(shortDateLabel(iso), iso).toBe(short.format(day));
    }
    expect(shortDateLabel('2027-07-10')).toBe('za 10 jul 2027');
    expect(shortDateLabel('2027-03-01')).toBe('ma 1 mrt 2027');
  });
});

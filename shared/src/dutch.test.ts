// dutch.ts writes out what Intl's nl-NL formats print; these compare the two over wide ranges.
import { describe, expect, it } from 'vitest';
import {
  amsterdamToday,
  dutchDate,
  dutchDateOfMoment,
  dutchDateTime,
  dutchDecimal,
  dutchEuros,
  dutchInteger,
  dutchLongDate,
  dutchMonthYear,
  dutchNumber,
  dutchShortDate,
  dutchShortDateTime,
  dutchShortMoment,
  loadFailedSentence,
} from './dutch.ts';

const wholeEuros = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const euroCents = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
const integers = new Intl.NumberFormat('nl-NL');
const oneDecimal = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const amounts = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 12_345, 99_999, 100_000, 999_999, 1_000_000, 1_234_567, 123_456_789];

describe('numbers as Intl nl-NL writes them', () => {
  // (Intl writes negative zero as '-0'; no page has one.)
  it.each(amounts.flatMap((amount) => (amount === 0 ? [0] : [amount, -amount])))('%d as a whole number', (amount) => {
    expect(dutchInteger(amount)).toBe(integers.format(amount));
  });

  // The exhaustive comparisons take seconds of CPU, more beside the rest of `npm test`: their limit
  // guards against a hang, not a speed.
  it('prices in cents, as whole euros and with cents', { timeout: 60_000 }, () => {
    for (let cents = 0; cents <= 2_000_000; cents += 37) {
      expect(dutchEuros(cents / 100)).toBe(wholeEuros.format(cents / 100));
      expect(dutchEuros(cents / 100, { cents: true })).toBe(euroCents.format(cents / 100));
    }
    for (const amount of amounts) {
      expect(dutchEuros(amount)).toBe(wholeEuros.format(amount));
      if (amount > 0) expect(dutchEuros(-amount, { cents: true })).toBe(euroCents.format(-amount));
    }
  });

  it('a number as it is (filter values: 3, 4,5, 1.234,25)', () => {
    for (let thousandths = 0; thousandths <= 20_000; thousandths += 7) {
      const value = thousandths / 1000;
      expect(dutchNumber(value), String(value)).toBe(value.toLocaleString('nl-NL'));
    }
    for (const value of [1234.25, 1_000_000, 4.5, 3, 0.0005, 2.0004, 12_345.6789]) expect(dutchNumber(value)).toBe(value.toLocaleString('nl-NL'));
  });

  it('every rating with two decimals, to one decimal', () => {
    for (let hundredths = 0; hundredths <= 500; hundredths++) {
      const rating = hundredths / 100;
      expect(dutchDecimal(rating), String(rating)).toBe(oneDecimal.format(rating));
    }
    for (const rating of [4.85, 4.75, 4.25, 0.05, 2.45, 3.35, 1234.56, 4.449999]) expect(dutchDecimal(rating)).toBe(oneDecimal.format(rating));
  });
});

describe('dates as Intl nl-NL writes them', () => {
  const longDate = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const date = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const monthYear = new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const inAmsterdam = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' });
  const amsterdamDay = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' });

  it('every day of 2024-2028: long date, date and month', () => {
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2029, 0, 1); time += 86_400_000) {
      const day = new Date(time);
      const [year, month, dayOfMonth] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
      expect(dutchLongDate(year, month, dayOfMonth)).toBe(longDate.format(day));
      expect(dutchDate(year, month, dayOfMonth)).toBe(date.format(day));
      expect(dutchMonthYear(year, month)).toBe(monthYear.format(day));
    }
  });

  it("today's date in the Netherlands, every quarter of an hour of 2025-2027 (summer time switches included)", () => {
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2028, 0, 1); time += 15 * 60_000) {
      const moment = new Date(time);
      const today = amsterdamToday(moment);
      if (today !== inAmsterdam.format(moment)) expect(today, moment.toISOString()).toBe(inAmsterdam.format(moment));
    }
  });

  it("a moment on the Netherlands' clock, long and short, every 7 minutes of 2026 and 2027 (summer time switches included)", { timeout: 60_000 }, () => {
    const dateTime = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' });
    const short = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' });
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2028, 0, 1); time += 7 * 60_000) {
      const moment = new Date(time);
      if (dutchDateTime(moment) !== dateTime.format(moment)) expect(dutchDateTime(moment), moment.toISOString()).toBe(dateTime.format(moment));
      if (dutchShortMoment(moment) !== short.format(moment)) expect(dutchShortMoment(moment), moment.toISOString()).toBe(short.format(moment));
    }
    expect(dutchDateTime('2026-12-12T19:00:00Z')).toBe('zaterdag 12 december 2026 om 20:00');
    expect(dutchShortMoment('2026-03-29T01:30:00Z')).toBe('29 mrt, 03:30');
  });

  it("a moment in the back office's lists, with and without its time and weekday, every 7 minutes of 2026 and 2027 (summer time switches included)", { timeout: 60_000 }, () => {
    const dateTime = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });
    const date = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'medium', timeZone: 'Europe/Amsterdam' });
    const withWeekday = new Intl.DateTimeFormat('nl-NL', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Amsterdam' });
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2028, 0, 1); time += 7 * 60_000) {
      const moment = new Date(time);
      if (dutchShortDateTime(moment) !== dateTime.format(moment)) expect(dutchShortDateTime(moment), moment.toISOString()).toBe(dateTime.format(moment));
      if (dutchShortDate(moment) !== date.format(moment)) expect(dutchShortDate(moment), moment.toISOString()).toBe(date.format(moment));
      if (dutchShortDate(moment, { weekday: true }) !== withWeekday.format(moment)) expect(dutchShortDate(moment, { weekday: true }), moment.toISOString()).toBe(withWeekday.format(moment));
    }
    expect(dutchShortDateTime('2026-12-12T19:00:00Z')).toBe('12 dec 2026, 20:00');
    expect(dutchShortDate('2026-03-29T22:30:00Z', { weekday: true })).toBe('ma 30 mrt 2026');
  });

  it('the day a moment fell on in the Netherlands', () => {
    for (const moment of ['2026-03-29T00:59:59Z', '2026-03-29T01:00:00Z', '2026-10-24T22:30:00Z', '2026-10-25T00:30:00Z', '2026-12-31T23:00:00Z', '2026-06-30T21:59:00Z', '2026-06-30T22:00:00Z']) {
      expect(dutchDateOfMoment(moment), moment).toBe(amsterdamDay.format(new Date(moment)));
    }
  });
});

describe('loadFailedSentence', () => {
  it.each([
    ['De boeking', false, 'De boeking kon niet worden geladen'],
    ['Je gesprekken', true, 'Je gesprekken konden niet worden geladen'],
  ])('%s (plural: %s) → %s', (subject, plural, sentence) => {
    expect(loadFailedSentence(subject, plural)).toBe(sentence);
  });
});

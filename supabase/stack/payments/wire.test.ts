// The sandbox's pure parts: Mollie's wire format and the webhook retry schedule.
import { describe, expect, it } from 'vitest';
import { parseForm } from './api.ts';
import { MAX_ATTEMPTS, MOLLIE_RETRY_DELAYS_MS, retryDelayMs } from './scheduler.ts';
import { authenticate, formatAmount, formatTime, MollieError, parseAmount, parseLimit } from './wire.ts';

describe('amounts', () => {
  it('formats cents as Mollie strings with two decimals', () => {
    expect(formatAmount('EUR', 12_500)).toEqual({ currency: 'EUR', value: '125.00' });
    expect(formatAmount('EUR', 7)).toEqual({ currency: 'EUR', value: '0.07' });
    expect(formatAmount('EUR', -3_050)).toEqual({ currency: 'EUR', value: '-30.50' });
  });

  it('parses only strings with exactly two decimals', () => {
    expect(parseAmount({ currency: 'EUR', value: '1234.56' }, 'amount', 'required')).toEqual({ currency: 'EUR', cents: 123_456 });
    for (const value of ['10', '10.5', '10.505', '-1.00', '1e3', 10]) {
      expect(() => parseAmount({ currency: 'EUR', value }, 'amount', 'required')).toThrow(MollieError);
    }
  });
});

describe('timestamps', () => {
  it('uses seconds and an explicit +00:00 offset, as Mollie does', () => {
    expect(formatTime(new Date('2026-05-01T12:34:56.789Z'))).toBe('2026-05-01T12:34:56+00:00');
    expect(formatTime(null)).toBeUndefined();
  });
});

describe('authenticate', () => {
  it('gives each well-formed test key its own stable profile', () => {
    const a = authenticate('Bearer test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    const b = authenticate('Bearer test_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb');
    expect(a).toEqual(authenticate('bearer test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'));
    expect('profileId' in a && a.profileId).toMatch(/^pfl_[A-Za-z0-9]{10}$/);
    expect(a).not.toEqual(b);
  });

  it('tells a missing key from a wrong one', () => {
    const missing = authenticate(undefined);
    const wrong = authenticate('Bearer test_tooshort');
    expect('error' in missing && missing.error.body.detail).toBe('Missing authentication, or failed to authenticate');
    expect('error' in wrong && wrong.error.body).toMatchObject({ status: 401, title: 'Unauthorized Request', detail: expect.stringContaining('invalid API key') });
  });
});

describe('request parsing', () => {
  it('reads bracketed form fields into objects', () => {
    expect(parseForm('amount[currency]=EUR&amount[value]=10.00&description=Boeking+%231')).toEqual({
      amount: { currency: 'EUR', value: '10.00' },
      description: 'Boeking #1',
    });
  });

  it('limits lists to 1–250 items, 50 by default', () => {
    expect(parseLimit(null)).toBe(50);
    expect(parseLimit('250')).toBe(250);
    expect(() => parseLimit('251')).toThrow(MollieError);
    expect(() => parseLimit('abc')).toThrow(MollieError);
  });
});

describe('webhook retry schedule', () => {
  it("is Mollie's: 10 calls spread over about 26 hours", () => {
    expect(MAX_ATTEMPTS).toBe(10);
    const hours = MOLLIE_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0) / 3_600_000;
    expect(hours).toBeGreaterThan(25);
    expect(hours).toBeLessThanOrEqual(26);
  });

  it('scales the waits and stops after the tenth call', () => {
    expect(retryDelayMs(1, 0.001)).toBe(60);
    expect(retryDelayMs(9, 1)).toBe(16 * 3_600_000);
    expect(retryDelayMs(10, 1)).toBeNull();
  });
});

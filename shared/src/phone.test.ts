import { describe, expect, it } from 'vitest';
import { dutchPhoneExamples } from './phone-examples.test-support.ts';
import { formatDutchPhone, normalizeDutchPhone } from './phone.ts';

describe('normalizeDutchPhone (Dutch numbers as typed, stored as E.164)', () => {
  it.each(dutchPhoneExamples)('%j → %j', (typed, stored) => {
    expect(normalizeDutchPhone(typed)).toBe(stored);
  });

  it('keeps what it made', () => {
    for (const [, stored] of dutchPhoneExamples) if (stored) expect(normalizeDutchPhone(stored)).toBe(stored);
  });
});

describe('formatDutchPhone', () => {
  it.each([
    ['+31612345678', '06 12345678'],
    ['+31201234567', '020 123 4567'],
    ['+31101234567', '010 123 4567'],
    ['+31881234567', '088 123 4567'],
    ['+31113123456', '0113 123456'],
    ['+31599123456', '0599 123456'],
    ['+32470123456', '+32470123456'],
    ['06 12345678', '06 12345678'],
  ])('%s → %s', (e164, shown) => {
    expect(formatDutchPhone(e164)).toBe(shown);
  });

  it('shows every stored example so that it reads back as the same number', () => {
    for (const [, stored] of dutchPhoneExamples) if (stored) expect(normalizeDutchPhone(formatDutchPhone(stored))).toBe(stored);
  });
});

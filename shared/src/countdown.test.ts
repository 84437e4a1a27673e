import { describe, expect, it } from 'vitest';
import { timeLeft } from './countdown.ts';

const now = Date.parse('2026-11-24T12:00:00Z');

describe('time left until a deadline', () => {
  it.each([
    ['2026-11-27T12:00:00Z', '3 dagen'],
    ['2026-11-27T11:00:00Z', '2 dagen en 23 uur'],
    ['2026-11-25T13:30:00Z', '1 dag en 1 uur'],
    ['2026-11-24T15:20:00Z', '3 uur en 20 min'],
    ['2026-11-24T14:00:00Z', '2 uur'],
    ['2026-11-24T12:01:00Z', '1 minuut'],
    ['2026-11-24T12:45:00Z', '45 minuten'],
    ['2026-11-24T12:00:00Z', null],
    ['2026-11-23T12:00:00Z', null],
  ])('until %s: %s', (deadline, text) => {
    expect(timeLeft(deadline, now)).toBe(text);
  });
});

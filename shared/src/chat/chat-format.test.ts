import { describe, expect, it } from 'vitest';
import { byDay, dayLabel, listTime } from './chat-format.ts';

// 26 November 2026, 15:30 in Amsterdam (CET, UTC+1).
const now = new Date('2026-11-26T14:30:00Z');

describe('times on the messages page', () => {
  it.each([
    ['2026-11-26T08:05:00Z', '09:05'],
    ['2026-11-25T23:30:00Z', '00:30'],
    ['2026-11-25T22:59:00Z', '25 nov'],
    ['2026-11-25T12:00:00Z', '25 nov'],
    ['2026-07-01T10:00:00Z', '1 jul'],
  ])('a message at %s shows %s in the list', (moment, label) => {
    expect(listTime(moment, now)).toBe(label);
  });

  it.each([
    ['2026-11-26', 'Vandaag'],
    ['2026-11-25', 'Gisteren'],
    ['2026-11-24', 'dinsdag 24 november 2026'],
    ['2026-03-01', 'zondag 1 maart 2026'],
  ])('day %s is headed %s', (day, label) => {
    expect(dayLabel(day, now)).toBe(label);
  });

  it('groups a thread by Dutch day, across midnight in Amsterdam', () => {
    const messages = [
      { id: 'a', created_at: '2026-11-24T22:30:00Z' },
      { id: 'b', created_at: '2026-11-24T23:30:00Z' },
      { id: 'c', created_at: '2026-11-25T08:00:00Z' },
      { id: 'd', created_at: '2026-11-26T09:00:00Z' },
    ];
    expect(byDay(messages).map(({ day, items }) => [day, items.map((item) => item.id)])).toEqual([
      ['2026-11-24', ['a']],
      ['2026-11-25', ['b', 'c']],
      ['2026-11-26', ['d']],
    ]);
  });
});

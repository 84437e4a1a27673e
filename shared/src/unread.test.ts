import { describe, expect, it } from 'vitest';
import { unreadBadgeText } from './unread.ts';

describe('SPEC 9: the unread badge', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99+'],
    [2_500, '99+'],
  ])('%i unread shows %o', (count, text) => {
    expect(unreadBadgeText(count)).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import { beforeCursor, cursorOf, fromCursor, withNewMessage } from './messages.ts';

describe("a thread's pages in PostgREST filters", () => {
  const cursor = cursorOf({ id: '6f1c0b1e-0000-4000-8000-000000000001', created_at: '2026-11-26T10:00:00.123456+00:00' });

  it('reads the messages before a cursor: earlier, or as early with a smaller id', () => {
    expect(beforeCursor(cursor)).toBe('created_at.lt."2026-11-26T10:00:00.123456+00:00",and(created_at.eq."2026-11-26T10:00:00.123456+00:00",id.lt.6f1c0b1e-0000-4000-8000-000000000001)');
  });

  it('reads a cursor and everything after it', () => {
    expect(fromCursor(cursor)).toBe('created_at.gt."2026-11-26T10:00:00.123456+00:00",and(created_at.eq."2026-11-26T10:00:00.123456+00:00",id.gte.6f1c0b1e-0000-4000-8000-000000000001)');
  });
});

describe('a message that arrives live', () => {
  const at = (id: string, created_at: string) => ({ id, created_at, sender_id: 's', message_text: id, is_read: false, masked: false });
  const thread = { messages: [at('a', '2026-11-26T10:00:00+00:00'), at('c', '2026-11-26T10:02:00+00:00')], hasOlder: true };

  it('goes after the messages before it, once', () => {
    expect(withNewMessage(thread, at('d', '2026-11-26T10:03:00+00:00')).messages.map((m) => m.id)).toEqual(['a', 'c', 'd']);
    expect(withNewMessage(thread, at('b', '2026-11-26T10:01:00+00:00')).messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(withNewMessage(thread, at('c', '2026-11-26T10:02:00+00:00'))).toBe(thread);
    expect(withNewMessage(thread, at('d', '2026-11-26T10:03:00+00:00')).hasOlder).toBe(true);
  });
});

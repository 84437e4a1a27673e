import { describe, expect, it } from 'vitest';
import { beforeCursor, cursorOf, fromCursor, withNewMessage, withOthersRead } from './chat-data.ts';

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

describe('a thread once read', () => {
  const message = (id: string, sender_id: string, is_read: boolean) => ({ id, created_at: '2026-11-26T10:00:00+00:00', sender_id, message_text: id, is_read, masked: false });

  it("marks the other side's messages read and leaves one's own (and what did not change) as they were", () => {
    const own = message('mine', 'me', false);
    const readBefore = message('old', 'them', true);
    const thread = { messages: [readBefore, own, message('new', 'them', false)], hasOlder: false };
    const read = withOthersRead(thread, 'me');
    expect(read.messages.map((m) => [m.id, m.is_read])).toEqual([
      ['old', true],
      ['mine', false],
      ['new', true],
    ]);
    // Unchanged rows stay the same objects, so their memoised bubbles do not render again.
    expect(read.messages[0]).toBe(readBefore);
    expect(read.messages[1]).toBe(own);
    expect(withOthersRead(read, 'me')).toBe(read);
  });
});

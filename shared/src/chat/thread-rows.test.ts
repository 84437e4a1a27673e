import { describe, expect, it } from 'vitest';
import { estimatedRowHeight, threadRows } from './thread-rows.ts';

const message = (id: string, sender: string, at: string, read = false) => ({ id, sender_id: sender, created_at: at, is_read: read, message_text: `tekst ${id}`, masked: false });

// 25 and 26 November 2026 in Amsterdam (CET, UTC+1): 23:30 UTC on the 25th is already the 26th there.
const messages = [
  message('a', 'me', '2026-11-25T10:00:00Z', true),
  message('b', 'other', '2026-11-25T22:59:00Z'),
  message('c', 'me', '2026-11-25T23:30:00Z', true),
  message('d', 'me', '2026-11-26T09:00:00Z', false),
  message('e', 'other', '2026-11-26T10:00:00Z'),
];

describe('a thread as the rows of its list', () => {
  it('puts the note and the way to older messages first, a heading before each day, then what is being sent', () => {
    const rows = threadRows({ messages, pending: [{ id: 'p', text: 'onderweg' }], me: 'me', note: true, hasOlder: true, loaded: true });
    expect(rows.map((row) => row.key)).toEqual(['note', 'older', 'day-2026-11-25', 'a', 'b', 'day-2026-11-26', 'c', 'd', 'e', 'p']);
  });

  it('shows own and other messages on their sides, and Gelezen only under the last own message once it is read', () => {
    const rows = threadRows({ messages, pending: [], me: 'me', note: false, hasOlder: false, loaded: true });
    const shown = rows.flatMap((row) => (row.kind === 'message' ? [[row.key, row.own, row.read]] : []));
    expect(shown).toEqual([
      ['a', true, false],
      ['b', false, false],
      ['c', true, false],
      ['d', true, false],
      ['e', false, false],
    ]);
    const read = threadRows({ messages: messages.map((m) => (m.id === 'd' ? { ...m, is_read: true } : m)), pending: [], me: 'me', note: false, hasOlder: false, loaded: true });
    expect(read.filter((row) => row.kind === 'message' && row.read).map((row) => row.key)).toEqual(['d']);
  });

  it('keeps each row its key when older messages are put in front (a day heading keeps its day)', () => {
    const later = threadRows({ messages: messages.slice(3), pending: [], me: 'me', note: false, hasOlder: true, loaded: true });
    const all = threadRows({ messages, pending: [], me: 'me', note: false, hasOlder: false, loaded: true });
    for (const row of later.filter((row) => row.kind !== 'older')) expect(all.map((other) => other.key)).toContain(row.key);
  });

  it('says the thread is empty only once it has been read', () => {
    expect(threadRows({ messages: [], pending: [], me: 'me', note: true, hasOlder: false, loaded: false }).map((row) => row.kind)).toEqual(['note']);
    expect(threadRows({ messages: [], pending: [], me: 'me', note: true, hasOlder: false, loaded: true }).map((row) => row.kind)).toEqual(['note', 'empty']);
    expect(threadRows({ messages: [], pending: [{ id: 'p', text: 'hoi' }], me: 'me', note: false, hasOlder: false, loaded: true }).map((row) => row.kind)).toEqual(['pending']);
  });

  it('guesses taller rows for longer and multi-line messages', () => {
    const short = estimatedRowHeight({ kind: 'message', key: 'a', message: { message_text: 'Hoi', masked: false }, own: true, read: false }, 40);
    const long = estimatedRowHeight({ kind: 'message', key: 'b', message: { message_text: 'x'.repeat(120), masked: false }, own: true, read: false }, 40);
    const twoLines = estimatedRowHeight({ kind: 'message', key: 'c', message: { message_text: 'Hoi\ndaar', masked: true }, own: true, read: false }, 40);
    expect(long).toBeGreaterThan(short);
    expect(twoLines).toBeGreaterThan(short + 24);
  });
});

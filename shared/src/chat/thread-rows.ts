// A thread as the rows of its virtualised list (long threads stay smooth): the note on
// masked contact details and the way to older messages at the top, each day's heading, the
// messages, then what is still being sent. Every row has a key that stays its own as older
// messages are put in front and sent ones are stored (a pending message keeps its id), so the
// list keeps each row's measured height and the reader's place.
import { byDay } from './chat-format.ts';

export type ThreadRow<M, P> =
  | { kind: 'note'; key: 'note' }
  | { kind: 'older'; key: 'older' }
  | { kind: 'empty'; key: 'empty' }
  | { kind: 'day'; key: string; day: string }
  | { kind: 'message'; key: string; message: M; own: boolean; read: boolean }
  | { kind: 'pending'; key: string; item: P };

interface RowMessage {
  id: string;
  sender_id: string;
  created_at: string;
  is_read: boolean;
}

export function threadRows<M extends RowMessage, P extends { id: string }>(input: {
  messages: readonly M[];
  pending: readonly P[];
  me: string;
  /** Whether the note on hidden contact details shows (no confirmed booking yet). */
  note: boolean;
  /** Whether older messages than these exist. */
  hasOlder: boolean;
  /** Whether the thread has been read at all (before that, it is not 'empty'). */
  loaded: boolean;
}): ThreadRow<M, P>[] {
  const { messages, pending, me } = input;
  const rows: ThreadRow<M, P>[] = [];
  if (input.note) rows.push({ kind: 'note', key: 'note' });
  if (input.hasOlder) rows.push({ kind: 'older', key: 'older' });
  if (input.loaded && messages.length === 0 && pending.length === 0) rows.push({ kind: 'empty', key: 'empty' });
  // 'Gelezen' goes under the last of one's own messages, once the other side has read it.
  const lastOwn = messages.findLast((message) => message.sender_id === me);
  for (const { day, items } of byDay(messages)) {
    rows.push({ kind: 'day', key: `day-${day}`, day });
    for (const message of items) {
      const own = message.sender_id === me;
      rows.push({ kind: 'message', key: message.id, message, own, read: own && message === lastOwn && message.is_read });
    }
  }
  for (const item of pending) rows.push({ kind: 'pending', key: item.id, item });
  return rows;
}

/** A first guess at a row's height in pixels, until the list has measured it. */
export function estimatedRowHeight(row: ThreadRow<{ message_text: string; masked: boolean }, { text: string }>, charsPerLine: number): number {
  const lines = (text: string) => text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / charsPerLine)), 0);
  switch (row.kind) {
    case 'note':
      return 72;
    case 'older':
      return 48;
    case 'empty':
      return 72;
    case 'day':
      return 36;
    case 'message':
      // The bubble (24 px a line, 16 px padding), its time under it, the gap.
      return 16 + lines(row.message.message_text) * 24 + 22 + 8 + (row.message.masked ? 20 : 0);
    case 'pending':
      return 16 + lines(row.item.text) * 24 + 30 + 8;
  }
}

import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { WriteCoalescer } from './coalesce.ts';

/** A socket stand-in that records each write system call it would make. */
function recordingSocket() {
  const writes: string[][] = [];
  const socket = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push([chunk.toString()]);
      done();
    },
    writev(chunks, done) {
      writes.push(chunks.map(({ chunk }) => (chunk as Buffer).toString()));
      done();
    },
  });
  return { socket, writes };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('WriteCoalescer', () => {
  it('sends the frames of one turn to a socket in one write, in order', async () => {
    const coalescer = new WriteCoalescer();
    const a = recordingSocket();
    const b = recordingSocket();
    for (const frame of ['change 1', 'change 2', 'change 3']) {
      coalescer.hold(a.socket);
      a.socket.write(frame);
      coalescer.hold(b.socket);
      b.socket.write(frame);
    }
    expect(a.writes).toEqual([]);
    await nextTurn();
    expect(a.writes).toEqual([['change 1', 'change 2', 'change 3']]);
    expect(b.writes).toEqual([['change 1', 'change 2', 'change 3']]);
  });

  it('holds nothing back beyond the turn: a later frame is its own write', async () => {
    const coalescer = new WriteCoalescer();
    const { socket, writes } = recordingSocket();
    coalescer.hold(socket);
    socket.write('change 1');
    await nextTurn();
    coalescer.hold(socket);
    socket.write('change 2');
    await nextTurn();
    socket.write('reply');
    expect(writes).toEqual([['change 1'], ['change 2'], ['reply']]);
  });
});

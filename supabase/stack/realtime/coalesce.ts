// Frames for one socket that are written within one turn of the event loop leave in one write.
// A burst of changes resolves its RLS answers together (one round trip for up to 100 changes),
// so each subscriber would otherwise get one write system call, one TCP segment and one wake-up
// per change; held back until the turn ends, they go as one writev. A lone change costs the same
// as before: its frames go out at the end of the same turn, before any timer or further I/O.
import type { Writable } from 'node:stream';

export class WriteCoalescer {
  private readonly held = new Set<Writable>();
  private scheduled = false;

  /** Holds back the socket's writes (cork) until the end of this turn of the event loop. */
  hold(socket: Writable) {
    if (this.held.has(socket)) return;
    socket.cork();
    this.held.add(socket);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush() {
    this.scheduled = false;
    for (const socket of this.held) socket.uncork();
    this.held.clear();
  }
}

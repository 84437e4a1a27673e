// The gateway's fast path: HTTP/1.1 requests for a loopback upstream (PostgREST) are forwarded
// as bytes, without node:http parsing and re-serialising both sides. Per client connection we
// parse request heads only (strictly, with limits), rewrite the request line and X-Forwarded-*,
// and write head and Content-Length body to an upstream socket pinned to that connection.
// Responses flow back untouched; we follow their framing (Content-Length, chunked, or close) only
// to know when one ends, because the next request is not looked at before the previous response
// is complete. Fixed answers (preflights, 401, 404) are written here too. Anything else (a mount
// served in-process, upgrades, chunked or Expect request bodies, HTTP/1.0, a body on a request we
// refuse) hands the connection, with the bytes read so far, to node:http for good.
// Why: node:http on both sides cost ~1.4-1.6x PostgREST's own latency; this path ~1.1-1.2x.
import { STATUS_CODES, type Server } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

const HEAD_LIMIT = 16 * 1024;
const RESPONSE_HEAD_LIMIT = 64 * 1024;
const IDLE_TIMEOUT_MS = 65_000; // node:http's keepAliveTimeout here; also bounds a silent upstream (Kong: 60 s)
/**
 * An upstream connection idle this long is not reused. PostgREST (warp) closes idle keep-alive
 * connections after 30-60 s; a request written just as it does so meets a closed connection and
 * the client a 502 ('An invalid response was received from the upstream server'), now and then.
 * Loopback connections are cheap, so we never go near that limit.
 */
export const UPSTREAM_IDLE_MS = 5_000;

export interface Reply {
  status: number;
  headers: Record<string, string | number>;
  body: string;
}

export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  const payload = JSON.stringify(body);
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload), ...headers }, body: payload };
}

/** What to do with a request: answer it here, forward it raw, or (undefined) hand the connection to node:http. */
export type RawDecision =
  | { reply: Reply }
  | {
      port: number;
      /**
       * A Unix socket to try first (a function's own listener) when the whole request is in hand;
       * one that cannot be connected to (not there yet, or gone) leaves the request to `port`.
       */
      socket?: string;
      path: string;
      /** sent when the upstream fails before answering */
      failure: Reply;
    }
  | undefined;

export type RawRouter = (method: string, url: string, headers: Record<string, string>) => RawDecision;

export interface RequestHead {
  method: string;
  target: string;
  version: string;
  /** The fields the gateway decides on (see FIELDS), lower-case names, repeats joined with ', '. */
  headers: Record<string, string>;
  /** The head as received (latin1), up to and including the last header line's CRLF. */
  text: string;
  /** Where the header lines start in `text`. */
  fieldsAt: number;
  /** Bytes taken by the head, including the blank line. */
  length: number;
}

// One regular expression each for the request line, all header lines, and the fields we need: the
// regex engine scans natively, which matters more than anything else here (a request takes µs).
const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
const REQUEST_LINE = new RegExp(`^(${TOKEN}) ([\\x21-\\x7e]+) (HTTP/\\d\\.\\d)\\r\\n`);
const HEADER_LINES = new RegExp(`^(?:${TOKEN}:[\\t\\x20-\\x7e\\x80-\\xff]*\\r\\n)*$`);
const FIELDS =
  /^(host|content-length|transfer-encoding|upgrade|expect|connection|apikey|authorization|origin|access-control-request-method|access-control-request-headers|x-forwarded-for|x-forwarded-host|x-forwarded-proto):[ \t]*(.*?)[ \t]*$/gim;
const SINGLE = new Set(['host', 'content-length', 'transfer-encoding']);

/** The request head at the start of `buffer`: undefined while incomplete, 'malformed' if not acceptable. */
export function parseRequestHead(buffer: Buffer): RequestHead | 'malformed' | undefined {
  const end = buffer.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const text = buffer.toString('latin1', 0, end + 2);
  const requestLine = REQUEST_LINE.exec(text);
  if (!requestLine) return 'malformed';
  const fieldsAt = requestLine[0].length;
  if (!HEADER_LINES.test(fieldsAt === text.length ? '' : text.slice(fieldsAt))) return 'malformed';
  const headers: Record<string, string> = {};
  FIELDS.lastIndex = fieldsAt;
  for (let field = FIELDS.exec(text); field; field = FIELDS.exec(text)) {
    const key = field[1]!.toLowerCase();
    if (headers[key] === undefined) headers[key] = field[2]!;
    else if (SINGLE.has(key)) return 'malformed';
    else headers[key] += `, ${field[2]}`;
  }
  const contentLength = headers['content-length'];
  if (contentLength !== undefined && !/^\d{1,15}$/.test(contentLength)) return 'malformed';
  return { method: requestLine[1]!, target: requestLine[2]!, version: requestLine[3]!, headers, text, fieldsAt, length: end + 4 };
}

const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})/;
const CONTENT_LENGTH = /^content-length:[ \t]*(\d{1,15})[ \t]*$/im;
const CHUNKED = /^transfer-encoding:.*chunked[ \t]*$/im;
const CONNECTION = /^connection:(.*)$/im;

const enum Framing {
  Idle,
  Head,
  Length,
  ChunkSize,
  ChunkData,
  ChunkEnd,
  Trailer,
  UntilClose,
}

function hexDigit(byte: number) {
  if (byte >= 48 && byte <= 57) return byte - 48;
  const lower = byte | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/**
 * Follows an upstream's response to one request at a time, to tell where it ends: the head is
 * parsed for its framing, bodies are counted (Content-Length), walked (chunked) or last until the
 * upstream closes. The upstream is trusted (a loopback server we run), so line ends may be bare LF.
 */
export class ResponseFramer {
  private state = Framing.Idle;
  private head = '';
  private remaining = 0;
  private digits = 0;
  private lineLength = 0;
  private headOnly = false;
  /** The response asked for the connection to be closed after it. */
  closeAfter = false;
  /** The upstream closes its side after this response, although it did not say so. */
  upstreamCloses = false;

  expect(method: string) {
    this.state = Framing.Head;
    this.head = '';
    this.headOnly = method === 'HEAD';
    this.closeAfter = false;
    this.upstreamCloses = false;
  }

  /** True if the response in progress ends when the upstream closes. */
  get endsAtClose() {
    return this.state === Framing.UntilClose;
  }

  /** Consumes response bytes: returns where in `chunk` the response ended, or -1 if it goes on. Throws on garbage. */
  feed(chunk: Buffer): number {
    if (this.state === Framing.Idle) throw new Error('response bytes without a request');
    let i = 0;
    while (i < chunk.length) {
      switch (this.state) {
        case Framing.Head: {
          let end = -1;
          if (this.head === '') end = chunk.indexOf('\r\n\r\n', i);
          if (end !== -1) {
            this.startBody(chunk.toString('latin1', i, end + 2));
            i = end + 4;
          } else {
            // A head split over chunks: collect it as text.
            const before = this.head.length;
            this.head += chunk.toString('latin1', i, Math.min(chunk.length, i + RESPONSE_HEAD_LIMIT));
            end = this.head.indexOf('\r\n\r\n');
            if (end === -1) {
              if (this.head.length > RESPONSE_HEAD_LIMIT) throw new Error('response head too large');
              return -1;
            }
            i += end + 4 - before;
            const head = this.head.slice(0, end + 2);
            this.head = '';
            this.startBody(head);
          }
          break;
        }
        case Framing.Length:
        case Framing.ChunkData: {
          const n = Math.min(this.remaining, chunk.length - i);
          i += n;
          this.remaining -= n;
          if (this.remaining === 0) this.state = this.state === Framing.Length ? Framing.Idle : Framing.ChunkEnd;
          break;
        }
        case Framing.ChunkSize: {
          // hex digits, then anything (extensions, CR) up to LF
          const byte = chunk[i++]!;
          const digit = hexDigit(byte);
          if (byte === 10) {
            if (this.digits === 0) throw new Error('bad chunk size');
            this.state = this.remaining === 0 ? Framing.Trailer : Framing.ChunkData;
            this.lineLength = 0;
          } else if (digit >= 0 && this.digits >= 0) {
            if (++this.digits > 12) throw new Error('chunk too large');
            this.remaining = this.remaining * 16 + digit;
          } else if (this.digits === 0) throw new Error('bad chunk size');
          else if (this.digits > 0) this.digits = -this.digits; // past the size: extensions, CR
          break;
        }
        case Framing.ChunkEnd: {
          const byte = chunk[i++]!;
          if (byte === 10) this.startChunk();
          else if (byte !== 13) throw new Error('chunk data overran its size');
          break;
        }
        case Framing.Trailer: {
          const byte = chunk[i++]!;
          if (byte === 10) {
            if (this.lineLength === 0) this.state = Framing.Idle; // the blank line ending the message
            this.lineLength = 0;
          } else if (byte !== 13 && ++this.lineLength > RESPONSE_HEAD_LIMIT) throw new Error('trailer too large');
          break;
        }
        case Framing.UntilClose:
          return -1;
      }
      if (this.state === Framing.Idle) return i;
    }
    return -1;
  }

  private startChunk() {
    this.state = Framing.ChunkSize;
    this.remaining = 0;
    this.digits = 0;
  }

  private startBody(head: string) {
    const status = STATUS_LINE.exec(head);
    if (!status) throw new Error('bad status line');
    const code = Number(status[2]);
    const connection = CONNECTION.exec(head)?.[1]?.toLowerCase() ?? '';
    this.closeAfter = connection.includes('close') || (status[1] === '0' && !connection.includes('keep-alive'));
    if (code >= 100 && code < 200 && code !== 101) return; // interim; the real head follows
    const length = CONTENT_LENGTH.exec(head)?.[1];
    if (this.headOnly || code === 204 || code === 304) {
      this.state = Framing.Idle;
      // A HEAD answer without Content-Length or chunking: the body it stands for would last until
      // the close, so the upstream closes after it (PostgREST does, without 'Connection: close',
      // for `count=exact` HEAD requests). Reusing it would lose the next request: a 502.
      if (this.headOnly && length === undefined && !CHUNKED.test(head)) this.upstreamCloses = true;
    } else if (CHUNKED.test(head)) this.startChunk();
    else if (length !== undefined) {
      this.remaining = Number(length);
      this.state = this.remaining === 0 ? Framing.Idle : Framing.Length;
    } else if (/^content-length:/im.test(head)) throw new Error('bad content-length');
    else this.state = Framing.UntilClose;
  }
}

/** Writes a complete response to a raw connection (an HTTP socket, or one being upgraded). */
export function writeReply(socket: Duplex, { status, headers, body }: Reply, close: boolean) {
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ndate: ${new Date().toUTCString()}\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  if (close) head += 'connection: close\r\n';
  socket.write(Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), Buffer.from(body)]));
  if (close) socket.end();
}

const FORWARDED_LINES = /^x-forwarded-(?:for|host|proto):.*\r\n/gim;

/** One client connection on the fast path. */
class RawConnection {
  private buffered: Buffer | undefined;
  private upstream: net.Socket | undefined;
  /** The port or socket path `upstream` is connected to. */
  private upstreamTarget: number | string = 0;
  /** The request just sent to a socket not yet connected: sent to the port if it never connects. */
  private resend: { upstream: net.Socket; port: number; bytes: Buffer } | undefined;
  /** When the upstream last finished a response. */
  private upstreamIdleSince = 0;
  private readonly framer = new ResponseFramer();
  /** Request body bytes still to forward. */
  private bodyLeft = 0;
  /** A response is due from the upstream; `answered` once some of it went to the client. */
  private waiting = false;
  private answered = false;
  private failure: Reply | undefined;
  /** End the client connection once the exchange in progress is over. */
  private closing = false;
  private done = false;

  constructor(
    private readonly socket: net.Socket,
    private readonly route: RawRouter,
    private readonly handOff: (socket: net.Socket) => void,
    private readonly forget: (connection: RawConnection) => void,
  ) {
    socket.setNoDelay(true);
    socket.setTimeout(IDLE_TIMEOUT_MS);
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onClose);
    socket.on('error', this.onError);
    socket.on('timeout', this.onTimeout);
    socket.on('drain', this.onDrain);
  }

  /** Between exchanges, with nothing buffered. */
  get idle() {
    return !this.waiting && this.bodyLeft === 0 && !this.buffered;
  }

  destroy() {
    this.socket.destroy();
  }

  private onData = (chunk: Buffer) => {
    if (this.done) return;
    if (this.bodyLeft > 0) {
      const n = Math.min(this.bodyLeft, chunk.length);
      this.bodyLeft -= n;
      if (this.upstream && !this.upstream.write(n === chunk.length ? chunk : chunk.subarray(0, n))) this.socket.pause();
      chunk = chunk.subarray(n);
    }
    if (chunk.length > 0) this.buffered = this.buffered ? Buffer.concat([this.buffered, chunk]) : chunk;
    // A client that sends ahead waits, in the kernel's buffers once ours hold a head's worth.
    if ((this.waiting || this.bodyLeft > 0) && this.buffered && this.buffered.length > HEAD_LIMIT) this.socket.pause();
    this.pump();
  };

  /** Starts on the next request if the previous exchange is over. */
  private pump() {
    if (this.waiting || this.bodyLeft > 0 || this.done) return;
    if (this.closing) return this.finish();
    if (this.socket.isPaused()) this.socket.resume();
    while (this.buffered) {
      let start = 0;
      while (this.buffered[start] === 13 && this.buffered[start + 1] === 10) start += 2; // stray CRLFs between requests
      const buffer = start ? this.buffered.subarray(start) : this.buffered;
      const head = parseRequestHead(buffer);
      if (head === undefined) {
        this.buffered = buffer.length ? buffer : undefined;
        if (buffer.length > HEAD_LIMIT) return this.refuse(431);
        break;
      }
      if (head === 'malformed' || head.length > HEAD_LIMIT) return this.refuse(head === 'malformed' ? 400 : 431);
      const { headers } = head;
      const simple = head.version === 'HTTP/1.1' && headers.host && head.target.startsWith('/') && !headers.upgrade && !headers['transfer-encoding'] && !headers.expect;
      const decision = simple ? this.route(head.method, head.target, headers) : undefined;
      const bodyLength = Number(headers['content-length'] ?? 0);
      if (!decision || ('reply' in decision && bodyLength > 0)) return this.leave(buffer);
      const rest = buffer.subarray(head.length);
      this.buffered = rest.length ? rest : undefined;
      const close = /\bclose\b/i.test(headers.connection ?? '');
      if ('reply' in decision) {
        writeReply(this.socket, decision.reply, close);
        if (close) return this.finish();
        continue;
      }
      this.closing = close;
      this.forward(head, decision, bodyLength);
      this.failure = decision.failure;
      return;
    }
    if (this.socket.readableEnded) this.finish(); // the client is done sending
  }

  private forward(head: RequestHead, { port, socket, path }: { port: number; socket?: string; path: string }, bodyLength: number) {
    const { headers } = head;
    // As Kong does: the client's address appended to X-Forwarded-For, host and protocol kept.
    const address = this.socket.remoteAddress ?? '';
    const forwardedFor = headers['x-forwarded-for'] ? (address ? `${headers['x-forwarded-for']}, ${address}` : headers['x-forwarded-for']) : address;
    let fields = head.text.slice(head.fieldsAt);
    if (headers['x-forwarded-for'] !== undefined || headers['x-forwarded-host'] !== undefined || headers['x-forwarded-proto'] !== undefined) fields = fields.replace(FORWARDED_LINES, '');
    const text = `${head.method} ${path} HTTP/1.1\r\n${fields}x-forwarded-for: ${forwardedFor}\r\nx-forwarded-host: ${headers['x-forwarded-host'] ?? headers.host ?? ''}\r\nx-forwarded-proto: ${headers['x-forwarded-proto'] ?? 'http'}\r\n\r\n`;

    const body = this.buffered?.subarray(0, bodyLength);
    this.buffered = body && this.buffered!.length > body.length ? this.buffered!.subarray(body.length) : undefined;
    this.bodyLeft = bodyLength - (body?.length ?? 0);
    this.waiting = true;
    this.answered = false;
    this.framer.expect(head.method);

    const direct = socket !== undefined && this.bodyLeft === 0;
    const upstream = this.connect(direct ? socket : port);
    // The bytes are kept only where they may have to go to the port after all.
    const resend = direct && upstream.connecting;
    this.resend = undefined;
    if (!resend && !body?.length) return void upstream.write(text, 'latin1');
    const bytes = body?.length ? Buffer.concat([Buffer.from(text, 'latin1'), body]) : Buffer.from(text, 'latin1');
    if (resend) this.resend = { upstream, port, bytes };
    upstream.write(bytes);
  }

  private connect(target: number | string) {
    const fresh = performance.now() - this.upstreamIdleSince < UPSTREAM_IDLE_MS;
    if (this.upstream && this.upstreamTarget === target && !this.upstream.destroyed && fresh) return this.upstream;
    this.upstream?.destroy();
    const upstream = typeof target === 'string' ? net.connect({ path: target }) : net.connect({ port: target, host: '127.0.0.1', noDelay: true });
    upstream.once('connect', () => {
      if (this.resend?.upstream === upstream) this.resend = undefined;
    });
    const gone = () => this.onUpstreamGone(upstream);
    upstream.on('data', (chunk: Buffer) => this.onUpstreamData(upstream, chunk));
    upstream.on('drain', () => this.socket.isPaused() && !this.closing && this.socket.resume());
    upstream.on('error', () => {}); // 'close' follows
    upstream.on('end', gone);
    upstream.on('close', gone);
    this.upstream = upstream;
    this.upstreamTarget = target;
    return upstream;
  }

  private onUpstreamData(upstream: net.Socket, chunk: Buffer) {
    let end: number;
    try {
      end = this.framer.feed(chunk);
    } catch {
      upstream.destroy(); // a response we cannot follow: 502 if none of it was sent, else cut
      return;
    }
    this.answered = true;
    if (!this.socket.write(end === -1 || end === chunk.length ? chunk : chunk.subarray(0, end))) upstream.pause();
    if (end === -1) return;
    this.waiting = false;
    this.upstreamIdleSince = performance.now();
    if (this.framer.closeAfter) this.closing = true;
    // Asked to close, or bytes after the response (not trustworthy): this upstream is done.
    if (this.framer.closeAfter || this.framer.upstreamCloses || end < chunk.length) this.dropUpstream();
    this.pump();
  }

  private onUpstreamGone(upstream: net.Socket) {
    if (upstream !== this.upstream) return;
    this.upstream = undefined;
    upstream.destroy();
    if (this.resend?.upstream === upstream) {
      // Never connected, so nothing of the request arrived: the port gets it as it was.
      const { port, bytes } = this.resend;
      this.resend = undefined;
      this.connect(port).write(bytes);
      return;
    }
    if (this.waiting) {
      this.waiting = false;
      if (this.framer.endsAtClose) this.closing = true;
      else if (this.answered) return this.destroy();
      else {
        // Nothing of the response reached the client yet: answer as Kong does. A body still
        // underway cannot be skipped reliably, so that connection ends after the answer.
        writeReply(this.socket, this.failure!, this.bodyLeft > 0 || this.closing);
        if (this.bodyLeft > 0 || this.closing) return this.finish();
      }
    }
    if (this.bodyLeft > 0) {
      this.bodyLeft = 0;
      this.closing = true;
    }
    this.pump();
  }

  private dropUpstream() {
    this.upstream?.destroy();
    this.upstream = undefined;
  }

  /** Hands the connection and the bytes read so far to node:http. */
  private leave(buffer: Buffer) {
    if (this.socket.readableEnded) return this.finish(); // too late to unshift; rare (a half-closed client)
    this.detach();
    this.dropUpstream();
    this.socket.setTimeout(0);
    this.socket.unshift(buffer);
    this.handOff(this.socket);
    this.socket.resume();
  }

  private refuse(status: number) {
    writeReply(this.socket, { status, headers: { 'content-length': 0 }, body: '' }, true);
    this.finish();
  }

  /** Ends the connection once what was written has been flushed. */
  private finish() {
    this.done = true;
    this.dropUpstream();
    if (!this.socket.writableEnded) this.socket.end();
  }

  private detach() {
    this.done = true;
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onClose);
    this.socket.off('error', this.onError);
    this.socket.off('timeout', this.onTimeout);
    this.socket.off('drain', this.onDrain);
    this.forget(this);
  }

  private onEnd = () => {
    if (this.bodyLeft > 0) return this.destroy(); // a truncated request
    this.pump();
  };

  private onClose = () => {
    this.detach();
    this.dropUpstream();
  };

  private onError = () => {}; // 'close' follows

  private onTimeout = () => this.destroy();

  private onDrain = () => {
    if (this.upstream?.isPaused()) this.upstream.resume();
  };
}

/**
 * Takes over the connections of a node:http server: requests the router accepts are served on
 * the fast path; a connection that needs anything else goes to node:http and stays there.
 * `closeAllConnections` / `closeIdleConnections` cover fast-path connections as well.
 */
export function serveRaw(server: Server, route: RawRouter) {
  // node:http's own 'connection' listener: the way into its parser for connections we hand over.
  const [httpConnection] = server.listeners('connection') as ((socket: net.Socket) => void)[];
  if (!httpConnection) throw new Error('not a node:http server');
  server.removeListener('connection', httpConnection);
  const live = new Set<RawConnection>();
  const handOff = (socket: net.Socket) => httpConnection.call(server, socket);
  const forget = (connection: RawConnection) => live.delete(connection);
  server.on('connection', (socket: net.Socket) => live.add(new RawConnection(socket, route, handOff, forget)));

  const closeAll = server.closeAllConnections.bind(server);
  server.closeAllConnections = () => {
    for (const connection of live) connection.destroy();
    closeAll();
  };
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    for (const connection of live) if (connection.idle) connection.destroy();
    closeIdle();
  };
}

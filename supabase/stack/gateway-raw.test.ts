// The gateway's raw fast path: the parser and framer on their own, a gateway in front of a
// scripted upstream (failures on demand), and the real PostgREST of the running stack.
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, urls } from './config.ts';
import { createGateway } from './gateway.ts';
import { parseRequestHead, ResponseFramer, UPSTREAM_IDLE_MS } from './gateway-raw.ts';
import { waitForSchemaCache, withDatabase } from './testing.ts';

interface Parsed {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Splits and decodes one raw response (Content-Length, chunked or close-delimited). */
function parseResponse(raw: Buffer): Parsed {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = raw.toString('latin1', 0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
  let body = raw.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    for (let i = 0; ;) {
      const lineEnd = body.indexOf('\r\n', i);
      const size = Number.parseInt(body.toString('latin1', i, lineEnd), 16);
      if (size === 0) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      i = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body };
}

/** A client connection speaking raw bytes: send anything, read back whole responses in order. */
class RawClient {
  private readonly socket: net.Socket;
  private pending = Buffer.alloc(0);
  private readonly framer = new ResponseFramer();
  private waiters: (() => void)[] = [];
  closed = false;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => {
      this.pending = Buffer.concat([this.pending, chunk]);
      this.wake();
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    this.socket.on('error', () => {});
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  send(bytes: string | Buffer) {
    this.socket.write(bytes);
  }

  /** The next response, for a request with this method. */
  async response(method = 'GET'): Promise<Parsed> {
    this.framer.expect(method);
    let fed = 0;
    for (;;) {
      if (this.pending.length > fed) {
        const end = this.framer.feed(this.pending.subarray(fed));
        if (end !== -1) {
          const raw = this.pending.subarray(0, fed + end);
          this.pending = this.pending.subarray(fed + end);
          return parseResponse(raw);
        }
        fed = this.pending.length;
      }
      if (this.closed) {
        if (this.framer.endsAtClose) return parseResponse(this.pending);
        throw new Error(`connection closed (${this.pending.length} bytes unread)`);
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async closedByServer() {
    while (!this.closed) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  destroy() {
    this.socket.destroy();
  }
}

const get = (path: string, headers: Record<string, string> = { apikey: keys.anon }) =>
  `GET ${path} HTTP/1.1\r\nhost: gateway.test\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

const json = (response: Parsed) => JSON.parse(response.body.toString()) as Record<string, unknown>;

describe('parseRequestHead', () => {
  it('waits for a complete head and reads the fields the gateway needs', () => {
    expect(parseRequestHead(Buffer.from('GET / HTTP/1.1\r\nhost: x\r\n'))).toBeUndefined();
    const text = 'POST /rest/v1/t?a=1 HTTP/1.1\r\nHost: x\r\nApiKey:  k \r\nX-Other: 1\r\nContent-Length: 2\r\n\r\n';
    const head = parseRequestHead(Buffer.from(`${text}{}`));
    expect(head).toMatchObject({ method: 'POST', target: '/rest/v1/t?a=1', version: 'HTTP/1.1', headers: { host: 'x', apikey: 'k', 'content-length': '2' }, length: text.length });
  });

  it('joins repeated fields as node:http does', () => {
    const head = parseRequestHead(Buffer.from('GET / HTTP/1.1\r\nhost: x\r\nx-forwarded-for: 1.1.1.1\r\nX-Forwarded-For: 2.2.2.2\r\n\r\n'));
    expect(head).toMatchObject({ headers: { 'x-forwarded-for': '1.1.1.1, 2.2.2.2' } });
  });

  it.each([
    ['no version', 'GET /\r\nhost: x\r\n\r\n'],
    ['two spaces', 'GET  / HTTP/1.1\r\nhost: x\r\n\r\n'],
    ['space before the colon', 'GET / HTTP/1.1\r\nhost : x\r\n\r\n'],
    ['folded line', 'GET / HTTP/1.1\r\nhost: x\r\n folded\r\n\r\n'],
    ['bare LF', 'GET / HTTP/1.1\r\nhost: x\nx-a: b\r\n\r\n'],
    ['control byte', 'GET / HTTP/1.1\r\nhost: x\x01\r\n\r\n'],
    ['two content lengths', 'POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 1\r\ncontent-length: 1\r\n\r\n'],
    ['non-numeric content length', 'POST / HTTP/1.1\r\nhost: x\r\ncontent-length: -1\r\n\r\n'],
    ['two hosts', 'GET / HTTP/1.1\r\nhost: x\r\nhost: y\r\n\r\n'],
  ])('rejects a head with %s', (_, text) => {
    expect(parseRequestHead(Buffer.from(text))).toBe('malformed');
  });
});

describe('ResponseFramer', () => {
  const feedAll = (method: string, ...chunks: string[]) => {
    const framer = new ResponseFramer();
    framer.expect(method);
    return chunks.map((chunk) => framer.feed(Buffer.from(chunk)));
  };

  it('counts Content-Length bodies across chunks', () => {
    expect(feedAll('GET', 'HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nab', 'cdeX')).toEqual([-1, 3]);
  });

  it('walks chunked bodies byte by byte, with extensions and trailers', () => {
    const text = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\nA\r\n0123456789\r\n0\r\nx-trailer: 1\r\n\r\n';
    const results = feedAll('GET', ...text.split(''));
    expect(results.slice(0, -1).every((result) => result === -1)).toBe(true);
    expect(results.at(-1)).toBe(1);
  });

  it('skips interim responses and knows bodiless ones', () => {
    for (const [method, text] of [
      ['POST', 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\ncontent-length: 2\r\n\r\n{}'],
      ['HEAD', 'HTTP/1.1 200 OK\r\ncontent-length: 99\r\n\r\n'],
      ['GET', 'HTTP/1.1 204 No Content\r\n\r\n'],
    ] as const) {
      expect(feedAll(method, `${text}NEXT`)).toEqual([text.length]);
    }
  });

  it('leaves a response without framing to the close, and notes Connection: close', () => {
    const framer = new ResponseFramer();
    framer.expect('GET');
    expect(framer.feed(Buffer.from('HTTP/1.1 200 OK\r\nconnection: close\r\n\r\nbody'))).toBe(-1);
    expect(framer.endsAtClose).toBe(true);
    expect(framer.closeAfter).toBe(true);
  });

  it('does not keep a connection whose HEAD answer had no framing (the upstream closes it)', () => {
    const framer = new ResponseFramer();
    framer.expect('HEAD');
    const answer = 'HTTP/1.1 200 OK\r\ncontent-range: 0-9/10\r\n\r\n';
    expect(framer.feed(Buffer.from(answer))).toBe(answer.length);
    expect(framer.upstreamCloses).toBe(true);
    expect(framer.closeAfter).toBe(false);
    framer.expect('HEAD');
    framer.feed(Buffer.from('HTTP/1.1 200 OK\r\ncontent-length: 12\r\n\r\n'));
    expect(framer.upstreamCloses).toBe(false);
  });

  it('throws on garbage', () => {
    expect(() => feedAll('GET', 'SMTP ready\r\n\r\n')).toThrow();
    expect(() => feedAll('GET', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n')).toThrow();
  });
});

describe('fast path in front of a scripted upstream', () => {
  const big = Buffer.alloc(5 * 1024 * 1024, 'abcdefghij');
  let upstream: http.Server;
  let upstreamPort = 0;
  let gateway: http.Server;
  let port = 0;
  const upstreamSockets = new Set<net.Socket>();

  const startUpstream = () => {
    upstream = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        for (let i = 0; i < big.length; i += 256 * 1024) res.write(big.subarray(i, i + 256 * 1024));
        return res.end();
      }
      if (req.url === '/half') {
        res.writeHead(200, { 'content-length': 100 });
        res.write('only part of it');
        return setTimeout(() => res.destroy(), 20);
      }
      if (req.url === '/until-close') {
        res.writeHead(200, { connection: 'close' });
        res.end('all of it');
        return;
      }
      res.setHeader('access-control-allow-origin', '*');
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() }));
    });
    upstream.on('connection', (socket: net.Socket) => {
      upstreamSockets.add(socket);
      socket.on('close', () => upstreamSockets.delete(socket));
    });
    return new Promise<void>((resolve) => upstream.listen(upstreamPort, '127.0.0.1', resolve));
  };

  beforeAll(async () => {
    await startUpstream();
    upstreamPort = (upstream.address() as AddressInfo).port;
    gateway = createGateway([
      { prefix: '/rest/v1', target: { port: upstreamPort }, fastPath: true },
      {
        prefix: '/auth/v1',
        target: (req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ service: 'auth', url: req.url }));
        },
      },
    ]);
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    port = (gateway.address() as AddressInfo).port;
  });

  afterAll(async () => {
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('serves a keep-alive connection that alternates REST, auth, unknown routes and REST again', async () => {
    const client = new RawClient(port);
    client.send(get('/rest/v1/items?id=eq.1'));
    expect(json(await client.response())).toMatchObject({ method: 'GET', url: '/items?id=eq.1' });
    client.send(get('/nowhere'));
    expect(await client.response()).toMatchObject({ status: 404 });
    client.send(get('/rest/v1/items', { apikey: 'wrong' }));
    expect(json(await client.response())).toEqual({ message: 'Invalid authentication credentials' });
    client.send(get('/auth/v1/health'));
    expect(json(await client.response())).toEqual({ service: 'auth', url: '/health' });
    // Now on node:http for good, and REST still works there.
    client.send(get('/rest/v1/again'));
    expect(json(await client.response())).toMatchObject({ url: '/again' });
    expect(client.closed).toBe(false);
    client.destroy();
  });

  it('answers pipelined requests in order, across both paths', async () => {
    const client = new RawClient(port);
    client.send(get('/rest/v1/one') + get('/rest/v1/two') + get('/auth/v1/three') + get('/rest/v1/four'));
    const urls = [];
    for (let i = 0; i < 4; i += 1) urls.push(json(await client.response()).url);
    expect(urls).toEqual(['/one', '/two', '/three', '/four']);
    client.destroy();
  });

  it('forwards JSON bodies, also when they arrive in pieces, and sets X-Forwarded-*', async () => {
    const client = new RawClient(port);
    const body = JSON.stringify({ body: 'héllo' });
    const head = `PATCH /rest/v1/items?id=eq.1 HTTP/1.1\r\nhost: api.test\r\napikey: ${keys.anon}\r\ncontent-type: application/json\r\nx-forwarded-for: 10.0.0.1\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`;
    client.send(head.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 10));
    client.send(head.slice(20) + body.slice(0, 3));
    await new Promise((resolve) => setTimeout(resolve, 10));
    client.send(body.slice(3));
    const echoed = json(await client.response('PATCH'));
    expect(echoed).toMatchObject({ method: 'PATCH', url: '/items?id=eq.1', body });
    expect(echoed.headers).toMatchObject({ 'x-forwarded-for': '10.0.0.1, 127.0.0.1', 'x-forwarded-host': 'api.test', 'x-forwarded-proto': 'http' });

    client.send(`POST /rest/v1/items HTTP/1.1\r\nhost: api.test\r\napikey: ${keys.anon}\r\ncontent-length: 2\r\n\r\n{}`);
    expect(json(await client.response('POST'))).toMatchObject({ method: 'POST', body: '{}' });
    client.destroy();
  });

  it('streams a 5 MB response intact', async () => {
    const client = new RawClient(port);
    client.send(get('/rest/v1/big'));
    const response = await client.response();
    expect(response.body.length).toBe(big.length);
    expect(createHash('sha256').update(response.body).digest('hex')).toBe(createHash('sha256').update(big).digest('hex'));
    client.send(get('/rest/v1/after'));
    expect(json(await client.response())).toMatchObject({ url: '/after' });
    client.destroy();
  });

  it('answers a malformed head with 400, closes, and keeps serving others', async () => {
    const client = new RawClient(port);
    client.send('GET /rest/v1/x HTTP/1.1\r\nhost: x\r\nbad header\r\n\r\n');
    expect(await client.response()).toMatchObject({ status: 400 });
    await client.closedByServer();
    const tooLarge = new RawClient(port);
    tooLarge.send(`GET /rest/v1/x HTTP/1.1\r\nx-big: ${'a'.repeat(20_000)}`);
    expect(await tooLarge.response()).toMatchObject({ status: 431 });
    const next = new RawClient(port);
    next.send(get('/rest/v1/fine'));
    expect(await next.response()).toMatchObject({ status: 200 });
    next.destroy();
  });

  it('refuses a missing or unknown apikey as Kong does, and takes it from the query string', async () => {
    const client = new RawClient(port);
    client.send(get('/rest/v1/x', {}));
    expect(json(await client.response())).toEqual({ message: 'No API key found in request' });
    client.send(get('/rest/v1/x', { apikey: 'nope', origin: 'http://localhost:3000' }));
    const invalid = await client.response();
    expect(invalid.status).toBe(401);
    expect(invalid.headers['access-control-allow-origin']).toBe('*');
    client.send(get(`/rest/v1/x?apikey=${keys.anon}`, {}));
    expect(await client.response()).toMatchObject({ status: 200 });
    client.destroy();
  });

  it('answers CORS preflights on the fast path', async () => {
    const client = new RawClient(port);
    client.send(`OPTIONS /rest/v1/x HTTP/1.1\r\nhost: x\r\norigin: http://localhost:3000\r\naccess-control-request-method: POST\r\naccess-control-request-headers: apikey,prefer\r\n\r\n`);
    const preflight = await client.response('OPTIONS');
    expect(preflight.status).toBe(200);
    expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': '*', 'access-control-allow-headers': 'apikey,prefer' });
    client.send(get('/rest/v1/x'));
    expect(await client.response()).toMatchObject({ status: 200 });
    client.destroy();
  });

  it('answers 502 while the upstream is down, and recovers on the same connection', async () => {
    const client = new RawClient(port);
    client.send(get('/rest/v1/before'));
    expect(await client.response()).toMatchObject({ status: 200 });

    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
    client.send(get('/rest/v1/down', { apikey: keys.anon, origin: 'http://localhost:3000' }));
    const down = await client.response();
    expect(down.status).toBe(502);
    expect(json(down)).toEqual({ message: 'An invalid response was received from the upstream server' });
    expect(down.headers['access-control-allow-origin']).toBe('*');

    await startUpstream();
    client.send(get('/rest/v1/back'));
    expect(json(await client.response())).toMatchObject({ url: '/back' });
    client.destroy();
  });

  it('cuts the client off when the upstream dies mid-response, and closes the upstream when the client goes', async () => {
    const client = new RawClient(port);
    client.send(get('/rest/v1/half'));
    await client.closedByServer();

    const leaving = new RawClient(port);
    leaving.send(get('/rest/v1/big'));
    while (upstreamSockets.size === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    leaving.destroy();
    for (let i = 0; i < 100 && upstreamSockets.size > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(upstreamSockets.size).toBe(0);
  });

  // PostgREST closes a keep-alive connection after 30-60 s idle; a request written on it just
  // then was answered 502 now and then (the contact form's rate-limit tests failed that way).
  it('does not reuse an upstream connection that has been idle for UPSTREAM_IDLE_MS', async () => {
    const connections: net.Socket[] = [];
    const count = (socket: net.Socket) => connections.push(socket);
    upstream.on('connection', count);
    try {
      const client = new RawClient(port);
      client.send(get('/rest/v1/first'));
      expect(json(await client.response())).toMatchObject({ url: '/first' });
      client.send(get('/rest/v1/second'));
      expect(json(await client.response())).toMatchObject({ url: '/second' });
      expect(connections).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, UPSTREAM_IDLE_MS + 200));
      client.send(get('/rest/v1/after-a-pause'));
      expect(json(await client.response())).toMatchObject({ url: '/after-a-pause' });
      expect(connections).toHaveLength(2);
      expect(connections[0]!.destroyed || connections[0]!.readableEnded).toBe(true);
      client.destroy();
    } finally {
      upstream.off('connection', count);
    }
  }, 20_000);

  it('passes a close-delimited response through and then closes', async () => {
    const client = new RawClient(port);
    client.send(get('/rest/v1/until-close'));
    const response = await client.response();
    expect(response.body.toString()).toBe('all of it');
    await client.closedByServer();
  });

  it('serves many concurrent connections', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const client = new RawClient(port);
        client.send(get(`/rest/v1/n/${i}`));
        const response = json(await client.response());
        client.destroy();
        return response.url;
      }),
    );
    expect(results).toEqual(Array.from({ length: 200 }, (_, i) => `/n/${i}`));
  });

  it('closeAllConnections ends fast-path connections at once', async () => {
    const other = createGateway([{ prefix: '/rest/v1', target: { port: upstreamPort }, fastPath: true }]);
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const client = new RawClient((other.address() as AddressInfo).port);
    client.send(get('/rest/v1/x'));
    await client.response();
    const began = Date.now();
    const closed = once(other, 'close');
    other.close();
    other.closeAllConnections();
    await closed;
    expect(Date.now() - began).toBeLessThan(1000);
    await client.closedByServer();
  });
});

// The functions mount: a booted function listens on a Unix socket of its own, which the gateway
// tries before the runtime's port; a socket that is not there (not booted yet, or retired) leaves
// the request to the port, and one that took the request and died answers the mount's failure.
describe('fast path to a socket tried before the port', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-raw-'));
  const socketPath = path.join(dir, 'fn.sock');
  const answered: string[] = [];
  const serve = (via: string) =>
    http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      answered.push(`${via} ${req.url}`);
      if (req.url === '/dies') return req.socket.destroy();
      res.end(JSON.stringify({ via, method: req.method, url: req.url, host: req.headers.host, body: Buffer.concat(chunks).toString() }));
    });
  const byPort = serve('port');
  let bySocket = serve('socket');
  let gateway: http.Server;
  let port = 0;
  const failure = { status: 500, headers: { 'content-type': 'application/json' }, body: '{"code":"WORKER_ERROR"}' };

  beforeAll(async () => {
    await new Promise<void>((resolve) => byPort.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => bySocket.listen(socketPath, resolve));
    const upstreamPort = (byPort.address() as AddressInfo).port;
    gateway = createGateway([
      {
        prefix: '/functions/v1',
        target: () => {
          throw new Error('every request here takes the fast path');
        },
        isOpen: () => true,
        rawDecision: () => ({ port: upstreamPort, socket: socketPath, failure: { ...failure, headers: { ...failure.headers, 'content-length': String(failure.body.length) } } }),
      },
    ]);
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    port = (gateway.address() as AddressInfo).port;
  });

  afterAll(async () => {
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
    for (const server of [byPort, bySocket]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends GETs and bodies to the socket, on one keep-alive connection, with the Host kept', async () => {
    const client = new RawClient(port);
    client.send(get('/functions/v1/fn/a?b=1'));
    expect(json(await client.response())).toEqual({ via: 'socket', method: 'GET', url: '/fn/a?b=1', host: 'gateway.test', body: '' });
    client.send(`POST /functions/v1/fn HTTP/1.1\r\nhost: gateway.test\r\ncontent-length: 7\r\n\r\n{"a":1}`);
    expect(json(await client.response('POST'))).toMatchObject({ via: 'socket', method: 'POST', body: '{"a":1}' });
    client.destroy();
  });

  it('leaves the request to the port when the socket is missing or nothing listens on it, and takes the socket again once it is back', async () => {
    bySocket.closeAllConnections();
    await new Promise((resolve) => bySocket.close(resolve));
    rmSync(socketPath, { force: true });
    const client = new RawClient(port);
    client.send(get('/functions/v1/fn/missing'));
    expect(json(await client.response())).toMatchObject({ via: 'port', url: '/fn/missing' });
    client.send(`POST /functions/v1/fn HTTP/1.1\r\nhost: gateway.test\r\ncontent-length: 2\r\n\r\n{}`);
    expect(json(await client.response('POST'))).toMatchObject({ via: 'port', body: '{}' });

    writeFileSync(socketPath, 'left behind'); // a path nothing listens on: refused
    const other = new RawClient(port);
    other.send(get('/functions/v1/fn/stale'));
    expect(json(await other.response())).toMatchObject({ via: 'port', url: '/fn/stale' });
    other.destroy();

    rmSync(socketPath);
    bySocket = serve('socket');
    await new Promise<void>((resolve) => bySocket.listen(socketPath, resolve));
    const after = new RawClient(port);
    after.send(get('/functions/v1/fn/back'));
    expect(json(await after.response())).toMatchObject({ via: 'socket', url: '/fn/back' });
    after.destroy();
    client.destroy();
  });

  it('answers the failure, and sends nothing to the port, when the socket took the request and closed', async () => {
    answered.length = 0;
    const client = new RawClient(port);
    client.send(get('/functions/v1/dies'));
    const response = await client.response();
    expect(response.status).toBe(500);
    expect(json(response)).toEqual({ code: 'WORKER_ERROR' });
    expect(answered).toEqual(['socket /dies']);
    client.send(get('/functions/v1/fn/next'));
    expect(json(await client.response())).toMatchObject({ via: 'socket', url: '/fn/next' });
    client.destroy();
  });
});

describe('fast path against the running stack', () => {
  const table = `stack_test_raw_${randomUUID().slice(0, 8)}`;
  const service = { apikey: keys.serviceRole, authorization: `Bearer ${keys.serviceRole}` };
  const port = Number(new URL(urls.api).port);

  beforeAll(async () => {
    await withDatabase((client) =>
      client.query(`
        create table public.${table} (id bigint generated always as identity primary key, body text not null);
        alter table public.${table} enable row level security;
        revoke all on public.${table} from anon, authenticated;
        grant all on public.${table} to service_role;
        notify pgrst, 'reload schema';
      `),
    );
    await waitForSchemaCache(table);
  });

  afterAll(async () => {
    await withDatabase((client) => client.query(`drop table if exists public.${table}; notify pgrst, 'reload schema';`));
  });

  it('writes and reads JSON through PostgREST on one keep-alive connection, between auth and unknown routes', async () => {
    const client = new RawClient(port);
    const post = JSON.stringify({ body: 'eerste' });
    client.send(
      `POST /rest/v1/${table} HTTP/1.1\r\nhost: x\r\napikey: ${keys.serviceRole}\r\nauthorization: Bearer ${keys.serviceRole}\r\ncontent-type: application/json\r\nprefer: return=representation\r\ncontent-length: ${Buffer.byteLength(post)}\r\n\r\n${post}`,
    );
    const created = await client.response('POST');
    expect(created.status, created.body.toString()).toBe(201);
    const [row] = JSON.parse(created.body.toString()) as { id: number }[];

    client.send(get('/auth/v1/health'));
    expect(await client.response()).toMatchObject({ status: 200 });
    client.send(get('/nowhere/v1/'));
    expect(await client.response()).toMatchObject({ status: 404 });

    const patch = JSON.stringify({ body: 'gewijzigd' });
    client.send(
      `PATCH /rest/v1/${table}?id=eq.${row!.id} HTTP/1.1\r\nhost: x\r\napikey: ${keys.serviceRole}\r\nauthorization: Bearer ${keys.serviceRole}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(patch)}\r\n\r\n${patch}`,
    );
    expect(await client.response('PATCH')).toMatchObject({ status: 204 });
    client.send(get(`/rest/v1/${table}?select=body&id=eq.${row!.id}`, service));
    expect(JSON.parse((await client.response()).body.toString())).toEqual([{ body: 'gewijzigd' }]);
    client.destroy();
  });

  // supabase-js's `count: 'exact', head: true` (the contact form's rate limit): PostgREST answers
  // HEAD without Content-Length and then closes the connection. The next request on the same
  // client connection (here pipelined, so it is there at once) went to that closing upstream: 502.
  it('answers the request after a counting HEAD on the same connection', async () => {
    const client = new RawClient(port);
    const head = `HEAD /rest/v1/news_articles?select=id HTTP/1.1\r\nhost: x\r\napikey: ${keys.anon}\r\nprefer: count=exact\r\n\r\n`;
    for (let i = 0; i < 5; i++) {
      client.send(head + get('/rest/v1/news_articles?select=id&limit=1'));
      const counted = await client.response('HEAD');
      expect(counted.status).toBe(200);
      expect(counted.headers['content-range']).toMatch(/^0-\d+\/\d+$/);
      const next = await client.response();
      expect(next.status, next.body.toString()).toBe(200);
    }
    client.destroy();
  });

  it('streams a 5 MB PostgREST response', async () => {
    await withDatabase((client) => client.query(`insert into public.${table} (body) values (repeat('x', 5 * 1024 * 1024))`));
    const response = await fetch(`${urls.api}/rest/v1/${table}?select=body&order=id.desc&limit=1`, { headers: service });
    expect(response.status).toBe(200);
    const [row] = (await response.json()) as { body: string }[];
    expect(row!.body.length).toBe(5 * 1024 * 1024);
  });

  it('sends the CORS headers browsers need on REST responses', async () => {
    const response = await fetch(`${urls.api}/rest/v1/${table}?select=id`, { headers: { ...service, origin: 'http://localhost:3000', prefer: 'count=exact' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('content-range');
  });

  it('serves many concurrent connections', async () => {
    const statuses = await Promise.all(
      Array.from(
        { length: 100 },
        () =>
          new Promise<number>((resolve, reject) => {
            http
              .get(`${urls.api}/rest/v1/${table}?select=id&limit=1`, { agent: false, headers: service }, (response) => {
                response.resume();
                response.on('end', () => resolve(response.statusCode ?? 0));
              })
              .on('error', reject);
          }),
      ),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});

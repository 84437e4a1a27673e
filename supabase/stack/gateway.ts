// The API gateway on :54321, in the role Kong plays in `supabase start`: one port for every
// service, the `apikey` check, CORS, and prefix routing to in-process services or loopback
// servers. Messages and status codes are Kong's, so clients see what they see on Supabase.
// Requests for PostgREST and auth take the raw fast path of gateway-raw.ts; node:http serves the rest.
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { keys } from './config.ts';
import { jsonReply, serveRaw, UPSTREAM_IDLE_MS, writeReply, type RawDecision, type Reply } from './gateway-raw.ts';
import { forwardedHeaders, sendJson } from './http.ts';
import { log } from './log.ts';
import type { ServiceHandler } from './services.ts';

export interface Mount {
  /** e.g. '/rest/v1'; the prefix is removed before the request reaches the target. */
  prefix: string;
  /** An in-process handler, or a loopback port to proxy to. */
  target: ServiceHandler | { port: number };
  /** Paths (after the prefix) reachable without an apikey, such as links in e-mails. */
  isOpen?: (path: string) => boolean;
  upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Answers here what the target would answer badly (after the apikey check), e.g. PostgREST's 500 for invalid UTF-8. */
  screen?: (path: string, cors: Record<string, string>) => Reply | undefined;
  /**
   * Forwarded as bytes on the fast path (gateway-raw.ts) rather than through node:http: PostgREST
   * and auth. An answer before the whole request body arrived (auth's 413 for a declared size over
   * its limit) is followed there as well: the rest of the body still goes upstream, where node:http
   * reads and drops it, and the next request on the connection is answered (gateway.test.ts).
   */
  fastPath?: boolean;
  /**
   * For an in-process target: decides a request from its head alone on the fast path, answering it
   * there or forwarding it as bytes to a loopback port; undefined leaves it to the handler. Taken
   * only for requests without an Origin, as the fast path adds no CORS headers to an answer.
   */
  rawDecision?: RawServiceDecision;
}

export type RawServiceDecision = (
  method: string,
  path: string,
  headers: Record<string, string>,
) => { reply: Reply } | { port: number; /** tried first; see RawDecision */ socket?: string; /** instead of Kong's 502 */ failure?: Reply } | undefined;

const CORS_ALLOW_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT';
const CORS_DEFAULT_HEADERS = 'authorization,x-client-info,apikey,content-type,accept,accept-profile,content-profile,prefer,range,x-supabase-api-version,x-upsert,cache-control,x-region';

// Response headers a browser client must be able to read (counts, paging, GoTrue's API version).
const CORS_EXPOSE_HEADERS = 'content-range,range-unit,content-location,location,x-total-count,link,x-supabase-api-version,x-sb-error-code';

export const CORS: Record<string, string> = { 'access-control-allow-origin': '*', 'access-control-expose-headers': CORS_EXPOSE_HEADERS };

const NO_ROUTE = { message: 'no Route matched with those values' };
const BAD_GATEWAY = { message: 'An invalid response was received from the upstream server' };
const badGateway = { plain: jsonReply(502, BAD_GATEWAY), cors: jsonReply(502, BAD_GATEWAY, CORS) };

// Free sockets time out (and are closed) well before PostgREST closes them (see UPSTREAM_IDLE_MS).
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, scheduling: 'lifo', timeout: UPSTREAM_IDLE_MS });

type Headers = IncomingHttpHeaders | Record<string, string>;

/** The apikey from the header, or from the query string (WebSocket clients can't set headers). */
export function apiKeyOf(headers: Headers, url: string): string | undefined {
  const header = headers.apikey;
  if (typeof header === 'string' && header) return header;
  const query = new URL(url, 'http://gateway').searchParams.get('apikey');
  return query ?? undefined;
}

export type ApiKeyVerdict = 'ok' | 'missing' | 'invalid';

export function checkApiKey(key: string | undefined): ApiKeyVerdict {
  if (!key) return 'missing';
  return key === keys.anon || key === keys.serviceRole ? 'ok' : 'invalid';
}

const API_KEY_MESSAGES: Record<Exclude<ApiKeyVerdict, 'ok'>, string> = {
  missing: 'No API key found in request',
  invalid: 'Invalid authentication credentials',
};

export function findMount(mounts: Mount[], pathname: string) {
  for (const mount of mounts) {
    if (pathname.startsWith(mount.prefix) && (pathname.length === mount.prefix.length || pathname[mount.prefix.length] === '/')) return mount;
  }
  return undefined;
}

function stripPrefix(url: string, prefix: string) {
  const rest = url.slice(prefix.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

export type Routed = { reply: Reply } | { mount: Mount; path: string; cors: Record<string, string> };

/** Where a request goes, from its method, URL and headers alone: preflights, 404s and 401s are answered here. */
export function route(mounts: Mount[], method: string, url: string, headers: Headers): Routed {
  const origin = headers.origin;
  const cors = origin ? CORS : {};
  if (method === 'OPTIONS' && origin && headers['access-control-request-method']) {
    const reply: Reply = {
      status: 200,
      headers: {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': CORS_ALLOW_METHODS,
        'access-control-allow-headers': headers['access-control-request-headers'] ?? CORS_DEFAULT_HEADERS,
        'access-control-max-age': '3600',
        'content-length': 0,
      },
      body: '',
    };
    return { reply };
  }

  const query = url.indexOf('?');
  const mount = findMount(mounts, query === -1 ? url : url.slice(0, query));
  if (!mount) return { reply: jsonReply(404, NO_ROUTE, cors) };

  const path = stripPrefix(url, mount.prefix);
  if (!mount.isOpen?.(path.split('?')[0] ?? '/')) {
    const verdict = checkApiKey(apiKeyOf(headers, url));
    if (verdict !== 'ok') return { reply: jsonReply(401, { message: API_KEY_MESSAGES[verdict] }, cors) };
  }
  const screened = mount.screen?.(path, cors);
  if (screened) return { reply: screened };
  return { mount, path, cors };
}

/** The percent-escaped bytes of a query string that do not decode as UTF-8, e.g. '%ff'; null when all do. */
export function invalidUtf8In(query: string): string | null {
  if (!query.includes('%')) return null;
  for (const part of query.split(/[&=]/)) {
    if (!part.includes('%')) continue;
    const bytes: number[] = [];
    for (let i = 0; i < part.length; i++) {
      const hex = part[i] === '%' ? part.slice(i + 1, i + 3) : '';
      if (/^[0-9a-fA-F]{2}$/.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(part[i] ?? '', 'utf8'));
    }
    try {
      utf8.decode(Uint8Array.from(bytes));
    } catch {
      return part;
    }
  }
  return null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * PostgREST answers a query string that is not UTF-8 with a plain-text 500 ('Something went
 * wrong'); a client's bad input deserves a 400 in PostgREST's own JSON error shape.
 */
export function screenPostgrestQuery(path: string, cors: Record<string, string>): Reply | undefined {
  const query = path.indexOf('?');
  const bad = query === -1 ? null : invalidUtf8In(path.slice(query + 1));
  if (!bad) return undefined;
  return jsonReply(
    400,
    { code: 'PGRST100', details: `'${bad}' is not valid UTF-8 once percent-decoded`, hint: 'Percent-encode the query string as UTF-8.', message: 'Invalid UTF-8 in the query string' },
    cors,
  );
}

function proxy(req: IncomingMessage, res: ServerResponse, port: number, path: string, corsHeaders: http.OutgoingHttpHeaders) {
  const headers: http.OutgoingHttpHeaders = { ...req.headers, ...forwardedHeaders(req) };
  const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path, headers, agent }, (response) => {
    // Raw header pairs pass through untouched (and cheaper than rebuilding an object).
    const raw = response.rawHeaders;
    for (const [name, value] of Object.entries(corsHeaders)) if (value !== undefined && response.headers[name] === undefined) raw.push(name, String(value));
    res.writeHead(response.statusCode ?? 502, raw);
    response.pipe(res);
    // An answer before the whole request body arrived (auth's 413 for a declared size over its
    // limit, a 429 before reading): the rest of the body is read and dropped here, and that
    // upstream socket is not reused. Left piped into an upstream that stopped reading, it would
    // stall the client's connection, and the next request on it would never be answered.
    response.on('end', () => {
      if (req.complete) return;
      req.unpipe(upstream);
      upstream.destroy();
      req.resume();
    });
  });
  upstream.on('error', () => {
    if (!res.headersSent) sendJson(res, 502, BAD_GATEWAY, corsHeaders);
    else res.destroy();
  });
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  if (hasBody) req.pipe(upstream);
  else upstream.end();
}

/**
 * A WebSocket (or any HTTP upgrade) proxy to a loopback server: the request head goes upstream
 * with the mount prefix removed and X-Forwarded-* added, then bytes flow both ways untouched.
 */
export function upgradeProxy(port: number): NonNullable<Mount['upgrade']> {
  return (req, socket, head) => {
    const upstream = net.connect({ port, host: '127.0.0.1', noDelay: true });
    const headers: http.OutgoingHttpHeaders = { ...req.headers, ...forwardedHeaders(req) };
    let text = `${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1\r\n`;
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) text += `${name}: ${item}\r\n`;
    }
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      upstream.write(`${text}\r\n`, 'latin1');
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => {
      if (!connected && socket.writable) writeReply(socket, badGateway.plain, true);
      else socket.destroy();
    });
    socket.on('error', () => upstream.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
  };
}

export function createGateway(mounts: Mount[]) {
  const server = http.createServer((req, res) => {
    const routed = route(mounts, req.method ?? 'GET', req.url ?? '/', req.headers);
    if ('reply' in routed) {
      res.writeHead(routed.reply.status, routed.reply.headers);
      res.end(routed.reply.body);
      return;
    }
    const { mount, path, cors } = routed;
    if (typeof mount.target === 'function') {
      for (const [name, value] of Object.entries(cors)) res.setHeader(name, value);
      Object.assign(req.headers, forwardedHeaders(req));
      req.url = path;
      Promise.resolve()
        .then(() => (mount.target as ServiceHandler)(req, res))
        .catch((error: Error) => {
          log('gateway', `${mount.prefix} handler failed: ${error.stack ?? error.message}`);
          if (!res.headersSent) sendJson(res, 500, { code: 500, error_code: 'unexpected_failure', msg: 'Unexpected failure, please check server logs for more information' });
          else res.destroy();
        });
      return;
    }
    proxy(req, res, mount.target.port, path, cors);
  });

  // The fast path: requests for PostgREST and auth (mounts marked fastPath), forwarded as bytes (see
  // gateway-raw.ts). Their responses pass untouched: PostgREST sets Access-Control-Allow-Origin/
  // -Expose-Headers itself whenever the request has an Origin (gateway-raw.test.ts checks), and auth's
  // process adds the gateway's CORS headers itself (service-main.ts), so `cors` is not added there.
  serveRaw(server, (method, url, headers): RawDecision => {
    const routed = route(mounts, method, url, headers);
    if ('reply' in routed) return routed;
    const { mount, path, cors } = routed;
    if (mount.rawDecision) {
      const decision = cors === CORS ? undefined : mount.rawDecision(method, path, headers);
      if (!decision || 'reply' in decision) return decision;
      return { port: decision.port, socket: decision.socket, path, failure: decision.failure ?? badGateway.plain };
    }
    if (typeof mount.target === 'function' || !mount.fastPath) return undefined;
    return { port: mount.target.port, path, failure: cors === CORS ? badGateway.cors : badGateway.plain };
  });

  server.on('upgrade', (req, socket, head) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (!findMount(mounts, pathname)?.upgrade) return writeReply(socket, jsonReply(404, NO_ROUTE), true);
    const routed = route(mounts, req.method ?? 'GET', req.url ?? '/', req.headers);
    if ('reply' in routed) return writeReply(socket, routed.reply, true);
    req.url = routed.path;
    routed.mount.upgrade!(req, socket, head);
  });

  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

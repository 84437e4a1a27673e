// The web server on :3000: the three apps on one origin, so they share one Supabase session in
// localStorage. `start` serves the built dist/ folders; `dev` runs the three Vite dev servers and
// proxies to them, HMR WebSockets included. Both follow the same path rules, which production's
// static host repeats as rewrites.
import { createReadStream, existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ManagedChild } from './child.ts';
import { paths } from './config.ts';
import { forwardedHeaders } from './http.ts';
import { log } from './log.ts';

export type WebAppName = 'storefront' | 'backoffice' | 'artist-portal';

export interface WebApp {
  name: WebAppName;
  /** The app's folder under the repository root. */
  dir: string;
  /** Vite's `base`: the URL prefix of the app's own files (and of its dev server). */
  base: string;
  /** The port of its Vite dev server in `dev` mode (loopback only). */
  devPort: number;
}

export const webApps: Record<WebAppName, WebApp> = {
  storefront: { name: 'storefront', dir: 'storefront', base: '/', devPort: 5173 },
  backoffice: { name: 'backoffice', dir: 'backoffice', base: '/admin/', devPort: 5174 },
  'artist-portal': { name: 'artist-portal', dir: 'artist-portal', base: '/_portal/', devPort: 5175 },
};

/**
 * Which app answers which path; the first match wins and everything else is the storefront's.
 * A pattern ending in `*` matches every path starting with what precedes it (`/dashboard/artist*`
 * takes `/dashboard/artist/bookings` too); any other pattern matches exactly, with or without a
 * trailing slash. `/_portal/*` is the artist portal's asset base, which its pages load from.
 */
export const pathRules: readonly { pattern: string; app: WebAppName }[] = [
  { pattern: '/admin', app: 'backoffice' },
  { pattern: '/admin/*', app: 'backoffice' },
  { pattern: '/dashboard/artist*', app: 'artist-portal' },
  { pattern: '/artist-onboarding*', app: 'artist-portal' },
  { pattern: '/reviews/artist', app: 'artist-portal' },
  { pattern: '/_portal/*', app: 'artist-portal' },
];

export function appForPath(pathname: string): WebAppName {
  for (const { pattern, app } of pathRules) {
    if (pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern || pathname === `${pattern}/`) return app;
  }
  return 'storefront';
}

export interface WebOptions {
  mode: 'start' | 'dev';
  /** 0 picks a free port; the bound one is returned. */
  port: number;
  host?: string;
  /** The repository root holding the app folders (tests point it at temporary ones). */
  root?: string;
  /** Where `start` serves each app's `<dir>/dist` from, if not from `root` (a benchmark serves a build of its own). */
  distRoot?: string;
  /** Added to each Vite dev server's port in `dev` mode (env PODIUM_DEV_PORT_OFFSET), so two stacks can run side by side. */
  devPortOffset?: number;
  /** The edge functions' base URL (…/functions/v1): /sitemap.xml and /robots.txt are answered by them. */
  functionsUrl?: string;
}

/**
 * Paths answered by an edge function instead of an app: crawlers ask the site itself for these,
 * and their content comes from the database. Production's static host rewrites the same paths.
 */
export const functionPaths: Record<string, string> = { '/sitemap.xml': 'sitemap', '/robots.txt': 'robots' };

export interface WebServer {
  port: number;
  /** The Vite dev servers in `dev` mode, for the supervisor's status. */
  children: Record<string, ManagedChild>;
  close(): Promise<void>;
}

export async function startWeb({
  mode,
  port,
  host = '127.0.0.1',
  root = paths.root,
  distRoot = root,
  devPortOffset = Number(process.env.PODIUM_DEV_PORT_OFFSET ?? 0),
  functionsUrl,
}: WebOptions): Promise<WebServer> {
  const children: Record<string, ManagedChild> = {};
  let handler: (req: IncomingMessage, res: ServerResponse) => void;
  let upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

  if (mode === 'dev') {
    const portOf = (app: WebApp) => app.devPort + devPortOffset;
    await startDevServers(root, children, portOf);
    handler = (req, res) => proxyToDevServer(req, res, portOf);
    upgrade = (req, socket, head) => proxyUpgrade(req, socket, head, portOf);
  } else {
    const site = new StaticSite(distRoot);
    for (const app of Object.values(webApps)) {
      if (!site.isBuilt(app)) log('web', `${app.dir}/dist is missing; \`npm start\` builds it to serve ${app.name}`);
    }
    handler = (req, res) => void site.handle(req, res).catch((error: Error) => fail(res, error));
    upgrade = (_req, socket) => socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    site.warm();
  }

  const appHandler = handler;
  if (functionsUrl) {
    handler = (req, res) => {
      const name = functionPaths[(req.url ?? '/').split('?')[0] ?? '/'];
      if (name) return void proxyToFunction(req, res, `${functionsUrl}/${name}`).catch((error: Error) => fail(res, error));
      appHandler(req, res);
    };
  }
  const server = http.createServer(handler);
  // Upgraded sockets (HMR) leave the server's bookkeeping; close() ends them itself.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    upgrade(req, socket, head);
  });
  server.on('clientError', (_error, socket) => socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n'));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await Promise.all(Object.values(children).map((child) => child.stop()));
    throw error;
  }
  const boundPort = (server.address() as AddressInfo).port;
  log('web', `${mode === 'dev' ? 'proxying to the Vite dev servers' : 'serving the built apps'} on http://${host}:${boundPort}`);

  return {
    port: boundPort,
    children,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
      });
      await Promise.all(Object.values(children).map((child) => child.stop()));
    },
  };
}

function fail(res: ServerResponse, error: Error) {
  log('web', `request failed: ${error.stack ?? error.message}`);
  if (res.headersSent) res.destroy();
  else sendText(res, 500, 'Internal Server Error');
}

async function proxyToFunction(req: IncomingMessage, res: ServerResponse, target: string) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method Not Allowed', { allow: 'GET, HEAD' });
  const upstream = await fetch(target, { method: req.method, headers: forwardedHeaders(req), signal: AbortSignal.timeout(15_000) });
  const body = Buffer.from(await upstream.arrayBuffer());
  const headers: http.OutgoingHttpHeaders = { 'content-length': body.length };
  for (const name of ['content-type', 'cache-control', 'retry-after']) {
    const value = upstream.headers.get(name);
    if (value) headers[name] = value;
  }
  res.writeHead(upstream.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendText(res: ServerResponse, status: number, body: string, headers: http.OutgoingHttpHeaders = {}) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

// ---------------------------------------------------------------------------------------------
// start: the built apps

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

const compressible = /^(text\/|application\/(json|manifest\+json|xml|wasm)|image\/svg\+xml|font\/(ttf|otf))/;
/** Below this, compressing costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip';

/** The preferred encoding the client accepts (brotli over gzip), honouring `q=0`. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name, q ? Number.parseFloat(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*');
  const ok = (name: Encoding) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

class StaticSite {
  /** Compressed bodies by file, encoding, size and mtime; a rebuilt file gets a new key. */
  private compressed = new Map<string, Promise<Buffer>>();
  private compressedBytes = 0;

  constructor(private readonly root: string) {}

  distOf(app: WebApp) {
    return path.join(this.root, app.dir, 'dist');
  }

  isBuilt(app: WebApp) {
    return existsSync(path.join(this.distOf(app), 'index.html'));
  }

  async handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method Not Allowed', { allow: 'GET, HEAD' });

    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      return sendText(res, 400, 'Bad Request');
    }
    // `..` in any spelling (encoded, backslashed) and NUL bytes never reach the file system.
    if (!pathname.startsWith('/') || pathname.includes('\0') || pathname.split(/[\\/]/).includes('..')) {
      return sendText(res, 400, 'Bad Request');
    }

    const app = webApps[appForPath(pathname)];
    const dist = this.distOf(app);
    if (!this.isBuilt(app)) return sendNotBuilt(res, app);

    if (pathname.startsWith(app.base)) {
      const file = path.resolve(dist, `.${pathname.slice(app.base.length - 1)}`);
      if (file !== dist && !file.startsWith(dist + path.sep)) return sendText(res, 400, 'Bad Request');
      const stats = await stat(file).catch(() => undefined);
      if (stats?.isFile()) return this.sendFile(req, res, file, stats, pathname.startsWith(`${app.base}assets/`));
    }

    if (isAssetRequest(req, app, pathname)) return sendText(res, 404, 'Not Found');
    // A page the build prerendered (storefront/scripts/prerender.ts) has its own HTML.
    const page = await this.prerendered(app, pathname);
    if (page) return this.sendFile(req, res, page.file, page.stats, false);
    // Any other path is a page of the app's router: the empty shell (spa.html once index.html is
    // the prerendered home page, else index.html).
    for (const name of ['spa.html', 'index.html']) {
      const shell = path.join(dist, name);
      const stats = await stat(shell).catch(() => undefined);
      if (stats?.isFile()) return this.sendFile(req, res, shell, stats, false);
    }
    return sendNotBuilt(res, app);
  }

  /** dist/<path>/index.html for a page path (with or without a trailing slash), if the build wrote one. */
  private async prerendered(app: WebApp, pathname: string) {
    if (!pathname.startsWith(app.base)) return undefined;
    const dist = this.distOf(app);
    const relative = pathname.slice(app.base.length).replace(/\/+$/, '');
    const file = path.resolve(dist, relative, 'index.html');
    if (!file.startsWith(dist + path.sep)) return undefined;
    const stats = await stat(file).catch(() => undefined);
    return stats?.isFile() ? { file, stats } : undefined;
  }

  private async sendFile(req: IncomingMessage, res: ServerResponse, file: string, stats: { size: number; mtimeMs: number }, hashed: boolean) {
    const type = contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const canCompress = compressible.test(type) && stats.size >= MIN_COMPRESS_BYTES;
    const encoding = canCompress ? pickEncoding(req.headers['accept-encoding']) : undefined;
    const version = `${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}`;
    const etag = `W/"${version}${encoding ? `-${encoding}` : ''}"`;
    const headers: http.OutgoingHttpHeaders = {
      'content-type': type,
      // Hashed file names change with their content; everything else revalidates (index.html above all).
      'cache-control': hashed ? IMMUTABLE : 'no-cache',
      etag,
      'x-content-type-options': 'nosniff',
    };
    if (canCompress) headers.vary = 'Accept-Encoding';

    if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
      res.writeHead(304, headers);
      return res.end();
    }

    if (encoding) {
      const body = await this.compress(file, version, encoding, hashed);
      res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    res.writeHead(200, { ...headers, 'content-length': stats.size });
    if (req.method === 'HEAD') return res.end();
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  private compress(file: string, version: string, encoding: Encoding, hashed: boolean) {
    const key = `${file}\0${version}\0${encoding}`;
    let body = this.compressed.get(key);
    if (!body) {
      // Hashed assets are compressed once and cached by browsers for a year: worth brotli's best.
      const quality = hashed ? 11 : 5;
      body = readFile(file).then((raw) =>
        encoding === 'br' ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : gzip(raw, { level: 9 }),
      );
      // Rebuilds leave old entries behind; start over rather than grow without bound.
      if (this.compressedBytes > 64 * 1024 * 1024) {
        this.compressed.clear();
        this.compressedBytes = 0;
      }
      this.compressed.set(key, body);
      body.then(
        (buffer) => (this.compressedBytes += buffer.length),
        () => this.compressed.delete(key),
      );
    }
    return body;
  }

  /** Compresses every built asset in the background, so the first visitor does not wait for brotli. */
  warm() {
    const work = async () => {
      for (const app of Object.values(webApps)) {
        const assets = path.join(this.distOf(app), 'assets');
        const names = await readdir(assets).catch(() => [] as string[]);
        for (const name of names) {
          const file = path.join(assets, name);
          const type = contentTypes[path.extname(name).toLowerCase()] ?? '';
          const stats = await stat(file).catch(() => undefined);
          if (!stats?.isFile() || !compressible.test(type) || stats.size < MIN_COMPRESS_BYTES) continue;
          const version = `${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}`;
          await Promise.all([this.compress(file, version, 'br', true), this.compress(file, version, 'gzip', true)]);
        }
      }
    };
    work().catch((error: Error) => log('web', `pre-compressing failed: ${error.message}`));
  }
}

/**
 * A missing file that is clearly not a page gets a 404 instead of the app's HTML: anything in
 * the hashed assets folder, and a name with an extension unless a browser navigates to it.
 */
function isAssetRequest(req: IncomingMessage, app: WebApp, pathname: string) {
  if (pathname.startsWith(`${app.base}assets/`)) return true;
  const extension = path.posix.extname(pathname);
  return extension !== '' && extension !== '.html' && !req.headers.accept?.includes('text/html');
}

function sendNotBuilt(res: ServerResponse, app: WebApp) {
  const body = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${app.name} is not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>${app.name} is not built yet</h1>
<p>The web server serves the built apps, and <code>${app.dir}/dist</code> does not exist.</p>
<p>Build the apps in the repository root (the running stack stays up), then reload this page:</p>
<pre style="background: #f1f5f9; padding: 1rem">npm start</pre>
<p>Or develop with hot reload instead: <code>npm run dev</code>.</p>
</body>
</html>
`;
  res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
  res.end(body);
}

// ---------------------------------------------------------------------------------------------
// dev: the Vite dev servers behind one port

type DevPorts = (app: WebApp) => number;

async function startDevServers(root: string, children: Record<string, ManagedChild>, portOf: DevPorts) {
  for (const app of Object.values(webApps)) {
    const cwd = path.join(root, app.dir);
    const require = createRequire(path.join(cwd, 'package.json'));
    const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
    children[app.name] = new ManagedChild({
      name: app.name,
      command: process.execPath,
      args: [viteBin, '--host', '127.0.0.1', '--port', String(portOf(app)), '--strictPort', '--clearScreen', 'false'],
      options: { cwd, env: { ...process.env, NO_COLOR: '1' } },
      // Any answer means the server is up (its root may redirect to the base).
      healthy: () => fetch(`http://127.0.0.1:${portOf(app)}${app.base}`, { redirect: 'manual', signal: AbortSignal.timeout(2000) }).then(() => true),
      startTimeoutMs: 60_000,
    });
  }
  try {
    await Promise.all(Object.values(children).map((child) => child.start()));
  } catch (error) {
    await Promise.all(Object.values(children).map((child) => child.stop()));
    throw error;
  }
}

/**
 * The URL as the app's dev server expects it: Vite answers only below its base, so the portal's
 * pages (/dashboard/artist → /_portal/dashboard/artist) and /admin (→ /admin/) move under it.
 * Vite then serves index.html for them as it would for any SPA route.
 */
export function devServerUrl(app: WebApp, url: string) {
  const pathname = url.split('?')[0] ?? '/';
  if (pathname.startsWith(app.base)) return url;
  const baseWithoutSlash = app.base.slice(0, -1);
  if (pathname === baseWithoutSlash) return app.base + url.slice(pathname.length);
  return baseWithoutSlash + url;
}

function devTarget(req: IncomingMessage) {
  const url = req.url ?? '/';
  const app = webApps[appForPath(url.split('?')[0] ?? '/')];
  return { app, path: devServerUrl(app, url) };
}

function proxyToDevServer(req: IncomingMessage, res: ServerResponse, portOf: DevPorts) {
  const { app, path: targetPath } = devTarget(req);
  const upstream = http.request({ host: '127.0.0.1', port: portOf(app), method: req.method, path: targetPath, headers: { ...req.headers, ...forwardedHeaders(req) } }, (response) => {
    res.writeHead(response.statusCode ?? 502, response.headers);
    response.pipe(res);
  });
  upstream.on('error', () => {
    if (res.headersSent) return res.destroy();
    sendText(res, 502, `The ${app.name} dev server (port ${portOf(app)}) is not answering; it restarts on its own if it crashed.`);
  });
  req.pipe(upstream);
}

/** HMR: the Vite client opens its WebSocket on this origin, at its app's base. */
function proxyUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, portOf: DevPorts) {
  const { app, path: targetPath } = devTarget(req);
  socket.on('error', () => socket.destroy());
  const upstream = http.request({ host: '127.0.0.1', port: portOf(app), method: req.method, path: targetPath, headers: { ...req.headers, ...forwardedHeaders(req) } });
  upstream.on('upgrade', (response, upstreamSocket, upstreamHead) => {
    const lines = ['HTTP/1.1 101 Switching Protocols'];
    for (let i = 0; i < response.rawHeaders.length; i += 2) lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (upstreamHead.length) socket.write(upstreamHead);
    if (head.length) upstreamSocket.write(head);
    upstreamSocket.on('error', () => socket.destroy());
    socket.on('close', () => upstreamSocket.destroy());
    upstreamSocket.on('close', () => socket.destroy());
    upstreamSocket.pipe(socket).pipe(upstreamSocket);
  });
  // The dev server declined the upgrade: pass its answer on and hang up.
  upstream.on('response', (response) => {
    socket.end(`HTTP/1.1 ${response.statusCode ?? 502} ${response.statusMessage ?? ''}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    response.resume();
  });
  upstream.on('error', () => socket.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n'));
  upstream.end();
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForPath, devServerUrl, pickEncoding, startWeb, webApps, type WebServer } from './web.ts';

describe('appForPath', () => {
  it.each([
    ['/', 'storefront'],
    ['/artists', 'storefront'],
    ['/artists/the-dutch-beatles', 'storefront'],
    ['/admin', 'backoffice'],
    ['/admin/', 'backoffice'],
    ['/admin/login', 'backoffice'],
    ['/admin/approvals', 'backoffice'],
    ['/admin/assets/index-abc.js', 'backoffice'],
    ['/administratie', 'storefront'],
    ['/dashboard/artist', 'artist-portal'],
    ['/dashboard/artist/', 'artist-portal'],
    ['/dashboard/artist/bookings', 'artist-portal'],
    ['/dashboard', 'storefront'],
    ['/referral-bands/dashboard', 'storefront'],
    ['/artist-onboarding', 'artist-portal'],
    ['/artist-onboarding/stap-2', 'artist-portal'],
    ['/reviews/artist', 'artist-portal'],
    ['/reviews/artist/', 'artist-portal'],
    ['/reviews/booking/42', 'storefront'],
    ['/review/artist/the-dutch-beatles', 'storefront'],
    ['/_portal/assets/index-abc.js', 'artist-portal'],
    ['/_portal/favicon.svg', 'artist-portal'],
    ['/assets/index-abc.js', 'storefront'],
    ['/auth/callback', 'storefront'],
  ])('%s → %s', (pathname, app) => {
    expect(appForPath(pathname)).toBe(app);
  });
});

describe('devServerUrl', () => {
  it.each([
    ['storefront', '/artists?q=dj', '/artists?q=dj'],
    ['backoffice', '/admin', '/admin/'],
    ['backoffice', '/admin?x=1', '/admin/?x=1'],
    ['backoffice', '/admin/approvals', '/admin/approvals'],
    ['artist-portal', '/dashboard/artist', '/_portal/dashboard/artist'],
    ['artist-portal', '/reviews/artist?page=2', '/_portal/reviews/artist?page=2'],
    ['artist-portal', '/_portal/src/main.tsx', '/_portal/src/main.tsx'],
  ] as const)('%s: %s → %s', (app, url, expected) => {
    expect(devServerUrl(webApps[app], url)).toBe(expected);
  });
});

describe('pickEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['identity', undefined],
  ])('%s → %s', (header, encoding) => {
    expect(pickEncoding(header)).toBe(encoding);
  });
});

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request: fetch would normalise `..` away before the server could refuse it. */
function request(port: number, rawPath: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET') {
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('startWeb in start mode', () => {
  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
  const bundle = `console.log(${JSON.stringify('Podium '.repeat(500))});\n`;
  let root: string;
  let web: WebServer;
  let get: (rawPath: string, headers?: http.OutgoingHttpHeaders) => Promise<Reply>;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'podium-web-'));
    const write = (file: string, content: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), content);
    };
    write('secret.txt', 'TOP SECRET');
    write('storefront/secret.txt', 'TOP SECRET');
    write('storefront/dist/index.html', '<!doctype html><title>storefront</title>');
    write('storefront/dist/assets/index-Ab12Cd34.js', bundle);
    write('storefront/dist/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    write('backoffice/dist/index.html', '<!doctype html><title>backoffice</title>');
    write('backoffice/dist/assets/index-Ef56Gh78.css', 'body{margin:0}');
    write('artist-portal/dist/index.html', '<!doctype html><title>artist-portal</title>');
    write('artist-portal/dist/assets/index-Ij90Kl12.js', 'export {};');
    web = await startWeb({ mode: 'start', port: 0, root });
    get = (rawPath, headers = {}) => request(web.port, rawPath, headers);
  });

  afterAll(async () => {
    await web?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['/', 'storefront'],
    ['/artists/the-dutch-beatles', 'storefront'],
    ['/news/', 'storefront'],
    ['/admin', 'backoffice'],
    ['/admin/', 'backoffice'],
    ['/admin/approvals', 'backoffice'],
    ['/dashboard/artist', 'artist-portal'],
    ['/artist-onboarding/stap-2?ref=x', 'artist-portal'],
    ['/reviews/artist', 'artist-portal'],
    ['/robots.txt', 'storefront'],
  ])('serves %s with the index.html of %s', async (rawPath, app) => {
    const reply = await get(rawPath, html);
    expect(reply.status).toBe(200);
    expect(reply.body.toString()).toContain(`<title>${app}</title>`);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-cache');
  });

  it('serves a prerendered page its own HTML, uncached, and other paths the SPA shell', async () => {
    const pages = mkdtempSync(path.join(tmpdir(), 'podium-web-prerendered-'));
    const write = (file: string, content: string) => {
      mkdirSync(path.dirname(path.join(pages, file)), { recursive: true });
      writeFileSync(path.join(pages, file), content);
    };
    write('storefront/dist/index.html', '<!doctype html><title>home</title>');
    write('storefront/dist/spa.html', '<!doctype html><title>shell</title>');
    write('storefront/dist/over-ons/index.html', '<!doctype html><title>over ons</title>');
    write('storefront/dist/artists/the-dutch-beatles/index.html', '<!doctype html><title>beatles</title>');
    const site = await startWeb({ mode: 'start', port: 0, root: pages });
    try {
      const title = async (rawPath: string) => {
        const reply = await request(site.port, rawPath, html);
        expect(reply.status).toBe(200);
        expect(reply.headers['cache-control']).toBe('no-cache');
        return /<title>(.*)<\/title>/.exec(reply.body.toString())?.[1];
      };
      expect(await title('/')).toBe('home');
      expect(await title('/over-ons')).toBe('over ons');
      expect(await title('/over-ons/?utm_source=x')).toBe('over ons');
      expect(await title('/artists/the-dutch-beatles')).toBe('beatles');
      expect(await title('/artists/someone-else')).toBe('shell');
      expect(await title('/profile')).toBe('shell');
    } finally {
      await site.close();
      rmSync(pages, { recursive: true, force: true });
    }
  });

  it('serves the builds under distRoot when given one, not the checkout’s (a benchmark’s own build)', async () => {
    const builds = mkdtempSync(path.join(tmpdir(), 'podium-web-dist-root-'));
    mkdirSync(path.join(builds, 'storefront', 'dist'), { recursive: true });
    writeFileSync(path.join(builds, 'storefront', 'dist', 'index.html'), '<!doctype html><title>bench build</title>');
    const site = await startWeb({ mode: 'start', port: 0, root, distRoot: builds });
    try {
      expect((await request(site.port, '/', html)).body.toString()).toContain('<title>bench build</title>');
    } finally {
      await site.close();
      rmSync(builds, { recursive: true, force: true });
    }
  });

  it('serves each app its own files, hashed ones for a year', async () => {
    const script = await get('/assets/index-Ab12Cd34.js');
    expect(script).toMatchObject({ status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' } });
    expect(script.body.toString()).toBe(bundle);

    const css = await get('/admin/assets/index-Ef56Gh78.css');
    expect(css).toMatchObject({ status: 200, headers: { 'content-type': 'text/css; charset=utf-8' } });
    expect(css.body.toString()).toBe('body{margin:0}');

    const portal = await get('/_portal/assets/index-Ij90Kl12.js');
    expect(portal.body.toString()).toBe('export {};');

    const icon = await get('/favicon.svg');
    expect(icon).toMatchObject({ status: 200, headers: { 'content-type': 'image/svg+xml', 'cache-control': 'no-cache' } });
  });

  it.each(['/assets/index-missing.js', '/admin/assets/missing.css', '/_portal/assets/gone.js', '/missing.png', '/dashboard/artist/app.js'])('answers 404 for the missing asset %s', async (rawPath) => {
    const reply = await get(rawPath, { accept: '*/*' });
    expect(reply.status).toBe(404);
    expect(reply.body.toString()).not.toContain('<title>');
  });

  it('keeps 404 for a missing hashed asset even when a browser asks for HTML', async () => {
    expect((await get('/assets/index-missing.js', html)).status).toBe(404);
  });

  it.each(['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2f..%2fsecret.txt', '/admin/..%5c..%5csecret.txt', '/secret.txt%00.js', '/%E0%A4%A'])('refuses %s', async (rawPath) => {
    const reply = await get(rawPath, html);
    expect(reply.status).toBe(400);
    expect(reply.body.toString()).not.toContain('TOP SECRET');
  });

  it.each([
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ] as const)('compresses with %s when accepted', async (encoding, decompress) => {
    const reply = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': `${encoding}, deflate` });
    expect(reply.headers['content-encoding']).toBe(encoding);
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.body.length).toBeLessThan(bundle.length / 5);
    expect(decompress(reply.body).toString()).toBe(bundle);
    // The second answer comes from the cache and is the same.
    expect((await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': encoding })).body.equals(reply.body)).toBe(true);
  });

  it('leaves tiny files uncompressed', async () => {
    const reply = await get('/admin/assets/index-Ef56Gh78.css', { 'accept-encoding': 'br, gzip' });
    expect(reply.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await request(web.port, '/assets/index-Ab12Cd34.js', {}, 'HEAD');
    expect(head).toMatchObject({ status: 200, headers: { 'content-length': String(Buffer.byteLength(bundle)) } });
    expect(head.body.length).toBe(0);
    const post = await request(web.port, '/', {}, 'POST');
    expect(post).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' } });
  });

  it('says to run the build when an app has no dist folder', async () => {
    rmSync(path.join(root, 'artist-portal', 'dist'), { recursive: true });
    const reply = await get('/dashboard/artist', html);
    expect(reply.status).toBe(503);
    expect(reply.body.toString()).toContain('<pre style="background: #f1f5f9; padding: 1rem">npm start</pre>');
    expect((await get('/', html)).status).toBe(200);
  });
});

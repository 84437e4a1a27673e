// The Storage service: a storage-api-compatible server mounted by the gateway at /storage/v1.
// Buckets and objects live in storage.buckets/storage.objects under the project's RLS policies;
// object bytes under .data/storage (files.ts), image renditions beside them (render.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type pg from 'pg';
import { keys as stackKeys, paths } from '../config.ts';
import { sendJson } from '../http.ts';
import { log } from '../log.ts';
import type { MountedService } from '../services.ts';
import * as buckets from './buckets.ts';
import { Keys } from './caller.ts';
import type { StorageContext } from './context.ts';
import { ERRORS, StorageError } from './errors.ts';
import { ObjectFiles } from './files.ts';
import * as objects from './objects.ts';
import { RenderCache, renderAuthenticated, renderPublic, renderSigned } from './render.ts';
import { drain } from './request.ts';

export interface StorageServiceOptions {
  /** Where files and renditions go; `.data/storage` by default. */
  dataDir?: string;
  jwtSecret?: string;
}

/** Paths (after /storage/v1) that answer without an apikey, as on hosted Supabase: public and signed URLs. */
export function isOpenStoragePath(pathname: string): boolean {
  return /^\/(object\/(public|sign|upload\/sign)|render\/image\/(public|sign))\//.test(pathname);
}

type Params = { bucket: string; key: string; query: URLSearchParams };
type Handler = (ctx: StorageContext, req: IncomingMessage, res: ServerResponse, params: Params) => Promise<void>;

interface Route {
  method: string;
  /** Literal segments, `:bucket` for the bucket id, and a final `*` for the object key (the rest of the path). */
  parts: string[];
  handler: Handler;
}

const routes: Route[] = [];
function on(method: string, pattern: string, handler: Handler) {
  const parts = pattern.split('/').filter(Boolean);
  for (const verb of method.split('|')) routes.push({ method: verb, parts, handler });
}

on('GET', '/status', async (_ctx, _req, res) => sendJson(res, 200, { status: 'ok' }));

on('GET', '/bucket', (ctx, req, res, { query }) => buckets.listBuckets(ctx, req, res, query));
on('POST', '/bucket', (ctx, req, res) => buckets.createBucket(ctx, req, res));
on('POST', '/bucket/:bucket/empty', (ctx, req, res, { bucket }) => buckets.emptyBucket(ctx, req, res, bucket));
on('GET', '/bucket/:bucket', (ctx, req, res, { bucket }) => buckets.getBucket(ctx, req, res, bucket));
on('PUT', '/bucket/:bucket', (ctx, req, res, { bucket }) => buckets.updateBucket(ctx, req, res, bucket));
on('DELETE', '/bucket/:bucket', (ctx, req, res, { bucket }) => buckets.deleteBucket(ctx, req, res, bucket));

on('POST', '/object/move', (ctx, req, res) => objects.move(ctx, req, res));
on('POST', '/object/copy', (ctx, req, res) => objects.copy(ctx, req, res));
on('POST', '/object/list/:bucket', (ctx, req, res, { bucket }) => objects.list(ctx, req, res, bucket));
on('POST', '/object/sign/:bucket/*', (ctx, req, res, { bucket, key }) => objects.signUrl(ctx, req, res, bucket, key));
on('POST', '/object/sign/:bucket', (ctx, req, res, { bucket }) => objects.signUrls(ctx, req, res, bucket));
on('GET|HEAD', '/object/sign/:bucket/*', (ctx, req, res, { bucket, key, query }) => objects.downloadSigned(ctx, req, res, bucket, key, query));
on('POST', '/object/upload/sign/:bucket/*', (ctx, req, res, { bucket, key }) => objects.signUploadUrl(ctx, req, res, bucket, key));
on('PUT', '/object/upload/sign/:bucket/*', (ctx, req, res, { bucket, key, query }) => objects.uploadSigned(ctx, req, res, bucket, key, query));
on('GET|HEAD', '/object/public/:bucket/*', (ctx, req, res, { bucket, key }) => objects.downloadPublic(ctx, req, res, bucket, key));
on('GET|HEAD', '/object/authenticated/:bucket/*', (ctx, req, res, { bucket, key }) => objects.download(ctx, req, res, bucket, key, false));
on('GET', '/object/info/public/:bucket/*', (ctx, req, res, { bucket, key }) => objects.info(ctx, req, res, bucket, key, 'public'));
on('GET', '/object/info/authenticated/:bucket/*', (ctx, req, res, { bucket, key }) => objects.info(ctx, req, res, bucket, key, 'authenticated'));
on('GET', '/object/info/:bucket/*', (ctx, req, res, { bucket, key }) => objects.info(ctx, req, res, bucket, key, 'any'));
on('GET|HEAD', '/object/:bucket/*', (ctx, req, res, { bucket, key }) => objects.download(ctx, req, res, bucket, key, true));
on('POST|PUT', '/object/:bucket/*', (ctx, req, res, { bucket, key }) => objects.upload(ctx, req, res, bucket, key));
on('DELETE', '/object/:bucket/*', (ctx, req, res, { bucket, key }) => objects.removeOne(ctx, req, res, bucket, key));
on('DELETE', '/object/:bucket', (ctx, req, res, { bucket }) => objects.remove(ctx, req, res, bucket));

on('GET|HEAD', '/render/image/public/:bucket/*', (ctx, req, res, { bucket, key, query }) => renderPublic(ctx, req, res, bucket, key, query));
on('GET|HEAD', '/render/image/authenticated/:bucket/*', (ctx, req, res, { bucket, key, query }) => renderAuthenticated(ctx, req, res, bucket, key, query));
on('GET|HEAD', '/render/image/sign/:bucket/*', (ctx, req, res, { bucket, key, query }) => renderSigned(ctx, req, res, bucket, key, query));

/** The route for a method and path, with the bucket and key taken from the path (percent-decoded). */
function match(method: string, pathname: string): { route: Route; params: Omit<Params, 'query'> } | undefined {
  const segments = pathname.split('/').slice(1);
  for (const route of routes) {
    if (route.method !== method) continue;
    const params = capture(route.parts, segments);
    if (params) return { route, params };
  }
  return undefined;
}

function capture(parts: string[], segments: string[]): Omit<Params, 'query'> | undefined {
  const hasKey = parts.at(-1) === '*';
  const fixed = hasKey ? parts.length - 1 : parts.length;
  if (hasKey ? segments.length < parts.length : segments.length !== parts.length) return undefined;
  let bucket = '';
  for (let index = 0; index < fixed; index++) {
    const part = parts[index]!;
    const segment = segments[index]!;
    if (part === ':bucket') {
      if (!segment) return undefined;
      bucket = decode(segment, segment);
    } else if (part !== segment) return undefined;
  }
  const rest = segments.slice(fixed);
  const key = hasKey ? decode(rest.join('/'), rest.join('/')) : '';
  return { bucket, key };
}

function decode(value: string, raw: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw ERRORS.invalidKey(raw);
  }
}

export function createStorageService(stack: { pool: pg.Pool }, options: StorageServiceOptions = {}): MountedService {
  const root = options.dataDir ?? path.join(paths.data, 'storage');
  const ctx: StorageContext = {
    pool: stack.pool,
    keys: new Keys(options.jwtSecret ?? stackKeys.jwtSecret),
    files: new ObjectFiles(root),
    renders: new RenderCache(path.join(root, 'renders')),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // The path as sent: WHATWG URL parsing would resolve `..` segments before the key is checked.
    const [pathname = '/', search = ''] = (req.url ?? '/').split(/\?(.*)/s);
    const method = req.method ?? 'GET';
    try {
      const found = match(method, pathname);
      if (!found) throw ERRORS.notFound(method, pathname);
      await found.route.handler(ctx, req, res, { ...found.params, query: new URLSearchParams(search) });
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      drain(req);
      if (error instanceof StorageError) {
        sendJson(res, error.status, error.body());
        return;
      }
      log('storage', `${method} ${pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      sendJson(res, 500, { statusCode: '500', code: 'InternalError', error: 'Internal', message: 'Internal Server Error' });
    }
  }

  return { handle, close: async () => undefined };
}

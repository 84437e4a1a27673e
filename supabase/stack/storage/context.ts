// What every storage route works with, and the shared steps: finding buckets and objects as the
// caller or as the storage admin, and sending an object's bytes with storage-api's headers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FileHandle } from 'node:fs/promises';
import type pg from 'pg';
import { inScope, type Caller, type Keys } from './caller.ts';
import { ERRORS } from './errors.ts';
import type { ObjectFiles } from './files.ts';
import type { RenderCache } from './render.ts';

export interface StorageContext {
  pool: pg.Pool;
  keys: Keys;
  files: ObjectFiles;
  renders: RenderCache;
}

export interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  type: string;
  created_at: string;
  updated_at: string;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface StoredObject {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string;
  metadata: ObjectMetadata;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

export const BUCKET_COLUMNS = 'id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type, created_at, updated_at';

export type Scope = { method: string; path: string };

export const scopeOf = (req: IncomingMessage): Scope => ({ method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0] ?? '/' });

/** The bucket as the storage admin sees it (storage-api's `asSuperUser().findBucket`), or undefined. */
export async function findBucketAsAdmin(ctx: StorageContext, id: string): Promise<Bucket | undefined> {
  const { rows } = await ctx.pool.query<Bucket>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  return rows[0] ? normaliseBucket(rows[0]) : undefined;
}

export function normaliseBucket(bucket: Bucket): Bucket {
  return { ...bucket, file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit) };
}

/** The object as `caller` may read it (RLS), or as the admin with `null`; NoSuchKey otherwise. */
export async function findObject(ctx: StorageContext, caller: Caller | null, scope: Scope, bucketId: string, name: string): Promise<StoredObject> {
  const rows = await inScope(ctx.pool, caller, scope, async (client) => {
    const result = await client.query<StoredObject>(
      'select id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, name],
    );
    return result.rows;
  });
  if (!rows[0]) throw ERRORS.noSuchKey();
  return rows[0];
}

export interface SendOptions {
  download?: string | null;
  /** Signed URLs answer with Expires (the token's expiry) instead of Cache-Control. */
  expires?: Date;
  head?: boolean;
}

/** storage-api's AssetRenderer: the bytes with ETag, Last-Modified, caching and download headers, ranges and 304s. */
export async function sendObject(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, found: StoredObject, options: SendOptions = {}) {
  const { object, file } = await openObjectFile(ctx, found);
  let streaming = false;
  try {
    streaming = await sendOpened(req, res, object, file, options);
  } finally {
    if (!streaming) await file.close();
  }
}

/**
 * The object's file, opened. An overwrite that committed after the object was looked up has
 * removed the version it names by now: then the row's newer version is read (as S3 answers a
 * read during an overwrite with the old bytes or the new, never 'not found').
 */
async function openObjectFile(ctx: StorageContext, object: StoredObject): Promise<{ object: StoredObject; file: FileHandle }> {
  const file = await ctx.files.open(object.version);
  if (file) return { object, file };
  const { rows } = await ctx.pool.query<Pick<StoredObject, 'version' | 'metadata' | 'updated_at'>>('select version, metadata, updated_at from storage.objects where id = $1', [object.id]);
  const newer = rows[0]?.version && rows[0].version !== object.version ? await ctx.files.open(rows[0].version) : undefined;
  if (!newer) throw ERRORS.noSuchKey();
  return { object: { ...object, ...rows[0]! }, file: newer };
}

/** Sends the opened file; true when a stream now reads it (and closes it at its end). */
async function sendOpened(req: IncomingMessage, res: ServerResponse, object: StoredObject, file: FileHandle, options: SendOptions): Promise<boolean> {
  const meta = object.metadata;
  const { size } = await file.stat();
  const headers: Record<string, string | number> = {
    'accept-ranges': 'bytes',
    'content-type': meta.mimetype || 'application/octet-stream',
    etag: meta.eTag,
    'x-robots-tag': 'none',
    'last-modified': new Date(meta.lastModified ?? object.updated_at).toUTCString(),
  };
  if (options.expires) headers.expires = options.expires.toUTCString();
  else if (meta.cacheControl) headers['cache-control'] = meta.cacheControl;
  if (options.download !== undefined && options.download !== null) {
    const encoded = encodeURIComponent(options.download);
    headers['content-disposition'] = options.download === '' ? 'attachment;' : `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
  }

  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === meta.eTag)) {
    res.writeHead(304, headers);
    res.end();
    return false;
  }

  const range = parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'content-range': `bytes */${size}`, 'content-type': 'application/json' });
    res.end(JSON.stringify({ statusCode: '416', code: 'InvalidRange', error: 'invalid_range', message: 'invalid range provided' }));
    return false;
  }
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['content-length'] = range.end - range.start + 1;
  } else {
    headers['content-length'] = size;
  }
  res.writeHead(range ? 206 : 200, headers);
  if (options.head || req.method === 'HEAD' || size === 0) {
    res.end();
    return false;
  }
  const stream = file.createReadStream({ ...(range ?? {}), autoClose: true });
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
  return true;
}

function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'unsatisfiable';
  return { start, end };
}

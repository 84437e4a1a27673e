// Image transformation as storage-api's /render/image routes offer it (imgproxy on hosted,
// sharp here): width, height, resize (cover → crop to the box, contain → fit inside it, fill →
// stretch), quality, and the format: WebP when the client accepts it, the original format with
// format=origin. Renders are cached on disk by object version and options, so a second request
// for the same rendition is read from the cache, and a new version never meets an old render.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Metadata, ResizeOptions } from 'sharp';
import { callerOf } from './caller.ts';
import { findObject, scopeOf, type StorageContext, type StoredObject } from './context.ts';
import { ERRORS } from './errors.ts';
import { publicObject, verifySignature } from './objects.ts';
import { mustBeValidBucketName } from './rules.ts';
import { clampSize, DEFAULT_QUALITY, transformationString, transformFromString, transformOf, type Transform } from './transform.ts';

// sharp (libvips) loads on the first render, not with the stack: start-up stays quick.
let sharpModule: Promise<typeof import('sharp')> | undefined;
const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default;

type OutputFormat = 'webp' | 'avif' | 'jpeg' | 'png' | 'gif' | 'tiff';

/** The output format: the requested one, WebP when the client accepts it, else the source's. */
function outputFormat(transform: Transform, accept: string | undefined, source: string | undefined): OutputFormat {
  if (transform.format === 'webp' || transform.format === 'avif') return transform.format;
  const original: OutputFormat = source === 'png' || source === 'gif' || source === 'webp' || source === 'avif' || source === 'tiff' ? source : source === 'heif' ? 'avif' : 'jpeg';
  if (transform.format === 'origin') return original;
  if (accept?.includes('image/webp')) return 'webp';
  return original;
}

const MIME: Record<OutputFormat, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  tiff: 'image/tiff',
};

interface Rendition {
  bytes: Buffer;
  format: OutputFormat;
  cached: boolean;
}

export class RenderCache {
  constructor(readonly root: string) {}

  private dirOf(version: string) {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error(`not a version id: ${version}`);
    return path.join(this.root, version);
  }

  async render(sourcePath: string, version: string, transform: Transform, accept: string | undefined): Promise<Rendition> {
    // The rendition depends on the source version, the options and whether WebP is accepted:
    // that is the cache key, so a hit is answered without opening the source.
    const acceptsWebp = !!accept?.includes('image/webp');
    const key = createHash('sha1')
      .update(JSON.stringify([transform.width, transform.height, transform.resize, transform.quality, transform.format, acceptsWebp]))
      .digest('hex');
    const file = path.join(this.dirOf(version), `${key}.img`);
    const hit = await readFile(file).catch(() => undefined);
    const hitFormat = hit && sniff(hit);
    if (hit && hitFormat) return { bytes: hit, format: hitFormat, cached: true };

    const sharp = await loadSharp();
    const image = sharp(sourcePath, { failOn: 'none' });
    let meta: Metadata;
    try {
      meta = await image.metadata();
    } catch {
      throw ERRORS.imageProcessing('The source image is invalid or unsupported for rendering');
    }
    const format = outputFormat(transform, accept, meta.format);
    let pipeline = image.rotate();
    const box = boxOf(transform, meta);
    if (box) pipeline = pipeline.resize({ ...box, withoutEnlargement: true });
    const quality = transform.quality ?? DEFAULT_QUALITY;
    pipeline = pipeline.toFormat(format, format === 'png' || format === 'gif' ? {} : { quality });
    let bytes: Buffer;
    try {
      bytes = await pipeline.toBuffer();
    } catch {
      throw ERRORS.imageProcessing('The source image is invalid or unsupported for rendering');
    }
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    return { bytes, format, cached: false };
  }

  /** Drops every rendition of a version (its object was replaced or deleted). */
  async forget(version: string) {
    await rm(this.dirOf(version), { recursive: true, force: true });
  }
}

/** The format of rendered bytes, from their signature. */
function sniff(bytes: Buffer): OutputFormat | undefined {
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
  if (bytes[0] === 0x89 && bytes.subarray(1, 4).toString('latin1') === 'PNG') return 'png';
  if (bytes.subarray(0, 3).toString('latin1') === 'GIF') return 'gif';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'avif';
  if (bytes.subarray(0, 2).toString('latin1') === 'II' || bytes.subarray(0, 2).toString('latin1') === 'MM') return 'tiff';
  return undefined;
}

/**
 * The resize for sharp. With one side given, the other follows the source's aspect ratio,
 * computed here so the result is exact (sharp's shrink-on-load can be a pixel off).
 */
function boxOf(transform: Transform, meta: Metadata): ResizeOptions | undefined {
  const width = transform.width ? clampSize(transform.width) : undefined;
  const height = transform.height ? clampSize(transform.height) : undefined;
  if (!width && !height) return undefined;
  if (width && height) {
    return { width, height, fit: transform.resize === 'contain' ? 'inside' : transform.resize === 'fill' ? 'fill' : 'cover' };
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const sourceWidth = (rotated ? meta.height : meta.width) ?? 0;
  const sourceHeight = (rotated ? meta.width : meta.height) ?? 0;
  if (!sourceWidth || !sourceHeight) return { width, height };
  if (width) return { width, height: Math.max(1, Math.round((width * sourceHeight) / sourceWidth)), fit: 'fill' };
  return { width: Math.max(1, Math.round((height! * sourceWidth) / sourceHeight)), height, fit: 'fill' };
}

async function sendRendition(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, object: StoredObject, transform: Transform, expires?: Date) {
  const rendition = await ctx.renders.render(ctx.files.pathOf(object.version), object.version, transform, req.headers.accept);
  const headers: Record<string, string | number> = {
    'content-type': MIME[rendition.format],
    'content-length': rendition.bytes.length,
    etag: object.metadata.eTag,
    'last-modified': new Date(object.metadata.lastModified ?? object.updated_at).toUTCString(),
    'x-robots-tag': 'none',
    // Tells a reader (and the tests) whether the rendition came from the on-disk cache.
    'x-render-cache': rendition.cached ? 'hit' : 'miss',
    // The accepted formats decide the output, so shared caches must key on them.
    vary: 'Accept',
  };
  const transformations = transformationString(transform);
  if (transformations) headers['x-transformations'] = transformations;
  if (expires) headers.expires = expires.toUTCString();
  else if (object.metadata.cacheControl) headers['cache-control'] = object.metadata.cacheControl;
  const download = new URL(req.url ?? '/', 'http://storage.local').searchParams.get('download');
  if (download !== null) {
    const encoded = encodeURIComponent(download);
    headers['content-disposition'] = download === '' ? 'attachment;' : `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
  }
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : rendition.bytes);
}

/** GET /render/image/public/{bucket}/{key}. */
export async function renderPublic(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, key: string, query: URLSearchParams) {
  const transform = transformOf(Object.fromEntries(query), 'querystring');
  const object = await publicObject(ctx, req, bucketId, key);
  await sendRendition(ctx, req, res, object, transform);
}

/** GET /render/image/authenticated/{bucket}/{key}: the caller must be allowed to read the object (RLS). */
export async function renderAuthenticated(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, key: string, query: URLSearchParams) {
  const caller = await callerOf(req, ctx.keys);
  mustBeValidBucketName(bucketId);
  const transform = transformOf(Object.fromEntries(query), 'querystring');
  const object = await findObject(ctx, caller, scopeOf(req), bucketId, key);
  await sendRendition(ctx, req, res, object, transform);
}

/** GET /render/image/sign/{bucket}/{key}?token=: the transformation signed into the token. */
export async function renderSigned(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, key: string, query: URLSearchParams) {
  const token = await verifySignature(ctx, query.get('token'), bucketId, key, 'download');
  const claims = token as unknown as { transformations?: string; format?: string };
  const transform = transformFromString(claims.transformations ?? '', claims.format);
  const object = await findObject(ctx, null, scopeOf(req), bucketId, key);
  await sendRendition(ctx, req, res, object, transform, new Date(token.exp * 1000));
}

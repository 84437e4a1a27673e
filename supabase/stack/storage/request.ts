// Reading request bodies the way storage-api's Fastify setup does: JSON bodies for the API
// calls, and uploads either raw (content-type and cache-control headers) or multipart/form-data
// (the first file part, with `cacheControl`, `contentType` and `metadata` fields), capped at the
// size limit without reading more than it into memory.
import type { IncomingMessage } from 'node:http';
import { ERRORS } from './errors.ts';

/** Reads at most `limit` bytes; beyond it the rest is drained and `tooLarge` is thrown. */
export async function readBody(req: IncomingMessage, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let exceeded = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (exceeded) continue;
    size += chunk.length;
    if (size > limit) {
      exceeded = true;
      chunks.length = 0;
      continue;
    }
    chunks.push(chunk);
  }
  if (exceeded) throw tooLarge();
  return Buffer.concat(chunks);
}

export function drain(req: IncomingMessage) {
  if (!req.readableEnded) req.resume();
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readBody(req, 1024 * 1024, () => ERRORS.entityTooLarge('request body'));
  if (body.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw ERRORS.validation(`Body is not valid JSON but content-type is set to 'application/json'`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw ERRORS.validation('body must be object');
  return parsed as Record<string, unknown>;
}

export interface Upload {
  bytes: Buffer;
  mimeType: string;
  cacheControl: string;
  userMetadata?: Record<string, unknown>;
}

// Multipart framing (boundaries, part headers, fields) on top of the file itself.
const MULTIPART_OVERHEAD = 64 * 1024;

/** The uploaded file of a request, refusing more than `maxFileSize` bytes. */
export async function readUpload(req: IncomingMessage, maxFileSize: number): Promise<Upload> {
  const contentType = req.headers['content-type'] ?? '';
  if (contentType.startsWith('multipart/form-data')) {
    const raw = await readBody(req, maxFileSize + MULTIPART_OVERHEAD, () => ERRORS.entityTooLarge());
    let form: FormData;
    try {
      form = await new Request('http://storage.local/', { method: 'POST', headers: { 'content-type': contentType }, body: raw }).formData();
    } catch {
      throw ERRORS.noContentProvided();
    }
    let file: File | undefined;
    for (const [, value] of form) {
      if (typeof value !== 'string') {
        file = value;
        break;
      }
    }
    if (!file) throw ERRORS.noContentProvided();
    if (file.size > maxFileSize) throw ERRORS.entityTooLarge();
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : undefined;
    };
    const cacheTime = field('cacheControl');
    const metadata = field('metadata') ?? field('userMetadata');
    return {
      bytes: Buffer.from(await file.arrayBuffer()),
      mimeType: field('contentType') || file.type || 'application/octet-stream',
      cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
      userMetadata: parseMetadata(metadata),
    };
  }
  const bytes = await readBody(req, maxFileSize, () => ERRORS.entityTooLarge());
  const metadataHeader = req.headers['x-metadata'];
  return {
    bytes,
    mimeType: contentType || 'application/octet-stream',
    cacheControl: (req.headers['cache-control'] as string | undefined) ?? 'no-cache',
    userMetadata: typeof metadataHeader === 'string' ? parseMetadata(Buffer.from(metadataHeader, 'base64').toString('utf8')) : undefined,
  };
}

function parseMetadata(json: string | undefined): Record<string, unknown> | undefined {
  if (!json) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

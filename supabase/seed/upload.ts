// Puts the seed's images into storage through the storage API, as any Supabase client would:
// the same code fills our local stack and a hosted project. Run it once after seed.sql (the
// paths in the database point at these objects):
//
//   pnpm seed:upload                       # the local stack (API and service key from the stack config)
//   SUPABASE_URL=... SUPABASE_SERVICE_ROLE_KEY=... pnpm seed:upload   # any project
//   pnpm seed:upload --force               # upload again even when the images are there
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { buckets, generateSeed } from './content.ts';
import { renderSeedMedia } from './media.ts';
import type { SeedMedia } from './model.ts';
import { seedReference } from './sql.ts';

export interface UploadOptions {
  /** The images to upload; defaults to those of seed.sql. */
  media?: readonly SeedMedia[];
  /** Upload even when the last image of the set is already stored. */
  force?: boolean;
  /** Uploads in flight at once. */
  concurrency?: number;
  /** Where rendered images are kept between runs (see renderSeedMedia). */
  cacheDir?: string;
  log?: (line: string) => void;
}

export interface UploadResult {
  uploaded: number;
  bytes: number;
  skipped: boolean;
  ms: number;
}

async function ensureBucket(client: SupabaseClient, name: string) {
  const { error } = await client.storage.getBucket(name);
  if (!error) return;
  const created = await client.storage.createBucket(name, { public: true, fileSizeLimit: 10 * 1024 * 1024, allowedMimeTypes: ['image/*'] });
  if (created.error && !/exists|duplicate/i.test(created.error.message)) throw new Error(`bucket ${name}: ${created.error.message}`);
}

async function isStored(client: SupabaseClient, media: SeedMedia) {
  const folder = path.posix.dirname(media.path);
  const file = path.posix.basename(media.path);
  const { data, error } = await client.storage.from(media.bucket).list(folder === '.' ? '' : folder, { search: file, limit: 10 });
  return !error && (data ?? []).some((entry) => entry.name === file);
}

/**
 * Renders every seed image and uploads it with the given (service-role) client: public buckets
 * `avatars`, `artist-media` and `news-covers`, user media in the owner's folder.
 */
export async function uploadSeedMedia(client: SupabaseClient, options: UploadOptions = {}): Promise<UploadResult> {
  const began = performance.now();
  const media = options.media ?? generateSeed({ now: seedReference }).media;
  const log = options.log ?? (() => {});
  for (const bucket of new Set(media.map((item) => item.bucket))) await ensureBucket(client, bucket);
  const last = media[media.length - 1];
  if (!options.force && last && (await isStored(client, last))) {
    log('seed images already in storage; nothing to do (--force uploads them again)');
    return { uploaded: 0, bytes: 0, skipped: true, ms: performance.now() - began };
  }
  let uploaded = 0;
  let bytes = 0;
  const inFlight = new Set<Promise<void>>();
  const limit = options.concurrency ?? 6;
  await renderSeedMedia(media, {
    cacheDir: options.cacheDir,
    each: async ({ media: item, data }) => {
      const upload = (async () => {
        const { error } = await client.storage.from(item.bucket).upload(item.path, data, { contentType: item.contentType, upsert: true, cacheControl: '3600' });
        if (error) throw new Error(`${item.bucket}/${item.path}: ${error.message}`);
        uploaded++;
        bytes += data.length;
      })();
      inFlight.add(upload);
      void upload.finally(() => inFlight.delete(upload)).catch(() => {});
      // Back-pressure: rendering waits while too many uploads are open.
      while (inFlight.size >= limit) await Promise.race(inFlight);
    },
  });
  await Promise.all(inFlight);
  const ms = performance.now() - began;
  log(`uploaded ${uploaded} images (${(bytes / 1e6).toFixed(1)} MB) in ${(ms / 1000).toFixed(1)} s`);
  return { uploaded, bytes, skipped: false, ms };
}

export { buckets };

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  // Started by the stack with an IPC channel: when the stack goes (even killed), so does this.
  if (process.send) process.on('disconnect', () => process.exit(0));
  const { createNodeClient } = await import('@podium/shared/supabase-node');
  const { keys, paths, urls } = await import('../stack/config.ts');
  const url = process.env.SUPABASE_URL ?? urls.api;
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY ?? keys.serviceRole;
  const client = createNodeClient(url, key) as unknown as SupabaseClient;
  await uploadSeedMedia(client, { force: process.argv.includes('--force'), cacheDir: paths.seedMediaCache, log: (line) => console.log(line) });
  process.disconnect?.();
}

// Image render figures for `pnpm bench`, or on their own against a running stack:
//   PODIUM_PORT_BASE=26100 node --import tsx supabase/stack/storage/bench.ts
// Uploads a generated 2000x1500 JPEG to a throwaway public bucket, then measures
// /render/image/public latency as a browser asks (Accept: image/webp): cold (every request a new
// size, so sharp renders it) and cached (one size repeated, read from the render cache); and a
// ~5 MB camera photo uploaded until its card-size preview has rendered.
// Prints figures; asserts nothing.
import { pathToFileURL } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { keys, urls } from '../config.ts';
import { imagePresets } from '@podium/shared/images';
import { samplePhoto } from './sample-photo.ts';

const COLD_RENDERS = 20;
const CACHED_RENDERS = 50;
const UPLOAD_RUNS = 5;
const ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;

async function timedRender(url: string): Promise<{ ms: number; cache: string | null }> {
  const began = performance.now();
  const response = await fetch(url, { headers: { accept: ACCEPT } });
  await response.arrayBuffer();
  const ms = performance.now() - began;
  if (response.status !== 200) throw new Error(`render failed with ${response.status}: ${url}`);
  return { ms, cache: response.headers.get('x-render-cache') };
}

export async function benchStorage(opts: { api: string; anonKey: string; serviceKey: string }): Promise<void> {
  const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } };
  const service = createClient(opts.api, opts.serviceKey, options);
  const anon = createClient(opts.api, opts.anonKey, options);
  const bucket = `bench-render-${Date.now()}`;
  const created = await service.storage.createBucket(bucket, { public: true });
  if (created.error) throw created.error;
  try {
    const photo = await samplePhoto(2000, 1500);
    const uploaded = await service.storage.from(bucket).upload('photo.jpg', photo, { contentType: 'image/jpeg' });
    if (uploaded.error) throw uploaded.error;
    const urlFor = (width: number) => anon.storage.from(bucket).getPublicUrl('photo.jpg', { transform: { width, height: Math.round(width * 0.75), resize: 'cover' } }).data.publicUrl;

    const cold: number[] = [];
    for (let i = 0; i < COLD_RENDERS; i++) {
      const { ms, cache } = await timedRender(urlFor(200 + i * 17));
      if (cache !== 'miss') throw new Error('a cold render was served from the cache');
      cold.push(ms);
    }

    const cachedUrl = urlFor(480);
    await timedRender(cachedUrl);
    const cached: number[] = [];
    for (let i = 0; i < CACHED_RENDERS; i++) {
      const { ms, cache } = await timedRender(cachedUrl);
      if (cache !== 'hit') throw new Error('a repeated render was not served from the cache');
      cached.push(ms);
    }

    // An artist's photo straight from a phone camera (a 6000x4500 JPEG of ~5 MB)
    // uploaded as the portal does (raw body), until its card-size preview has rendered.
    const big = await samplePhoto(6000, 4500);
    const previews: number[] = [];
    for (let i = 0; i < UPLOAD_RUNS; i++) {
      const began = performance.now();
      const put = await fetch(`${opts.api}/storage/v1/object/${bucket}/upload-${i}.jpg`, {
        method: 'POST',
        headers: { apikey: opts.serviceKey, authorization: `Bearer ${opts.serviceKey}`, 'content-type': 'image/jpeg' },
        body: big,
      });
      if (!put.ok) throw new Error(`upload failed with ${put.status}`);
      await put.arrayBuffer();
      const card = imagePresets.card.desktop.size;
      await timedRender(anon.storage.from(bucket).getPublicUrl(`upload-${i}.jpg`, { transform: { width: card, height: card, resize: 'cover' } }).data.publicUrl);
      previews.push(performance.now() - began);
    }

    console.log(`storage render 2000x1500 JPEG -> WebP, cold (new size each, n=${COLD_RENDERS}): p50 ${fmt(percentile(cold, 50))}, p95 ${fmt(percentile(cold, 95))}`);
    console.log(`storage render cached (same size repeated, n=${CACHED_RENDERS}): p50 ${fmt(percentile(cached, 50))}, p95 ${fmt(percentile(cached, 95))}`);
    console.log(
      `photo upload ${(big.length / 1024 / 1024).toFixed(1)} MB (6000x4500 JPEG) to a rendered card-size preview (n=${UPLOAD_RUNS}): p50 ${fmt(percentile(previews, 50))}, max ${fmt(percentile(previews, 100))}`,
    );
  } finally {
    await service.storage.emptyBucket(bucket);
    await service.storage.deleteBucket(bucket);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchStorage({ api: urls.api, anonKey: keys.anon, serviceKey: keys.serviceRole }).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

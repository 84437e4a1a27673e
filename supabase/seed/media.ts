// Renders every image the seed refers to. As a CLI it writes them to a folder (for a look, or
// for a host without our storage server): `node --import tsx supabase/seed/media.ts [out-dir]`.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSeed } from './content.ts';
import { mediaSvg, renderJpeg } from './images.ts';
import type { SeedMedia } from './model.ts';

export interface RenderedMedia {
  media: SeedMedia;
  data: Buffer;
}

export interface RenderOptions {
  concurrency?: number;
  /** Keeps each JPEG under the hash of its SVG, so a second run (a stack reset) renders nothing. */
  cacheDir?: string;
  each?: (rendered: RenderedMedia) => Promise<void> | void;
}

async function render(item: SeedMedia, cacheDir: string | undefined): Promise<Buffer> {
  const svg = mediaSvg(item);
  const quality = item.spec.kind === 'avatar' ? 85 : 80;
  if (!cacheDir) return renderJpeg(svg, quality);
  const file = path.join(cacheDir, `${createHash('sha256').update(`${quality}\n${svg}`).digest('hex')}.jpg`);
  if (existsSync(file)) return readFileSync(file);
  const data = await renderJpeg(svg, quality);
  mkdirSync(cacheDir, { recursive: true });
  // Whole or not at all: another stack may read the cache while this one writes it.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, data);
  renameSync(partial, file);
  return data;
}

/** Renders in parallel (sharp works off the event loop); calls `each` as images finish. */
export async function renderSeedMedia(media: readonly SeedMedia[], { concurrency = Math.max(2, os.availableParallelism()), cacheDir, each }: RenderOptions = {}): Promise<RenderedMedia[]> {
  const results: RenderedMedia[] = new Array(media.length);
  let next = 0;
  const worker = async () => {
    while (next < media.length) {
      const index = next++;
      const item = media[index]!;
      const rendered = { media: item, data: await render(item, cacheDir) };
      results[index] = rendered;
      await each?.(rendered);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, media.length) }, worker));
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const out = path.resolve(process.argv[2] ?? 'seed-media');
  const { media } = generateSeed();
  const began = performance.now();
  let bytes = 0;
  await renderSeedMedia(media, {
    each: ({ media: item, data }) => {
      const file = path.join(out, item.bucket, item.path);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, data);
      bytes += data.length;
    },
  });
  const seconds = (performance.now() - began) / 1000;
  console.log(`${media.length} images, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s (${(media.length / seconds).toFixed(0)}/s) → ${out}`);
}

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ArtistKind } from './catalog.ts';
import { generateSeed } from './content.ts';
import { escapeXml, mediaSvg } from './images.ts';
import { renderSeedMedia } from './media.ts';
import type { SeedMedia } from './model.ts';

const data = generateSeed({ now: new Date(Date.UTC(2026, 10, 22)) });

// One image of each kind of scene, plus names that need escaping in SVG.
function sample(): SeedMedia[] {
  const picked = new Map<string, SeedMedia>();
  for (const media of data.media) {
    const spec = media.spec;
    const key = spec.kind === 'artist-cover' || spec.kind === 'artist-photo' ? `${spec.kind}/${spec.artistKind}` : spec.kind;
    if (!picked.has(key)) picked.set(key, media);
  }
  for (const name of ["Rock 'n Roll Rebels", 'Duo Zoet & Zout']) {
    picked.set(
      name,
      data.media.find((media) => media.spec.kind === 'artist-cover' && media.spec.artistName === name)!,
    );
  }
  return [...picked.values()];
}

describe('seed images', () => {
  const media = sample();

  it('covers every kind of artist, avatars and news covers in the sample', () => {
    const kinds: ArtistKind[] = ['band', 'coverband', 'dj', 'duo', 'act', 'solo'];
    for (const kind of kinds) expect(media.some((item) => item.spec.kind === 'artist-cover' && item.spec.artistKind === kind)).toBe(true);
    expect(media.some((item) => item.spec.kind === 'avatar')).toBe(true);
    expect(media.some((item) => item.spec.kind === 'news-cover')).toBe(true);
  });

  it('draws the same SVG for the same item', () => {
    for (const item of media) expect(mediaSvg(item)).toBe(mediaSvg(structuredClone(item)));
    expect(mediaSvg(media[0]!)).not.toBe(mediaSvg(media[1]!));
  });

  it('renders JPEGs that decode with the expected dimensions', async () => {
    const rendered = await renderSeedMedia(media);
    for (const { media: item, data: bytes } of rendered) {
      const meta = await sharp(bytes).metadata();
      expect(meta.format, item.path).toBe('jpeg');
      expect([meta.width, meta.height], item.path).toEqual([item.width, item.height]);
      expect(bytes.length).toBeGreaterThan(5_000);
      expect(bytes.length).toBeLessThan(400_000);
      // Not a blank frame: a stage has light and dark.
      const stats = await sharp(bytes).stats();
      expect(stats.channels[0]!.stdev, item.path).toBeGreaterThan(8);
    }
  }, 60_000);

  it('keeps rendered images in a cache and serves the same bytes from it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-seed-media-'));
    try {
      const some = media.slice(0, 2);
      const first = await renderSeedMedia(some, { cacheDir: dir });
      expect(readdirSync(dir).length).toBe(2);
      const second = await renderSeedMedia(some, { cacheDir: dir });
      expect(second.map((item) => item.data.equals(first[second.indexOf(item)]!.data))).toEqual([true, true]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sizes covers, photos and avatars as the presets need them', () => {
    const sizes = new Set(data.media.map((item) => `${item.spec.kind} ${item.width}x${item.height}`));
    expect(sizes).toEqual(new Set(['artist-cover 1600x1000', 'artist-photo 1000x1000', 'avatar 512x512', 'news-cover 1600x900']));
  });

  it('escapes text', () => {
    expect(escapeXml(`Rock 'n Roll & <co>`)).toBe('Rock &apos;n Roll &amp; &lt;co&gt;');
  });
});

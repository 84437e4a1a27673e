// Uploads through the stack's storage API. Runs once storage answers at /storage/v1 (it is
// built beside this); until then the file reports itself skipped.
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { keys, urls } from '../stack/config.ts';
import { serviceClient } from '../stack/testing.ts';
import { generateSeed } from './content.ts';
import { uploadSeedMedia } from './upload.ts';

const storageAnswers = await fetch(`${urls.api}/storage/v1/bucket`, { headers: { apikey: keys.serviceRole, authorization: `Bearer ${keys.serviceRole}` } }).then(
  (response) => response.ok,
  () => false,
);

describe.runIf(storageAnswers)('uploadSeedMedia', () => {
  const all = generateSeed().media;
  // One of each: an artist's cover and photo, an avatar, a news cover.
  const media = [all.find((item) => item.spec.kind === 'artist-photo')!, all.find((item) => item.spec.kind === 'avatar')!, all.find((item) => item.spec.kind === 'news-cover')!];

  it('uploads into public buckets, where the images can be fetched and decoded', async () => {
    const client = serviceClient() as SupabaseClient;
    const result = await uploadSeedMedia(client, { media, force: true });
    expect(result).toMatchObject({ uploaded: media.length, skipped: false });
    for (const item of media) {
      const { data } = client.storage.from(item.bucket).getPublicUrl(item.path);
      const response = await fetch(data.publicUrl);
      expect(response.status, data.publicUrl).toBe(200);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', item.width, item.height]);
    }
  });

  it('does nothing the second time', async () => {
    const result = await uploadSeedMedia(serviceClient() as SupabaseClient, { media });
    expect(result).toMatchObject({ uploaded: 0, skipped: true });
  });
});

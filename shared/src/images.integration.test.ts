// SPEC 7.4 / 9 against the running stack: a preset URL serves the stored image resized to the
// preset's square, from the public avatars bucket, to anyone.
import { afterAll, describe, expect, it } from 'vitest';
import { imageUrl } from './images.ts';
import { encodePng } from './png.test-support.ts';
import { closePool, createUser, urls } from './stack.test-support.ts';

afterAll(closePool);

/** A grey greyscale PNG, larger than every preset (storage never enlarges). */
const png = encodePng(900, 700, 'grey', () => [0x80]);

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describe('SPEC 7.4: image preset URLs on the local storage', () => {
  it.each([
    ['thumbnail', 'mobile', 150],
    ['card', 'tablet', 250],
    ['xlarge', 'desktop', 600],
  ] as const)('%s on %s renders a %ipx square', async (preset, device, size) => {
    const user = await createUser('customer');
    const path = `${user.id}/foto ${preset}.png`;
    const { error } = await user.client.storage.from('avatars').upload(path, png, { contentType: 'image/png' });
    expect(error).toBeNull();
    const url = imageUrl({ supabaseUrl: urls.api, bucket: 'avatars', path, preset, device });
    const response = await fetch(url ?? '');
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(pngSize(body)).toEqual({ width: size, height: size });
  });
});

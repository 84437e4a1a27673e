// SPEC 7.4 / 9 against the running stack: a preset URL serves the stored image resized to the
// preset's square, from the public avatars bucket, to anyone.
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { imageUrl } from './images.ts';
import { closePool, createUser, urls } from './stack.test-support.ts';

afterAll(closePool);

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A grey 8-bit greyscale PNG, larger than every preset (storage never enlarges). */
function greyPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const png = greyPng(900, 700);

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

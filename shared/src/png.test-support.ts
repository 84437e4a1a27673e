// Real PNG files for tests (a person's photo, an upload larger than every preset), written here
// byte by byte: signature, IHDR, one deflated IDAT, IEND, each chunk with its CRC-32.
import { deflateSync } from 'node:zlib';

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

/**
 * An 8-bit PNG of `width` × `height`: greyscale (one value per pixel) or RGB (three), each pixel's
 * values from `pixel(x, y)`.
 */
export function encodePng(width: number, height: number, kind: 'grey' | 'rgb', pixel: (x: number, y: number) => readonly number[]): Buffer {
  const channels = kind === 'grey' ? 1 : 3;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = kind === 'grey' ? 0 : 2; // colour type
  const stride = width * channels + 1;
  const rows = Buffer.alloc(stride * height); // each row starts with filter type 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), y * stride + 1 + x * channels);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

// A generated photo-like JPEG for render tests and the benchmark: no binary fixture in the repo.
import sharp from 'sharp';

/** A 2000x1500 photo-like JPEG (a gradient with noise, so quality changes its size). */
export async function samplePhoto(width = 2000, height = 1500): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      const noise = (x * 7919 + y * 104729) % 37;
      pixels[offset] = (x * 255) / width + noise;
      pixels[offset + 1] = (y * 255) / height;
      pixels[offset + 2] = 128 + noise;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

import { describe, expect, it } from 'vitest';
import { deviceForWidth, imageUrl, responsiveImage, type Device, type ImagePreset } from './images.ts';
import { specText } from './spec-text.test-support.ts';

const supabaseUrl = 'http://127.0.0.1:54321';

describe('SPEC 9: image presets', () => {
  it.each<[ImagePreset, [number, number], [number, number], [number, number]]>([
    ['thumbnail', [150, 80], [200, 85], [250, 88]],
    ['card', [200, 85], [250, 88], [300, 90]],
    ['large', [300, 80], [400, 85], [500, 90]],
    ['xlarge', [350, 85], [450, 88], [600, 90]],
  ])('%s: mobile %o, tablet %o, desktop %o', (preset, mobile, tablet, desktop) => {
    expect(specText).toContain(`| ${preset} | ${mobile.join(' / ')} | ${tablet.join(' / ')} | ${desktop.join(' / ')} |`);
    const rows: [Device, [number, number]][] = [
      ['mobile', mobile],
      ['tablet', tablet],
      ['desktop', desktop],
    ];
    for (const [device, [size, quality]] of rows) {
      expect(imageUrl({ supabaseUrl, bucket: 'artist-media', path: 'a1/photo.jpg', preset, device })).toBe(
        `${supabaseUrl}/storage/v1/render/image/public/artist-media/a1/photo.jpg?width=${size}&height=${size}&resize=cover&quality=${quality}`,
      );
    }
  });

  it.each([
    [320, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1920, 'desktop'],
  ] as const)('a %ipx viewport is %s', (width, device) => {
    expect(deviceForWidth(width)).toBe(device);
  });

  it('encodes path segments, not slashes, and handles a trailing slash on the URL', () => {
    expect(imageUrl({ supabaseUrl: `${supabaseUrl}/`, bucket: 'avatars', path: 'u 1/mijn foto#1.png', preset: 'thumbnail', device: 'mobile' })).toBe(
      `${supabaseUrl}/storage/v1/render/image/public/avatars/u%201/mijn%20foto%231.png?width=150&height=150&resize=cover&quality=80`,
    );
  });

  it('gives no URL without a path', () => {
    expect(imageUrl({ supabaseUrl, bucket: 'news-covers', path: null, preset: 'large', device: 'desktop' })).toBeNull();
    expect(responsiveImage({ supabaseUrl, bucket: 'news-covers', path: '', preset: 'large' })).toBeNull();
  });

  it('gives one srcset for all three breakpoints', () => {
    const image = responsiveImage({ supabaseUrl, bucket: 'news-covers', path: 'n/cover.webp', preset: 'card' });
    expect(image?.srcSet.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['200w', '250w', '300w']);
    expect(image?.sizes).toBe('(max-width: 767px) 200px, (max-width: 1023px) 250px, 300px');
    expect(image?.src).toContain('width=300&height=300&resize=cover&quality=90');
  });
});

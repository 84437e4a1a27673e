// SPEC 7.4 / 9: image URLs through storage's render endpoint, with the presets per device.
// Width equals height and every preset uses resize cover.

export const imageBuckets = ['avatars', 'artist-media', 'news-covers'] as const;
export type ImageBucket = (typeof imageBuckets)[number];

export type ImagePreset = 'thumbnail' | 'card' | 'large' | 'xlarge';
export type Device = 'mobile' | 'tablet' | 'desktop';

export interface ImageSize {
  /** Width and height in pixels. */
  size: number;
  quality: number;
}

export const imagePresets: Record<ImagePreset, Record<Device, ImageSize>> = {
  thumbnail: { mobile: { size: 150, quality: 80 }, tablet: { size: 200, quality: 85 }, desktop: { size: 250, quality: 88 } },
  card: { mobile: { size: 200, quality: 85 }, tablet: { size: 250, quality: 88 }, desktop: { size: 300, quality: 90 } },
  large: { mobile: { size: 300, quality: 80 }, tablet: { size: 400, quality: 85 }, desktop: { size: 500, quality: 90 } },
  xlarge: { mobile: { size: 350, quality: 85 }, tablet: { size: 450, quality: 88 }, desktop: { size: 600, quality: 90 } },
};

/** Mobile up to 768px, tablet up to 1024px (both exclusive: a 768px-wide window is a tablet). */
export const imageBreakpoints = { mobile: 768, tablet: 1024 } as const;

export function deviceForWidth(viewportWidth: number): Device {
  if (viewportWidth < imageBreakpoints.mobile) return 'mobile';
  if (viewportWidth < imageBreakpoints.tablet) return 'tablet';
  return 'desktop';
}

export interface ImageRequest {
  supabaseUrl: string;
  bucket: ImageBucket;
  /** The object's path inside the bucket; null or empty means no image. */
  path: string | null | undefined;
  preset: ImagePreset;
  device: Device;
}

const objectPath = (path: string) => path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');

export function imageUrl({ supabaseUrl, bucket, path, preset, device }: ImageRequest): string | null {
  if (!path) return null;
  const { size, quality } = imagePresets[preset][device];
  const query = new URLSearchParams({ width: String(size), height: String(size), resize: 'cover', quality: String(quality) });
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/render/image/public/${bucket}/${objectPath(path)}?${query}`;
}

/**
 * `srcset` and `sizes` for an <img>: the browser picks the device's preset by viewport width,
 * so one tag serves all three breakpoints.
 */
export function responsiveImage(request: Omit<ImageRequest, 'device'>): { src: string; srcSet: string; sizes: string } | null {
  const url = (device: Device) => imageUrl({ ...request, device });
  const desktop = url('desktop');
  if (!desktop) return null;
  const sizes = imagePresets[request.preset];
  const devices: Device[] = ['mobile', 'tablet', 'desktop'];
  return {
    src: desktop,
    srcSet: devices.map((device) => `${url(device)} ${sizes[device].size}w`).join(', '),
    sizes: `(max-width: ${imageBreakpoints.mobile - 1}px) ${sizes.mobile.size}px, (max-width: ${imageBreakpoints.tablet - 1}px) ${sizes.tablet.size}px, ${sizes.desktop.size}px`,
  };
}

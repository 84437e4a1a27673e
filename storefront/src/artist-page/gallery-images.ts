// The gallery's images: square renders from the large and xlarge presets (SPEC 9) in one srcset,
// so the browser picks the smallest that fills the frame at the screen's pixel density.
import { imagePresets, imageUrl, type Device, type ImagePreset } from '@podium/shared/images';
import type { ArtistMediaItem } from '../data/artist-page.ts';
import { env } from '../env.ts';

export interface GalleryImage {
  id: string;
  src: string;
  srcSet: string;
  /** The intrinsic size of `src` (width equals height). */
  size: number;
  alt: string;
}

const devices: Device[] = ['mobile', 'tablet', 'desktop'];
const presets: ImagePreset[] = ['large', 'xlarge'];

export function galleryImage(path: string, id: string, alt: string, supabaseUrl = env.supabaseUrl): GalleryImage | null {
  const byWidth = new Map<number, string>();
  for (const preset of presets) {
    for (const device of devices) {
      const url = imageUrl({ supabaseUrl, bucket: 'artist-media', path, preset, device });
      if (url) byWidth.set(imagePresets[preset][device].size, url);
    }
  }
  const widths = [...byWidth.keys()].sort((a, b) => a - b);
  const largest = widths.at(-1);
  if (largest === undefined) return null;
  return { id, src: byWidth.get(largest)!, srcSet: widths.map((width) => `${byWidth.get(width)} ${width}w`).join(', '), size: largest, alt };
}

/**
 * The artist's photos for the gallery: the cover first (known with the artist itself, so the
 * largest image can start loading before the media list arrives), then the other photos in the
 * artist's order, then the portrait when no photo shows it.
 */
export function galleryImages(artist: { name: string; city: string; cover_path: string | null; avatar_path: string | null }, media: readonly ArtistMediaItem[]): GalleryImage[] {
  const alt = (index: number, caption = '') => caption.trim() || `${artist.name}${artist.city ? ` uit ${artist.city}` : ''}, foto ${index + 1}`;
  const sources: { id: string; path: string; caption: string }[] = [];
  const seen = new Set<string>();
  const add = (id: string, path: string | null, caption = '') => {
    if (!path || seen.has(path)) return;
    seen.add(path);
    sources.push({ id, path, caption });
  };
  const coverCaption = media.find((item) => item.storage_path === artist.cover_path)?.caption;
  add('cover', artist.cover_path, coverCaption);
  for (const item of media) if (item.kind === 'image') add(item.id, item.storage_path, item.caption);
  add('avatar', artist.avatar_path);
  return sources.map((source, index) => galleryImage(source.path, source.id, alt(index, source.caption))).filter((image): image is GalleryImage => image !== null);
}

// Image transformation options as storage-api accepts them (src/http/schemas/transformations.ts)
// and carries them in signed URLs (ImageRenderer.applyTransformation with keepOriginal).
import { ERRORS } from './errors.ts';

export interface Transform {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  format?: 'origin' | 'avif' | 'webp';
  quality?: number;
}

// storage-api's imgLimits (IMG_LIMITS_MIN_SIZE / IMG_LIMITS_MAX_SIZE defaults).
const SIZE_LIMITS = { min: 1, max: 2000 };
/** imgproxy's default quality. */
export const DEFAULT_QUALITY = 80;
const RESIZES = ['cover', 'contain', 'fill'] as const;
const FORMATS = ['origin', 'avif', 'webp'] as const;

/** Validates transformation options as storage-api's JSON schema does (`where` names the field's place). */
export function transformOf(source: Record<string, unknown>, where: string): Transform {
  const transform: Transform = {};
  const int = (name: 'width' | 'height' | 'quality', min: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = source[name];
    if (raw === undefined || raw === null || raw === '') return undefined;
    const value = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isInteger(value)) throw ERRORS.validation(`${where}/${name} must be integer`);
    if (value < min) throw ERRORS.validation(`${where}/${name} must be >= ${min}`);
    if (value > max) throw ERRORS.validation(`${where}/${name} must be <= ${max}`);
    return value;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const raw = source[name];
    if (raw === undefined || raw === null || raw === '') return undefined;
    if (typeof raw !== 'string' || !allowed.includes(raw as T)) throw ERRORS.validation(`${where}/${name} must be equal to one of the allowed values`);
    return raw as T;
  };
  const width = int('width', 0);
  const height = int('height', 0);
  const quality = int('quality', 20, 100);
  const resize = oneOf('resize', RESIZES);
  const format = oneOf('format', FORMATS);
  if (width) transform.width = width;
  if (height) transform.height = height;
  if (quality) transform.quality = quality;
  if (resize) transform.resize = resize;
  if (format) transform.format = format;
  return transform;
}

export const clampSize = (value: number) => Math.min(Math.max(value, SIZE_LIMITS.min), SIZE_LIMITS.max);

/** storage-api's applyTransformation(options, keepOriginal): what a signed URL's token carries. */
export function transformationString(transform: Transform): string {
  const segments: string[] = [];
  if (transform.height) segments.push(`height:${clampSize(transform.height)}`);
  if (transform.width) segments.push(`width:${clampSize(transform.width)}`);
  if (transform.width || transform.height) segments.push(`resize:${transform.resize}`);
  if (transform.quality) segments.push(`quality:${transform.quality}`);
  if (transform.format && transform.format !== 'origin') segments.push(`format:${transform.format}`);
  return segments.join(',');
}

export function transformFromString(transformations: string, format?: string): Transform {
  const source: Record<string, string> = {};
  for (const part of transformations.split(',')) {
    const [name, value] = part.split(':');
    if (name && value && value !== 'undefined') source[name] = value;
  }
  if (format) source.format = format;
  return transformOf(source, 'token');
}

// Input rules from storage-api's src/storage/limits.ts and uploader.ts: which keys, bucket
// names, mime types and size limits are accepted. Keys never reach the file system (files are
// stored by version id), yet `.`/`..` segments, empty segments and absolute paths are refused
// so no key can look like a path that escapes its folder.
import { ERRORS } from './errors.ts';

/** config.toml `[storage] file_size_limit = "50MiB"`: the global upload ceiling. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

// S3-safe characters, as storage-api allows them (hyphen last so it stays a literal).
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024 || !VALID_OBJECT_KEY.test(key)) return false;
  if (key.startsWith('/')) return false;
  const segments = key.split('/');
  // A trailing slash is an empty last segment; every other segment must be a real name.
  return segments.every((segment, index) => (segment !== '' || index === segments.length - 1) && segment !== '.' && segment !== '..');
}

export function mustBeValidKey(key: string): void {
  if (!isValidKey(key)) throw ERRORS.invalidKey(key);
}

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (!name || name.length > 100 || !VALID_BUCKET_NAME.test(name) || name.trim() !== name) throw ERRORS.invalidBucketName();
}

/** `20GB`, `5MB`, `30KB`, `3B` (storage-api's parseFileSizeToBytes), or a number of bytes. */
export function parseFileSize(value: number | string): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) throw ERRORS.invalidFileSizeLimit();
    return Math.floor(value);
  }
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
  if (!match) throw ERRORS.invalidFileSizeLimit();
  const amount = +Number.parseFloat(match[1]!).toPrecision(3);
  const unit = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 }[match[2]!.toUpperCase() as 'GB' | 'MB' | 'KB' | 'B'];
  return amount * unit;
}

/** A bucket's allowed_mime_types entries: `type/subtype`, `type/*`, or with a charset. */
export function mustBeValidMimeTypes(types: string[]): void {
  for (const type of types) {
    if (type.length > 1000 || !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(type)) {
      throw ERRORS.invalidMimeType(type);
    }
  }
}

/** storage-api's validateMimeType: the upload's type must match an entry, `image/*` matching any image. */
export function mustBeAllowedMimeType(mimeType: string, allowed: string[] | null | undefined): void {
  if (!allowed || allowed.length === 0) return;
  const requested = mimeType.split('/');
  if (requested.length < 2) throw ERRORS.invalidMimeType(mimeType);
  const [type, subtype] = requested;
  for (const entry of allowed) {
    const [allowedType, allowedSubtype] = entry.split('/');
    if (allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)) return;
  }
  throw ERRORS.invalidMimeType(mimeType);
}

export function isUuid(value: string | undefined): value is string {
  return !!value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value);
}

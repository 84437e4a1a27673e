// The pure rules of the Storage service: which keys, mime types and size limits pass, and how
// transformation options are read and carried in signed URLs, each against storage-api's behaviour.
import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { isValidKey, mustBeAllowedMimeType, mustBeValidMimeTypes, parseFileSize } from './rules.ts';
import { transformationString, transformFromString, transformOf } from './transform.ts';

const failure = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof StorageError ? error.body() : error;
  }
  return undefined;
};

describe('object keys', () => {
  it('accepts S3-safe keys, folders and the empty-folder placeholder', () => {
    for (const key of ['avatar.png', 'a/b/c.jpg', 'band (live)/set list!.pdf', 'folder/.emptyFolderPlaceholder', 'x/']) {
      expect(isValidKey(key), key).toBe(true);
    }
  });

  it('refuses traversal, absolute paths, empty segments and unsafe characters', () => {
    for (const key of ['', '..', '../x', 'a/../../b', 'a/./b', '/etc/passwd', 'a//b', 'a\\b', 'naïve.png', 'a#b', 'a%2fb']) {
      expect(isValidKey(key), key).toBe(false);
    }
  });
});

describe('mime types', () => {
  it('matches exact types and wildcards, and answers storage-api error 415 otherwise', () => {
    expect(failure(() => mustBeAllowedMimeType('image/png', ['image/*']))).toBeUndefined();
    expect(failure(() => mustBeAllowedMimeType('application/pdf', ['image/*', 'application/pdf']))).toBeUndefined();
    expect(failure(() => mustBeAllowedMimeType('anything/goes', null))).toBeUndefined();
    expect(failure(() => mustBeAllowedMimeType('text/plain', ['image/*']))).toEqual({
      statusCode: '415',
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: 'mime type text/plain is not supported',
    });
  });

  it('validates a bucket allowed_mime_types list', () => {
    expect(failure(() => mustBeValidMimeTypes(['image/*', 'text/plain; charset=utf-8']))).toBeUndefined();
    expect(failure(() => mustBeValidMimeTypes(['not a type']))).toMatchObject({ statusCode: '415' });
  });
});

describe('file size limits', () => {
  it('reads units as storage-api does and refuses other formats', () => {
    expect(parseFileSize('5MB')).toBe(5_000_000);
    expect(parseFileSize('1.5kb')).toBe(1500);
    expect(parseFileSize(1024)).toBe(1024);
    expect(failure(() => parseFileSize('5 MiB'))).toMatchObject({ statusCode: '400', message: 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B' });
  });
});

describe('transformations', () => {
  it('reads query strings and refuses values outside the schema', () => {
    expect(transformOf({ width: '300', height: '200', resize: 'contain', quality: '70', format: 'origin' }, 'querystring')).toEqual({
      width: 300,
      height: 200,
      resize: 'contain',
      quality: 70,
      format: 'origin',
    });
    expect(failure(() => transformOf({ quality: '5' }, 'querystring'))).toMatchObject({ message: 'querystring/quality must be >= 20' });
    expect(failure(() => transformOf({ width: 'wide' }, 'querystring'))).toMatchObject({ message: 'querystring/width must be integer' });
  });

  it('carries options through a signed URL token and back, sizes clamped to 2000', () => {
    const carried = transformationString({ width: 5000, height: 100, resize: 'fill', quality: 60, format: 'webp' });
    expect(carried).toBe('height:100,width:2000,resize:fill,quality:60,format:webp');
    expect(transformFromString(carried)).toEqual({ width: 2000, height: 100, resize: 'fill', quality: 60, format: 'webp' });
    expect(transformFromString('width:100,resize:undefined')).toEqual({ width: 100 });
  });
});

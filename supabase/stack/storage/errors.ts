// storage-api's errors (src/internal/errors/codes.ts): the body `{ statusCode, code, error,
// message }` carries the logical status as a string, while the HTTP status is 400 for every
// client error and 500 for server errors, exactly as storage-api's error handler answers.
import pg from 'pg';

export class StorageError extends Error {
  constructor(
    readonly code: string,
    /** The logical status, sent as the body's `statusCode` string. */
    readonly statusCode: number,
    message: string,
    /** storage-api's backwards-compatible `error` field; the code when unset. */
    readonly error?: string,
    /** The HTTP status when it differs from storage-api's 400/500 rule. */
    readonly httpStatus?: number,
  ) {
    super(message);
  }

  get status(): number {
    return this.httpStatus ?? (this.statusCode === 500 ? 500 : 400);
  }

  body() {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error ?? this.code, message: this.message };
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageError('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('NoSuchKey', 404, 'Object not found', 'not_found'),
  bucketNotEmpty: () => new StorageError('ResourceNotEmpty', 409, 'The bucket you tried to delete is not empty'),
  bucketAlreadyExists: () => new StorageError('BucketAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  keyAlreadyExists: () => new StorageError('KeyAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  resourceAlreadyExists: () => new StorageError('ResourceAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  invalidKey: (key: string) => new StorageError('InvalidKey', 400, `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError('InvalidBucketName', 400, 'Bucket name invalid', 'Invalid Input'),
  invalidMimeType: (mimeType: string) => new StorageError('InvalidMimeType', 415, `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  entityTooLarge: (entity = 'object') => new StorageError('EntityTooLarge', 413, `The ${entity} exceeded the maximum allowed size`, 'Payload too large'),
  invalidFileSizeLimit: () => new StorageError('InvalidRequest', 400, 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  noContentProvided: () => new StorageError('InvalidRequest', 400, 'No content provided'),
  invalidRequest: (message: string) => new StorageError('InvalidRequest', 400, message),
  /** What Fastify's schema validation answers for a malformed body or query. */
  validation: (message: string) => new StorageError('InvalidRequest', 400, message, 'Bad Request'),
  invalidParameter: (name: string, message?: string) => new StorageError('InvalidParameter', 400, message ?? `Invalid Parameter ${name}`),
  accessDenied: (message: string, httpStatus?: number) => new StorageError('AccessDenied', 403, message, 'Unauthorized', httpStatus),
  invalidJWT: (message: string) => new StorageError('InvalidJWT', 400, message || 'Invalid JWT'),
  invalidSignature: (message = 'Invalid signature') => new StorageError('InvalidSignature', 400, message),
  expiredSignature: () => new StorageError('ExpiredToken', 400, 'The provided token has expired.'),
  relatedResourceNotFound: () => new StorageError('InvalidRequest', 404, 'The related resource does not exist'),
  resourceReferenced: () => new StorageError('ResourceReferenced', 409, 'The resource could not be updated or removed due to a foreign key constraint'),
  imageProcessing: (message: string) => new StorageError('InvalidRequest', 400, message),
  notFound: (method: string, path: string) => new StorageError('NotFound', 404, `Route ${method}:${path} not found`, 'Not Found', 404),
  internal: (message = 'Internal server error') => new StorageError('InternalError', 500, message),
};

/** storage-api's DBError.fromDBError: what a failed statement means to the client. */
export function fromDatabaseError(error: unknown): StorageError | undefined {
  if (!(error instanceof pg.DatabaseError)) return undefined;
  switch (error.code) {
    case '42501':
      return ERRORS.accessDenied(error.message.includes('row-level security') ? 'new row violates row-level security policy' : error.message);
    case '23505':
      return ERRORS.resourceAlreadyExists();
    case '23503':
      return error.detail?.includes('is still referenced from table') ? ERRORS.resourceReferenced() : ERRORS.relatedResourceNotFound();
    case '57014':
      return new StorageError('DatabaseTimeout', 544, 'The connection to the database timed out', undefined, 544);
    case '22P02':
      return ERRORS.invalidParameter('value', error.message || 'Invalid value format or type conversion failed');
    // Text the database cannot hold (a NUL in a key, prefix or search: 22021, 22P05) or a number
    // out of its range (22003) came from the request: the caller's mistake, not a 500.
    case '22021':
    case '22P05':
    case '22003':
      return ERRORS.invalidParameter('value', 'Invalid characters or value in the request');
    default:
      return new StorageError('DatabaseError', 500, `database error, code: ${error.code}`);
  }
}

// The object routes of storage-api (src/http/routes/object): upload and update, download
// (public, authenticated, signed), info and HEAD, list, move, copy, remove, signed URLs and
// signed upload URLs. Writes run as the caller so storage.objects' RLS policies decide; the file
// and its row are written in one transaction (see files.ts).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { sendJson } from '../http.ts';
import { callerOf, inScope, jwtErrorMessage, type Caller } from './caller.ts';
import { findBucketAsAdmin, findObject, scopeOf, sendObject, type Bucket, type ObjectMetadata, type Scope, type StorageContext, type StoredObject } from './context.ts';
import { ERRORS, StorageError } from './errors.ts';
import { eTagOf } from './files.ts';
import { transformOf, transformationString } from './transform.ts';
import { readJson, readUpload } from './request.ts';
import { GLOBAL_FILE_SIZE_LIMIT, isUuid, mustBeAllowedMimeType, mustBeValidBucketName, mustBeValidKey } from './rules.ts';

/** storage-api's default for signed upload URLs: two hours. */
const SIGNED_UPLOAD_URL_EXPIRY_SECONDS = 2 * 60 * 60;
const EMPTY_FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';

const ownerColumns = (owner: string | undefined) => ({ owner: isUuid(owner) ? owner : null, owner_id: owner ?? null });
const subOf = (caller: Caller | null) => (typeof caller?.claims.sub === 'string' ? caller.claims.sub : undefined);

async function bucketOrFail(ctx: StorageContext, bucketId: string): Promise<Bucket> {
  mustBeValidBucketName(bucketId);
  const bucket = await findBucketAsAdmin(ctx, bucketId);
  if (!bucket) throw ERRORS.noSuchBucket();
  return bucket;
}

interface StoreOptions {
  upsert: boolean;
  owner: string | undefined;
}

/** Reads the upload, checks it against the bucket's limits, and stores row and file together. */
async function store(ctx: StorageContext, req: IncomingMessage, caller: Caller | null, scope: Scope, bucket: Bucket, key: string, options: StoreOptions) {
  mustBeValidKey(key);
  const placeholder = key.endsWith(EMPTY_FOLDER_PLACEHOLDER);
  const maxFileSize = placeholder ? 0 : Math.min(GLOBAL_FILE_SIZE_LIMIT, bucket.file_size_limit || GLOBAL_FILE_SIZE_LIMIT);
  const multipart = (req.headers['content-type'] ?? '').startsWith('multipart/form-data');
  if (!multipart && !placeholder) mustBeAllowedMimeType(req.headers['content-type'] || 'application/octet-stream', bucket.allowed_mime_types);
  const upload = await readUpload(req, maxFileSize);
  if (multipart && !placeholder) mustBeAllowedMimeType(upload.mimeType, bucket.allowed_mime_types);

  const version = randomUUID();
  const now = new Date().toISOString();
  const metadata: ObjectMetadata = {
    eTag: eTagOf(upload.bytes),
    size: upload.bytes.length,
    mimetype: upload.mimeType,
    cacheControl: upload.cacheControl,
    lastModified: now,
    contentLength: upload.bytes.length,
    httpStatusCode: 200,
  };
  const { owner, owner_id } = ownerColumns(options.owner);
  let previous: { id: string; version: string | null } | undefined;
  let id: string = randomUUID();
  try {
    await inScope(
      ctx.pool,
      caller,
      scope,
      async (client) => {
        const values = [id, bucket.id, key, owner, owner_id, metadata, upload.userMetadata ?? {}, version];
        if (options.upsert) {
          await client.query(
            `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
             values ($1, $2, $3, $4, $5, $6, $7, $8)
             on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
               version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id, last_accessed_at = now()`,
            values,
          );
        } else {
          await client.query(
            `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
             values ($1, $2, $3, $4, $5, $6, $7, $8)`,
            values,
          );
        }
        await ctx.files.write(version, upload.bytes);
      },
      async (client) => {
        const { rows } = await client.query<{ id: string; version: string | null }>('select id, version from storage.objects where bucket_id = $1 and name = $2 for update', [bucket.id, key]);
        previous = rows[0];
        if (previous && options.upsert) id = previous.id;
      },
    );
  } catch (error) {
    await ctx.files.remove(version);
    if (error instanceof StorageError && error.code === 'ResourceAlreadyExists' && !options.upsert) throw ERRORS.keyAlreadyExists();
    throw error;
  }
  if (previous?.version && previous.version !== version) await forgetVersion(ctx, previous.version);
  return { id, path: `${bucket.id}/${key}` };
}

async function forgetVersion(ctx: StorageContext, version: string | null) {
  if (!version) return;
  await ctx.files.remove(version);
  await ctx.renders.forget(version);
}

/** POST /object/{bucket}/{key} (x-upsert decides) and PUT (always upsert). */
export async function upload(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, key: string) {
  const caller = await callerOf(req, ctx.keys);
  const bucket = await bucketOrFail(ctx, bucketId);
  const upsert = req.method === 'PUT' || req.headers['x-upsert'] === 'true';
  const { id, path } = await store(ctx, req, caller, scopeOf(req), bucket, key, { upsert, owner: subOf(caller) });
  sendJson(res, 200, { Id: id, Key: path });
}

/** GET/HEAD /object/{bucket}/{key} and /object/authenticated/...: public buckets for anyone, private ones through RLS. */
export async function download(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, key: string, allowAnonymous: boolean) {
  const caller = await callerOf(req, ctx.keys, allowAnonymous);
  const object = await readableObject(ctx, req, caller, bucketId, key);
  await sendObject(ctx, req, res, object, { download: downloadParam(req) });
}

async function readableObject(ctx: StorageContext, req: IncomingMessage, caller: Caller, bucketId: string, key: string) {
  mustBeValidBucketName(bucketId);
  const bucket = await findBucketAsAdmin(ctx, bucketId);
  if (!bucket || (!caller.authenticated && !bucket.public)) throw ERRORS.noSuchBucket();
  return findObject(ctx, bucket.public ? null : caller, scopeOf(req), bucketId, key);
}

/** GET/HEAD /object/public/{bucket}/{key}: no JWT, the bucket must be public. */
export async function downloadPublic(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, key: string) {
  const object = await publicObject(ctx, req, bucketId, key);
  await sendObject(ctx, req, res, object, { download: downloadParam(req) });
}

export async function publicObject(ctx: StorageContext, req: IncomingMessage, bucketId: string, key: string) {
  mustBeValidBucketName(bucketId);
  const [bucket, object] = await Promise.all([findBucketAsAdmin(ctx, bucketId), findObject(ctx, null, scopeOf(req), bucketId, key).catch((error: unknown) => error as Error)]);
  if (!bucket?.public) throw ERRORS.noSuchBucket();
  if (object instanceof Error) throw object;
  return object;
}

/** GET /object/info/{bucket}/{key} (and /info/public, /info/authenticated). */
export async function info(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, key: string, mode: 'public' | 'authenticated' | 'any') {
  const object = mode === 'public' ? await publicObject(ctx, req, bucketId, key) : await readableObject(ctx, req, await callerOf(req, ctx.keys, mode === 'any'), bucketId, key);
  const meta = object.metadata;
  const body = {
    id: object.id,
    name: object.name,
    version: object.version,
    bucket_id: object.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: object.user_metadata,
    last_modified: object.updated_at,
    created_at: object.created_at,
  };
  const headers: Record<string, string> = { etag: meta.eTag, 'last-modified': new Date(meta.lastModified ?? object.updated_at).toUTCString() };
  if (meta.cacheControl) headers['cache-control'] = meta.cacheControl;
  sendJson(res, 200, body, headers);
}

/** POST /object/list/{bucket}: one level under `prefix`, through storage.search as the caller. */
export async function list(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  const caller = await callerOf(req, ctx.keys);
  mustBeValidBucketName(bucketId);
  const body = await readJson(req);
  if (typeof body.prefix !== 'string') throw ERRORS.validation("body must have required property 'prefix'");
  let prefix = body.prefix;
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const limit = integer(body.limit, 'limit') ?? 100;
  const offset = integer(body.offset, 'offset') ?? 0;
  const search = typeof body.search === 'string' ? body.search : '';
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof sortBy.column === 'string' ? sortBy.column : 'name';
  const order = typeof sortBy.order === 'string' ? sortBy.order : 'asc';
  const rows = await inScope(ctx.pool, caller, scopeOf(req), async (client) => {
    const result = await client.query('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [prefix, bucketId, limit, (prefix + search).split('/').length, offset, search, column, order]);
    return result.rows;
  });
  sendJson(res, 200, rows);
}

/** A non-negative integer the database's int takes: a larger one was a 500 (numeric out of range, 22003). */
function integer(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw ERRORS.validation(`body/${name} must be integer`);
  if (value > 2_147_483_647) throw ERRORS.validation(`body/${name} must be <= 2147483647`);
  return value;
}

function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string') throw ERRORS.validation(`body must have required property '${name}'`);
  return value;
}

/** The body of move and copy: source and destination, validated; the destination bucket defaults to the source's. */
function transferOf(body: Record<string, unknown>) {
  const bucketId = stringField(body, 'bucketId');
  const sourceKey = stringField(body, 'sourceKey');
  const destinationKey = stringField(body, 'destinationKey');
  const destinationBucket = typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucketId;
  mustBeValidBucketName(bucketId);
  mustBeValidBucketName(destinationBucket);
  mustBeValidKey(destinationKey);
  return { bucketId, sourceKey, destinationKey, destinationBucket };
}

/** POST /object/move: renames the row (UPDATE policies apply to old and new name); the file stays. */
export async function move(ctx: StorageContext, req: IncomingMessage, res: ServerResponse) {
  const caller = await callerOf(req, ctx.keys);
  const { bucketId, sourceKey, destinationKey, destinationBucket } = transferOf(await readJson(req));
  const { owner, owner_id } = ownerColumns(subOf(caller));
  const moved = await inScope(ctx.pool, caller, scopeOf(req), async (client) => {
    // The caller must see the source (storage-api's permission test finds it first).
    const visible = await client.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucketId, sourceKey]);
    if (!visible.rowCount) throw ERRORS.noSuchKey();
    const { rows } = await client.query<{ id: string }>(
      `update storage.objects set bucket_id = $3, name = $4, owner = $5, owner_id = $6
       where bucket_id = $1 and name = $2 returning id`,
      [bucketId, sourceKey, destinationBucket, destinationKey, owner, owner_id],
    );
    if (!rows[0]) throw ERRORS.noSuchKey();
    return rows[0];
  });
  sendJson(res, 200, { message: 'Successfully moved', Id: moved.id, Key: destinationKey });
}

/** POST /object/copy: a new row (INSERT policies, UPDATE too with x-upsert) and a copy of the file. */
export async function copy(ctx: StorageContext, req: IncomingMessage, res: ServerResponse) {
  const caller = await callerOf(req, ctx.keys);
  const body = await readJson(req);
  const { bucketId, sourceKey, destinationKey, destinationBucket: destinationBucketId } = transferOf(body);
  const upsert = req.headers['x-upsert'] === 'true';
  const copyMetadata = body.copyMetadata !== false;
  const source = await findObject(ctx, caller, scopeOf(req), bucketId, sourceKey);
  const destinationBucket = await findBucketAsAdmin(ctx, destinationBucketId);
  if (!destinationBucket) throw ERRORS.noSuchBucket();
  const version = randomUUID();
  const overrides = (copyMetadata ? {} : (body.metadata ?? {})) as { cacheControl?: string; mimetype?: string };
  const metadata: ObjectMetadata = { ...source.metadata, ...overrides, lastModified: new Date().toISOString() };
  const userMetadata = copyMetadata ? source.user_metadata : null;
  const { owner, owner_id } = ownerColumns(subOf(caller));
  let previous: string | null = null;
  let id: string = randomUUID();
  let row: StoredObject;
  try {
    row = await inScope(
      ctx.pool,
      caller,
      scopeOf(req),
      async (client) => {
        const values = [id, destinationBucketId, destinationKey, owner, owner_id, metadata, userMetadata, version];
        const conflict = upsert
          ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
               version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id`
          : '';
        await client.query(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3, $4, $5, $6, $7, $8) ${conflict}`,
          values,
        );
        await ctx.files.copy(source.version, version);
        return {
          ...source,
          id,
          bucket_id: destinationBucketId,
          name: destinationKey,
          owner,
          owner_id,
          version,
          metadata,
          user_metadata: userMetadata,
        };
      },
      async (client) => {
        const { rows } = await client.query<{ id: string; version: string | null }>('select id, version from storage.objects where bucket_id = $1 and name = $2 for update', [
          destinationBucketId,
          destinationKey,
        ]);
        previous = rows[0]?.version ?? null;
        if (rows[0] && upsert) id = rows[0].id;
      },
    );
  } catch (error) {
    await ctx.files.remove(version);
    throw error;
  }
  if (previous && previous !== version) await forgetVersion(ctx, previous);
  sendJson(res, 200, { Id: row.id, Key: `${destinationBucketId}/${destinationKey}`, ...row });
}

/** DELETE /object/{bucket} with `{ prefixes }`: deletes what DELETE policies allow, answers the deleted rows. */
export async function remove(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  const caller = await callerOf(req, ctx.keys);
  mustBeValidBucketName(bucketId);
  const body = await readJson(req);
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || !prefixes.every((prefix) => typeof prefix === 'string')) {
    throw ERRORS.validation('body/prefixes must NOT have fewer than 1 items');
  }
  if (prefixes.length > 1000) throw ERRORS.invalidRequest('Bulk object requests are limited to 1000 objects per request.');
  const deleted = await deleteWhere(ctx.pool, caller, scopeOf(req), 'bucket_id = $1 and name = any($2::text[])', [bucketId, prefixes]);
  for (const row of deleted) await forgetVersion(ctx, row.version);
  sendJson(res, 200, deleted);
}

/** DELETE /object/{bucket}/{key}. */
export async function removeOne(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, key: string) {
  const caller = await callerOf(req, ctx.keys);
  mustBeValidBucketName(bucketId);
  await findObject(ctx, null, scopeOf(req), bucketId, key);
  const deleted = await deleteWhere(ctx.pool, caller, scopeOf(req), 'bucket_id = $1 and name = $2', [bucketId, key]);
  if (deleted.length === 0) throw ERRORS.accessDenied('Access denied');
  for (const row of deleted) await forgetVersion(ctx, row.version);
  sendJson(res, 200, { message: 'Successfully deleted' });
}

export async function deleteWhere(pool: pg.Pool, caller: Caller | null, scope: Scope, where: string, values: unknown[]) {
  return inScope(pool, caller, scope, async (client) => {
    const { rows } = await client.query<StoredObject & { version: string | null }>(`delete from storage.objects where ${where} returning *`, values);
    return rows;
  });
}

function expiresInOf(body: Record<string, unknown>): number {
  const expiresIn = body.expiresIn;
  if (expiresIn === undefined) throw ERRORS.validation("body must have required property 'expiresIn'");
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn)) throw ERRORS.invalidParameter('expiresIn');
  const seconds = Math.floor(expiresIn);
  if (seconds < 1 || !Number.isSafeInteger(seconds) || Date.now() / 1000 + seconds > 2 ** 53) throw ERRORS.invalidParameter('expiresIn');
  return seconds;
}

/** POST /object/sign/{bucket}/{key}: a download URL for an object the caller may read. */
export async function signUrl(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, key: string) {
  const caller = await callerOf(req, ctx.keys);
  mustBeValidBucketName(bucketId);
  const body = await readJson(req);
  const expiresIn = expiresInOf(body);
  const transform = body.transform && typeof body.transform === 'object' ? transformOf(body.transform as Record<string, unknown>, 'body/transform') : {};
  await findObject(ctx, caller, scopeOf(req), bucketId, key);
  const url = `${bucketId}/${key}`;
  const transformations = transformationString(transform);
  const claims: Record<string, unknown> = { url, scope: 'download' };
  if (transformations) claims.transformations = transformations;
  if (transform.format) claims.format = transform.format;
  const token = await ctx.keys.sign(claims, expiresIn);
  sendJson(res, 200, { signedURL: `/${transformations ? 'render/image' : 'object'}/sign/${url}?token=${token}` });
}

/** POST /object/sign/{bucket} with `{ expiresIn, paths }`: one entry per path, an error where it can't be read. */
export async function signUrls(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  const caller = await callerOf(req, ctx.keys);
  mustBeValidBucketName(bucketId);
  const body = await readJson(req);
  const expiresIn = expiresInOf(body);
  const paths = body.paths;
  if (!Array.isArray(paths) || !paths.every((path) => typeof path === 'string')) throw ERRORS.validation("body must have required property 'paths'");
  const found = await inScope(ctx.pool, caller, scopeOf(req), async (client) => {
    const { rows } = await client.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucketId, paths]);
    return new Set(rows.map((row) => row.name));
  });
  const results = await Promise.all(
    (paths as string[]).map(async (path) => {
      if (!found.has(path)) return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      const url = `${bucketId}/${path}`;
      const token = await ctx.keys.sign({ url, scope: 'download' }, expiresIn);
      return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
    }),
  );
  sendJson(res, 200, results);
}

interface SignedToken {
  url: string;
  exp: number;
  transformations?: string;
  owner?: string;
  upsert?: boolean;
}

/** storage-api's verifyObjectSignature: a valid token, of the right scope, for exactly this object. */
export async function verifySignature(ctx: StorageContext, token: string | null, bucketId: string, key: string, scope: 'download' | 'upload'): Promise<SignedToken> {
  if (!token) throw ERRORS.validation("querystring must have required property 'token'");
  let payload: Record<string, unknown>;
  try {
    payload = await ctx.keys.verify(token);
  } catch (error) {
    throw ERRORS.invalidJWT(jwtErrorMessage(error));
  }
  const scoped =
    scope === 'upload' ? payload.scope === 'upload' || (payload.scope === undefined && 'upsert' in payload) : payload.scope === 'download' || (payload.scope === undefined && !('upsert' in payload));
  if (!scoped) throw ERRORS.invalidSignature(`Token is not scoped for ${scope}`);
  if (payload.url !== `${bucketId}/${key}`) throw ERRORS.invalidSignature();
  if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) throw ERRORS.expiredSignature();
  return payload as unknown as SignedToken;
}

/** GET /object/sign/{bucket}/{key}?token=: the object, with Expires set to the token's expiry. */
export async function downloadSigned(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, key: string, query: URLSearchParams) {
  const token = await verifySignature(ctx, query.get('token'), bucketId, key, 'download');
  const object = await findObject(ctx, null, scopeOf(req), bucketId, key);
  await sendObject(ctx, req, res, object, { download: query.get('download'), expires: new Date(token.exp * 1000) });
}

/** POST /object/upload/sign/{bucket}/{key}: checks the caller may create (or upsert) the object, then signs. */
export async function signUploadUrl(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, key: string) {
  const caller = await callerOf(req, ctx.keys);
  const bucket = await bucketOrFail(ctx, bucketId);
  mustBeValidKey(key);
  const upsert = req.headers['x-upsert'] === 'true';
  const owner = subOf(caller);
  await canUpload(ctx, caller, scopeOf(req), bucket, key, upsert, owner);
  const url = `${bucketId}/${key}`;
  const token = await ctx.keys.sign({ owner, url, upsert, scope: 'upload' }, SIGNED_UPLOAD_URL_EXPIRY_SECONDS);
  sendJson(res, 200, { url: `/object/upload/sign/${url}?token=${token}`, token });
}

/** storage-api's testPermission: the insert (or upsert) runs as the caller and is rolled back. */
async function canUpload(ctx: StorageContext, caller: Caller, scope: Scope, bucket: Bucket, key: string, upsert: boolean, owner: string | undefined) {
  const { owner: ownerUuid, owner_id } = ownerColumns(owner);
  const rollback = new Error('rollback');
  try {
    await inScope(ctx.pool, caller, scope, async (client) => {
      await client.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version) values ($1, $2, $3, $4, '{}', '1')
         ${upsert ? 'on conflict (bucket_id, name) do update set version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id' : ''}`,
        [bucket.id, key, ownerUuid, owner_id],
      );
      throw rollback;
    });
  } catch (error) {
    if (error === rollback) return;
    if (error instanceof StorageError && error.code === 'ResourceAlreadyExists') throw ERRORS.keyAlreadyExists();
    throw error;
  }
}

/** PUT /object/upload/sign/{bucket}/{key}?token=: the upload the token allows, as the admin, owned by the signer. */
export async function uploadSigned(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, key: string, query: URLSearchParams) {
  const token = await verifySignature(ctx, query.get('token'), bucketId, key, 'upload');
  const bucket = await bucketOrFail(ctx, bucketId);
  const { path } = await store(ctx, req, null, scopeOf(req), bucket, key, { upsert: token.upsert === true, owner: token.owner });
  sendJson(res, 200, { Key: path });
}

function downloadParam(req: IncomingMessage): string | null {
  return new URL(req.url ?? '/', 'http://storage.local').searchParams.get('download');
}

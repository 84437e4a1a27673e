// The bucket routes of storage-api (src/http/routes/bucket): create, get, list, update, empty
// and delete, each as the caller so storage.buckets' RLS policies decide (service_role bypasses).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { callerOf, inScope } from './caller.ts';
import { BUCKET_COLUMNS, normaliseBucket, scopeOf, type Bucket, type StorageContext } from './context.ts';
import { ERRORS, StorageError } from './errors.ts';
import { deleteWhere } from './objects.ts';
import { readJson } from './request.ts';
import { GLOBAL_FILE_SIZE_LIMIT, isUuid, mustBeValidBucketName, mustBeValidMimeTypes, parseFileSize } from './rules.ts';

/** storage-api refuses to empty larger buckets synchronously (EMPTY_BUCKET_MAX). */
const EMPTY_BUCKET_MAX = 200_000;

interface BucketSettings {
  public?: boolean;
  file_size_limit?: number | null;
  allowed_mime_types?: string[] | null;
}

function settingsOf(body: Record<string, unknown>): BucketSettings {
  const settings: BucketSettings = {};
  if (body.public !== undefined) {
    if (typeof body.public !== 'boolean') throw ERRORS.validation('body/public must be boolean');
    settings.public = body.public;
  }
  if (body.file_size_limit !== undefined) {
    const limit = body.file_size_limit;
    if (limit === null) settings.file_size_limit = null;
    else if (typeof limit === 'number' || typeof limit === 'string') {
      const bytes = parseFileSize(limit);
      if (bytes > GLOBAL_FILE_SIZE_LIMIT) throw ERRORS.entityTooLarge();
      settings.file_size_limit = bytes;
    } else throw ERRORS.validation('body/file_size_limit must be integer,string');
  }
  if (body.allowed_mime_types !== undefined) {
    const types = body.allowed_mime_types;
    if (types === null) settings.allowed_mime_types = null;
    else if (Array.isArray(types) && types.every((type) => typeof type === 'string')) {
      const kept = types.filter(Boolean);
      mustBeValidMimeTypes(kept);
      settings.allowed_mime_types = kept;
    } else throw ERRORS.validation('body/allowed_mime_types must be array');
  }
  return settings;
}

export async function createBucket(ctx: StorageContext, req: IncomingMessage, res: ServerResponse) {
  const caller = await callerOf(req, ctx.keys);
  const body = await readJson(req);
  if (typeof body.name !== 'string') throw ERRORS.validation("body must have required property 'name'");
  const name = body.name;
  const id = typeof body.id === 'string' && body.id ? body.id : name;
  mustBeValidBucketName(name);
  mustBeValidBucketName(id);
  const settings = settingsOf(body);
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : undefined;
  try {
    await inScope(ctx.pool, caller, scopeOf(req), (client) =>
      client.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [id, name, isUuid(sub) ? sub : null, sub ?? null, settings.public ?? false, settings.file_size_limit ?? null, settings.allowed_mime_types ?? null],
      ),
    );
  } catch (error) {
    if (error instanceof StorageError && error.code === 'ResourceAlreadyExists') throw ERRORS.bucketAlreadyExists();
    throw error;
  }
  sendJson(res, 200, { name });
}

export async function getBucket(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, id: string) {
  const caller = await callerOf(req, ctx.keys);
  const rows = await inScope(ctx.pool, caller, scopeOf(req), async (client) => (await client.query<Bucket>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows);
  if (!rows[0]) throw ERRORS.noSuchBucket();
  sendJson(res, 200, normaliseBucket(rows[0]));
}

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

export async function listBuckets(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
  const caller = await callerOf(req, ctx.keys);
  const conditions: string[] = [];
  const values: unknown[] = [];
  const search = query.get('search');
  if (search) {
    values.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conditions.push(`name ilike $${values.length}`);
  }
  const sortColumn = query.get('sortColumn');
  if (sortColumn && !SORT_COLUMNS.has(sortColumn)) throw ERRORS.validation('querystring/sortColumn must be equal to one of the allowed values');
  const order = query.get('sortOrder') === 'desc' ? 'desc' : 'asc';
  let pagination = '';
  for (const name of ['limit', 'offset'] as const) {
    const raw = query.get(name);
    if (raw === null) continue;
    if (!/^\d+$/.test(raw) || (name === 'limit' && raw === '0')) throw ERRORS.validation(`querystring/${name} must be integer`);
    values.push(Number(raw));
    pagination += ` ${name} $${values.length}`;
  }
  const sql = `select ${BUCKET_COLUMNS} from storage.buckets ${conditions.length ? `where ${conditions.join(' and ')}` : ''}
    ${sortColumn ? `order by ${sortColumn} ${order}` : ''} ${pagination}`;
  const rows = await inScope(ctx.pool, caller, scopeOf(req), async (client) => (await client.query<Bucket>(sql, values)).rows);
  sendJson(res, 200, rows.map(normaliseBucket));
}

export async function updateBucket(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, id: string) {
  const caller = await callerOf(req, ctx.keys);
  mustBeValidBucketName(id);
  const body = await readJson(req);
  const settings = settingsOf(body);
  const columns = Object.entries(settings).filter(([, value]) => value !== undefined);
  if (columns.length === 0) throw ERRORS.noContentProvided();
  const assignments = columns.map(([column], index) => `${column} = $${index + 2}`).join(', ');
  const updated = await inScope(ctx.pool, caller, scopeOf(req), (client) =>
    client.query(`update storage.buckets set ${assignments}, updated_at = now() where id = $1`, [id, ...columns.map(([, value]) => value)]),
  );
  if (!updated.rowCount) throw ERRORS.noSuchBucket();
  sendJson(res, 200, { message: 'Successfully updated' });
}

/** Deletes every object the caller may delete in the bucket, rows and files. */
export async function emptyBucket(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, id: string) {
  const caller = await callerOf(req, ctx.keys);
  mustBeValidBucketName(id);
  const scope = scopeOf(req);
  const count = await inScope(ctx.pool, caller, scope, async (client) => {
    const bucket = await client.query('select id from storage.buckets where id = $1', [id]);
    if (!bucket.rowCount) throw ERRORS.noSuchBucket();
    const { rows } = await client.query<{ count: string }>('select count(*) from (select 1 from storage.objects where bucket_id = $1 limit $2) o', [id, EMPTY_BUCKET_MAX + 1]);
    return Number(rows[0]?.count ?? 0);
  });
  if (count > EMPTY_BUCKET_MAX) throw new StorageError('InvalidRequest', 409, 'Unable to empty the bucket because it contains too many objects');
  const deleted = await deleteWhere(ctx.pool, caller, scope, 'bucket_id = $1', [id]);
  for (const row of deleted) {
    if (row.version) {
      await ctx.files.remove(row.version);
      await ctx.renders.forget(row.version);
    }
  }
  sendJson(res, 200, { message: 'Successfully emptied' });
}

export async function deleteBucket(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, id: string) {
  const caller = await callerOf(req, ctx.keys);
  mustBeValidBucketName(id);
  await inScope(
    ctx.pool,
    caller,
    scopeOf(req),
    async (client) => {
      const deleted = await client.query('delete from storage.buckets where id = $1', [id]);
      if (!deleted.rowCount) throw ERRORS.noSuchBucket();
    },
    async (client) => {
      // As the admin, as storage-api counts: objects the caller can't see still keep the bucket.
      await client.query('select id from storage.buckets where id = $1 for update', [id]);
      const { rowCount } = await client.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
      if (rowCount) throw ERRORS.bucketNotEmpty();
    },
  );
  sendJson(res, 200, { message: 'Successfully deleted' });
}

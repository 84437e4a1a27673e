// Test support for the Storage service: users logged in through supabase-js, buckets and
// policies set up the way a project's migration would, and a look at what is on disk.
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { paths } from '../config.ts';
import { anonClient, serviceClient, withDatabase } from '../testing.ts';

export interface TestUser {
  id: string;
  email: string;
  client: SupabaseClient;
}

export async function createUser(label: string): Promise<TestUser> {
  const email = `${label}-${randomUUID().slice(0, 8)}@storage.test`;
  const password = 'geheim123';
  const admin = serviceClient();
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const client = anonClient();
  const login = await client.auth.signInWithPassword({ email, password });
  if (login.error) throw login.error;
  return { id: created.data.user.id, email, client };
}

/** Empties and deletes buckets left by an earlier run, through the API as the service role. */
export async function dropBuckets(...ids: string[]) {
  const admin = serviceClient();
  for (const id of ids) {
    const found = await admin.storage.getBucket(id);
    if (found.error) continue;
    const emptied = await admin.storage.emptyBucket(id);
    if (emptied.error) throw emptied.error;
    const deleted = await admin.storage.deleteBucket(id);
    if (deleted.error) throw deleted.error;
  }
}

/** SQL as a migration runs it (policies on storage.objects and storage.buckets). */
export function migrate(sql: string) {
  return withDatabase((client) => client.query(sql));
}

async function versionsOnDisk(): Promise<string[]> {
  const root = path.join(paths.data, 'storage', 'objects');
  const shards = await readdir(root).catch(() => [] as string[]);
  const versions: string[] = [];
  for (const shard of shards) versions.push(...(await readdir(path.join(root, shard)).catch(() => [] as string[])));
  return versions;
}

/** The object files on disk now: files older than a test are not its business (e.g. after a database reset). */
export async function filesSnapshot(): Promise<Set<string>> {
  return new Set(await versionsOnDisk());
}

async function mismatches(before: Set<string>, buckets: string[]) {
  const files = new Set(await versionsOnDisk());
  const rows = await withDatabase(async (client) => (await client.query<{ version: string; bucket_id: string }>('select version, bucket_id from storage.objects')).rows);
  const referenced = new Set(rows.map((row) => row.version));
  return {
    filesWithoutRow: [...files].filter((version) => !before.has(version) && !referenced.has(version)),
    rowsWithoutFile: rows.filter((row) => buckets.includes(row.bucket_id) && !files.has(row.version)).map((row) => row.version),
  };
}

/**
 * Files written since `before` that have no row, and rows of `buckets` without a file: a
 * rejected write must leave neither. A write still in flight in another test file shows up
 * briefly, so only what lasts counts.
 */
export async function inconsistencies(before: Set<string>, buckets: string[]) {
  const first = await mismatches(before, buckets);
  if (first.filesWithoutRow.length === 0 && first.rowsWithoutFile.length === 0) return first;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const second = await mismatches(before, buckets);
  return {
    filesWithoutRow: second.filesWithoutRow.filter((version) => first.filesWithoutRow.includes(version)),
    rowsWithoutFile: second.rowsWithoutFile.filter((version) => first.rowsWithoutFile.includes(version)),
  };
}

export async function rowCount(bucketId: string, name?: string): Promise<number> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ count: string }>('select count(*) from storage.objects where bucket_id = $1 and ($2::text is null or name = $2)', [bucketId, name ?? null]);
    return Number(rows[0]!.count);
  });
}

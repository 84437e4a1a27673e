// `pnpm stack <start|dev|stop|status|reset|backup|restore>`: the local Supabase stack without Docker.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { isRunning } from './child.ts';
import { db, keys, mollie, paths, ports, urls } from './config.ts';
import { canConnect } from './postgres.ts';
import { ensureBundles, nodeArgs } from './prebuilt.ts';
import type { StackMode, StackState } from './supervisor.ts';

const alive = isRunning;

function readState(): StackState | undefined {
  if (!existsSync(paths.stateFile)) return undefined;
  try {
    return JSON.parse(readFileSync(paths.stateFile, 'utf8')) as StackState;
  } catch {
    return undefined;
  }
}

/** The running stack's state; otherwise says that it is not running, with `advice`, and exits with 1. */
function runningOrSay(advice: string): StackState | undefined {
  const state = readState();
  if (state && alive(state.pid)) return state;
  console.log(`podium local stack is not running. ${advice}`);
  process.exitCode = 1;
  return undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long `status` waits for each service. A healthy service answers in milliseconds; on a busy
 * machine a database connection (a new backend process) has taken over a second, and a status
 * that calls it 'NOT ANSWERING' then would be wrong.
 */
const statusTimeoutMs = 5000;

async function answers(url: string, init?: RequestInit) {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(statusTimeoutMs) });
    // Read to the end: an unread body keeps its connection, and the CLI, alive.
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

export async function health(): Promise<Record<string, boolean>> {
  const entries = await Promise.all(Object.entries(healthChecks()).map(async ([name, check]) => [name, await check()] as const));
  return Object.fromEntries(entries);
}

function healthChecks(): Record<string, () => Promise<boolean>> {
  const apikey = { headers: { apikey: keys.anon } };
  return {
    db: () => canConnect(db.url, statusTimeoutMs),
    rest: () => answers(`${urls.api}/rest/v1/`, apikey),
    auth: () => answers(`${urls.api}/auth/v1/health`, apikey),
    storage: () => answers(`${urls.api}/storage/v1/status`, apikey),
    realtime: () => answers(`${urls.api}/realtime/v1/api/health`, apikey),
    mail: () => answers(`${urls.mail}/health`),
    payments: () => answers(`${urls.api}/mollie/health`),
    instagram: () => answers(`${urls.api}/instagram/health`),
    functions: () => answers(`http://127.0.0.1:${ports.functions}/_internal/health`),
    web: () => answers(`${urls.site}/`),
  };
}

function printStatus(state: StackState | undefined, checks?: Record<string, boolean>) {
  const rows: [string, string][] = [
    ['API URL', urls.api],
    ['REST URL', `${urls.api}/rest/v1`],
    ['Auth URL', `${urls.api}/auth/v1`],
    ['Storage URL', `${urls.api}/storage/v1`],
    ['Functions URL', `${urls.api}/functions/v1`],
    ['Realtime URL', `${urls.api.replace(/^http/, 'ws')}/realtime/v1`],
    ['DB URL', db.url],
    ['Web URL', urls.site],
    ['Mail catcher URL', urls.mail],
    ['SMTP', `127.0.0.1:${ports.smtp}`],
    ['JWT secret', keys.jwtSecret],
    ['anon key', keys.anon],
    ['service_role key', keys.serviceRole],
    ['Mollie API URL', urls.mollie],
    ['Mollie API key', mollie.apiKey],
    ['Mollie authorize URL', urls.mollieConnect.authorize],
    ['Instagram authorize URL', urls.instagram.authorize],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `${label.padStart(width)}: ${value}`);
  if (state) lines.unshift(`podium local stack is running (${state.mode}, pid ${state.pid}, ready in ${state.readyMs} ms).`, '');
  if (checks) {
    const restarted = (name: string) => (state?.restarts[name] ? ` (restarted ${state.restarts[name]}×)` : '');
    // Services in a process of their own show its pid; the others run in the stack's.
    const pid = (name: string) => ` pid ${state?.children[name] ?? state?.pid ?? '-'}`;
    lines.push('', ...Object.entries(checks).map(([name, ok]) => `${name.padStart(width)}: ${ok ? 'healthy' : 'NOT ANSWERING'}${pid(name)}${restarted(name)}`));
  }
  console.log(lines.join('\n'));
}

/**
 * The stack's state, with `started` true when this call started it: then the supervisor has just
 * seen every service answer its health check (it reports ready only then).
 */
async function startBackground(): Promise<StackState & { started?: boolean }> {
  const running = readState();
  if (running && alive(running.pid)) return running;
  if (running) await killLeftovers(running);
  mkdirSync(paths.data, { recursive: true });
  const logFd = openSync(paths.logFile, 'a');
  await ensureBundles((message) => console.log(message));
  const child = spawn(process.execPath, [...nodeArgs('cli'), '__supervise', 'start'], {
    detached: true,
    stdio: ['ignore', logFd, logFd, 'ipc'],
    env: process.env,
  });
  const state = await new Promise<StackState>((resolve, reject) => {
    const onMessage = (message: { type: 'ready'; state: StackState } | { type: 'error'; message: string } | { type: 'progress'; waitingFor: string }) => {
      if (message.type === 'progress') return console.log(`stack: waiting for ${message.waitingFor}…`);
      child.off('message', onMessage);
      if (message.type === 'ready') resolve(message.state);
      else reject(new Error(message.message));
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`the stack exited during start (code ${code}); see ${path.relative(process.cwd(), paths.logFile)}`)));
  });
  child.disconnect();
  child.unref();
  return { ...state, started: true };
}

/**
 * What `start` shows: the services' health as the supervisor saw it at ready, when it has just
 * started them (asking each again costs a quarter of a second on a machine still busy with the
 * start); a stack that was already running is asked.
 */
async function startedHealth(state: StackState & { started?: boolean }) {
  if (!state.started) return health();
  return Object.fromEntries(Object.keys(healthChecks()).map((name) => [name, true]));
}

/**
 * Ends what a dead or hung supervisor left behind: Postgres gets its fast-shutdown signal (a
 * killed postmaster would leave its backends holding the data directory), the rest SIGTERM;
 * whatever still runs after the grace period is killed.
 */
async function killLeftovers(state: StackState) {
  const signals = new Map<number, NodeJS.Signals>();
  for (const [name, pid] of Object.entries(state.children)) if (pid) signals.set(pid, name === 'db' ? 'SIGINT' : 'SIGTERM');
  signals.set(state.pid, 'SIGKILL');
  for (const [pid, signal] of signals) if (alive(pid)) process.kill(pid, signal);
  const deadline = Date.now() + 15_000;
  while ([...signals.keys()].some(alive) && Date.now() < deadline) await sleep(50);
  for (const pid of signals.keys()) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(paths.stateFile, { force: true });
}

async function stop() {
  const state = readState();
  if (!state) {
    console.log('podium local stack is not running.');
    return;
  }
  if (alive(state.pid)) process.kill(state.pid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  while (alive(state.pid) && Date.now() < deadline) await sleep(50);
  // Whatever survived a crashed or hung supervisor goes now: stop leaves no process behind.
  await killLeftovers(state);
  console.log('Stopped podium local stack.');
}

async function resetDatabase() {
  if (!db.externalUrl) {
    rmSync(paths.pgData, { recursive: true, force: true });
    return;
  }
  const target = new URL(db.url);
  const name = decodeURIComponent(target.pathname.slice(1)) || 'postgres';
  const maintenance = new URL(db.url);
  maintenance.pathname = '/template1';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
    await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Checks the archive first, beside the running stack (nothing changes when it is refused), then
 * stops the stack, puts the database and the stored files in place, and starts it again if it ran.
 */
async function restore(file: string | undefined) {
  if (!file) {
    console.error('usage: stack restore <file> (a .tar.gz made by `stack backup`)');
    process.exitCode = 1;
    return;
  }
  const { BackupRefused, prepareRestore, summariseCounts } = await import('./backup.ts');
  let prepared;
  try {
    prepared = await prepareRestore(file);
  } catch (error) {
    if (!(error instanceof BackupRefused)) throw error;
    console.error(`restore refused: ${file}: ${error.message}. Nothing was changed.`);
    process.exitCode = 1;
    return;
  }
  try {
    const running = readState();
    const wasRunning = running !== undefined && alive(running.pid);
    // Also when the supervisor died: its leftovers must not hold the data directory.
    if (running) await stop();
    await prepared.apply();
    const { createdAt, migration, counts } = prepared.manifest;
    console.log(`Restored the backup of ${createdAt} (migration ${migration}): ${summariseCounts(counts)}.`);
    if (!wasRunning) {
      console.log('Start the stack with `npm run stack -- start`.');
      return;
    }
    const state = await startBackground();
    printStatus(state, await startedHealth(state));
  } finally {
    await prepared.discard();
  }
}

async function main(command: string | undefined, arg: string | undefined) {
  switch (command) {
    case '__supervise': {
      const { runStack } = await import('./supervisor.ts');
      // One failing request must not take the stack down: log it and keep serving.
      process.on('uncaughtException', (error) => console.error('uncaught exception:', error));
      process.on('unhandledRejection', (error) => console.error('unhandled rejection:', error));
      try {
        const { state, shutdown } = await runStack((arg ?? 'start') as StackMode, (waitingFor) => process.send?.({ type: 'progress', waitingFor }));
        process.send?.({ type: 'ready', state });
        const exit = () => void shutdown().finally(() => process.exit(0));
        process.on('SIGTERM', exit);
        process.on('SIGINT', exit);
      } catch (error) {
        console.error(error);
        process.send?.({ type: 'error', message: (error as Error).message });
        process.exit(1);
      }
      return;
    }
    case 'start': {
      const state = await startBackground();
      printStatus(state, await startedHealth(state));
      return;
    }
    case 'dev': {
      const running = readState();
      if (running && alive(running.pid)) await stop();
      await ensureBundles((message) => console.log(message));
      const { runStack } = await import('./supervisor.ts');
      const { state, shutdown } = await runStack('dev');
      printStatus(state);
      const exit = () => void shutdown().finally(() => process.exit(0));
      process.on('SIGTERM', exit);
      process.on('SIGINT', exit);
      return;
    }
    case 'stop':
      return stop();
    case 'status': {
      const state = runningOrSay('Start it with `npm start`.');
      if (state) printStatus(state, await health());
      return;
    }
    case 'reset': {
      const wasRunning = readState();
      if (wasRunning) await stop();
      await resetDatabase();
      const state = await startBackground();
      console.log('Database reset: migrations and seed applied.');
      printStatus(state, await startedHealth(state));
      return;
    }
    case 'backup': {
      if (!runningOrSay('A backup is taken of the running stack: start it with `npm run stack -- start`.')) return;
      const { createBackup } = await import('./backup.ts');
      await createBackup(arg);
      return;
    }
    case 'restore':
      return restore(arg);
    default:
      console.log('usage: stack <start|dev|stop|status|reset|backup [file]|restore <file>>');
      process.exitCode = command ? 1 : 0;
  }
}

main(process.argv[2], process.argv[3]).catch((error: Error) => {
  console.error(`stack: ${error.message}`);
  process.exit(1);
});

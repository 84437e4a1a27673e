// The long-running stack process. It owns every service: Postgres, PostgREST, realtime, the
// Deno functions runtime, auth, the payments sandbox and the mail catcher as supervised children
// (restarted and reported when they die); storage and the Instagram sandbox behind the gateway
// in-process; the web server. `cli.ts start` runs it in the background, `cli.ts dev` in the
// foreground. It writes .data/stack.json so `status` and `stop` can find everything.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import pg from 'pg';
import type { ManagedChild } from './child.ts';
import { db, instagram, mollie, paths, ports, urls } from './config.ts';
import { createGateway, screenPostgrestQuery, type Mount } from './gateway.ts';
import { log } from './log.ts';
import { copyTemplate, prepareSpare, saveTemplate, templateKey, templatesDir } from './db-template.ts';
import { projectSql, seedOnce, setupDatabase } from './migrate.ts';
import { canConnect, initialise, isInitialised, postgresChild, stopSignal } from './postgres.ts';
import { postgrestChild } from './postgrest.ts';
import { startScheduler } from './scheduler.ts';
import { uploadSeedMediaInBackground } from './seed-media.ts';
import { realtimeChild, realtimeUpgrade } from './realtime/index.ts';
import type { MountedService } from './services.ts';
import { localFunctionsOptions } from './functions/local.ts';
import { createFunctionsService } from './functions/service.ts';
import { createInstagramService } from './instagram/index.ts';
import { registerRecordedPayments } from './payments/store.ts';
import { authenticate } from './payments/wire.ts';
import { serviceChild } from './service-process.ts';
import { createStorageService, isOpenStoragePath } from './storage/index.ts';
import { startWeb } from './web.ts';

/**
 * Runs `work` with this connection's backend ahead of the other processes in the CPU queue. A
 * cold start waits on the seed alone, a second or more of one backend, while every service
 * boots beside it on the same cores and is ready well before it ends. Raising a priority needs
 * root (or CAP_SYS_NICE); without it the seed runs as before.
 */
async function aheadOfTheRest<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pid = rows[0]?.pid;
  let raised = false;
  try {
    if (pid) os.setPriority(pid, -10);
    raised = Boolean(pid);
  } catch {
    // not allowed here
  }
  try {
    return await work();
  } finally {
    if (raised) os.setPriority(pid!, 0);
  }
}

export type StackMode = 'start' | 'dev';

export interface StackState {
  pid: number;
  mode: StackMode;
  startedAt: string;
  readyMs: number;
  /** Each step of the start and each child's spawn and first healthy answer, in ms since the supervisor's process began. */
  timeline: Record<string, number>;
  children: Record<string, number | undefined>;
  /** How often each child was restarted after dying. */
  restarts: Record<string, number>;
}

interface Closable {
  close(): Promise<void>;
}

function listen(server: Server, port: number) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: Server) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * `progress` hears what the start is waiting for, step by step (`stack start` prints it; the
 * log has it in `dev`).
 */
export async function runStack(mode: StackMode, progress: (waitingFor: string) => void = (waitingFor) => log('stack', `waiting for ${waitingFor}`)) {
  const began = performance.now();
  mkdirSync(paths.data, { recursive: true });
  const children: Record<string, ManagedChild> = {};
  const closables: Closable[] = [];
  let shuttingDown = false;

  const shutdown = async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    // Ctrl-C reaches the children too: their exits from here on are the shutdown, not crashes.
    for (const child of Object.values(children)) child.expectStop();
    log('stack', 'stopping');
    for (const closable of closables.reverse()) await closable.close().catch((error: Error) => log('stack', error.message));
    // Every child but the database, which goes last; also those of a start that failed halfway.
    for (const [name, child] of Object.entries(children)) if (name !== 'db') await child.stop();
    await children.db?.stop(stopSignal, 20_000);
    rmSync(paths.stateFile, { force: true });
    log('stack', 'stopped');
  };

  // Every child boots beside the others, each as soon as what it needs is there: most of a
  // start is Node and Deno processes loading their code, which needs no database. Each child's
  // health deadline (child.ts) is long enough for a busy machine booting them all at once.
  const booting: Promise<void>[] = [];
  const boot = (name: string, child: ManagedChild) => {
    children[name] = child;
    const started = child.start();
    // Awaited below; a start that fails before then must not count as unhandled meanwhile.
    started.catch(() => {});
    booting.push(started);
  };

  // When each step of the start ended, in ms since this process began (its own module loading
  // included): written to stack.json and the log, so a slow start shows where its time went.
  const timeline: Record<string, number> = { 'supervisor loaded': began };
  const mark = (step: string) => (timeline[step] = performance.now());

  try {
    // The mail catcher needs nothing else.
    boot('mail', serviceChild('mail', mode));
    if (db.externalUrl) {
      if (!(await canConnect())) throw new Error(`cannot connect to DATABASE_URL (${new URL(db.url).host})`);
    } else {
      if (!isInitialised()) await freshCluster(children, mark, progress);
      children.db ??= await postgresChild();
      if (!children.db.pid) {
        progress('the database: starting PostgreSQL');
        await children.db.start();
      }
      mark('db up');
    }
    // Realtime and auth query nothing before their first request, and the gateway takes none
    // before the migrations are in: they boot while the migrations run. So do the functions
    // runtime and the web server, which need no database at all.
    boot('realtime', realtimeChild());
    boot('auth', serviceChild('auth', mode));

    const pool = new pg.Pool({ connectionString: db.url, max: 10 });
    pool.on('error', (error) => log('db', `idle client error: ${error.message}`));
    closables.push({ close: () => pool.end() });
    const servicesStarted = startServices(pool, mode, children);
    servicesStarted.catch(() => {});
    // The payments sandbox loads its code now and serves once the payments the seed recorded
    // are registered below, so its first webhook run sees them.
    let paymentsMayStart!: () => void;
    let paymentsMayNot!: (error: Error) => void;
    const paymentsHold = new Promise<void>((resolve, reject) => {
      paymentsMayStart = resolve;
      paymentsMayNot = reject;
    });
    paymentsHold.catch(() => {});
    boot('payments', serviceChild('payments', mode, paymentsHold));

    try {
      const client = await pool.connect();
      try {
        const onStep = (step: string) => progress(`the database: ${step}`);
        await setupDatabase(client, projectSql, { seed: false, onStep });
        mark('base and migrations');
        // PostgREST needs the schema, not the rows: its schema cache loads while the seed runs.
        boot('rest', postgrestChild());
        await aheadOfTheRest(client, () => seedOnce(client, projectSql, onStep));
        mark('seed');
      } finally {
        client.release();
      }
      // Before the scheduler's first refund run: the sandbox knows the payments the seed recorded.
      const profile = authenticate(`Bearer ${mollie.apiKey}`);
      if ('profileId' in profile) await registerRecordedPayments(pool, profile.profileId, { site: urls.site, webhook: `${urls.api}/functions/v1/payment-webhook` });
      paymentsMayStart();
    } catch (error) {
      paymentsMayNot(error as Error);
      throw error;
    }
    const waitingFor = () =>
      Object.entries(children)
        .filter(([, child]) => child.startTimes.healthyAt === undefined)
        .map(([name]) => name);
    if (waitingFor().length > 0) progress(`${waitingFor().join(', ')} to answer`);
    const [services] = await Promise.all([servicesStarted, ...booting]);
    closables.push(...services.closables);
    Object.assign(children, services.children);

    const gateway = createGateway(services.mounts);
    await listen(gateway, ports.gateway);
    mark('gateway listening');
    // Ready: the next cold start's cluster is copied now, while this stack has nothing to do.
    prepareSpare(templateKey());
    closables.push({ close: () => closeServer(gateway) });
    // After the gateway: some jobs are edge functions, called through it.
    closables.push(startScheduler(pool));
    closables.push(uploadSeedMediaInBackground());

    const state: StackState = {
      pid: process.pid,
      mode,
      startedAt: new Date().toISOString(),
      readyMs: Math.round(performance.now() - began),
      timeline: startTimeline(timeline, children),
      children: {},
      restarts: {},
    };
    const writeState = () => {
      for (const [name, child] of Object.entries(children)) {
        state.children[name] = child.pid;
        state.restarts[name] = child.restartCount;
      }
      writeFileSync(paths.stateFile, JSON.stringify(state, null, 2));
    };
    for (const child of Object.values(children)) child.onRestarted(writeState);
    writeState();
    log('stack', `ready in ${state.readyMs} ms, ${Math.round(began)} ms after this process began`);
    log(
      'stack',
      `start: ${Object.entries(state.timeline)
        .map(([step, ms]) => `${step} ${ms}`)
        .join(', ')} (ms since the process began)`,
    );
    return { state, shutdown, children };
  } catch (error) {
    await shutdown();
    throw error;
  }
}

/**
 * A new cluster in the data directory: a copy of the cached one when there is one for these
 * migrations (db-template.ts), else initdb and the migrations, after which the stopped cluster
 * becomes that cache. Leaves the server running.
 */
async function freshCluster(children: Record<string, ManagedChild>, mark: (step: string) => void, progress: (waitingFor: string) => void) {
  const key = templateKey();
  try {
    progress('the database: a new cluster');
    if (copyTemplate(key, paths.pgData)) {
      mark('db cluster copied from the cache');
      return;
    }
  } catch (error) {
    log('db', `${(error as Error).message}; making the cluster anew`);
    rmSync(paths.pgData, { recursive: true, force: true });
  }
  progress('the database: initdb, the Supabase base and the migrations (a first start; kept for later cold starts)');
  await initialise();
  mark('initdb');
  const child = await postgresChild();
  children.db = child;
  await child.start();
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await setupDatabase(client, projectSql, { seed: false });
  } finally {
    await client.end();
  }
  mark('base and migrations (for the cache)');
  await child.stop(stopSignal, 20_000);
  try {
    saveTemplate(key, paths.pgData);
    log('db', `cached the migrated cluster for later cold starts (${path.relative(paths.root, templatesDir())}/${key})`);
  } catch (error) {
    log('db', `could not cache the migrated cluster: ${(error as Error).message}`);
  }
  mark('cluster cached');
}

/** The steps, then each child's spawn and healthy moments, rounded and in order. */
function startTimeline(steps: Record<string, number>, children: Record<string, ManagedChild>) {
  const entries = Object.entries(steps);
  for (const [name, child] of Object.entries(children)) {
    const { spawnedAt, healthyAt } = child.startTimes;
    if (spawnedAt !== undefined) entries.push([`${name} spawned`, spawnedAt]);
    if (healthyAt !== undefined) entries.push([`${name} healthy`, healthyAt]);
  }
  return Object.fromEntries(entries.sort((a, b) => a[1] - b[1]).map(([step, ms]) => [step, Math.round(ms)]));
}

async function startServices(pool: pg.Pool, mode: StackMode, children: Record<string, ManagedChild>) {
  const realtime = children.realtime!;
  const instagramSandbox: MountedService = createInstagramService(instagram, {
    prefix: '/instagram',
    callbacks: { deauthorize: `${urls.api}/functions/v1/instagram-deauthorize`, dataDeletion: `${urls.api}/functions/v1/instagram-data-deletion` },
  });
  const storage: MountedService = createStorageService({ pool });
  const functions = createFunctionsService(localFunctionsOptions({ watch: mode === 'dev' }));
  // Known to the shutdown before it starts: a start that fails elsewhere must not leave Deno running.
  children.functions = functions.child;
  const [web] = await Promise.all([startWeb({ mode, port: ports.web, distRoot: paths.webDistRoot, functionsUrl: `${urls.api}/functions/v1` }), functions.child.start()]);
  const mounts: Mount[] = [
    { prefix: '/rest/v1', target: { port: ports.postgrest }, screen: screenPostgrestQuery, fastPath: true },
    { prefix: '/realtime/v1', target: { port: ports.realtime }, upgrade: realtimeUpgrade(realtime) },
    {
      prefix: '/auth/v1',
      target: { port: ports.auth },
      fastPath: true,
      // Reachable without an apikey, as on Supabase: links in e-mails and OAuth redirects.
      isOpen: (path) => ['/verify', '/callback', '/authorize'].includes(path) || path.startsWith('/sandbox-idp/'),
    },
    // Mollie's API authenticates with its own Bearer keys and the checkout page is for browsers: no apikey.
    { prefix: '/mollie', target: { port: ports.payments }, isOpen: () => true },
    // Instagram's consent page is for browsers and its token endpoint takes the app's secret: no apikey.
    { prefix: '/instagram', target: instagramSandbox.handle, isOpen: () => true },
    // Public and signed URLs (objects and image renders) answer without an apikey, as on Supabase.
    { prefix: '/storage/v1', target: storage.handle, isOpen: isOpenStoragePath },
    // Open: verify_jwt is the functions' own check (webhooks carry no apikey).
    { prefix: '/functions/v1', target: functions.handle, isOpen: () => true, rawDecision: functions.rawDecision },
  ];
  return { mounts, closables: [web, instagramSandbox, storage, functions] as Closable[], children: { ...web.children, functions: functions.child } };
}

// The long-running stack process. It owns every service: Postgres, PostgREST, realtime, the
// Deno functions runtime, auth, the payments sandbox and the mail catcher as supervised children
// (restarted and reported when they die); storage and the Instagram sandbox behind the gateway
// in-process; the web server. `cli.ts start` runs it in the background, `cli.ts dev` in the
// foreground. It writes .data/stack.json so `status` and `stop` can find everything.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import pg from 'pg';
import type { ManagedChild } from './child.ts';
import { db, instagram, mollie, paths, ports, urls } from './config.ts';
import { createGateway, screenPostgrestQuery, type Mount } from './gateway.ts';
import { log } from './log.ts';
import { setupDatabase } from './migrate.ts';
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

export type StackMode = 'start' | 'dev';

export interface StackState {
  pid: number;
  mode: StackMode;
  startedAt: string;
  readyMs: number;
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

export async function runStack(mode: StackMode) {
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

  try {
    // The mail catcher needs nothing else.
    boot('mail', serviceChild('mail', mode));
    if (db.externalUrl) {
      if (!(await canConnect())) throw new Error(`cannot connect to DATABASE_URL (${new URL(db.url).host})`);
    } else {
      if (!isInitialised()) await initialise();
      children.db = await postgresChild();
      await children.db.start();
    }
    // Realtime and auth query nothing before their first request, and the gateway takes none
    // before the migrations are in: they boot while the migrations run.
    boot('realtime', realtimeChild());
    boot('auth', serviceChild('auth', mode));

    const pool = new pg.Pool({ connectionString: db.url, max: 10 });
    pool.on('error', (error) => log('db', `idle client error: ${error.message}`));
    closables.push({ close: () => pool.end() });

    const client = await pool.connect();
    try {
      await setupDatabase(client);
    } finally {
      client.release();
    }
    // Before the scheduler's first refund run: the sandbox knows the payments the seed recorded.
    const profile = authenticate(`Bearer ${mollie.apiKey}`);
    if ('profileId' in profile) await registerRecordedPayments(pool, profile.profileId, { site: urls.site, webhook: `${urls.api}/functions/v1/payment-webhook` });

    // PostgREST after the migrations (its schema cache), payments after the recorded payments
    // are registered above, so its first webhook run sees them.
    boot('rest', postgrestChild());
    boot('payments', serviceChild('payments', mode));
    const [services] = await Promise.all([startServices(pool, mode, children), ...booting]);
    closables.push(...services.closables);
    Object.assign(children, services.children);

    const gateway = createGateway(services.mounts);
    await listen(gateway, ports.gateway);
    closables.push({ close: () => closeServer(gateway) });
    // After the gateway: some jobs are edge functions, called through it.
    closables.push(startScheduler(pool));
    closables.push(uploadSeedMediaInBackground());

    const state: StackState = {
      pid: process.pid,
      mode,
      startedAt: new Date().toISOString(),
      readyMs: Math.round(performance.now() - began),
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
    log('stack', `ready in ${state.readyMs} ms`);
    return { state, shutdown, children };
  } catch (error) {
    await shutdown();
    throw error;
  }
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

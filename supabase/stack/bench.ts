// `pnpm bench`: the stack's figures, measured on a throwaway stack (own data dir, own ports)
// so a running development stack is left alone. Prints figures; asserts nothing.
//  - cold start (empty data dir) and warm start, until every service answers healthy, with the
//    supervisor's timeline of each; the first cold start, which also makes the cached cluster, apart;
//  - p50/p95 through the gateway vs straight to the service, as a ratio: REST (one row, a page of
//    20), auth and an edge function (gateway-bench.ts);
//  - password-grant logins per second;
//  - realtime delivery with 500 subscribers (realtime/bench.ts), image renders cold and cached
//    and a 5 MB photo upload to its card preview (storage/bench.ts), edge-function invokes (functions/bench.ts);
//  - the booking money path: request, accept, create-payment, and 50 requests/accepts for one
//    evening at once, and the artist dashboard's overview for an act with 5,000 bookings
//    (tests/bookings-bench.ts);
//  - the back office's bookings grid on 1M bookings: first page and e-mail lookup
//    (tests/backoffice-bench.ts), then search_artists on the same scale data (seed/bench.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isolatedStackEnv, keys } from './config.ts';
import type { StackState } from './supervisor.ts';
import { benchSize, median, recordCrash, recordFigure, runPart } from '@podium/shared/bench';
import { benchFunctions } from './functions/bench.ts';
import { benchGateway } from './gateway-bench.ts';
import { benchRealtime } from './realtime/bench.ts';
import { benchStorage } from './storage/bench.ts';
import { benchSearch, searchTargetMs } from '../seed/bench.ts';
import { benchBackoffice } from '../tests/backoffice-bench.ts';
import { benchArtistOverview, benchBookings } from '../tests/bookings-bench.ts';

const BASE = Number(process.env.PODIUM_BENCH_PORT_BASE ?? 24300);
const benchPorts = { gateway: BASE + 1, db: BASE + 2, mail: BASE + 4, web: BASE + 20, postgrest: BASE + 10, functions: BASE + 14, auth: BASE + 15 };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-bench-'));
// Its own cache of the migrated cluster (db-template.ts): the first cold start makes it, as a
// checkout's first start does, and is reported on its own.
const env = { ...isolatedStackEnv(dataDir, BASE), PODIUM_DB_TEMPLATES_DIR: path.join(dataDir, 'db-templates') };
const api = `http://127.0.0.1:${benchPorts.gateway}`;
// What `npm run stack` runs.
const cli = fileURLToPath(new URL('./cli.mjs', import.meta.url));

function stack(command: string) {
  const result = spawnSync(process.execPath, [cli, command], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`stack ${command} failed:\n${result.stdout}\n${result.stderr}`);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function get(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

async function allHealthy() {
  const ok = (promise: Promise<number>) =>
    promise.then(
      (status) => status === 200,
      () => false,
    );
  const checks = await Promise.all([
    ok(get(`${api}/rest/v1/`, { apikey: keys.anon })),
    ok(get(`${api}/auth/v1/health`, { apikey: keys.anon })),
    ok(get(`${api}/storage/v1/status`, { apikey: keys.anon })),
    ok(get(`${api}/mollie/health`)),
    ok(get(`${api}/realtime/v1/api/health`, { apikey: keys.anon })),
    ok(get(`http://127.0.0.1:${benchPorts.functions}/_internal/health`)),
    ok(get(`http://127.0.0.1:${benchPorts.mail}/health`)),
    ok(get(`http://127.0.0.1:${benchPorts.web}/`)),
  ]);
  return checks.every(Boolean);
}

/** Wall time from running `stack start` until every service answers healthy; prints the supervisor's own timeline of it. */
async function timedStart(label: string) {
  const began = performance.now();
  stack('start');
  while (!(await allHealthy())) await new Promise((resolve) => setTimeout(resolve, 10));
  const ms = performance.now() - began;
  const state = JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8')) as StackState;
  const steps = Object.entries(state.timeline ?? {}).map(([step, at]) => `${step} ${at}`);
  console.log(`  ${label}: ${fmt(ms)}; the supervisor, in ms since its process began: ${steps.join(', ')}`);
  return ms;
}

const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;

async function main() {
  console.log(`podium stack benchmark (${os.cpus().length} cores, data in ${dataDir})\n`);
  try {
    const first = await timedStart('first cold start (no cached cluster yet)');
    stack('stop');
    const cold: number[] = [];
    const warm: number[] = [];
    for (let round = 0; round < benchSize(3, 1); round += 1) {
      rmSync(path.join(dataDir, 'db'), { recursive: true, force: true });
      cold.push(await timedStart('cold'));
      stack('stop');
      warm.push(await timedStart('warm'));
      stack('stop');
    }
    console.log(`first cold start (initdb and migrations, then cached) → all healthy: ${fmt(first)}`);
    recordFigure({ part: 'stack', figure: 'first cold start, no cached cluster → all healthy', value: first, unit: 'ms' });
    console.log(`cold start (empty data dir) → all healthy: median ${fmt(median(cold))}  [${cold.map(fmt).join(', ')}]  target ≤ 3000 ms`);
    console.log(`warm start → all healthy:                   median ${fmt(median(warm))}  [${warm.map(fmt).join(', ')}]  target ≤ 1500 ms`);
    recordFigure({ part: 'stack', figure: 'cold start → all healthy (median)', value: median(cold), unit: 'ms', target: 3000 });
    recordFigure({ part: 'stack', figure: 'warm start → all healthy (median)', value: median(warm), unit: 'ms', target: 1500 });

    await timedStart('start for the benches below');
    const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${benchPorts.db}/postgres`;
    await runPart('stack: gateway', () =>
      benchGateway({
        api,
        postgrestUrl: `http://127.0.0.1:${benchPorts.postgrest}`,
        authUrl: `http://127.0.0.1:${benchPorts.auth}`,
        functionsUrl: `http://127.0.0.1:${benchPorts.functions}`,
        dbUrl,
        anonKey: keys.anon,
        serviceKey: keys.serviceRole,
      }),
    );

    const email = `bench-${Date.now()}@example.com`;
    const password = 'bench-wachtwoord';
    const created = await fetch(`${api}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { apikey: keys.serviceRole, authorization: `Bearer ${keys.serviceRole}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, email_confirm: true }),
    });
    if (!created.ok) throw new Error(`creating the bench user failed: ${created.status} ${await created.text()}`);
    const login = async () => {
      const response = await fetch(`${api}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: keys.anon, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    await login();
    const concurrency = 4;
    const durationMs = benchSize(5000, 500);
    let logins = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() - began < durationMs) {
          await login();
          logins += 1;
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    console.log(`\npassword-grant logins: ${(logins / seconds).toFixed(1)} per second (${logins} in ${seconds.toFixed(1)} s, ${concurrency} concurrent, bcrypt cost 10)`);
    recordFigure({ part: 'stack', figure: 'password-grant logins per second', value: logins / seconds, unit: '/s' });

    // Each part to its end even when one before it crashed; a crash is recorded for the summary.
    console.log('');
    await runPart('stack: realtime', () => benchRealtime({ api, dbUrl, anonKey: keys.anon, serviceKey: keys.serviceRole, jwtSecret: keys.jwtSecret }));
    console.log('');
    await runPart('stack: storage', () => benchStorage({ api, anonKey: keys.anon, serviceKey: keys.serviceRole }));
    console.log('');
    await runPart('stack: functions', () => benchFunctions({ api, anonKey: keys.anon }));
    await runPart('stack: bookings', () => benchBookings({ api, dbUrl, anonKey: keys.anon, jwtSecret: keys.jwtSecret }));
    await runPart('stack: artist overview', () => benchArtistOverview({ api, dbUrl, anonKey: keys.anon, jwtSecret: keys.jwtSecret }));
    const grid = await runPart('stack: back office grid', () =>
      benchBackoffice({ api, postgrestUrl: `http://127.0.0.1:${benchPorts.postgrest}`, dbUrl, anonKey: keys.anon, serviceKey: keys.serviceRole }),
    );
    // The back office bench has loaded the scale seed (100k artists): search at that scale.
    if (grid) {
      console.log(`\nsearch_artists at scale (five queries, p95 through PostgREST and in SQL, target ≤ ${searchTargetMs} ms in SQL):`);
      await runPart('stack: search at scale', () => benchSearch({ api, dbUrl, anonKey: keys.anon, iterations: benchSize(200, 3), log: (line) => console.log(`  ${line}`) }));
    } else {
      recordCrash('stack: search at scale', 'not run: the back office bench, which loads the scale data, did not finish');
    }
  } finally {
    try {
      stack('stop');
    } catch (error) {
      console.error((error as Error).message);
    }
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

// `pnpm bench:load` (a step of `pnpm bench`): 200 people at once for 60 s on a throwaway stack
// (own data dir, ports on PODIUM_BENCH_PORT_BASE, the storefront built for it), over loopback:
//  - 100 visitors, driven by autocannon in a process of their own (browse.ts): the home page and
//    its featured artists, the list with filters, text search, artist pages, images;
//  - 100 signed-in people, each a supabase-js client (people.ts): pairs chatting over realtime,
//    favourites, logging in and out, bookings requested, accepted and paid in the Mollie sandbox.
// Prints requests per second, p50/p95/p99 and errors per kind of request, realtime chat delivery
// p50/p95, and the CPU and peak memory of every service over the window. Targets: 0 errors,
// search p95 <= 50 ms, chat delivery p95 <= 150 ms. Figures only: it never fails.
// PODIUM_LOAD_SECONDS changes the window (default 60); `--running` loads the running stack
// instead (PODIUM_PORT_BASE / PODIUM_DATA_DIR; its web server must serve a storefront build).
import { fork, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchSize, recordFigure } from '@podium/shared/bench';
import { imagePresets, imageUrl, type Device, type ImagePreset } from '@podium/shared/images';
import pg from 'pg';
import { isolatedStackEnv, keys, paths, ports } from '../stack/config.ts';
import { browseKinds, type BrowseKind, type BrowseOptions, type BrowseResult } from './browse.ts';
import { People } from './people.ts';
import { kindFigures, percentile, Recorder, sampleServices, type KindFigures } from './stats.ts';

export const loadTargets = { errors: 0, searchP95Ms: 50, chatDeliveryP95Ms: 150 } as const;

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const packageManager = 'pnpm@10.34.8';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Smoke mode: one of each, for seconds.
const visitors: Record<BrowseKind, number> = benchSize(
  { 'home page (HTML)': 15, 'home: featured artists': 10, 'list with filters': 25, 'text search': 25, 'artist page': 15, image: 10 },
  { 'home page (HTML)': 1, 'home: featured artists': 1, 'list with filters': 1, 'text search': 1, 'artist page': 1, image: 1 },
);
const signedIn = benchSize({ chatPairs: 20, favourites: 30, logins: 10, bookingSlots: 10 }, { chatPairs: 1, favourites: 1, logins: 1, bookingSlots: 1 });
const bookingsPerSlot = benchSize(16, 2);
// Not shrunk in smoke mode: the visitors' process must be up and running before the window opens.
const warmupSeconds = 10;

/** A stack's processes by service, from its state file (a restarted child keeps its name). */
function servicesOf(stateFile: string): Record<string, number> {
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { pid: number; children: Record<string, number | undefined> };
  const children = Object.fromEntries(Object.entries(state.children).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  return { 'supervisor (gateway and in-process services)': state.pid, ...children };
}

/** The running stack, as it is. */
function runningStack() {
  return {
    api: `http://127.0.0.1:${ports.gateway}`,
    web: `http://127.0.0.1:${ports.web}`,
    dbUrl: `postgresql://postgres:postgres@127.0.0.1:${ports.db}/postgres`,
    start() {},
    buildStorefront() {},
    services: () => servicesOf(paths.stateFile),
    stop() {},
  };
}

function throwawayStack() {
  const base = Number(process.env.PODIUM_BENCH_PORT_BASE ?? 24700);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-load-bench-'));
  const webRoot = path.join(dataDir, 'web');
  mkdirSync(webRoot);
  const env = { ...isolatedStackEnv(dataDir, base), PODIUM_PORT_BASE: String(base), PODIUM_WEB_DIST_ROOT: webRoot };
  const run = (args: string[], extra: NodeJS.ProcessEnv = {}) => {
    const result = spawnSync('npx', ['--yes', packageManager, ...args], { env: { ...env, ...extra }, encoding: 'utf8', cwd: repoRoot });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  };
  const api = `http://127.0.0.1:${base + 1}`;
  return {
    dataDir,
    api,
    web: `http://127.0.0.1:${base + 20}`,
    dbUrl: `postgresql://postgres:postgres@127.0.0.1:${base + 2}/postgres`,
    start: () => run(['run', 'stack', 'start']),
    buildStorefront: () => run(['--filter', './storefront', 'run', 'build'], { STOREFRONT_OUT_DIR: path.join(webRoot, 'storefront', 'dist'), VITE_SUPABASE_URL: api }),
    services: () => servicesOf(path.join(dataDir, 'stack.json')),
    stop() {
      try {
        run(['run', 'stack', 'stop']);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** What the visitors ask for: real slugs, image paths whose files are stored, words from names and genres. */
async function catalogue(dbUrl: string, api: string) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    // Seed photos are uploaded in the background after the start: wait until covers are stored.
    let covers: string[] = [];
    for (let waited = 0; waited < 120_000; waited += 1_000) {
      const { rows } = await db.query<{ cover_path: string }>(
        `select a.cover_path from public.artists a join storage.objects o on o.bucket_id = 'artist-media' and o.name = a.cover_path
          where a.approval_status = 'approved' and a.deleted_at is null limit 40`,
      );
      covers = rows.map((row) => row.cover_path);
      if (covers.length >= 20) break;
      await sleep(1_000);
    }
    const artists = await db.query<{ id: string; slug: string; name: string; genre: string | null }>(
      `select id, slug, name, genre from public.artists where approval_status = 'approved' and deleted_at is null order by priority desc, slug limit 300`,
    );
    const categories = await db.query<{ category: string }>(`select distinct unnest(categories) as category from public.artists where approval_status = 'approved'`);
    const places = await db.query<{ id: number }>(`select id from public.places order by id limit 60`);
    const words = new Set<string>();
    for (const artist of artists.rows) {
      for (const word of `${artist.name} ${artist.genre ?? ''}`.toLowerCase().split(/[^a-zà-ÿ]+/)) if (word.length >= 4) words.add(word);
    }
    const presets = Object.keys(imagePresets) as ImagePreset[];
    const devices: Device[] = ['mobile', 'tablet', 'desktop'];
    const images = covers.flatMap((cover, i) => {
      const url = imageUrl({ supabaseUrl: api, bucket: 'artist-media', path: cover, preset: presets[i % presets.length]!, device: devices[i % devices.length]! });
      return url ? [url.slice(api.length)] : [];
    });
    return {
      artistIds: artists.rows.map((row) => row.id),
      slugs: artists.rows.map((row) => row.slug),
      images,
      searchWords: [...words].slice(0, 200),
      categories: categories.rows.map((row) => row.category),
      placeIds: places.rows.map((row) => row.id),
    };
  } finally {
    await db.end();
  }
}

/** The visitors' process, once it is up: `run` sets their window and starts them. */
async function startVisitors(): Promise<{ pid: number; run: (options: BrowseOptions) => Promise<BrowseResult>; stop: () => void }> {
  const child = fork(fileURLToPath(new URL('./browse.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], cwd: repoRoot });
  const ended = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the visitors' process ended (${code}) without figures`))));
  ended.catch(() => {});
  const message = () => Promise.race([new Promise<{ ready?: true; result?: BrowseResult; error?: string }>((resolve) => child.once('message', resolve)), ended]);
  await message();
  return {
    pid: child.pid!,
    run(options) {
      const answer = message();
      child.send(options);
      return answer.then((reply) => {
        if (!reply.result) throw new Error(reply.error ?? 'the visitors sent no figures');
        return reply.result;
      });
    },
    /** Ends the process if it still runs (a part that failed before its figures came). */
    stop: () => void (child.exitCode === null && child.kill()),
  };
}

/** The Kasboek over the whole database (private.cash_book_lines, as admin_cash_book adds it up). */
async function cashBookAfterLoad(dbUrl: string): Promise<{ bookings: number; difference: number; off: string[] }> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ bookings: number; difference: string; off: string[] }>(
      `select count(*)::int as bookings, coalesce(sum(difference), 0)::text as difference,
              coalesce((array_agg(upper(left(booking_id::text, 8)) order by booking_id) filter (where difference <> 0))[1:5], '{}') as off
         from private.cash_book_lines(null, null)`,
    );
    return { bookings: rows[0]!.bookings, difference: Number(rows[0]!.difference), off: rows[0]!.off };
  } finally {
    await db.end();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : '-');

export async function runLoadBench(seconds = Number(process.env.PODIUM_LOAD_SECONDS ?? benchSize(60, 3))) {
  const stack = process.argv.includes('--running') ? runningStack() : throwawayStack();
  stack.start();
  let visitorsProcess: Awaited<ReturnType<typeof startVisitors>> | undefined;
  try {
    stack.buildStorefront();
    const data = await catalogue(stack.dbUrl, stack.api);
    const recorder = new Recorder();
    const people = await People.prepare(
      { api: stack.api, anonKey: keys.anon, serviceKey: keys.serviceRole, dbUrl: stack.dbUrl, recorder, artistIds: data.artistIds, counts: signedIn },
      bookingsPerSlot,
    );
    // Everyone signs in and subscribes first, and all run for a warm-up (connections, caches and
    // JIT settle) before the measured window opens for all of them.
    visitorsProcess = await startVisitors();
    await people.start();
    const from = Date.now() + warmupSeconds * 1000;
    const visitorsRun = visitorsProcess.run({ window: { from, until: from + seconds * 1000 }, web: stack.web, api: stack.api, anonKey: keys.anon, rate: 1, people: visitors, ...data });
    await sleep(from - Date.now());
    const sampler = sampleServices(() => ({ ...stack.services(), 'load driver: visitors (autocannon)': visitorsProcess.pid, 'load driver: signed-in people': process.pid }));
    recorder.measuring = true;
    const began = performance.now();
    await sleep(seconds * 1000);
    recorder.measuring = false;
    const usage = sampler.stop();
    const window = (performance.now() - began) / 1000;
    const visited = await visitorsRun;
    await people.stop();

    const rows: KindFigures[] = [
      ...browseKinds.map((kind) => {
        const errors = visited.errors[kind] ?? [];
        return kindFigures(`visitor: ${kind}`, visited.latencies[kind] ?? [], errors.length, [...new Set(errors)].slice(0, 3), window);
      }),
      ...recorder.figures(window).sort((a, b) => a.kind.localeCompare(b.kind)),
    ];
    const total = rows.reduce((sum, row) => sum + row.count, 0);
    const errors = rows.reduce((sum, row) => sum + row.errors, 0);
    console.log(
      `load: ${Object.values(visitors).reduce((a, b) => a + b, 0)} visitors (autocannon, 1 request/s each) and ${signedIn.chatPairs * 2 + signedIn.favourites + signedIn.logins + signedIn.bookingSlots * 2} signed-in people (supabase-js) for ${window.toFixed(0)} s (after ${warmupSeconds} s of warm-up): ${total.toLocaleString('en')} requests, ${(total / window).toFixed(0)} per second, ${errors} errors (target ${loadTargets.errors})`,
    );
    const width = Math.max(...rows.map((row) => row.kind.length));
    console.log(`load:   ${'kind'.padEnd(width)}  ${'req/s'.padStart(6)}  ${'p50'.padStart(8)}  ${'p95'.padStart(8)}  ${'p99'.padStart(8)}  errors`);
    for (const row of rows) {
      console.log(
        `load:   ${row.kind.padEnd(width)}  ${row.perSecond.toFixed(1).padStart(6)}  ${ms(row.p50).padStart(8)}  ${ms(row.p95).padStart(8)}  ${ms(row.p99).padStart(8)}  ${row.errors}${row.samples.length ? ` (${row.samples.join('; ')})` : ''}`,
      );
    }
    const search = rows.filter((row) => row.kind === 'visitor: list with filters' || row.kind === 'visitor: text search');
    const searchP95 = Math.max(...search.map((row) => row.p95));
    console.log(`load: search p95 ${ms(searchP95)} (list with filters and text search; target <= ${loadTargets.searchP95Ms} ms: ${searchP95 <= loadTargets.searchP95Ms ? 'pass' : 'FAIL'})`);
    const deliveries = [...people.deliveries].sort((a, b) => a - b);
    const deliveryP95 = percentile(deliveries, 95);
    console.log(
      `load: chat delivery over realtime, send to the other side's event: ${deliveries.length} messages, p50 ${ms(percentile(deliveries, 50))}, p95 ${ms(deliveryP95)}, max ${ms(deliveries.at(-1) ?? Number.NaN)} (target p95 <= ${loadTargets.chatDeliveryP95Ms} ms: ${deliveryP95 <= loadTargets.chatDeliveryP95Ms ? 'pass' : 'FAIL'})`,
    );
    console.log(`load: errors ${errors === loadTargets.errors ? 'none (pass)' : `${errors} (FAIL)`}`);
    if (total === 0) throw new Error('the load bench made no requests');
    const unmeasured = search.filter((row) => !Number.isFinite(row.p95)).map((row) => row.kind);
    if (unmeasured.length) throw new Error(`the load bench timed no answer of ${unmeasured.join(' and ')} inside its window`);
    recordFigure({ part: 'load', figure: 'search p95', value: searchP95, unit: 'ms', target: loadTargets.searchP95Ms });
    if (deliveries.length === 0) throw new Error('the load bench delivered no chat message');
    recordFigure({ part: 'load', figure: 'chat delivery p95', value: deliveryP95, unit: 'ms', target: loadTargets.chatDeliveryP95Ms });
    recordFigure({ part: 'load', figure: 'errors', value: errors, unit: '', target: loadTargets.errors, failures: true });
    // The books after the load: every euro the bookings brought in is refunded, paid out, Podium's
    // revenue or still held (the Kasboek's rule), to the cent, over the seed and what the load did.
    const books = await cashBookAfterLoad(stack.dbUrl);
    console.log(`load: cash book after the load: ${books.bookings} bookings with money, difference ${books.difference} cents${books.off.length ? ` (bookings ${books.off.join(', ')})` : ''}`);
    if (books.bookings === 0) throw new Error('the cash book holds no booking with money: the load paid nothing');
    recordFigure({ part: 'load', figure: 'cash book difference after the load', value: Math.abs(books.difference), unit: 'cents', target: 0, failures: true });
    console.log('load: CPU (% of one core, averaged over the window) and peak memory per service:');
    for (const entry of usage) console.log(`load:   ${entry.service.padEnd(44)} ${entry.cpuPercent.toFixed(0).padStart(4)} %  ${entry.peakRssMb.toFixed(0).padStart(5)} MB`);
    console.log(
      `load: load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')} on ${os.cpus().length} cores`,
    );
  } finally {
    visitorsProcess?.stop();
    stack.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runLoadBench();
  process.exit(0);
}

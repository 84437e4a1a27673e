// The storefront's benchmark figures: the initial JavaScript for / (gzip; target
// <= 150 KB) and Lighthouse's mobile performance (score >= 90, LCP <= 2.0 s, CLS <= 0.05) for /,
// /artiesten and one artist profile, driving Debian's Chromium. Standalone:
// `node --import tsx storefront/bench.ts` (the last step of the root `pnpm bench`).
// The pages need data and images, and the build prerenders them with data: so it starts a
// throwaway stack on PODIUM_BENCH_PORT_BASE (own data dir, own ports, as supabase/stack/bench.ts
// does), builds the storefront with its prerender against it into the stack's data dir (never
// into dist/, which the user's build fills for their own stack), measures the pages the stack's
// web server serves from that build (brotli, prerendered HTML) and stops it. Lighthouse runs once
// to warm up and calibrate its CPU slowdown to this host, then 3 times per page; the median run
// (by score) is printed, since this machine is shared and noisy.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchSize, benchSmoke, recordFigure, runPart } from '@podium/shared/bench';
import { initialJavaScript } from '@podium/shared/bundle-size';
import { localSupabase } from '@podium/shared/local-stack';

const root = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.dirname(root);
const { packageManager } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { packageManager: string };
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const targets = { initialJsKb: 150, lighthouseMobile: 90, lcpMs: 2000, cls: 0.05 } as const;

/**
 * The JavaScript a visitor's browser needs to show /: the entry and everything it imports
 * statically (what index.html preloads), the app module main.tsx imports on start, and the home
 * route's own chunk, with their imports.
 * Chunks loaded on purpose after first paint (supabase-js, react-query, analytics, dialogs) are not counted.
 */
export async function initialJavaScriptKb(dist = path.join(root, 'dist')): Promise<{ totalKb: number; files: { file: string; kb: number }[] }> {
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, unknown>;
  // The home page is part of the entry; should it become a chunk of its own, it counts too.
  // main.tsx imports the app (and with it the theme) dynamically, to evaluate it in a task of its
  // own, but on every start: it counts.
  const home = Object.keys(manifest).filter((key) => key.endsWith('src/pages/HomePage.tsx'));
  const { gzipBytes, files } = initialJavaScript(dist, ['index.html', ...home, 'src/app/App.tsx']);
  return { totalKb: gzipBytes / 1024, files: files.map((file) => ({ file: file.file, kb: file.gzipBytes / 1024 })) };
}

export interface LighthouseRun {
  score: number;
  /** Every run's score, in the order run. */
  scores: number[];
  /** The metrics behind the score, as Lighthouse displays them (e.g. '2.1 s'). */
  metrics: Record<string, string>;
  /** This host's CPU power as Lighthouse measured it before this run (median benchmarkIndex). */
  benchmarkIndex: number;
  /** The CPU slowdown this run used, calibrated to that index. */
  cpuSlowdownMultiplier: number;
}

const METRICS = { 'first-contentful-paint': 'FCP', 'largest-contentful-paint': 'LCP', 'total-blocking-time': 'TBT', 'cumulative-layout-shift': 'CLS', 'speed-index': 'SI' } as const;

/** The benchmarkIndex in the middle of Lighthouse's high-end desktop bracket, where its default 4x applies. */
const highEndDesktopIndex = 1750;

/**
 * The CPU slowdown that makes this host a mid-tier phone, after Lighthouse's throttling.md ('CPU
 * throttling calibration'): the default 4x turns a high-end desktop (benchmarkIndex 1500-2000, 4x
 * in the middle of that bracket) into a mid-tier phone; a slower host needs proportionally less,
 * down to 1x for a host that is itself in the mid-tier bracket. On this shared two-core machine
 * the index is often 700-900, where 4x would emulate a phone several times slower than the
 * Moto G class Lighthouse's scoring is calibrated for.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  const multiplier = (4 * benchmarkIndex) / highEndDesktopIndex;
  return Math.round(Math.min(4, Math.max(1, multiplier)) * 10) / 10;
}

/**
 * Lighthouse's mobile performance for a page: the median run of `runs` by score, with its
 * metrics. A first run, not counted, warms the server up and measures this host's benchmarkIndex;
 * each counted run's CPU slowdown is calibrated (calibratedCpuSlowdown) to the median index of
 * the runs before it, since on a shared machine one measurement can catch a quiet or a busy moment.
 */
export async function lighthouseMobilePerformance(url: string, runs = 3): Promise<LighthouseRun> {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chrome = await chromeLauncher.launch({ chromePath: chromium, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const results: LighthouseRun[] = [];
    const indexes: number[] = [];
    const medianIndex = () => [...indexes].sort((a, b) => a - b)[Math.floor(indexes.length / 2)] ?? Number.NaN;
    const measureIndex = (index: number | undefined) => {
      if (typeof index !== 'number') throw new Error('Lighthouse gave no benchmarkIndex');
      indexes.push(index);
    };
    // Not counted: on a fresh stack the first request of each image size renders it on the
    // server, on these same two cores (a CDN in production serves it from cache). A smoke run
    // holds no figure to its target and skips it: its one run takes Lighthouse's own 4x.
    if (!benchSmoke()) measureIndex((await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' }))?.lhr.environment.benchmarkIndex);
    for (let run = 0; run < runs; run++) {
      const benchmarkIndex = indexes.length ? medianIndex() : highEndDesktopIndex;
      const cpuSlowdownMultiplier = calibratedCpuSlowdown(benchmarkIndex);
      // Lighthouse's mobile profile (a Moto G Power, slow 4G) with the calibrated CPU slowdown.
      const result = await lighthouse(
        url,
        { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' },
        { extends: 'lighthouse:default', settings: { throttling: { cpuSlowdownMultiplier } } },
      );
      if (result?.lhr.configSettings.throttling.cpuSlowdownMultiplier !== cpuSlowdownMultiplier) throw new Error('Lighthouse did not take the calibrated CPU slowdown');
      measureIndex(result.lhr.environment.benchmarkIndex);
      const score = result.lhr.categories.performance?.score;
      if (typeof score !== 'number') throw new Error('Lighthouse gave no performance score');
      const metrics = Object.fromEntries(Object.entries(METRICS).map(([id, label]) => [label, result.lhr.audits[id]?.displayValue ?? '?']));
      results.push({ score: Math.round(score * 100), scores: [], metrics, benchmarkIndex, cpuSlowdownMultiplier });
    }
    const scores = results.map((result) => result.score);
    const median = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
    if (!median) throw new Error('Lighthouse did not run');
    return { ...median, scores };
  } finally {
    chrome.kill();
  }
}

/**
 * Builds the storefront (vite build, then its prerender) into `outDir` against the API of `env`
 * (VITE_SUPABASE_URL, else PODIUM_PORT_BASE's), leaving storefront/dist alone. Returns the
 * build's prerender line.
 */
export function buildStorefront(outDir: string, env: NodeJS.ProcessEnv): string | undefined {
  const build = spawnSync('npx', ['--yes', packageManager, 'run', 'build'], { cwd: root, env: { ...env, STOREFRONT_OUT_DIR: outDir }, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the storefront build failed:\n${build.stdout}\n${build.stderr}`);
  return build.stdout
    .split('\n')
    .filter((line) => line.startsWith('prerender:'))
    .pop();
}

/**
 * A throwaway stack on PODIUM_BENCH_PORT_BASE: its environment (for the build), web origin, API,
 * and where its web server serves the storefront from (a build of the bench's own, in its data dir).
 */
export function benchStack() {
  const base = Number(process.env.PODIUM_BENCH_PORT_BASE ?? 24300);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-storefront-bench-'));
  const webRoot = path.join(dataDir, 'web');
  mkdirSync(webRoot);
  const env = {
    ...process.env,
    PODIUM_DATA_DIR: dataDir,
    PODIUM_PORT_BASE: String(base),
    PODIUM_WEB_DIST_ROOT: webRoot,
    SITE_URL: `http://127.0.0.1:${base + 20}`,
    PODIUM_DEV_PORT_OFFSET: String(base + 100 - 5173),
  };
  const stack = (command: string) => {
    const result = spawnSync('npx', ['--yes', packageManager, 'run', 'stack', command], { env, encoding: 'utf8', cwd: repoRoot });
    if (result.status !== 0) throw new Error(`stack ${command} failed:\n${result.stdout}\n${result.stderr}`);
  };
  return {
    env,
    web: `http://127.0.0.1:${base + 20}`,
    api: `http://127.0.0.1:${base + 1}`,
    dbUrl: `postgresql://postgres:postgres@127.0.0.1:${base + 2}/postgres`,
    /** The storefront's build folder as the stack's web server looks for it. */
    dist: path.join(webRoot, 'storefront', 'dist'),
    start: () => stack('start'),
    stop() {
      try {
        stack('stop');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** An artist profile to measure: the first approved artist with a cover image, as the anon key sees them. */
async function artistSlug(api: string): Promise<string> {
  const { createNodeClient } = await import('@podium/shared/supabase-node');
  const client = createNodeClient(api, localSupabase.anonKey);
  const { data, error } = await client.from('artists').select('slug').not('cover_path', 'is', null).order('priority', { ascending: false }).order('slug').limit(1);
  if (error) throw error;
  const slug = data?.[0]?.slug;
  if (!slug) throw new Error('the bench stack has no approved artist');
  return slug;
}

const msOf = (value: string) => (value.endsWith(' ms') ? Number.parseFloat(value.replace(/,/g, '')) : Number.parseFloat(value) * 1000);

export async function runStorefrontBench(options: { runs?: number } = {}) {
  const stack = benchStack();
  stack.start();
  try {
    // The browser's build talks to the bench stack too (unset, it would use the default stack's port).
    const prerenderLine = buildStorefront(stack.dist, { ...stack.env, VITE_SUPABASE_URL: stack.api });
    if (prerenderLine) console.log(`storefront: ${prerenderLine}`);
    const initial = await initialJavaScriptKb(stack.dist);
    const mark = (ok: boolean) => (ok ? 'ok' : 'over target');
    console.log(`storefront: initial JavaScript for / (gzip): ${initial.totalKb.toFixed(1)} KB (target <= ${targets.initialJsKb} KB, ${mark(initial.totalKb <= targets.initialJsKb)})`);
    if (initial.files.length === 0) throw new Error('the storefront build has no initial JavaScript to measure');
    recordFigure({ part: 'storefront', figure: 'initial JavaScript for / (gzip)', value: initial.totalKb, unit: 'KB', target: targets.initialJsKb });
    // Smoke mode: one page, one counted run; the artist is still looked up, as it must exist.
    const artistPage = `/artists/${await artistSlug(stack.api)}`;
    const pages = benchSize(['/', '/artiesten', artistPage], ['/']);
    const results: Record<string, LighthouseRun> = {};
    for (const page of pages) {
      const measured = await runPart(`storefront: Lighthouse mobile for ${page}`, async () => {
        results[page] = await lighthouseMobilePerformance(`${stack.web}${page}`, options.runs ?? benchSize(3, 1));
      });
      const run = results[page];
      if (!measured || !run) continue;
      const lcp = msOf(run.metrics.LCP ?? 'NaN');
      const cls = Number.parseFloat(run.metrics.CLS ?? 'NaN');
      const verdicts = [
        run.score >= targets.lighthouseMobile ? null : `score < ${targets.lighthouseMobile}`,
        lcp <= targets.lcpMs ? null : `LCP > ${targets.lcpMs / 1000} s`,
        cls <= targets.cls ? null : `CLS > ${targets.cls}`,
      ].filter(Boolean);
      const metrics = Object.entries(run.metrics)
        .map(([label, value]) => `${label} ${value}`)
        .join(', ');
      recordFigure({ part: 'storefront', figure: `Lighthouse mobile score ${page}`, value: run.score, unit: '', target: targets.lighthouseMobile, better: 'higher' });
      recordFigure({ part: 'storefront', figure: `LCP ${page}`, value: lcp, unit: 'ms', target: targets.lcpMs });
      recordFigure({ part: 'storefront', figure: `CLS ${page}`, value: cls, unit: '', target: targets.cls });
      console.log(
        `storefront: Lighthouse mobile for ${page}: ${run.score} (${metrics}; ${verdicts.length ? verdicts.join(', ') : 'targets met'}) [runs: ${run.scores.join(', ')}; benchmarkIndex ${Math.round(run.benchmarkIndex)}, CPU slowdown ${run.cpuSlowdownMultiplier}x]`,
      );
    }
    // 'Mijn boekingen' for a customer with 200 bookings, and its code kept out of a guest's first load.
    const manifest = JSON.parse(await readFile(path.join(stack.dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const bookingsChunk = Object.entries(manifest).find(([key]) => key.endsWith('src/bookings/BookingsPage.tsx'))?.[1].file;
    const inGuestLoad = initial.files.some((file) => file.file === bookingsChunk);
    const { benchBookingsPage } = await import('./bookings-bench.ts');
    const bookingRuns = benchSize(3, 1);
    await runPart("storefront: 'Mijn boekingen' with 200 bookings", async () => {
      const bookings = await benchBookingsPage({ web: stack.web, api: stack.api, dbUrl: stack.dbUrl, chromiumPath: chromium, runs: bookingRuns });
      console.log(
        `storefront: /bookings with 200 bookings, signed in (median of ${bookingRuns}): first contentful paint ${bookings.fcpMs.toFixed(0)} ms, first booking card ${bookings.firstCardMs.toFixed(0)} ms, all 200 counted in the tabs ${bookings.countedMs.toFixed(0)} ms; its JavaScript (${bookingsChunk ?? 'no chunk'}) in a guest's initial load: ${inGuestLoad ? 'yes (over budget)' : 'no'}`,
      );
      recordFigure({ part: 'storefront', figure: '/bookings (200) first booking card', value: bookings.firstCardMs, unit: 'ms' });
      recordFigure({ part: 'storefront', figure: '/bookings (200) all counted in the tabs', value: bookings.countedMs, unit: 'ms' });
    });
    if (inGuestLoad) recordFigure({ part: 'storefront', figure: "/bookings' JavaScript in a guest's first load", value: 1, unit: 'chunk', target: 0 });
    // 'Berichten': delivery between two people, and a 5,000-message thread.
    const { benchChat } = await import('./chat-bench.ts');
    await runPart('storefront: chat', () =>
      benchChat({ web: stack.web, api: stack.api, dbUrl: stack.dbUrl, chromiumPath: chromium, ...benchSize({}, { messages: 3, threadLength: 100, scrollThrough: 40, runs: 1 }) }),
    );
    const messagesChunk = Object.entries(manifest).find(([key]) => key.endsWith('src/messages/MessagesPage.tsx'))?.[1].file;
    console.log(
      `storefront: /messages' JavaScript (${messagesChunk ?? 'no chunk'}) in a guest's initial load: ${initial.files.some((file) => file.file === messagesChunk) ? 'yes (over budget)' : 'no'}`,
    );
    console.log(
      `storefront: load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    return { initialJsKb: initial.totalKb, initialJsFiles: initial.files, pages: results };
  } finally {
    stack.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runStorefrontBench();
  process.exit(0);
}

// The storefront's benchmark figures (issue 6): the initial JavaScript for / (gzip; target
// <= 150 KB) and Lighthouse's mobile performance score for / (target >= 90), driving Debian's
// Chromium. Standalone: `node --import tsx storefront/bench.ts`; the root `pnpm bench` imports
// runStorefrontBench(). It builds the storefront and serves dist/ itself (gzip, SPA fallback),
// so no stack needs to run: a guest's first paint of / asks the backend nothing.
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const targets = { initialJsKb: 150, lighthouseMobile: 90 } as const;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

const gzipKb = async (file: string) => gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length / 1024;

/**
 * The JavaScript a visitor's browser needs to show /: the entry and everything it imports
 * statically (what index.html preloads), plus the home route's own chunk and its imports.
 * Chunks loaded on purpose after first paint (supabase-js, react-query, analytics, dialogs) are not counted.
 */
export async function initialJavaScriptKb(): Promise<{ totalKb: number; files: { file: string; kb: number }[] }> {
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const needed = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || needed.has(chunk.file)) return;
    needed.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  // The home page is part of the entry; should it become a chunk of its own, it counts too.
  const home = Object.keys(manifest).find((key) => key.endsWith('src/pages/HomePage.tsx'));
  if (home) visit(home);
  const files = await Promise.all([...needed].filter((file) => file.endsWith('.js')).map(async (file) => ({ file, kb: await gzipKb(file) })));
  return { totalKb: files.reduce((sum, { kb }) => sum + kb, 0), files: files.sort((a, b) => b.kb - a.kb) };
}

/** dist/ over HTTP with gzip and the SPA fallback, like the stack's web server. */
async function serveDist(): Promise<{ url: string; close: () => Promise<void> }> {
  const types: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml', '.css': 'text/css', '.json': 'application/json' };
  const server = http.createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://bench').pathname);
      let file = path.join(dist, pathname);
      if (!file.startsWith(dist) || !(await stat(file).catch(() => null))?.isFile()) file = path.join(dist, 'index.html');
      const body = await readFile(file);
      const compress = /gzip/.test(String(req.headers['accept-encoding'])) && /\.(js|html|svg|css|json)$/.test(file);
      res.writeHead(200, {
        'content-type': types[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...(compress ? { 'content-encoding': 'gzip' } : {}),
      });
      res.end(compress ? gzipSync(body) : body);
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface LighthouseRun {
  score: number;
  /** The metrics behind the score, as Lighthouse displays them (e.g. '2.1 s'). */
  metrics: Record<string, string>;
}

const METRICS = { 'first-contentful-paint': 'FCP', 'largest-contentful-paint': 'LCP', 'total-blocking-time': 'TBT', 'cumulative-layout-shift': 'CLS', 'speed-index': 'SI' } as const;

/** Lighthouse's mobile performance for /: the median run of `runs` by score, with its metrics. */
export async function lighthouseMobilePerformance(url: string, runs = 3): Promise<LighthouseRun> {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chrome = await chromeLauncher.launch({ chromePath: chromium, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const results: LighthouseRun[] = [];
    for (let run = 0; run < runs; run++) {
      // Lighthouse's defaults are the mobile profile: a Moto G Power, slow 4G, 4x CPU slowdown.
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
      const score = result?.lhr.categories.performance?.score;
      if (typeof score !== 'number') throw new Error('Lighthouse gave no performance score');
      const metrics = Object.fromEntries(
        Object.entries(METRICS).map(([id, label]) => [label, result?.lhr.audits[id]?.displayValue ?? '?']),
      );
      results.push({ score: Math.round(score * 100), metrics });
    }
    const median = results.sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
    if (!median) throw new Error('Lighthouse did not run');
    return median;
  } finally {
    chrome.kill();
  }
}

export async function runStorefrontBench(options: { build?: boolean; runs?: number } = {}) {
  if (options.build !== false) {
    const { build } = await import('vite');
    await build({ root, logLevel: 'warn', configFile: path.join(root, 'vite.config.ts') });
  }
  const initial = await initialJavaScriptKb();
  const site = await serveDist();
  let run: LighthouseRun;
  try {
    run = await lighthouseMobilePerformance(site.url, options.runs ?? 3);
  } finally {
    await site.close();
  }
  const mark = (ok: boolean) => (ok ? 'ok' : 'over target');
  console.log(`storefront: initial JavaScript for / (gzip): ${initial.totalKb.toFixed(1)} KB (target <= ${targets.initialJsKb} KB, ${mark(initial.totalKb <= targets.initialJsKb)})`);
  const score = run.score;
  const metrics = Object.entries(run.metrics).map(([label, value]) => `${label} ${value}`).join(', ');
  console.log(`storefront: Lighthouse mobile performance for /: ${score} (target >= ${targets.lighthouseMobile}, ${mark(score >= targets.lighthouseMobile)}; ${metrics})`);
  return { initialJsKb: initial.totalKb, initialJsFiles: initial.files, lighthouseMobile: score, lighthouseMetrics: run.metrics };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runStorefrontBench();
}

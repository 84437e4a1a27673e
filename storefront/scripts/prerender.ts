// The build's prerender step, after `vite build`: bundles src/entry-server.tsx for Node,
// renders every public page of the route table to HTML and writes dist/<path>/index.html, so
// crawlers and link previews get each page's content, title, description, canonical, Open Graph
// and JSON-LD, and a phone paints the page before any JavaScript has run. The browser then
// hydrates that HTML (src/main.tsx).
//
// Pages: the static routes (entry-server.tsx's staticPaths) and the data routes the database
// lists (published news articles, approved artists), each with its page's `prerenderQueries`
// fetched through a Supabase client with the anon key, i.e. exactly what a guest may read.
// The API is VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY when set (a production build against
// hosted Supabase), else the local stack's (@podium/shared's local defaults). When it cannot be reached,
// the static pages are prerendered without data and one log line says so; the build goes on.
//
// dist/index.html becomes the prerendered home page; the empty shell every other path falls back
// to (the single-page app) is kept as dist/spa.html.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { amsterdamToday } from '@podium/shared/dutch';
import { createPublicClient } from '@podium/shared/supabase-public';
import { renderedOnAttribute } from '../src/platform/rendered-on.ts';
import { localSupabase, localUrls } from '@podium/shared/local-stack';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// Where vite build wrote the app (vite.config.ts: STOREFRONT_OUT_DIR, relative to the storefront).
const dist = path.resolve(root, process.env.STOREFRONT_OUT_DIR || 'dist');
// The server bundle, one folder per output folder: two builds at once (a benchmark's own build
// beside the checkout's) must not import each other's chunks.
const serverOut = path.join(root, 'node_modules', '.prerender', createHash('sha256').update(dist).digest('hex').slice(0, 12));

type EntryServer = typeof import('../src/entry-server.tsx');
type PageData = Awaited<ReturnType<EntryServer['fetchPageData']>>;

/** How many pages' data is read while one renders. */
const pagesReadAhead = 4;

const log = (line: string) => console.log(`prerender: ${line}`);

/** JSON inside a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

async function reachable(api: string, anonKey: string): Promise<boolean> {
  try {
    const response = await fetch(`${api}/rest/v1/`, { headers: { apikey: anonKey }, signal: AbortSignal.timeout(3000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * A prerendered page asks for its JavaScript once its content is on screen: the entry's <script>
 * and its modulepreloads become an inline loader that adds them after the first contentful paint
 * (or after 3 s, should no paint come: a background tab draws nothing). A phone then spends the first
 * moments of a slow connection on the HTML and the images above the fold, which it can show,
 * rather than on ~70 KB of script that only makes them interactive; a tap in between is replayed
 * (index.html, src/platform/early-clicks.ts). Lighthouse measured the pages' first paint at 0.8 s
 * instead of 1.6 s this way. The empty shell (spa.html) keeps the script in <head>: it has nothing to paint.
 */
export function deferEntryScript(html: string): string {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) return html;
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  let result = html.replace(entry[0], '');
  for (const preload of preloads) result = result.replace(preload[0], '');
  const add = (tag: string, attribute: string, url: string, extra: string) =>
    `e=document.createElement('${tag}');${extra}e.crossOrigin='';e.${attribute}=${JSON.stringify(url)};document.head.appendChild(e);`;
  const loader =
    '<script>(function(){var done=false,e;function load(){if(done)return;done=true;' +
    add('script', 'src', entry[1] ?? '', "e.type='module';") +
    preloads.map((preload) => add('link', 'href', preload[1] ?? '', "e.rel='modulepreload';")).join('') +
    '}try{new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length)setTimeout(load,0)}).observe({type:"paint",buffered:true})}' +
    'catch(error){requestAnimationFrame(function(){setTimeout(load,0)})}setTimeout(load,3000)})()</script>';
  return result.replace('</body>', () => `${loader}\n  </body>`);
}

/** The template with the page put in: its head tags in <head>, its markup in #root, its data after it, its script after first paint. */
export function composePage(template: string, pagePath: string, page: Awaited<ReturnType<EntryServer['renderPage']>>): string {
  let html = deferEntryScript(template);
  if (page.hasTitle) html = html.replace(/\s*<title>[\s\S]*?<\/title>/, '');
  if (page.hasDescription) html = html.replace(/\s*<meta name="description"[^>]*>/, '');
  const headAt = html.indexOf('</head>');
  html = `${html.slice(0, headAt)}  ${page.head}\n  ${html.slice(headAt)}`;
  const state = page.state === null ? '' : `<script type="application/json" id="podium-query-state">${scriptJson(page.state)}</script>`;
  // The build's date, so hydration on a later day renders what this HTML shows (platform/today.ts).
  const renderedOn = `${renderedOnAttribute}="${amsterdamToday()}"`;
  return html.replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${escapeAttribute(pagePath)}" ${renderedOn}>${page.html}</div>${state}`);
}

const siteUrlOf = () => (process.env.VITE_SITE_URL ?? localUrls(process.env).site).replace(/\/+$/, '');
const serverEntry = path.join(serverOut, 'entry-server.js');

/**
 * The server bundle of the app the pages are rendered with. It reads nothing from the API, so
 * `npm start` builds it while the stack is still starting (`--server-only`) and renders the pages
 * once the stack answers (`--pages`).
 */
export async function buildServerEntry(): Promise<void> {
  const { build } = await import('vite');
  // Canonical links and Open Graph URLs name the public site; the browser's build (without
  // VITE_SITE_URL) takes its own origin, which is this one when served from it.
  process.env.VITE_SITE_URL = siteUrlOf();
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    // Its packages inside the one bundle: Node then loads one file, not the hundreds of modules of
    // Chakra's and React Router's own builds one at a time (2.9 s → 0.5 s here, for 0.9 s more build).
    ssr: { noExternal: true },
    // React's production build, whatever NODE_ENV the build runs under: left to the environment,
    // the bundle chose React's development build (no NODE_ENV is set here), which spent half of
    // each page's rendering on checks and stack traces (18.6 s → 9.3 s for 98 pages), for the same HTML.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: serverOut,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
    },
  });
}

/** Renders the pages with the server bundle: the one `buildServerEntry` made when `serverBuilt`, else one built now. */
export async function prerender({ serverBuilt = false } = {}): Promise<{ written: string[]; skipped: string[] }> {
  const started = performance.now();
  const local = localUrls(process.env);
  const siteUrl = siteUrlOf();
  const api = process.env.VITE_SUPABASE_URL?.trim() || local.api;
  const anonKey = process.env.VITE_SUPABASE_ANON_KEY?.trim() || localSupabase.anonKey;

  // The template: the shell `vite build` wrote (kept as spa.html once index.html is the home page).
  const shellFile = path.join(dist, 'spa.html');
  const built = await readFile(path.join(dist, 'index.html'), 'utf8');
  // No modulepreload for what main.tsx imports on start (the theme, the app): in Lighthouse's
  // simulation every script requested in <head> delays the first paint of the prerendered HTML
  // (measured: FCP 1.4 s without, 2.0-2.3 s with); they load while that HTML is on screen.
  const template = built.includes('data-prerendered') ? await readFile(shellFile, 'utf8') : built;
  await writeFile(shellFile, template);

  if (!serverBuilt) await buildServerEntry();
  else if (!existsSync(serverEntry)) throw new Error(`no server bundle at ${serverEntry}: run this script with --server-only first`);
  const entry = (await import(pathToFileURL(serverEntry).href)) as EntryServer;

  const client = (await reachable(api, anonKey)) ? createPublicClient(api, anonKey) : null;
  if (!client) log(`the API at ${api} is unreachable: static pages only, without data (news articles and artist profiles are served by the app)`);

  const paths = [...entry.staticPaths];
  if (client) {
    for (const route of Object.values(entry.dataRoutes)) {
      try {
        paths.push(...(await route.slugs(client)).map(route.pattern));
      } catch (error) {
        log(`listing ${route.pattern(':slug')} failed, left to the app: ${(error as Error).message}`);
      }
    }
  }

  const written: string[] = [];
  const skipped: string[] = [];
  const renderable = paths.filter((pagePath) => {
    const verdict = entry.prerenderable(pagePath);
    if (!verdict.ok) {
      skipped.push(pagePath);
      log(`${pagePath} skipped (${verdict.reason})`);
    }
    return verdict.ok;
  });
  // Pages render one at a time (through the app's one query client), while the data of the next
  // few is read: the API's answers arrive during the rendering instead of between the pages.
  const reads: Promise<PageData>[] = [];
  const readAhead = (index: number) => {
    const pagePath = renderable[index];
    if (pagePath === undefined || reads[index]) return;
    reads[index] = entry.fetchPageData(pagePath, client);
    // Awaited (and its failure handled) when its page's turn comes.
    reads[index].catch(() => undefined);
  };
  for (const [index, pagePath] of renderable.entries()) {
    for (let ahead = index; ahead <= index + pagesReadAhead; ahead++) readAhead(ahead);
    let page;
    try {
      page = await entry.renderPage(pagePath, client, undefined, await reads[index]);
    } catch (error) {
      // A page whose data cannot be read now is served by the app, which retries; any other failure is a bug.
      if (!client || (error as { code?: unknown }).code !== undefined || /fetch|network|API/i.test((error as Error).message)) {
        skipped.push(pagePath);
        log(`${pagePath} skipped: ${(error as Error).message}`);
        continue;
      }
      throw error;
    }
    const file = pagePath === '/' ? path.join(dist, 'index.html') : path.join(dist, ...pagePath.split('/').map(decodeURIComponent), 'index.html');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, composePage(template, pagePath, page));
    written.push(pagePath);
  }
  await rm(serverOut, { recursive: true, force: true });
  log(`${written.length} pages written, ${skipped.length} skipped, in ${((performance.now() - started) / 1000).toFixed(1)} s (site ${siteUrl}, API ${client ? api : 'unreachable'})`);
  return { written, skipped };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // No flag: both steps. `--server-only`, then `--pages`: the same in two steps (scripts/run.mjs).
  if (process.argv.includes('--server-only')) await buildServerEntry();
  else await prerender({ serverBuilt: process.argv.includes('--pages') });
  // supabase-js may keep sockets open; the build step is done.
  process.exit(0);
}

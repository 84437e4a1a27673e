// The build's prerender: renders a path of the same route tree the browser runs to
// HTML, in Node, after `vite build` (scripts/prerender.ts bundles this file with `vite build
// --ssr` and writes dist/<path>/index.html). For each page it
//  - loads the matched route's page module and prefetches its `prerenderQueries` with the given
//    Supabase client (anon key), so the HTML shows the data the first client render will show;
//  - renders a guest's view of the page (the session store's server snapshot) with react-router's
//    StaticRouter, waiting for every Suspense boundary (react-dom/static);
//  - returns the head tags React hoisted (title, meta, canonical, Open Graph), Chakra's styles
//    for this HTML (emotion's critical CSS), the #root markup and the dehydrated query cache.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, StaticRouter, type RouteObject } from 'react-router';
import { podiumSystem } from '@podium/shared/theme';
import { AppFrame, routes } from './app/App.tsx';
import { prerenderedStyleAttributes } from './app/emotion.ts';
import { loadQueryRuntime } from './app/query.tsx';
import type { PublicClient, PublicQuery } from './data/public-query.ts';
import { pageLoaderOf, type PageModule } from '@podium/shared/errors/lazy-page.ts';
import { landingPaths } from './pages/landing-pages.ts';

/** Pages without parameters whose HTML the build writes (SPEC 2.1's public pages). */
export const staticPaths: readonly string[] = ['/', '/artiesten', '/news', '/sound-light', '/over-ons', '/contact', '/privacy', '/terms', ...landingPaths];

/**
 * At most this many artist profiles are written at build, the most prominent first (admin
 * priority, then rating): a catalogue of 100k artists would otherwise take hours to build.
 * Every other profile is served by the app, which fetches it, and stays in the sitemap.
 */
export const prerenderArtistLimit = 1000;

/** Data routes: the path pattern and how the build lists its pages (published articles, approved artists). */
export const dataRoutes = {
  news: {
    pattern: (slug: string) => `/news/${encodeURIComponent(slug)}`,
    // RLS shows anon only published articles (and below, approved non-deleted artists); the filters say so too.
    async slugs(client: PublicClient): Promise<string[]> {
      const { data, error } = await client.from('news_articles').select('slug').eq('status', 'published');
      if (error) throw error;
      return (data ?? []).map((row) => row.slug);
    },
  },
  artists: {
    pattern: (slug: string) => `/artists/${encodeURIComponent(slug)}`,
    async slugs(client: PublicClient): Promise<string[]> {
      const { data, error } = await client
        .from('artists')
        .select('slug')
        .eq('approval_status', 'approved')
        .is('deleted_at', null)
        .order('priority', { ascending: false })
        .order('rating_avg', { ascending: false })
        .order('slug')
        .limit(prerenderArtistLimit);
      if (error) throw error;
      return (data ?? []).map((row) => row.slug);
    },
  },
} as const;

export type PrerenderVerdict = { ok: true } | { ok: false; reason: string };

/** Whether a path may be prerendered: it matches a public route (never a guarded one, never the catch-all). */
export function prerenderable(url: string): PrerenderVerdict {
  const matches = matchRoutes(routes, url);
  if (!matches) return { ok: false, reason: 'no route' };
  if (matches.some((match) => (match.route.handle as { private?: boolean } | undefined)?.private)) return { ok: false, reason: 'private route' };
  if (matches.some((match) => match.route.path === '*')) return { ok: false, reason: 'not found' };
  return { ok: true };
}

/** The queries the matched pages declare for their first render (page modules' `prerenderQueries`). */
async function pageQueries(table: RouteObject[], url: URL): Promise<PublicQuery<unknown>[]> {
  const matches = matchRoutes(table, url.pathname) ?? [];
  const queries: PublicQuery<unknown>[] = [];
  for (const match of matches) {
    const element = match.route.element as { type?: unknown } | null | undefined;
    const load = pageLoaderOf(match.route.Component) ?? pageLoaderOf(element?.type);
    // A page in the entry bundle (home) declares its queries on its route's handle instead.
    const module = load ? await load() : (match.route.handle as Pick<PageModule, 'prerenderQueries'> | undefined);
    const declared = module?.prerenderQueries?.(match.params, url.searchParams, url.pathname) ?? [];
    queries.push(...(declared as PublicQuery<unknown>[]));
  }
  return queries;
}

export interface RenderedPage {
  /** Tags for <head>: what React hoisted (title, meta, link) and the page's critical CSS. */
  head: string;
  /** The markup inside #root. */
  html: string;
  /** The dehydrated react-query cache, or null when the page read no data. */
  state: unknown;
  /** Whether the page rendered its own <title> (then the template's goes). */
  hasTitle: boolean;
  hasDescription: boolean;
}

/** The answers to a page's `prerenderQueries`, each under its query key. */
export type PageData = { queryKey: readonly unknown[]; data: unknown }[];

/**
 * Reads what a path's page shows on its first render, with the anon client. Pages do not share
 * anything here, so the prerender reads the next pages' data while it renders this one. Throws
 * when a read fails (a page is not written with its error state) and when a page needs data and
 * there is no API (`client` null).
 */
export async function fetchPageData(path: string, client: PublicClient | null, table: RouteObject[] = routes): Promise<PageData> {
  const queries = await pageQueries(table, new URL(path, 'http://prerender.invalid'));
  if (queries.length === 0) return [];
  if (!client) throw new Error(`${path} needs data and the API is unreachable`);
  return Promise.all(queries.map(async (query) => ({ queryKey: query.queryKey, data: await query.fetch(client) })));
}

const streamToString = async (stream: NodeJS.ReadableStream) => {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return text;
};

/**
 * Renders one path. `client` is the anon Supabase client for the page's data; null when the API
 * is unreachable, and then a page that needs data is refused (an error): the SPA fallback serves it.
 * `table` is the app's route table (tests render fixture routes through the same machinery).
 */
export async function renderPage(path: string, client: PublicClient | null, table: RouteObject[] = routes, data?: PageData): Promise<RenderedPage> {
  const url = new URL(path, 'http://prerender.invalid');
  const answers = data ?? (await fetchPageData(path, client, table));
  // One page at a time through the app's query client (the one its components read): cleared,
  // then filled with this page's answers only.
  const { queryClient, dehydrate } = await loadQueryRuntime();
  queryClient.clear();
  for (const { queryKey, data: answer } of answers) queryClient.setQueryData(queryKey, answer);

  // Styles go into this cache (compat: kept, not written inline) and are taken out below.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  // Global styles (Chakra's reset, layers and tokens) get tags of their own: app/emotion.ts keeps
  // the browser from compiling the same CSS again while hydrating.
  const globalNames = new Set<string>();
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (selector === '') globalNames.add(serialized.name);
    return insert(selector, serialized, sheet, shouldCache);
  };
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url.pathname + url.search}>{children}</StaticRouter>;
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <html lang="nl">
      <head />
      <body>
        <div id="root">
          <CacheProvider value={cache}>
            <AppFrame router={Router} routes={table} system={podiumSystem} />
          </CacheProvider>
        </div>
      </body>
    </html>,
    // Every Suspense boundary inline: React otherwise outlines a large one (the page under the
    // layout's boundary) into a hidden <div> that an inline script reveals a frame later, which
    // crawlers without JavaScript never see and which delays the first paint of the content.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const document = await streamToString(prelude);
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));

  const headStart = document.indexOf('<head>');
  const headEnd = document.indexOf('</head>');
  const rootStart = document.indexOf('<div id="root">');
  const rootEnd = document.lastIndexOf('</div></body>');
  if (headStart < 0 || headEnd < 0 || rootStart < 0 || rootEnd < 0) throw new Error(`${path}: unexpected document shape`);
  const hoisted = document.slice(headStart + '<head>'.length, headEnd);
  const html = document.slice(rootStart + '<div id="root">'.length, rootEnd);

  const ids: string[] = [];
  let css = '';
  let globals = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (globalNames.has(id)) {
      globals += `<style ${prerenderedStyleAttributes.global}="${id}">${rules}</style>`;
    } else {
      ids.push(id);
      css += rules;
    }
  }
  // The browser's emotion cache counts the styles this tag lists as inserted (app/emotion.ts).
  const style = `${globals}<style ${prerenderedStyleAttributes.page}="${ids.join(' ')}">${css}</style>`;
  const state = answers.length > 0 ? dehydrate(queryClient) : null;
  return {
    head: `${hoisted}${style}`,
    html,
    state,
    hasTitle: /<title>/.test(hoisted),
    hasDescription: /<meta name="description"/.test(hoisted),
  };
}

// GET /sitemap.xml (the web server proxies it here; a static host rewrites it, see README): the
// static pages, the landing pages, every published news article and every public artist
// (approved, not deleted), with lastmod, as absolute URLs on SITE_URL. Read with the anon key, so
// the same RLS that guards the pages decides what is listed. Built at most once per
// maxAgeSeconds: the copy is kept in public.sitemap_cache (service role), and while one request
// rebuilds a stale copy the others answer the stale one.
import { anonClient, serviceClient, siteUrl } from '../_shared/supabase.ts';
import { landingPaths, staticPaths } from '../_shared/public-pages.ts';

interface Entry {
  path: string;
  lastmod?: string;
  changefreq: 'daily' | 'weekly' | 'monthly';
  priority: string;
}

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);
const day = (timestamp: string | null | undefined) => (timestamp ? new Date(timestamp).toISOString().slice(0, 10) : undefined);
const pageSize = 1000;
/** How long a built sitemap is served before it is built again. */
const maxAgeSeconds = 15 * 60;

/** Every row of a public query, in pages (PostgREST caps one answer). */
async function allRows<T>(fetchPage: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: { message: string } | null }>): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += pageSize) {
    const { data, error } = await fetchPage(from, from + pageSize - 1);
    if (error) throw new Error(error.message);
    rows.push(...(data ?? []));
    if (!data || data.length < pageSize) return rows;
  }
}

export function sitemapXml(site: string, entries: readonly Entry[]): string {
  const urls = entries.map(
    (entry) =>
      `  <url>\n    <loc>${escapeXml(site + entry.path)}</loc>\n${entry.lastmod ? `    <lastmod>${entry.lastmod}</lastmod>\n` : ''}    <changefreq>${entry.changefreq}</changefreq>\n    <priority>${entry.priority}</priority>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

async function buildSitemap(): Promise<string> {
  const client = anonClient();
  const [news, artists] = await Promise.all([
    allRows<{ slug: string; updated_at: string; published_at: string | null }>((from, to) =>
      client.from('news_articles').select('slug, updated_at, published_at').order('published_at', { ascending: false }).range(from, to),
    ),
    allRows<{ slug: string; updated_at: string }>((from, to) => client.from('artists').select('slug, updated_at').order('slug').range(from, to)),
  ]);
  const newest = (values: (string | undefined)[]) => values.filter(Boolean).sort().at(-1);
  const newsLastmod = newest(news.map((article) => day(article.updated_at)));
  const artistsLastmod = newest(artists.map((artist) => day(artist.updated_at)));
  const entries: Entry[] = [
    ...staticPaths.map((path): Entry => ({
      path,
      lastmod: path === '/news' ? newsLastmod : path === '/' || path === '/artiesten' ? newest([newsLastmod, artistsLastmod]) : undefined,
      changefreq: path === '/' || path === '/artiesten' || path === '/news' ? 'daily' : 'monthly',
      priority: path === '/' ? '1.0' : path === '/artiesten' ? '0.9' : '0.5',
    })),
    ...landingPaths.map((path): Entry => ({ path, lastmod: artistsLastmod, changefreq: 'weekly', priority: '0.8' })),
    ...news.map((article): Entry => ({ path: `/news/${encodeURIComponent(article.slug)}`, lastmod: day(article.updated_at), changefreq: 'monthly', priority: '0.6' })),
    ...artists.map((artist): Entry => ({ path: `/artists/${encodeURIComponent(artist.slug)}`, lastmod: day(artist.updated_at), changefreq: 'weekly', priority: '0.7' })),
  ];
  return sitemapXml(siteUrl(), entries);
}

/** The cached sitemap when fresh (or stale while another request rebuilds it), else a new one, stored. */
async function currentSitemap(): Promise<string> {
  const db = serviceClient();
  const { data, error } = await db.rpc('sitemap_from_cache', { max_age_seconds: maxAgeSeconds }).single<{ xml: string | null; fresh: boolean; claimed: boolean }>();
  if (error) console.error('sitemap cache read failed', error.code, error.message);
  if (data?.xml && (data.fresh || !data.claimed)) return data.xml;
  const xml = await buildSitemap();
  if (data?.claimed) {
    const stored = await db.rpc('store_sitemap', { xml });
    if (stored.error) console.error('sitemap cache write failed', stored.error.code, stored.error.message);
  }
  return xml;
}

Deno.serve(async (req) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
  let xml: string;
  try {
    xml = await currentSitemap();
  } catch (error) {
    console.error('sitemap query failed', error instanceof Error ? error.message : error);
    return new Response('De sitemap kon niet worden opgebouwd.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '60' } });
  }
  return new Response(req.method === 'HEAD' ? null : xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': `public, max-age=${maxAgeSeconds}` },
  });
});

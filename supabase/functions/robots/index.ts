// GET /robots.txt (the web server proxies it here; a static host rewrites it, see README):
// crawlers may read the public pages, not the accounts, payments, back office or artist portal,
// and find the sitemap at the site's own address (SITE_URL).
import { privatePrefixes } from '../_shared/public-pages.ts';
import { siteUrl } from '../_shared/supabase.ts';

export function robotsTxt(site: string): string {
  return ['User-agent: *', 'Allow: /', ...privatePrefixes.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${site}/sitemap.xml`, ''].join('\n');
}

Deno.serve((req) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
  return new Response(req.method === 'HEAD' ? null : robotsTxt(siteUrl()), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
});

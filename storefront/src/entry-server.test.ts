// @vitest-environment node
// The build's prerender (entry-server.tsx + scripts/prerender.ts): the HTML a crawler gets for
// the home page, a landing page and an info page holds the page itself and its head tags, and
// private pages are never prerendered. Rendered here exactly as the build renders them, with the
// running stack's API for the pages' data.
import { readFile } from 'node:fs/promises';
import { createPublicClient } from '@podium/shared/supabase-public';
import { amsterdamToday } from '@podium/shared/dutch';
import { describe, expect, it } from 'vitest';
import { composePage, deferEntryScript } from '../scripts/prerender.ts';
import { prerenderable, renderPage, staticPaths } from './entry-server.tsx';
import { landingPaths } from './pages/landing-pages.ts';
import { keys, urls } from '@podium/shared/stack.test-support';

const template = await readFile(new URL('../index.html', import.meta.url), 'utf8');

async function prerendered(path: string) {
  return composePage(template, path, await renderPage(path, createPublicClient(urls.api, keys.anon)));
}

const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>);
const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('prerendered HTML', () => {
  it.each([
    { path: '/', h1: 'Boek de perfecte live artiest voor jouw feest', title: 'Podium · Live artiesten boeken voor je bruiloft of bedrijfsfeest', ld: 'Organization' },
    { path: '/bruiloft-entertainment', h1: 'Bruiloft entertainment', title: 'Entertainment voor je bruiloft · Podium', ld: 'FAQPage' },
    { path: '/over-ons', h1: 'Over Podium', title: 'Over ons · Podium', ld: 'Organization' },
  ])('$path holds its heading, title, canonical, Open Graph and JSON-LD', async ({ path, h1, title, ld }) => {
    const html = await prerendered(path);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${h1}</h1>`));
    const tags = head(html);
    // One title and one description: the page's, in place of the template's.
    expect(tags.match(/<title>/g)).toHaveLength(1);
    expect(tags).toContain(`<title>${title}</title>`);
    expect(tags.match(/<meta name="description"/g)).toHaveLength(1);
    const url = new URL(path, 'http://localhost:3000').toString();
    expect(tags).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(tags).toContain(`<meta property="og:title" content="${title}"/>`);
    expect(tags).toContain(`<meta property="og:url" content="${url}"/>`);
    expect(tags).toMatch(/<meta property="og:image" content="http[^"]+"\/>/);
    expect(jsonLd(html).map((data) => data['@type'])).toContain(ld);
    // Chakra's styles for this HTML are inline, so it paints styled before any script runs.
    expect(tags).toMatch(/<style data-podium-css="[^"]+">[^<]{1000,}<\/style>/);
    expect(tags).toMatch(/<style data-podium-global="[^"]+">[^<]{1000,}<\/style>/);
    // With the build's date, which hydration renders with on a later day (platform/today.ts).
    expect(html).toContain(`<div id="root" data-prerendered="${path}" data-rendered-on="${amsterdamToday()}">`);
  });

  it('renders the data a page reads at build time: a landing page lists its matching artists', async () => {
    const html = await prerendered('/band-huren');
    const list = html.slice(html.indexOf('data-testid="landing-artists"'));
    expect(list.match(/<article/g)?.length ?? 0).toBeGreaterThan(0);
    expect(html).toContain('<script type="application/json" id="podium-query-state">');
  });

  it('leaves the session-dependent and device-dependent parts to the browser (a guest sees Inloggen)', async () => {
    const html = await prerendered('/over-ons');
    expect(html).toContain('>Inloggen</button>');
    expect(html).not.toContain('cookie');
  });

  it('lists every public static page and landing page, and refuses private ones', () => {
    expect(staticPaths).toEqual(expect.arrayContaining(['/', '/artiesten', '/news', '/over-ons', '/contact', '/privacy', '/terms', '/sound-light', ...landingPaths]));
    for (const path of staticPaths) expect(prerenderable(path)).toEqual({ ok: true });
    for (const path of [
      '/profile',
      '/profile/edit',
      '/bookings',
      '/messages',
      '/complete-profile',
      '/referral-bands/dashboard',
      '/booking/1/checkout',
      '/checkout/success',
      '/review',
      '/reviews/customer',
    ]) {
      expect(prerenderable(path)).toEqual({ ok: false, reason: 'private route' });
    }
    expect(prerenderable('/no-such-page')).toEqual({ ok: false, reason: 'not found' });
  });
});

describe('the entry script of a prerendered page', () => {
  const built = `<html><head>
    <title>Podium</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-def.js">
  </head><body><div id="root"></div></body></html>`;

  it('is asked for after the first paint, not from <head>', () => {
    const html = deferEntryScript(built);
    expect(head(html)).not.toContain('<script type="module"');
    expect(head(html)).not.toContain('modulepreload');
    const loader = html.slice(html.indexOf('<div id="root">'));
    expect(loader).toContain('first-contentful-paint');
    expect(loader).toContain('"/assets/index-abc.js"');
    expect(loader).toContain('"/assets/runtime-def.js"');
    // A hidden tab paints nothing: a timer loads the page's script there too.
    expect(loader).toMatch(/setTimeout\(load,\d+\)/);
  });

  it('leaves a template without a built entry as it is', () => {
    expect(deferEntryScript(template)).toBe(template);
  });
});

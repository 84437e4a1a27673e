// @vitest-environment node
// The prerender's data path against the stack: a page module's `prerenderQueries` are fetched with
// the anon key before rendering, the HTML shows their data, and the page carries the dehydrated
// cache the browser's first render reads. The page here is a test fixture (the marketplace pages
// plug in the same way: a lazy page whose module exports prerenderQueries).
import { createPublicClient } from '@podium/shared/supabase-public';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useParams, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { keys, urls } from '../../shared/src/stack.test-support.ts';
import { QueryProvider } from './app/query.tsx';
import { unwrap } from '@podium/shared/unwrap';
import { publicQueryOptions, type PublicQuery } from './data/public-query.ts';
import { renderPage } from './entry-server.tsx';
import { lazyPage } from '@podium/shared/errors/lazy-page.ts';

const artistBySlug = (slug: string): PublicQuery<{ name: string; city: string } | null> => ({
  queryKey: ['prerender-fixture', 'artist', slug],
  fetch: async (client) => unwrap(await client.from('artists').select('name, city').eq('slug', slug).maybeSingle()),
});

function FixturePage() {
  const { slug = '' } = useParams();
  const { data } = useQuery(publicQueryOptions(artistBySlug(slug)));
  return <h1>{data ? `${data.name} uit ${data.city}` : 'Laden…'}</h1>;
}

const fixtureModule = { default: FixturePage, prerenderQueries: (params: Record<string, string | undefined>) => [artistBySlug(params.slug ?? '')] };
const fixtureRoutes: RouteObject[] = [
  {
    element: (
      <QueryProvider>
        <Outlet />
      </QueryProvider>
    ),
    children: [{ path: '/fixture/:slug', Component: lazyPage(async () => fixtureModule) }],
  },
];

describe('prerendering a page with data', () => {
  const client = createPublicClient(urls.api, keys.anon);

  it('fetches the page module’s prerenderQueries with the anon key and renders their data', async () => {
    const { data: artist, error } = await client.from('artists').select('slug, name, city').order('slug').limit(1).single();
    expect(error).toBeNull();
    const page = await renderPage(`/fixture/${artist!.slug}`, client, fixtureRoutes);
    expect(page.html).toContain(`<h1>${artist!.name} uit ${artist!.city}</h1>`);
    const state = page.state as { queries: { queryKey: unknown[]; state: { data: unknown; status: string } }[] };
    expect(state.queries).toEqual([
      expect.objectContaining({ queryKey: ['prerender-fixture', 'artist', artist!.slug], state: expect.objectContaining({ status: 'success', data: { name: artist!.name, city: artist!.city } }) }),
    ]);
  });

  it('refuses a page that needs data when there is no API', async () => {
    await expect(renderPage('/fixture/anyone', null, fixtureRoutes)).rejects.toThrow(/needs data/);
  });
});

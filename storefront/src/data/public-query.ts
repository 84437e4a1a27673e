// Public data for the marketplace pages as plain descriptions: a react-query key and a
// fetch that takes a Supabase client. The browser runs them with the anon reader below (loaded on
// first use); the build's prerender runs the very same fetches with a reader of its own, so a page's HTML and its first client render show the same data. A fetch must not
// touch window, document or storage: it may run outside a browser.
import type { PublicClient } from '@podium/shared/supabase-public';
import { env } from '../env.ts';

export type { PublicClient };

let publicClient: Promise<PublicClient> | null = null;

/**
 * The anon reader the browser runs these fetches with (loaded on first use, a few KB): public
 * data never waits for supabase-js, and a guest's marketplace pages never load it.
 */
export function loadPublicClient(): Promise<PublicClient> {
  publicClient ??= import('@podium/shared/supabase-public').then((module) => module.createPublicClient(env.supabaseUrl, env.supabaseAnonKey));
  return publicClient;
}

export interface PublicQuery<T> {
  queryKey: readonly unknown[];
  fetch: (client: PublicClient) => Promise<T>;
}

/** Options for useQuery/useSuspenseQuery/prefetchQuery: the fetch with the app's client. */
export function publicQueryOptions<T>(query: PublicQuery<T>) {
  return {
    queryKey: query.queryKey,
    queryFn: async (): Promise<T> => query.fetch(await loadPublicClient()),
  };
}

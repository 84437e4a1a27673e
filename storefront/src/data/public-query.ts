// Public data for the marketplace pages (issue 7) as plain descriptions: a react-query key and a
// fetch that takes a Supabase client. The browser runs them with the app's client (loaded after
// first paint, see services.ts); the build's prerender runs the very same fetches with a client of
// its own, so a page's HTML and its first client render show the same data. A fetch must not
// touch window, document or storage: it may run outside a browser.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@podium/shared/database.types';
import { loadBackend } from '../app/services.ts';

export type PublicClient = SupabaseClient<Database>;

export interface PublicQuery<T> {
  queryKey: readonly unknown[];
  fetch: (client: PublicClient) => Promise<T>;
}

/** Options for useQuery/useSuspenseQuery/prefetchQuery: the fetch with the app's client. */
export function publicQueryOptions<T>(query: PublicQuery<T>) {
  return {
    queryKey: query.queryKey,
    queryFn: async (): Promise<T> => query.fetch((await loadBackend()).supabase),
  };
}

/** A supabase-js answer's data, or its error thrown (react-query then retries per SPEC 9 and shows the error state). */
export function unwrap<T>({ data, error }: { data: T | null; error: unknown }): T {
  if (error) throw error;
  return data as T;
}

// Signed-in data (bookings, checkout, reviews, ...) as plain descriptions, like public-query.ts: a
// react-query key (under shared/src/query-keys.ts, so the realtime manager refreshes it) and a
// fetch that takes the signed-in Supabase client. Never prerendered: these pages are private.
import type { Backend } from '../app/backend.ts';
import { loadBackend } from '../app/services.ts';

export type PrivateClient = Backend['supabase'];

export interface PrivateQuery<T> {
  queryKey: readonly unknown[];
  fetch: (client: PrivateClient) => Promise<T>;
}

/** The signed-in client (supabase-js, loaded on first use with the session). */
export async function loadPrivateClient(): Promise<PrivateClient> {
  return (await loadBackend()).supabase;
}

/** Options for useQuery/useSuspenseQuery: the fetch with the signed-in client. */
export function privateQueryOptions<T>(query: PrivateQuery<T>) {
  return {
    queryKey: query.queryKey,
    queryFn: async (): Promise<T> => query.fetch(await loadPrivateClient()),
  };
}

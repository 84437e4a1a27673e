// The anon reader for public data (marketplace pages, the build's prerender): PostgREST and Edge
// Functions through Supabase's own client libraries (postgrest-js, functions-js, the ones
// supabase-js wraps), with the anon key, as supabase-js sends it without a session. What it reads
// is exactly what a guest may read. It leaves out auth, realtime and storage: a guest browsing
// the marketplace never loads those (~170 KB of script, and the task that evaluates them on a
// phone), and a returning user's pages do not wait for their session to show public data.
import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from './database.types.ts';

export function createPublicClient(url: string, anonKey: string, fetch: typeof globalThis.fetch = globalThis.fetch.bind(globalThis)) {
  const base = url.replace(/\/+$/, '');
  const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
  const rest = new PostgrestClient<Database>(`${base}/rest/v1`, { headers, fetch });
  const functions = new FunctionsClient(`${base}/functions/v1`, { headers, customFetch: fetch });
  return {
    from: rest.from.bind(rest),
    rpc: rest.rpc.bind(rest),
    functions,
  };
}

export type PublicClient = ReturnType<typeof createPublicClient>;

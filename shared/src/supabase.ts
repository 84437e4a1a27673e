// The browser's Supabase client. Every app creates it here, so all three agree on the options
// that make one origin share one session (the storage key above all). Node code uses
// supabase-node.ts instead, which keeps `ws` out of browser bundles.
import { createClient } from '@supabase/supabase-js';
import { authStorageKey } from './auth-storage-key.ts';
import type { Database } from './database.types.ts';

export { authStorageKey };

/** supabase-js's own default, for callers that opt out of the generated `Database` types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped default, see above
export type UntypedDatabase = any;

export function createBrowserClient<DB = Database>(url: string, anonKey: string) {
  return createClient<DB>(url, anonKey, {
    // PKCE: OAuth and e-mail links come back with a one-time code (SPEC 7.1), never tokens in the URL.
    auth: { storageKey: authStorageKey(url), persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'pkce' },
  });
}

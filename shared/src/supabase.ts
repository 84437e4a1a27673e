// The browser's Supabase client. Every app creates it here, so all three agree on the options
// that make one origin share one session (the storage key above all). Node code uses
// supabase-node.ts instead, which keeps `ws` out of browser bundles.
import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

/** supabase-js's own default, for callers that opt out of the generated `Database` types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped default, see above
export type UntypedDatabase = any;

/**
 * The localStorage key supabase-js keeps the session under, derived exactly as supabase-js
 * derives its default (`sb-<first label of the host>-auth-token`, so `sb-127-auth-token` for
 * 127.0.0.1). Tests use it to hand a browser a session.
 */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

export function createBrowserClient<DB = Database>(url: string, anonKey: string) {
  return createClient<DB>(url, anonKey, {
    auth: { storageKey: authStorageKey(url), persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  });
}

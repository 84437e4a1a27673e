// The Supabase client for Node (tests, scripts, the stack's own tooling). Node 20 has no global
// WebSocket, so realtime gets `ws`; sessions live in memory only.
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import type { Database } from './database.types.ts';

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

export function createNodeClient<DB = Database>(url: string, key: string) {
  return createClient<DB>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // @types/ws declares overloaded constructors that TypeScript cannot match to realtime-js's
    // single-signature transport type; at runtime `ws` is the transport supabase-js documents.
    realtime: { transport: ws as unknown as RealtimeTransport },
  });
}

// Helpers for tests that run against the running local stack, as each role.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { db, keys, urls } from './config.ts';

export function anonClient(): SupabaseClient {
  return createClient(urls.api, keys.anon, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

export function serviceClient(): SupabaseClient {
  return createClient(urls.api, keys.serviceRole, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

/** A client that acts as the given access token (a user's JWT), as a browser would after login. */
export function clientWithToken(accessToken: string): SupabaseClient {
  return createClient(urls.api, keys.anon, {
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function waitFor<T>(probe: () => Promise<T | undefined | false>, { timeoutMs = 10_000, intervalMs = 100 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

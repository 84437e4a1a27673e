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

/**
 * Waits until PostgREST's schema cache holds a table made by a test (its reload after the NOTIFY
 * is asynchronous, seconds on a busy machine). A read proves nothing: PostgREST 12 runs a read
 * of a table it does not know yet, but answers a write to it 404 `{}`. Its OpenAPI lists what the
 * cache holds.
 */
export async function waitForSchemaCache(table: string, { timeoutMs = 30_000 } = {}): Promise<void> {
  const headers = { apikey: keys.serviceRole, authorization: `Bearer ${keys.serviceRole}` };
  await waitFor(
    async () => {
      const openApi = (await (await fetch(`${urls.api}/rest/v1/`, { headers })).json()) as { paths?: Record<string, unknown> };
      return Boolean(openApi.paths?.[`/${table}`]);
    },
    { timeoutMs },
  ).catch(() => {
    throw new Error(`PostgREST's schema cache did not hold public.${table} within ${timeoutMs / 1000} s of the NOTIFY`);
  });
}

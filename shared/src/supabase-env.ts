// The validation behind each app's env.ts: an app refuses to start with a Supabase URL or key
// that cannot work, and above all with a key that must never reach a browser.
import { localSupabase } from './local-stack.ts';

export interface SupabaseEnvInput {
  VITE_SUPABASE_URL?: string | undefined;
  VITE_SUPABASE_ANON_KEY?: string | undefined;
}

export interface SupabaseEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function readSupabaseEnv(input: SupabaseEnvInput): SupabaseEnv {
  const rawUrl = input.VITE_SUPABASE_URL?.trim() || undefined;
  const rawKey = input.VITE_SUPABASE_ANON_KEY?.trim() || undefined;

  const supabaseUrl = rawUrl ?? localSupabase.url;
  let url: URL;
  try {
    url = new URL(supabaseUrl);
  } catch {
    throw new Error(`VITE_SUPABASE_URL is not a URL: "${supabaseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`VITE_SUPABASE_URL must be an http(s) URL: "${supabaseUrl}"`);
  }
  // The demo key only opens the local stack; against any other server it would fail on every call.
  if (!rawKey && !loopbackHosts.has(url.hostname)) {
    throw new Error(`VITE_SUPABASE_ANON_KEY must be set when VITE_SUPABASE_URL points to ${url.host}`);
  }

  const supabaseAnonKey = rawKey ?? localSupabase.anonKey;
  assertBrowserSafeKey(supabaseAnonKey);
  return { supabaseUrl: supabaseUrl.replace(/\/+$/, ''), supabaseAnonKey };
}

/** Accepts a legacy anon JWT or a new-style publishable key; refuses secret and service-role keys. */
function assertBrowserSafeKey(key: string) {
  if (key.startsWith('sb_publishable_')) return;
  if (key.startsWith('sb_secret_')) {
    throw new Error('VITE_SUPABASE_ANON_KEY is a secret key; browsers may only get the anon (publishable) key');
  }
  const role = jwtRole(key);
  if (role === 'service_role') {
    throw new Error('VITE_SUPABASE_ANON_KEY is the service-role key; browsers may only get the anon key');
  }
  if (role !== 'anon') {
    throw new Error('VITE_SUPABASE_ANON_KEY is not a Supabase anon key (expected a JWT with role "anon" or an sb_publishable_ key)');
  }
}

function jwtRole(token: string): unknown {
  const payload = token.split('.')[1];
  if (token.split('.').length !== 3 || !payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null && 'role' in claims ? claims.role : undefined;
  } catch {
    return undefined;
  }
}

// Supabase clients of the edge functions: as the caller (their JWT, so RLS and the definer
// functions' own checks apply) or as the service role (server-only work such as payments).
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export function callerClient(token: string): SupabaseClient {
  return createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    ...options,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

export function anonClient(): SupabaseClient {
  return createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, options);
}

export function serviceClient(): SupabaseClient {
  return createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, options);
}

export function siteUrl(): string {
  return (Deno.env.get('SITE_URL') ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
}

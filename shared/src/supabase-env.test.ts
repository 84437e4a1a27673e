import { describe, expect, it } from 'vitest';
import { localSupabase } from './local-stack.ts';
import { readSupabaseEnv } from './supabase-env.ts';

// The Supabase CLI's demo service-role key: what must never be accepted for a browser.
const serviceRoleKey = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

describe('readSupabaseEnv', () => {
  it('falls back to the local stack when nothing is set', () => {
    expect(readSupabaseEnv({})).toEqual({ supabaseUrl: localSupabase.url, supabaseAnonKey: localSupabase.anonKey });
    expect(readSupabaseEnv({ VITE_SUPABASE_URL: '  ', VITE_SUPABASE_ANON_KEY: '' }).supabaseUrl).toBe(localSupabase.url);
  });

  it('takes a hosted project with its publishable or anon key', () => {
    expect(readSupabaseEnv({ VITE_SUPABASE_URL: 'https://abc.supabase.co/', VITE_SUPABASE_ANON_KEY: 'sb_publishable_x' })).toEqual({
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'sb_publishable_x',
    });
    expect(readSupabaseEnv({ VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: localSupabase.anonKey }).supabaseAnonKey).toBe(localSupabase.anonKey);
  });

  it('uses the demo key for another loopback address', () => {
    expect(readSupabaseEnv({ VITE_SUPABASE_URL: 'http://localhost:54321' }).supabaseAnonKey).toBe(localSupabase.anonKey);
  });

  it.each([
    [{ VITE_SUPABASE_URL: 'not a url' }, /not a URL/],
    [{ VITE_SUPABASE_URL: 'ftp://example.com' }, /http\(s\)/],
    [{ VITE_SUPABASE_URL: 'https://abc.supabase.co' }, /must be set/],
    [{ VITE_SUPABASE_ANON_KEY: serviceRoleKey }, /service-role/],
    [{ VITE_SUPABASE_ANON_KEY: 'sb_secret_abc' }, /secret key/],
    [{ VITE_SUPABASE_ANON_KEY: 'hello' }, /not a Supabase anon key/],
  ])('refuses %o', (input, message) => {
    expect(() => readSupabaseEnv(input)).toThrow(message);
  });
});

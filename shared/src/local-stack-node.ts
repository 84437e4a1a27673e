// The local stack's secrets, for scripts and tests only: the Supabase CLI's well-known local JWT
// secret and service-role key (local use only), overridable like the stack's own. Never imported
// by app code (a test checks the apps' sources; shell.spec.ts checks the built bundles): a
// service-role key in a browser bundle opens every table.
import { localSupabase, type StackEnv } from './local-stack.ts';

export function localKeys(env: StackEnv = {}) {
  return {
    jwtSecret: env.JWT_SECRET ?? 'super-secret-jwt-token-with-at-least-32-characters-long',
    anon: env.SUPABASE_ANON_KEY ?? localSupabase.anonKey,
    serviceRole:
      env.SUPABASE_SERVICE_ROLE_KEY ??
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
  };
}

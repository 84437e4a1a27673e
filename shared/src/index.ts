// Browser-safe exports only; Node-only code is imported by path (`@podium/shared/supabase-node`).
export { localSupabase } from './local-stack.ts';
export { readSupabaseEnv, type SupabaseEnv, type SupabaseEnvInput } from './supabase-env.ts';
export { authStorageKey, createBrowserClient, type UntypedDatabase } from './supabase.ts';
export type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types.ts';
export { createSessionStore, type SessionState, type SessionStore } from './session.ts';

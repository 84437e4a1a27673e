import { createBrowserClient } from '@podium/shared/supabase';
import { createSessionStore } from '@podium/shared/session';
import { env } from './env.ts';

export const supabase = createBrowserClient(env.supabaseUrl, env.supabaseAnonKey);
export const sessionStore = createSessionStore(supabase);

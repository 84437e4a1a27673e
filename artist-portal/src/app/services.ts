// The portal's one Supabase client and the real session store over it. Loaded with the first
// screen behind the guard (or for a stored session), never on a guest's first page.
import { createBrowserClient } from '@podium/shared/supabase';
import { createSessionStore } from '@podium/shared/session';
import { env } from '../env.ts';

export const supabase = createBrowserClient(env.supabaseUrl, env.supabaseAnonKey);
export const sessionStore = createSessionStore(supabase);

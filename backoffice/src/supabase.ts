import { createBrowserClient } from '@podium/shared/supabase';
import { env } from './env.ts';

export const supabase = createBrowserClient(env.supabaseUrl, env.supabaseAnonKey);

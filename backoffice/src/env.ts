// The only place that reads import.meta.env. Unset Supabase values mean the local stack.
import { readSupabaseEnv } from '@podium/shared/supabase-env';

export const env = {
  ...readSupabaseEnv({
    VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
    VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
  }),
  /** The router's basename: Vite's `base` ('/admin/') without the trailing slash, so /admin matches too. */
  basePath: import.meta.env.BASE_URL.replace(/\/$/, ''),
};

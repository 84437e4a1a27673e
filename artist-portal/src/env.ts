// The only place that reads import.meta.env. Unset Supabase values mean the local stack.
import { readSupabaseEnv } from '@podium/shared/supabase-env';

export const env = readSupabaseEnv({
  VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
  VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
});

/**
 * The Instagram app artists link their account with (public: its id is in every authorize link;
 * the secret is the instagram-link function's). A build for the local stack gets the stack's
 * Instagram sandbox (vite.config.ts); without a client id the editor offers no link.
 */
export const instagramApp = {
  clientId: import.meta.env.VITE_INSTAGRAM_CLIENT_ID?.trim() || null,
  authorizeUrl: import.meta.env.VITE_INSTAGRAM_AUTHORIZE_URL?.trim() || 'https://www.instagram.com/oauth/authorize',
};

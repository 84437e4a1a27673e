// The only place that reads import.meta.env. Unset Supabase values mean the local stack.
import { mollieCallbackUri } from '@podium/shared/mollie-connect';
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

/**
 * The Mollie Connect app artists connect their Mollie account with (public: its client id is in
 * every authorize link; the secret is the mollie-connect function's). A build for the local stack
 * gets the payments sandbox's app and consent page (vite.config.ts); without a client id the portal
 * offers no link. The redirect URI is the one registered with the app: the mollie-connect
 * function's /callback on this project's API, unless VITE_MOLLIE_CONNECT_REDIRECT_URI names another.
 */
export const mollieConnectApp = {
  clientId: import.meta.env.VITE_MOLLIE_CONNECT_CLIENT_ID?.trim() || null,
  authorizeUrl: import.meta.env.VITE_MOLLIE_AUTHORIZE_URL?.trim() || 'https://my.mollie.com/oauth2/authorize',
  redirectUri: import.meta.env.VITE_MOLLIE_CONNECT_REDIRECT_URI?.trim() || mollieCallbackUri(env.supabaseUrl),
};

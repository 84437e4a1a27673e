/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_INSTAGRAM_CLIENT_ID?: string;
  readonly VITE_INSTAGRAM_AUTHORIZE_URL?: string;
  readonly VITE_MOLLIE_CONNECT_CLIENT_ID?: string;
  readonly VITE_MOLLIE_AUTHORIZE_URL?: string;
  readonly VITE_MOLLIE_CONNECT_REDIRECT_URI?: string;
}

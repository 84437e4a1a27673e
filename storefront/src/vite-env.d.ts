/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_REVIEW_WIDGET_ID?: string;
  readonly VITE_ANALYTICS_ENDPOINT?: string;
  readonly VITE_ANALYTICS_ID?: string;
  readonly VITE_PIXEL_ID?: string;
  readonly VITE_CONTACT_PHONE?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  /** The public origin (https://www.example.nl) for canonical links, Open Graph and the sitemap. */
  readonly VITE_SITE_URL?: string;
}

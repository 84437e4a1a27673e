// The only place that reads import.meta.env. Unset Supabase values mean the local stack.
import { readSupabaseEnv } from '@podium/shared/supabase-env';

export const env = {
  ...readSupabaseEnv({
    VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
    VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
  }),
  /** Development builds add the debug routes (/safari-debug-test, /test-booking-flow) and the local analytics collector. */
  isDevelopment: import.meta.env.DEV,
  isProduction: import.meta.env.PROD,
  reviewWidgetId: import.meta.env.VITE_REVIEW_WIDGET_ID?.trim() || null,
  /** Where consented analytics events are posted; in development the dev server's own collector. */
  analyticsEndpoint: import.meta.env.VITE_ANALYTICS_ENDPOINT?.trim() || (import.meta.env.DEV ? '/__analytics/collect' : null),
  analyticsId: import.meta.env.VITE_ANALYTICS_ID?.trim() || null,
  pixelId: import.meta.env.VITE_PIXEL_ID?.trim() || null,
  siteUrl: import.meta.env.VITE_SITE_URL?.trim().replace(/\/+$/, '') || null,
  contactPhone: import.meta.env.VITE_CONTACT_PHONE?.trim() || null,
  contactEmail: import.meta.env.VITE_CONTACT_EMAIL?.trim() || null,
};

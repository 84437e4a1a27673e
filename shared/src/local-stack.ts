// What a browser needs to reach the local stack when no environment is configured: the gateway
// URL and the Supabase CLI's well-known demo anon key (public by design; the stack's config.ts
// takes it from here). The service-role key deliberately does not live here,
// because this module ends up in browser bundles.
export const localSupabase = {
  url: 'http://127.0.0.1:54321',
  anonKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
} as const;

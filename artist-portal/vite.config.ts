        // Its pages live at /dashboard/artist*, /artist-onboarding* and /reviews/artist, which share
// no prefix; its files get their own base so the web server can tell them from the storefront's
// (see supabase/stack/web.ts).
        import react from '@vitejs/plugin-react';
        import { defineConfig } from 'vite';

        export default defineConfig({
          base: '/_portal/',
          plugins: [react()],
          server: { host: '127.0.0.1', port: 5175, strictPort: true },
        });

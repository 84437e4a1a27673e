// Served under /admin/ on the shared origin (see supabase/stack/web.ts). /admin/login loads on its
// own (src/main.tsx); every screen, the charts and the Markdown editor load when first opened.
import react from '@vitejs/plugin-react';
// @podium/shared's local defaults by a relative path: Vite bundles only a config's relative imports.
import { localUrls } from '../shared/src/local-stack.ts';
import { defineConfig } from 'vite';

// A stack on other ports (PODIUM_PORT_BASE) is the one the build talks to, unless VITE_SUPABASE_URL says otherwise.
process.env.VITE_SUPABASE_URL ||= localUrls(process.env).api;

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5174, strictPort: true },
  // dist/.vite/manifest.json: the bundle figures (scripts/app-bundles.ts) and the login page's size test read it.
  build: { manifest: true },
});

// Its pages live at /dashboard/artist*, /artist-onboarding* and /reviews/artist, which share
// no prefix; its files get their own base so the web server can tell them from the storefront's
// (see supabase/stack/web.ts).
import react from '@vitejs/plugin-react';
// @podium/shared's local defaults by a relative path: Vite bundles only a config's relative imports.
import { localInstagramApp, localMollieConnectApp, localUrls } from '../shared/src/local-stack.ts';
import { defineConfig } from 'vite';
import { chakraThemePureFunctions } from '../shared/src/theme-build.ts';

// A stack on other ports (PODIUM_PORT_BASE) is the one the build talks to, unless VITE_SUPABASE_URL says otherwise.
// Against the local stack, artists link Instagram through the stack's Instagram sandbox and
// connect Mollie through its payments sandbox.
if (!process.env.VITE_SUPABASE_URL) {
  process.env.VITE_INSTAGRAM_CLIENT_ID ||= localInstagramApp.clientId;
  process.env.VITE_INSTAGRAM_AUTHORIZE_URL ||= localUrls(process.env).instagram.authorize;
  process.env.VITE_MOLLIE_CONNECT_CLIENT_ID ||= localMollieConnectApp.clientId;
  process.env.VITE_MOLLIE_AUTHORIZE_URL ||= localUrls(process.env).mollieConnect.authorize;
}
process.env.VITE_SUPABASE_URL ||= localUrls(process.env).api;

export default defineConfig({
  base: '/_portal/',
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5175, strictPort: true },
  // dist/.vite/manifest.json: the bundle figures (scripts/app-bundles.ts) read it.
  build: { manifest: true, rolldownOptions: { treeshake: { manualPureFunctions: chakraThemePureFunctions } } },
});

// The storefront owns every path the other two apps do not claim (see supabase/stack/web.ts).
import react from '@vitejs/plugin-react';
// @podium/shared's local defaults by a relative path: Vite bundles only a config's relative imports.
import { localUrls } from '../shared/src/local-stack.ts';
import { defineConfig, type Plugin } from 'vite';
import { chakraThemePureFunctions } from '../shared/src/theme-build.ts';

/**
 * The local analytics collector of development builds: consented events are posted to
 * /__analytics/collect and listed at /__analytics/events (newest last), and each is logged in
 * the dev server's terminal, so a developer can watch tracking work (or stay silent without consent).
 */
function analyticsCollector(): Plugin {
  const events: unknown[] = [];
  return {
    name: 'podium-analytics-collector',
    configureServer(server) {
      server.middlewares.use('/__analytics', (req, res) => {
        if (req.method === 'POST' && req.url?.startsWith('/collect')) {
          let body = '';
          req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          req.on('end', () => {
            try {
              const event: unknown = JSON.parse(body);
              events.push(event);
              if (events.length > 500) events.shift();
              server.config.logger.info(`[analytics] ${(event as { event?: string }).event ?? '?'} ${body.slice(0, 200)}`);
            } catch {
              // Not JSON: ignored.
            }
            res.statusCode = 204;
            res.end();
          });
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(events));
      });
    },
  };
}

// A stack on other ports (PODIUM_PORT_BASE) is the one the build talks to, unless VITE_SUPABASE_URL says otherwise.
process.env.VITE_SUPABASE_URL ||= localUrls(process.env).api;

export default defineConfig({
  base: '/',
  plugins: [react(), analyticsCollector()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  build: {
    // STOREFRONT_OUT_DIR builds elsewhere: the bench builds against its own stack into a folder of
    // its own, leaving the user's dist/ (built against their stack) as it was.
    outDir: process.env.STOREFRONT_OUT_DIR || 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json: the bench (bench.ts) reads which chunks the first page needs.
    manifest: true,
    rolldownOptions: { treeshake: { manualPureFunctions: chakraThemePureFunctions } },
  },
});

// Start-up: render the app, then (after first paint) load the backend client, register the
// background worker and start consented tracking. A failure before the app can render shows the
// fatal startup screen (SPEC 8.7).
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { arrivesWithSession, hasStoredSession, loadBackend } from './app/services.ts';
import { env } from './env.ts';

const root = document.getElementById('root');

function afterFirstPaint(work: () => void) {
  requestAnimationFrame(() => setTimeout(work, 0));
}

try {
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(<App />);
  afterFirstPaint(() => {
    // A returning user (or one arriving from an e-mail or OAuth link) needs the session at once; a
    // guest's page asks the backend nothing, so for them it loads when first needed (a dialog, a
    // guarded page, data).
    if (hasStoredSession() || arrivesWithSession()) {
      loadBackend().catch((error: unknown) => {
        // The page stays usable as a brochure; the account parts retry when used.
        console.error('Podium: backend failed to load', error);
      });
    }
    void import('./platform/analytics.ts').then((module) => module.startAnalytics());
    if (env.isProduction) void import('./platform/service-worker.ts').then((module) => module.registerServiceWorker());
  });
} catch (error) {
  if (root) {
    const fallback = root;
    void import('./errors/fatal-startup.ts')
      .then((module) => module.showFatalStartupScreen(fallback, error))
      .catch(() => {
        fallback.textContent = 'Technical Error';
      });
  }
  throw error;
}

// Start-up: render the app, then (after first paint) load the backend client, register the
// background worker and start consented tracking. A failure before the app can render shows the
// fatal startup screen (SPEC 8.7).
//
// A page the build prerendered (scripts/prerender.ts) arrives with its HTML in #root: the app
// hydrates it once the route's page module (and, for pages with data, react-query with the
// page's dehydrated data) is loaded, so the first render matches the HTML. Any other page, or
// one whose address asks for something the HTML does not show (search parameters), renders anew.
//
// The app's modules load in steps, each evaluated in a task of its own: Chakra with the theme
// (building the style system is the biggest piece of start-up work), then the app, then the
// render. One long start-up task would keep a phone from answering a tap for as long.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { loadQueryRuntime } from './app/query.tsx';
import { arrivesWithSession, hasStoredSession, loadBackend } from './app/services.ts';
import { env } from './env.ts';
import { afterNextPaint } from './platform/next-paint.ts';
import { pageLoaderOf } from '@podium/shared/errors/lazy-page.ts';
import { pageLive } from './platform/early-clicks.ts';
import { setErrorReporter } from '@podium/shared/errors/report.ts';

type AppModule = typeof import('./app/App.tsx');

// The error screens report to the analytics service, which loads (with its consent) on first use.
setErrorReporter((error, context) => void import('./platform/analytics.ts').then((module) => module.reportError(error, context)));

const root = document.getElementById('root');

/** Parameters no page reads (tracking, referral codes): the prerendered HTML still holds. */
const harmlessParameter = /^(utm_\w+|ref|fbclid|gclid|msclkid)$/;

function matchesPrerenderedHtml(container: HTMLElement): boolean {
  const prerendered = container.dataset.prerendered;
  if (prerendered === undefined || !container.firstChild) return false;
  if (prerendered !== window.location.pathname.replace(/(.)\/$/, '$1')) return false;
  return [...new URLSearchParams(window.location.search).keys()].every((key) => harmlessParameter.test(key));
}

/** Lets the browser paint and handle input before the next piece of start-up work. */
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What hydration needs before its first render: the page modules of the route, the page's data. */
async function prepareHydration({ routes }: AppModule) {
  const { pathname } = window.location;
  const work: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const element = match.route.element as { type?: unknown } | null | undefined;
    const load = pageLoaderOf(match.route.Component) ?? pageLoaderOf(element?.type);
    if (load) work.push(load());
  }
  const state = document.getElementById('podium-query-state');
  // Every page but the home page renders inside react-query's provider (Layouts.tsx).
  if (state || pathname !== '/') {
    work.push(
      loadQueryRuntime().then((runtime) => {
        if (state?.textContent) runtime.hydrate(runtime.queryClient, JSON.parse(state.textContent));
      }),
    );
  }
  await Promise.all(work);
}

async function start(container: HTMLElement) {
  await import('@podium/shared/theme-system');
  await yieldToBrowser();
  const app = await import('./app/App.tsx');
  const { App } = app;
  const system = await app.loadBrowserSystem();
  const hydrating = matchesPrerenderedHtml(container);
  if (hydrating) {
    // Should a module fail to load, hydration suspends on it and its retries take over.
    await prepareHydration(app).catch(() => undefined);
    // A task of its own, after the modules' evaluation; and a transition, so React hydrates in
    // short slices (a default-priority hydration is one long task a phone cannot answer input in).
    await yieldToBrowser();
    startTransition(() => {
      hydrateRoot(container, <App system={system} />);
    });
  } else {
    await yieldToBrowser();
    createRoot(container).render(<App system={system} />);
  }
  afterNextPaint(() => {
    // A returning user (or one arriving from an e-mail or OAuth link) needs the session at once; a
    // guest's page asks the backend nothing, so for them it loads when first needed (a dialog, a
    // guarded page, data).
    // On a prerendered page only once it has hydrated (platform/early-clicks.ts, pageLive).
    if (hasStoredSession() || arrivesWithSession()) {
      (hydrating ? pageLive : Promise.resolve()).then(loadBackend).catch((error: unknown) => {
        // The page stays usable as a brochure; the account parts retry when used.
        console.error('Podium: backend failed to load', error);
      });
    }
    void import('./platform/analytics.ts').then((module) => module.startAnalytics());
    if (env.isProduction) void import('./platform/service-worker.ts').then((module) => module.registerServiceWorker());
  });
}

function showFatal(error: unknown) {
  if (!root) return;
  const fallback = root;
  void import('@podium/shared/errors/fatal-startup.ts')
    .then((module) => module.showFatalStartupScreen(fallback, error))
    .catch(() => {
      fallback.textContent = 'Technical Error';
    });
}

try {
  if (!root) throw new Error('index.html has no #root element');
  const container = root;
  const run = () =>
    start(container).catch((error: unknown) => {
      showFatal(error);
      throw error;
    });
  // Prerendered HTML paints first, before any start-up work; an empty shell has nothing to paint.
  if (container.dataset.prerendered !== undefined) afterNextPaint(() => void run());
  else void run();
} catch (error) {
  showFatal(error);
  throw error;
}

import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { podiumSystem } from '@podium/shared/theme';
import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { env } from '../env.ts';
import { AppErrorBoundary } from '../errors/AppErrorBoundary.tsx';
import { createBrowserEmotionCache, hasPrerenderedGlobalCss } from './emotion.ts';
import { createRoutes } from './routes.tsx';

/** The route table of this build; the prerender (entry-server.tsx) renders the same one. */
export const routes = createRoutes({ development: env.isDevelopment });

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Everything around the router: the browser's and the prerender's app are the same tree. */
export function AppFrame({
  router: Router,
  routes: table = routes,
  system = podiumSystem,
}: {
  router: (props: { children: ReactNode }) => ReactNode;
  routes?: RouteObject[];
  system?: typeof podiumSystem;
}) {
  return (
    <StrictMode>
      <ChakraProvider value={system}>
        <AppErrorBoundary>
          <Router>
            <AppRoutes routes={table} />
          </Router>
        </AppErrorBoundary>
      </ChakraProvider>
    </StrictMode>
  );
}

let browserSetup: { cache: ReturnType<typeof createBrowserEmotionCache>; system: typeof podiumSystem } | null = null;

export function App() {
  // Once per page load, in the browser (this module is also the prerender's): the emotion cache
  // that knows the prerendered rules, and, when the page brought the global CSS, no second copy.
  browserSetup ??= { cache: createBrowserEmotionCache(), system: hasPrerenderedGlobalCss() ? { ...podiumSystem, _global: [] } : podiumSystem };
  return (
    <CacheProvider value={browserSetup.cache}>
      <AppFrame router={BrowserRouter} system={browserSetup.system} />
    </CacheProvider>
  );
}

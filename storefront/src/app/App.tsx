import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { podiumSystemWithoutGlobalCss, withGlobalCss, type PodiumSystem } from '@podium/shared/theme-system';
import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { env } from '../env.ts';
import { AppErrorBoundary } from '@podium/shared/errors/AppErrorBoundary.tsx';
import { createBrowserEmotionCache, hasPrerenderedGlobalCss } from './emotion.ts';
import { createRoutes } from './routes.tsx';

/** The route table of this build; the prerender (entry-server.tsx) renders the same one. */
export const routes = createRoutes({ development: env.isDevelopment });

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Everything around the router: the browser's and the prerender's app are the same tree. */
export function AppFrame({ router: Router, routes: table = routes, system }: { router: (props: { children: ReactNode }) => ReactNode; routes?: RouteObject[]; system: PodiumSystem }) {
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

/**
 * The system the browser's app renders with. A prerendered page brought Chakra's global CSS (and
 * keeps it for the whole visit): no second copy, and its ~24 KB string is not loaded at all. Any
 * other page loads that CSS first.
 */
export async function loadBrowserSystem(): Promise<PodiumSystem> {
  if (hasPrerenderedGlobalCss()) return podiumSystemWithoutGlobalCss;
  const { themeGlobalCss } = await import('@podium/shared/theme-global-css');
  return withGlobalCss(themeGlobalCss);
}

let browserCache: ReturnType<typeof createBrowserEmotionCache> | null = null;

/** `system`: from loadBrowserSystem. */
export function App({ system }: { system: PodiumSystem }) {
  // Once per page load, in the browser (this module is also the prerender's): the emotion cache
  // that knows the prerendered rules.
  browserCache ??= createBrowserEmotionCache();
  return (
    <CacheProvider value={browserCache}>
      <AppFrame router={BrowserRouter} system={system} />
    </CacheProvider>
  );
}

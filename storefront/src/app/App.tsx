import { ChakraProvider } from '@chakra-ui/react';
import { podiumSystem } from '@podium/shared/theme';
import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { env } from '../env.ts';
import { AppErrorBoundary } from '../errors/AppErrorBoundary.tsx';
import { createRoutes } from './routes.tsx';

/** The route table of this build; the prerender (entry-server.tsx) renders the same one. */
export const routes = createRoutes({ development: env.isDevelopment });

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Everything around the router: the browser's and the prerender's app are the same tree. */
export function AppFrame({ router: Router, routes: table = routes }: { router: (props: { children: ReactNode }) => ReactNode; routes?: RouteObject[] }) {
  return (
    <StrictMode>
      <ChakraProvider value={podiumSystem}>
        <AppErrorBoundary>
          <Router>
            <AppRoutes routes={table} />
          </Router>
        </AppErrorBoundary>
      </ChakraProvider>
    </StrictMode>
  );
}

export function App() {
  return <AppFrame router={BrowserRouter} />;
}

import { ChakraProvider } from '@chakra-ui/react';
import { podiumSystem } from '@podium/shared/theme';
import { StrictMode } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { env } from '../env.ts';
import { AppErrorBoundary } from '../errors/AppErrorBoundary.tsx';
import { createRoutes } from './routes.tsx';

const routes = createRoutes({ development: env.isDevelopment });

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <StrictMode>
      <ChakraProvider value={podiumSystem}>
        <AppErrorBoundary>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppErrorBoundary>
      </ChakraProvider>
    </StrictMode>
  );
}

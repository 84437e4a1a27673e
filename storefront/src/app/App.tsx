import { ChakraProvider } from '@chakra-ui/react';
import { podiumSystem } from '@podium/shared/theme';
import { StrictMode } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { env } from '../env.ts';
import { AppErrorBoundary } from '../errors/AppErrorBoundary.tsx';
import { createRoutes } from './routes.tsx';

const router = createBrowserRouter(createRoutes({ development: env.isDevelopment }));

export function App() {
  return (
    <StrictMode>
      <ChakraProvider value={podiumSystem}>
        <AppErrorBoundary>
          <RouterProvider router={router} />
        </AppErrorBoundary>
      </ChakraProvider>
    </StrictMode>
  );
}

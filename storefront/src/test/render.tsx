// Renders a component as the app does: inside the shared Chakra system and a router.
import { ChakraProvider } from '@chakra-ui/react';
import { podiumSystem } from '@podium/shared/theme';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

export function renderWithApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return render(
    <ChakraProvider value={podiumSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
}

// /login, the guard's fallback destination (SPEC 2.3): the home page with the login dialog open.
// Opening the dialog must settle: it once looped (each opening a new state, each state opening it
// again), the page behind the dialog stayed empty and the tab used a whole core for as long as
// it was open.
import { ChakraProvider } from '@chakra-ui/react';
import { podiumSystem } from '@podium/shared/theme';
import { render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider, useApp } from './app-context.tsx';
import { LoginRedirect } from './routes.tsx';

const rendered = vi.fn();
const renders = () => rendered.mock.calls.length;
/** Counts the app's renders; a loop stops here, failing the test rather than hanging it. */
function RenderCount() {
  useApp();
  rendered();
  if (renders() > 100) throw new Error('the app keeps rendering');
  return null;
}

function Home() {
  const { authDialog } = useApp();
  return <h1>Home{authDialog ? ` met ${authDialog.kind} voor ${authDialog.role}` : ''}</h1>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AppProvider>
            <RenderCount />
            <Outlet />
          </AppProvider>
        ),
        children: [
          { path: '/', element: <Home /> },
          { path: '/login', element: <LoginRedirect /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <ChakraProvider value={podiumSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return router;
}

describe('/login', () => {
  it('shows the home page with the login dialog, and then stays still', async () => {
    rendered.mockClear();
    const router = renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Home met login voor customer' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    const settled = renders();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(renders()).toBe(settled);
  });
});

// The placeholder shell all three apps share until each gets its UI library (Chakra UI for the
// storefront and artist portal, MUI for the back office): the app's name, who is logged in,
// and the page.
import { StrictMode, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { SessionStore } from '../session.ts';
import './shell.css';

export function SessionStatus({ store }: { store: SessionStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  if (state.status === 'loading') return <p className="session" aria-busy="true" />;
  const { session } = state;
  return (
    <p className="session" data-testid="session-status">
      {session ? (
        <>
          Ingelogd als <strong>{session.user.email ?? session.user.id}</strong>
        </>
      ) : (
        'Niet ingelogd'
      )}
    </p>
  );
}

export interface AppShellProps {
  name: string;
  /** The app's own start page, as a route of its router. */
  home: string;
  accent: string;
  store: SessionStore;
  children: ReactNode;
}

export function AppShell({ name, home, accent, store, children }: AppShellProps) {
  return (
    <div style={{ '--accent': accent } as CSSProperties}>
      <header className="shell-header">
        <Link to={home} className="brand">
          {name}
        </Link>
        <SessionStatus store={store} />
      </header>
      <main className="shell-main">{children}</main>
    </div>
  );
}

/** Unknown paths. The link is a full-page navigation: the homepage may belong to another app on this origin. */
export function NotFoundPage() {
  return (
    <>
      <h1>Pagina niet gevonden</h1>
      <p>Deze pagina bestaat niet (meer).</p>
      <a href="/">Naar de homepage</a>
    </>
  );
}

export interface StartAppOptions extends Omit<AppShellProps, 'children'> {
  /** The app's pages inside the shell; unknown paths get the not-found page. */
  routes: RouteObject[];
  /** The router's basename, for an app under a prefix (the back office's /admin). */
  basename?: string;
}

/** Mounts an app in index.html's #root: its routes inside the shared shell. */
export function startApp({ routes, basename, ...shell }: StartAppOptions) {
  const router = createBrowserRouter(
    [
      {
        element: (
          <AppShell {...shell}>
            <Outlet />
          </AppShell>
        ),
        children: [...routes, { path: '*', element: <NotFoundPage /> }],
      },
    ],
    { basename },
  );
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

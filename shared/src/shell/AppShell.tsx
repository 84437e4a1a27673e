// How an app without a server-rendered shell mounts: its routes under one router, unknown paths on
// a plain not-found page. Plain markup, so a guest's first page (a spinner before the redirect)
// loads no UI library; the app's own frame comes with its first screen.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './shell.css';

/** Unknown paths. The link is a full-page navigation: the homepage may belong to another app on this origin. */
export function NotFoundPage() {
  return (
    <main className="shell-main">
      <h1>Pagina niet gevonden</h1>
      <p>Deze pagina bestaat niet (meer).</p>
      <a href="/">Naar de homepage</a>
    </main>
  );
}

export interface StartAppOptions {
  routes: RouteObject[];
  /** The router's basename, for an app under a prefix. */
  basename?: string;
}

/** Mounts an app in index.html's #root. */
export function startApp({ routes, basename }: StartAppOptions) {
  const router = createBrowserRouter([...routes, { path: '*', element: <NotFoundPage /> }], { basename });
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

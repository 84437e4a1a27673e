// Two ways in: /admin/login loads the login screen alone (MUI and supabase-js, no react-admin),
// every other path the back office itself, with its screens loading on first use.
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { env } from './env.ts';
import { createAuthProvider } from './providers/authProvider.ts';
import { supabase } from './supabase.ts';

const loginPath = `${env.basePath}/login`;
const authProvider = createAuthProvider({
  client: supabase,
  leave: (path) => window.location.replace(path),
  // An admin signed in with the password only: the login screen's code step, then back here.
  stepUp: () => {
    const here = `${window.location.pathname.slice(env.basePath.length) || '/'}${window.location.search}`;
    window.location.replace(`${loginPath}?next=${encodeURIComponent(here)}`);
  },
});
const root = createRoot(document.getElementById('root')!);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

if (window.location.pathname.replace(/\/+$/, '') === loginPath) {
  const next = new URLSearchParams(window.location.search).get('next') ?? undefined;
  void import('./login/LoginScreen.tsx').then(({ LoginScreen }) => render(<LoginScreen authProvider={authProvider} basePath={env.basePath} next={next} />));
} else {
  void import('./admin.tsx').then(({ BackOffice }) => render(<BackOffice authProvider={authProvider} />));
}

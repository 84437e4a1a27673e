// The placeholder shell all three apps share until each gets its UI library (Chakra UI for the
// storefront and artist portal, MUI for the back office): the app's name, who is logged in,
// and the page.
import { useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
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

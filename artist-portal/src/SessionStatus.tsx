import { useSyncExternalStore } from 'react';
import { sessionStore } from './supabase.ts';

export function SessionStatus() {
  const state = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
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

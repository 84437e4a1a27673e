// Who is logged in, as a store React reads with useSyncExternalStore. It starts from the stored
// session (getSession) and follows every auth event; since the three apps share one origin and
// so one localStorage entry, a login in one app shows up in the others.
import type { Session, SupabaseClient } from '@supabase/supabase-js';

export type SessionState = { status: 'loading' } | { status: 'ready'; session: Session | null };

export interface SessionStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SessionState;
}

export function createSessionStore(client: Pick<SupabaseClient, 'auth'>): SessionStore {
  let state: SessionState = { status: 'loading' };
  let heardEvent = false;
  const listeners = new Set<() => void>();
  const set = (session: Session | null) => {
    state = { status: 'ready', session };
    for (const listener of listeners) listener();
  };

  client.auth.onAuthStateChange((_event, session) => {
    heardEvent = true;
    set(session);
  });
  void client.auth.getSession().then(({ data }) => {
    // An auth event is at least as new as the stored session read at start-up.
    if (!heardEvent) set(data.session);
  });

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
  };
}

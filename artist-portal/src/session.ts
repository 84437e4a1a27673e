// The session as the portal's pages read it, without supabase-js on the first page of a guest.
// supabase-js (and the real session store over it, supabase.ts) loads at once when a session is
// stored on this device or arrives in the URL, and otherwise when one gets stored later (a login
// in another tab of this origin, which supabase-js itself would have heard of). Until then a guest
// is 'no user'.
import { arrivesWithSession, authStorageKey, hasStoredSession } from '@podium/shared/auth-storage-key';
import type { SessionState, SessionStore } from '@podium/shared/session';
import { env } from './env.ts';

const noUser: SessionState = { status: 'no-user', session: null, user: null, profile: null };

export function createDeferredSessionStore(load: () => Promise<SessionStore>, signedIn: () => boolean): SessionStore {
  let real: SessionStore | null = null;
  let loading: Promise<SessionStore> | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const fallback: SessionState = signedIn() ? { status: 'loading' } : noUser;
  const attach = () =>
    (loading ??= load().then((store) => {
      real = store;
      store.subscribe(notify);
      notify();
      return store;
    }));
  const onStorage = (event: StorageEvent) => {
    if (event.key === authStorageKey(env.supabaseUrl) && event.newValue !== null) void attach();
  };
  if (fallback.status === 'loading') void attach();
  else window.addEventListener('storage', onStorage);
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => real?.getSnapshot() ?? fallback,
    refreshProfile: () => attach().then((store) => store.refreshProfile()),
    acceptProfile: (profile) => real?.acceptProfile(profile),
    clearLocal: () => real?.clearLocal(),
    dispose() {
      window.removeEventListener('storage', onStorage);
      real?.dispose();
    },
  };
}

export const sessionStore = createDeferredSessionStore(
  () => import('./supabase.ts').then((module) => module.sessionStore),
  () => hasStoredSession(env.supabaseUrl) || arrivesWithSession(),
);

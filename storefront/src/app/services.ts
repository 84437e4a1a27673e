// The backend loads after first paint (dynamic import). Until then the app reads a stand-in
// session store: 'loading' when a session is stored on this device, 'no user' otherwise, so a
// guest sees 'Inloggen' at once and a returning user no flash of it.
import type { SessionState, SessionStore } from '@podium/shared/session';
import { authStorageKey } from '@podium/shared/auth-storage-key';
import { env } from '../env.ts';
import type { Backend } from './backend.ts';

let backendPromise: Promise<Backend> | null = null;

/** Loads (once) and returns the backend: the Supabase client, session store and account actions. */
export function loadBackend(): Promise<Backend> {
  backendPromise ??= import('./backend.ts').then((module) => {
    const backend = module.createBackend();
    sessionStore.attach(backend.sessionStore);
    return backend;
  });
  return backendPromise;
}

const noUser: SessionState = { status: 'no-user', session: null, user: null, profile: null };

export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(authStorageKey(env.supabaseUrl)) !== null;
  } catch {
    return false;
  }
}

/** PKCE returns (OAuth, e-mail links) bring a session in the URL. */
export const arrivesWithSession = () => typeof window !== 'undefined' && /[?&#](code|token_hash|access_token)=/.test(window.location.search + window.location.hash);

export interface DeferredSessionStore extends SessionStore {
  attach(store: SessionStore): void;
  /**
   * What the build's prerender rendered with (a guest), and so what hydration starts from: a
   * returning user's page hydrates as the guest's HTML, then re-renders with 'loading'.
   */
  getServerSnapshot(): SessionState;
}

export function createDeferredSessionStore(initial: () => SessionState): DeferredSessionStore {
  let real: SessionStore | null = null;
  let fallback: SessionState | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const whenAttached = () => loadBackend().then(() => real as SessionStore);
  return {
    attach(store) {
      real = store;
      store.subscribe(notify);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot() {
      if (real) {
        const state = real.getSnapshot();
        // Nothing stored and nothing arriving: the real store's short 'loading' means 'no user'.
        // Its own 'no user' is the same state as the one already rendered: keeping that object
        // spares every subscriber a synchronous re-render when the backend attaches.
        if ((state.status === 'loading' || state.status === 'no-user') && fallback?.status === 'no-user') return fallback;
        return state;
      }
      fallback ??= initial();
      return fallback;
    },
    getServerSnapshot: () => noUser,
    refreshProfile: () => whenAttached().then((store) => store.refreshProfile()),
    acceptProfile: (profile) => real?.acceptProfile(profile),
    clearLocal: () => real?.clearLocal(),
    dispose: () => real?.dispose(),
  };
}

export const sessionStore = createDeferredSessionStore(() => (hasStoredSession() || arrivesWithSession() ? { status: 'loading' } : noUser));

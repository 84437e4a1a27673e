// A session store that stands in for the real one (session.ts, over supabase-js) until the app
// loads it, so a guest's first page need not load supabase-js: 'loading' while a session is stored
// or arriving, 'no user' otherwise. Both the storefront and the artist portal read the session so.
import type { SessionState, SessionStore } from './session.ts';

export interface DeferredSessionStore extends SessionStore {
  /** Hands over the real store (idempotent): from then on its state is the one read. */
  attach(store: SessionStore): void;
  /** Loads the real store (once) and attaches it. */
  load(): Promise<SessionStore>;
  /**
   * What a prerender renders with (a guest), and so what hydration starts from: a returning
   * user's page hydrates as the guest's HTML, then re-renders with 'loading'.
   */
  getServerSnapshot(): SessionState;
}

type StorageEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface DeferredSessionOptions {
  /** Loads the real store (supabase-js); called once, when the session is first needed. */
  load: () => Promise<SessionStore>;
  /** A session is stored on this device or arrives in the address: read once, on first use. */
  signedIn: () => boolean;
  /** Load at once when signed in (the portal); without it the app says when (the storefront: after first paint). */
  loadWhenSignedIn?: boolean;
  /** supabase-js's localStorage key: a login in another tab of this origin stores it, and loads the real store here. */
  storageKey?: string;
  /** Where storage events arrive; the window in a browser. */
  events?: StorageEvents | undefined;
}

const noUser: SessionState = { status: 'no-user', session: null, user: null, profile: null };

export function createDeferredSessionStore({
  load,
  signedIn,
  loadWhenSignedIn = false,
  storageKey,
  events = typeof window === 'undefined' ? undefined : window,
}: DeferredSessionOptions): DeferredSessionStore {
  let real: SessionStore | null = null;
  let loading: Promise<SessionStore> | null = null;
  let fallback: SessionState | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const initial = () => (fallback ??= signedIn() ? { status: 'loading' } : noUser);

  const attach = (store: SessionStore) => {
    if (real === store) return;
    real = store;
    store.subscribe(notify);
    notify();
  };
  const loadOnce = () =>
    (loading ??= load().then((store) => {
      attach(store);
      return store;
    }));
  const onStorage = (event: Event) => {
    const { key, newValue } = event as StorageEvent;
    if (key === storageKey && newValue !== null && newValue !== undefined) void loadOnce().catch(() => undefined);
  };
  if (storageKey && events) events.addEventListener('storage', onStorage);
  if (loadWhenSignedIn && initial().status === 'loading') void loadOnce().catch(() => undefined);

  return {
    attach,
    load: loadOnce,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot() {
      if (real) {
        const state = real.getSnapshot();
        // A guest's real store starts at a short 'loading', then says 'no user': the same state as
        // the one already rendered. Keeping that object spares every subscriber a re-render.
        if ((state.status === 'loading' || state.status === 'no-user') && fallback?.status === 'no-user') return fallback;
        return state;
      }
      return initial();
    },
    getServerSnapshot: () => noUser,
    refreshProfile: () => (real ? real.refreshProfile() : loadOnce().then((store) => store.refreshProfile())),
    acceptProfile: (profile) => real?.acceptProfile(profile),
    clearLocal: () => real?.clearLocal(),
    dispose() {
      if (storageKey && events) events.removeEventListener('storage', onStorage);
      real?.dispose();
    },
  };
}

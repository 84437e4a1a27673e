// The backend loads after first paint (dynamic import). Until then the app reads the shared
// stand-in session store: 'loading' when a session is stored on this device, 'no user' otherwise,
// so a guest sees 'Inloggen' at once and a returning user no flash of it.
import { arrivesWithSession, authStorageKey, hasStoredSession as hasStoredSessionFor } from '@podium/shared/auth-storage-key';
import { createDeferredSessionStore } from '@podium/shared/deferred-session';
import { env } from '../env.ts';
import type { Backend } from './backend.ts';

export { arrivesWithSession };

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

export const hasStoredSession = () => hasStoredSessionFor(env.supabaseUrl);

/** main.tsx loads the backend after first paint when signed in; a login in another tab loads it too. */
export const sessionStore = createDeferredSessionStore({
  load: () => loadBackend().then((backend) => backend.sessionStore),
  signedIn: () => hasStoredSession() || arrivesWithSession(),
  storageKey: authStorageKey(env.supabaseUrl),
});

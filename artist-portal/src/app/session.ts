// The session as the portal's pages read it, without supabase-js on the first page of a guest:
// supabase-js (and the real session store over it, services.ts) loads at once when a session is
// stored on this device or arrives in the URL, and otherwise when a login in another tab of this
// origin stores one. Until then a guest is 'no user'.
import { arrivesWithSession, authStorageKey, hasStoredSession } from '@podium/shared/auth-storage-key';
import { createDeferredSessionStore } from '@podium/shared/deferred-session';
import { env } from '../env.ts';

export const sessionStore = createDeferredSessionStore({
  load: () => import('./services.ts').then((module) => module.sessionStore),
  signedIn: () => hasStoredSession(env.supabaseUrl) || arrivesWithSession(),
  loadWhenSignedIn: true,
  storageKey: authStorageKey(env.supabaseUrl),
});

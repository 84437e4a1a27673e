// Everything that needs supabase-js, created together in one lazily loaded chunk: the first
// paint of any page does not wait for the ~50 KB client (see services.ts).
import { createAuthActions } from '@podium/shared/auth-actions';
import { applyPendingReferralOnLogin } from '@podium/shared/referral';
import { createSessionStore } from '@podium/shared/session';
import { createBrowserClient } from '@podium/shared/supabase';
import { env } from '../env.ts';

export function createBackend() {
  const supabase = createBrowserClient(env.supabaseUrl, env.supabaseAnonKey);
  const sessionStore = createSessionStore(supabase);
  const authActions = createAuthActions({
    client: supabase,
    origin: window.location.origin,
    session: sessionStore,
    sessionStorage: window.sessionStorage,
    localStorage: window.localStorage,
  });
  // SPEC 4.5: a pending referral is applied 1 s after every login, password or OAuth.
  applyPendingReferralOnLogin(sessionStore, supabase, window.localStorage);
  return { supabase, sessionStore, authActions };
}

export type Backend = ReturnType<typeof createBackend>;

// SPEC 4.1, the session: who is logged in and their profile, as a store React reads with
// useSyncExternalStore. It starts from the stored session and follows every auth event; since
// the three apps share one origin and so one localStorage entry, a login in one app shows up in
// the others.
//
// States: loading, then no user / a user whose profile is not loaded (yet) / a user with a
// profile. A sign-in loads the profile after 1.5 s (the profile row is made by a trigger and the
// login dialog usually hands it over sooner); a token refresh or an already stored session loads
// it at once. Up to 2 attempts, 1000 ms x attempt apart; no profile at all signs the user out.
// Initial loading ends after at most 2 s, even without an answer.
import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';
import { useSyncExternalStore } from 'react';
import { initialAuthLoadingFallbackMs, profileLoadAttempts, profileLoadDelayAfterSignInMs, profileLoadRetryStepMs } from './constants.ts';
import type { Database, Tables } from './database.types.ts';
import { messages } from './messages.ts';

export type Profile = Tables<'profiles'>;

export type SessionState =
  | { status: 'loading' }
  | { status: 'no-user'; session: null; user: null; profile: null }
  | {
      status: 'no-profile';
      session: Session;
      user: User;
      profile: null;
      /** Set when the last load failed (network, server) rather than still running. */
      profileError: boolean;
    }
  | { status: 'ready'; session: Session; user: User; profile: Profile };

export interface SessionStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SessionState;
  /** Loads the profile again now (SPEC 7.1 'refresh profile'). */
  refreshProfile(): Promise<Profile | null>;
  /** Takes a profile another step already loaded (the login dialog), skipping the delayed load. */
  acceptProfile(profile: Profile): void;
  /** Clears user and profile at once; sign-out calls this before it calls the server. */
  clearLocal(): void;
  /** Stops following auth events and cancels timers. */
  dispose(): void;
}

type Client = Pick<SupabaseClient<Database>, 'auth' | 'from'>;

const noUser: SessionState = { status: 'no-user', session: null, user: null, profile: null };
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sign-in through a provider other than e-mail (OAuth): its e-mail is verified by that provider. */
const signedInWithOAuth = (user: User) => {
  const provider = user.app_metadata.provider;
  return typeof provider === 'string' && provider !== 'email';
};

export function createSessionStore(client: Client): SessionStore {
  let state: SessionState = { status: 'loading' };
  let heardEvent = false;
  /** Bumped whenever the user changes, so a load for an earlier user is dropped. */
  let generation = 0;
  let loadTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const set = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const loadingFallback = setTimeout(() => {
    if (state.status === 'loading') set(noUser);
  }, initialAuthLoadingFallbackMs);

  const fetchProfile = async (userId: string): Promise<{ profile: Profile | null; failed: boolean }> => {
    try {
      const { data, error } = await client.from('profiles').select('*').eq('id', userId).maybeSingle();
      return { profile: error ? null : data, failed: Boolean(error) };
    } catch {
      return { profile: null, failed: true };
    }
  };

  /** SPEC 4.1: an OAuth sign-in marks the e-mail verified (the database keeps it truthful). */
  const markOAuthEmailVerified = async (user: User, profile: Profile): Promise<Profile> => {
    if (profile.email_verified || !signedInWithOAuth(user)) return profile;
    const { data } = await client.from('profiles').update({ email_verified: true, updated_at: new Date().toISOString() }).eq('id', profile.id).select('*').maybeSingle();
    return data ?? profile;
  };

  const loadProfile = async (forGeneration: number): Promise<Profile | null> => {
    for (let attempt = 1; attempt <= profileLoadAttempts; attempt++) {
      const current = state;
      if (forGeneration !== generation || current.status === 'loading' || !current.user) return null;
      const { user, session } = current;
      const { profile, failed } = await fetchProfile(user.id);
      if (forGeneration !== generation) return null;
      if (profile) {
        const checked = await markOAuthEmailVerified(user, profile);
        if (forGeneration !== generation) return null;
        set({ status: 'ready', session: state.status === 'loading' || !state.session ? session : state.session, user, profile: checked });
        return checked;
      }
      if (attempt === profileLoadAttempts) {
        if (failed) {
          set({ status: 'no-profile', session, user, profile: null, profileError: true });
        } else {
          // No profile row for this user: they cannot use the product, so they are signed out.
          set(noUser);
          generation++;
          await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
        }
        return null;
      }
      await delay(profileLoadRetryStepMs * attempt);
    }
    return null;
  };

  const scheduleLoad = (afterMs: number) => {
    clearTimeout(loadTimer);
    const forGeneration = generation;
    // Always from a timer: supabase-js must not be awaited inside its own auth callback.
    loadTimer = setTimeout(() => void loadProfile(forGeneration), afterMs);
  };

  const follow = (event: AuthChangeEvent | 'STORED_SESSION', session: Session | null) => {
    if (!session) {
      clearTimeout(loadTimer);
      generation++;
      set(noUser);
      return;
    }
    const sameUser = state.status !== 'loading' && state.user?.id === session.user.id;
    if (sameUser && state.status === 'ready') {
      set({ ...state, session, user: session.user });
      // A token refresh or a user update reloads the profile; the old one stays shown meanwhile.
      if (event === 'TOKEN_REFRESHED' || event === 'USER_UPDATED') scheduleLoad(0);
      return;
    }
    if (!sameUser) generation++;
    set({ status: 'no-profile', session, user: session.user, profile: null, profileError: false });
    scheduleLoad(event === 'SIGNED_IN' ? profileLoadDelayAfterSignInMs : 0);
  };

  const {
    data: { subscription },
  } = client.auth.onAuthStateChange((event, session) => {
    heardEvent = true;
    follow(event, session);
  });
  void client.auth.getSession().then(({ data }) => {
    // An auth event is at least as new as the stored session read at start-up.
    if (!heardEvent) follow('STORED_SESSION', data.session);
  });

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    refreshProfile() {
      clearTimeout(loadTimer);
      return loadProfile(generation);
    },
    acceptProfile(profile) {
      if (state.status === 'loading' || !state.user || state.user.id !== profile.id) return;
      clearTimeout(loadTimer);
      set({ status: 'ready', session: state.session, user: state.user, profile });
    },
    clearLocal() {
      clearTimeout(loadTimer);
      generation++;
      set(noUser);
    },
    dispose() {
      clearTimeout(loadingFallback);
      clearTimeout(loadTimer);
      subscription.unsubscribe();
      listeners.clear();
    },
  };
}

/** The session state, for React. */
export function useSession(store: SessionStore): SessionState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * SPEC 2.6: the name in the profile menu. The full name (first_name last_name); while the
 * profile loads 'Profiel laden...'; without a profile the e-mail's local part, or 'Gebruiker'.
 */
export function profileMenuName(state: SessionState): string | null {
  if (state.status === 'loading' || state.status === 'no-user') return null;
  if (state.status === 'ready') {
    const fullName = [state.profile.first_name, state.profile.last_name]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ');
    if (fullName) return fullName;
  } else if (!state.profileError) {
    return messages.header.profileLoading;
  }
  return state.user.email?.split('@')[0] || messages.header.fallbackUserName;
}

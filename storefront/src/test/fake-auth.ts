// A stand-in for the Supabase client behind the shared auth actions: each auth call is a mock
// the test sets up, and the profiles table answers with `profile`. The actions, rules and Dutch
// messages under test are the real ones from @podium/shared.
import { createAuthActions } from '@podium/shared/auth-actions';
import type { Profile } from '@podium/shared/session';
import { vi } from 'vitest';

export function fakeAuth(profile: Partial<Profile> | null = null) {
  const auth = {
    signInWithPassword: vi.fn(),
    signUp: vi.fn(),
    resend: vi.fn(async () => ({ data: {}, error: null })),
    resetPasswordForEmail: vi.fn(async () => ({ data: {}, error: null })),
    signOut: vi.fn(async () => ({ error: null })),
    getUser: vi.fn(),
    signInWithOAuth: vi.fn(),
  };
  const query = {
    select: () => query,
    eq: () => query,
    maybeSingle: async () => ({ data: profile, error: null }),
  };
  const client = { auth, from: () => query };
  const actions = createAuthActions({ client: client as never, origin: 'http://localhost', sessionStorage: window.sessionStorage, localStorage: window.localStorage });
  return { auth, actions, getActions: async () => actions };
}

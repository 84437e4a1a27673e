import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, profileMenuName, type Profile } from './session.ts';

const session = (id: string, provider = 'email') => ({ access_token: `t-${id}`, user: { id, email: `${id}@example.nl`, app_metadata: { provider } } }) as unknown as Session;
const profile = (id: string, changes: Partial<Profile> = {}) => ({ id, role: 'customer', email_verified: true, first_name: 'Anna', ...changes }) as Profile;

type ProfileAnswer = { data: Profile | null; error: { message: string } | null };

/** supabase-js's auth and the profiles table, scripted: each profile read takes the next answer. */
function fakeClient(stored: Session | null, answers: (ProfileAnswer | Promise<ProfileAnswer>)[] = []) {
  let emit: (event: AuthChangeEvent, session: Session | null) => void = () => {};
  let resolveStored: () => void = () => {};
  const reads: number[] = [];
  const updates: Record<string, unknown>[] = [];
  const signOut = vi.fn(() => {
    emit('SIGNED_OUT', null);
    return Promise.resolve({ error: null });
  });
  const startedAt = Date.now();
  const client = {
    auth: {
      onAuthStateChange(callback: typeof emit) {
        emit = callback;
        return { data: { subscription: { unsubscribe() {} } } };
      },
      getSession: () => new Promise((resolve) => (resolveStored = () => resolve({ data: { session: stored }, error: null }))),
      signOut,
    },
    from: () => ({
      select: () => ({
        eq: () => ({
          maybeSingle: () => {
            reads.push(Date.now() - startedAt);
            return Promise.resolve(answers.shift() ?? { data: null, error: null });
          },
        }),
      }),
      update: (values: Record<string, unknown>) => ({
        eq: (_column: string, id: string) => ({
          select: () => ({
            maybeSingle: () => {
              updates.push(values);
              return Promise.resolve({ data: profile(id, { email_verified: true }), error: null });
            },
          }),
        }),
      }),
    }),
  };
  return {
    client: client as unknown as Parameters<typeof createSessionStore>[0],
    emit: (event: AuthChangeEvent, next: Session | null) => emit(event, next),
    resolveStored: async () => {
      resolveStored();
      await vi.advanceTimersByTimeAsync(0);
    },
    reads,
    updates,
    signOut,
  };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('SPEC 4.1: session states', () => {
  it('loading, then a user whose profile is not loaded, then a user with a profile', async () => {
    let answer: (value: ProfileAnswer) => void = () => {};
    const fake = fakeClient(session('u1'), [new Promise<ProfileAnswer>((resolve) => (answer = resolve))]);
    const store = createSessionStore(fake.client);
    expect(store.getSnapshot()).toEqual({ status: 'loading' });
    await fake.resolveStored();
    expect(store.getSnapshot()).toMatchObject({ status: 'no-profile', user: { id: 'u1' }, profile: null, profileError: false });
    answer({ data: profile('u1'), error: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', user: { id: 'u1' }, profile: { id: 'u1', first_name: 'Anna' } });
    expect(fake.reads).toEqual([0]);
  });

  it('no stored session: no user, and no profile read', async () => {
    const fake = fakeClient(null);
    const store = createSessionStore(fake.client);
    await fake.resolveStored();
    expect(store.getSnapshot()).toEqual({ status: 'no-user', session: null, user: null, profile: null });
    expect(fake.reads).toEqual([]);
  });

  it('initial loading ends after at most 2 s without an answer', async () => {
    const fake = fakeClient(null);
    const store = createSessionStore(fake.client);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(store.getSnapshot().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getSnapshot().status).toBe('no-user');
  });

  it('after a sign-in the profile load waits 1.5 s', async () => {
    const fake = fakeClient(null, [{ data: profile('u1'), error: null }]);
    const store = createSessionStore(fake.client);
    await fake.resolveStored();
    fake.emit('SIGNED_IN', session('u1'));
    expect(store.getSnapshot().status).toBe('no-profile');
    await vi.advanceTimersByTimeAsync(1_499);
    expect(fake.reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.reads).toEqual([1_500]);
    expect(store.getSnapshot().status).toBe('ready');
  });

  it('makes up to 2 attempts, 1000 ms apart after the first', async () => {
    const fake = fakeClient(null, [
      { data: null, error: { message: 'timeout' } },
      { data: profile('u1'), error: null },
    ]);
    const store = createSessionStore(fake.client);
    await fake.resolveStored();
    fake.emit('SIGNED_IN', session('u1'));
    await vi.advanceTimersByTimeAsync(1_500);
    expect(store.getSnapshot().status).toBe('no-profile');
    await vi.advanceTimersByTimeAsync(999);
    expect(fake.reads).toEqual([1_500]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.reads).toEqual([1_500, 2_500]);
    expect(store.getSnapshot().status).toBe('ready');
  });

  it('no profile found in both attempts: the user is signed out', async () => {
    const fake = fakeClient(session('u1'), [
      { data: null, error: null },
      { data: null, error: null },
    ]);
    const store = createSessionStore(fake.client);
    await fake.resolveStored();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.reads).toEqual([0, 1_000]);
    expect(fake.signOut).toHaveBeenCalledOnce();
    expect(store.getSnapshot()).toEqual({ status: 'no-user', session: null, user: null, profile: null });
    // no third attempt
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.reads).toHaveLength(2);
  });

  it('a profile that cannot be loaded (errors) keeps the user, without a profile', async () => {
    const fake = fakeClient(session('u1'), [
      { data: null, error: { message: 'offline' } },
      { data: null, error: { message: 'offline' } },
    ]);
    const store = createSessionStore(fake.client);
    await fake.resolveStored();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.signOut).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toMatchObject({ status: 'no-profile', user: { id: 'u1' }, profileError: true });
  });

  it('signed out: user and profile are cleared', async () => {
    const fake = fakeClient(session('u1'), [{ data: profile('u1'), error: null }]);
    const store = createSessionStore(fake.client);
    await fake.resolveStored();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot().status).toBe('ready');
    fake.emit('SIGNED_OUT', null);
    expect(store.getSnapshot()).toEqual({ status: 'no-user', session: null, user: null, profile: null });
  });

  it('a token refresh reloads the profile, keeping the old one shown meanwhile', async () => {
    const fake = fakeClient(session('u1'), [
      { data: profile('u1'), error: null },
      { data: profile('u1', { first_name: 'Anne' }), error: null },
    ]);
    const store = createSessionStore(fake.client);
    await fake.resolveStored();
    await vi.advanceTimersByTimeAsync(0);
    fake.emit('TOKEN_REFRESHED', session('u1'));
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', profile: { first_name: 'Anna' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', profile: { first_name: 'Anne' } });
  });

  it('drops a profile load for a user who has since signed out', async () => {
    let answer: (value: ProfileAnswer) => void = () => {};
    const fake = fakeClient(session('u1'), [new Promise<ProfileAnswer>((resolve) => (answer = resolve))]);
    const store = createSessionStore(fake.client);
    await fake.resolveStored();
    await vi.advanceTimersByTimeAsync(0);
    fake.emit('SIGNED_OUT', null);
    answer({ data: profile('u1'), error: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot().status).toBe('no-user');
  });

  it('the login dialog can hand over the profile, skipping the delayed load', async () => {
    const fake = fakeClient(null);
    const store = createSessionStore(fake.client);
    await fake.resolveStored();
    fake.emit('SIGNED_IN', session('u1'));
    store.acceptProfile(profile('u1'));
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', profile: { id: 'u1' } });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fake.reads).toEqual([]);
    store.acceptProfile(profile('someone-else'));
    expect(store.getSnapshot()).toMatchObject({ profile: { id: 'u1' } });
  });

  it('clearLocal empties the state at once', async () => {
    const fake = fakeClient(session('u1'), [{ data: profile('u1'), error: null }]);
    const store = createSessionStore(fake.client);
    await fake.resolveStored();
    await vi.advanceTimersByTimeAsync(0);
    store.clearLocal();
    expect(store.getSnapshot().status).toBe('no-user');
  });

  it('keeps an auth event over a stored session read that finishes later', async () => {
    const fake = fakeClient(session('old'));
    const store = createSessionStore(fake.client);
    fake.emit('SIGNED_OUT', null);
    await fake.resolveStored();
    expect(store.getSnapshot().status).toBe('no-user');
  });

  it('notifies subscribers until they unsubscribe', async () => {
    const fake = fakeClient(null);
    const store = createSessionStore(fake.client);
    await fake.resolveStored();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    fake.emit('SIGNED_OUT', null);
    expect(listener).toHaveBeenCalledOnce();
    unsubscribe();
    fake.emit('SIGNED_OUT', null);
    expect(listener).toHaveBeenCalledOnce();
  });
});

describe('SPEC 4.1: OAuth sign-in with email_verified false', () => {
  it('sets email_verified true with updated_at now', async () => {
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const fake = fakeClient(session('u1', 'google'), [{ data: profile('u1', { email_verified: false }), error: null }]);
    const store = createSessionStore(fake.client);
    await fake.resolveStored();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.updates).toEqual([{ email_verified: true, updated_at: '2026-11-22T10:00:00.000Z' }]);
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', profile: { email_verified: true } });
  });

  it.each([
    ['an e-mail sign-in', 'email', false],
    ['an OAuth sign-in already verified', 'google', true],
  ])('leaves %s alone', async (_case, provider, verified) => {
    const fake = fakeClient(session('u1', provider), [{ data: profile('u1', { email_verified: verified }), error: null }]);
    const store = createSessionStore(fake.client);
    await fake.resolveStored();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.updates).toEqual([]);
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', profile: { email_verified: verified } });
  });
});

describe('SPEC 2.6: the name in the profile menu', () => {
  const withUser = (email: string | undefined) => ({ id: 'u1', email }) as never;
  it.each([
    ['loading', { status: 'loading' }, null],
    ['no user', { status: 'no-user', session: null, user: null, profile: null }, null],
    ['the full name', { status: 'ready', session: {}, user: withUser('anna@example.nl'), profile: profile('u1', { first_name: 'Anna', last_name: 'de Vries' }) }, 'Anna de Vries'],
    ['while the profile loads', { status: 'no-profile', session: {}, user: withUser('anna@example.nl'), profile: null, profileError: false }, 'Profiel laden...'],
    ['without a profile: the local part', { status: 'no-profile', session: {}, user: withUser('anna.devries@example.nl'), profile: null, profileError: true }, 'anna.devries'],
    ["without a profile or e-mail: 'Gebruiker'", { status: 'no-profile', session: {}, user: withUser(undefined), profile: null, profileError: true }, 'Gebruiker'],
    ['a profile without names: the local part', { status: 'ready', session: {}, user: withUser('anna@example.nl'), profile: profile('u1', { first_name: '', last_name: ' ' }) }, 'anna'],
  ])('%s', (_case, state, name) => {
    expect(profileMenuName(state as never)).toBe(name);
  });
});

import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { createSessionStore } from './session.ts';

const session = (email: string) => ({ access_token: 't', user: { email } }) as unknown as Session;

function fakeAuth(stored: Session | null) {
  let emit: (event: AuthChangeEvent, session: Session | null) => void = () => {};
  let resolveStored: () => void = () => {};
  const auth = {
    onAuthStateChange(callback: typeof emit) {
      emit = callback;
      return { data: { subscription: { id: '1', callback, unsubscribe() {} } } };
    },
    getSession: () => new Promise((resolve) => (resolveStored = () => resolve({ data: { session: stored }, error: null }))),
  };
  return {
    client: { auth } as unknown as Parameters<typeof createSessionStore>[0],
    emit: (event: AuthChangeEvent, next: Session | null) => emit(event, next),
    resolveStored: async () => {
      resolveStored();
      await new Promise((resolve) => setTimeout(resolve));
    },
  };
}

describe('createSessionStore', () => {
  it('starts loading, then shows the stored session', async () => {
    const auth = fakeAuth(session('a@example.nl'));
    const store = createSessionStore(auth.client);
    expect(store.getSnapshot()).toEqual({ status: 'loading' });
    await auth.resolveStored();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', session: { user: { email: 'a@example.nl' } } });
  });

  it('follows auth events and notifies subscribers', async () => {
    const auth = fakeAuth(null);
    const store = createSessionStore(auth.client);
    await auth.resolveStored();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    auth.emit('SIGNED_IN', session('b@example.nl'));
    expect(store.getSnapshot()).toMatchObject({ session: { user: { email: 'b@example.nl' } } });
    auth.emit('SIGNED_OUT', null);
    expect(store.getSnapshot()).toEqual({ status: 'ready', session: null });
    expect(calls).toBe(2);
    unsubscribe();
    auth.emit('SIGNED_IN', session('c@example.nl'));
    expect(calls).toBe(2);
  });

  it('keeps an auth event over a stored session read that finishes later', async () => {
    const auth = fakeAuth(session('old@example.nl'));
    const store = createSessionStore(auth.client);
    auth.emit('SIGNED_OUT', null);
    await auth.resolveStored();
    expect(store.getSnapshot()).toEqual({ status: 'ready', session: null });
  });
});

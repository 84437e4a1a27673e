// The stand-in session store the page renders from until supabase-js has loaded: when the real
// store attaches, a guest's page must not re-render (an unchanged state keeps its object, so
// useSyncExternalStore sees nothing new), and a real change must come through.
import type { SessionState, SessionStore } from '@podium/shared/session';
import { describe, expect, it } from 'vitest';
import { createDeferredSessionStore } from './services.ts';

const guest = (): SessionState => ({ status: 'no-user', session: null, user: null, profile: null });

function realStore(initial: SessionState) {
  let state = initial;
  const listeners = new Set<() => void>();
  const store: SessionStore = {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refreshProfile: async () => null,
    acceptProfile: () => undefined,
    clearLocal: () => undefined,
    dispose: () => undefined,
  };
  return {
    store,
    set(next: SessionState) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('the deferred session store', () => {
  it("keeps a guest's snapshot when the real store attaches, loading or without a user", () => {
    const deferred = createDeferredSessionStore(guest);
    const before = deferred.getSnapshot();
    const real = realStore({ status: 'loading' });
    deferred.attach(real.store);
    expect(deferred.getSnapshot()).toBe(before);
    real.set(guest());
    expect(deferred.getSnapshot()).toBe(before);
  });

  it('passes a login through to its subscribers', () => {
    const deferred = createDeferredSessionStore(guest);
    deferred.getSnapshot();
    const real = realStore(guest());
    let notified = 0;
    deferred.subscribe(() => notified++);
    deferred.attach(real.store);
    const user = { status: 'no-profile', session: {}, user: { id: 'u1' }, profile: null } as unknown as SessionState;
    real.set(user);
    expect(notified).toBeGreaterThanOrEqual(2);
    expect(deferred.getSnapshot()).toBe(user);
  });

  it("shows a returning user's stored session as loading until the real store knows", () => {
    const deferred = createDeferredSessionStore(() => ({ status: 'loading' }));
    expect(deferred.getSnapshot().status).toBe('loading');
    const real = realStore({ status: 'loading' });
    deferred.attach(real.store);
    real.set(guest());
    expect(deferred.getSnapshot().status).toBe('no-user');
  });
});

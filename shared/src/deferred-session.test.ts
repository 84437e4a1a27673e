// The stand-in session store the apps render from until supabase-js has loaded: what a guest and a
// returning user see before and after the real store arrives, and when that store gets loaded.
import { describe, expect, it } from 'vitest';
import { createDeferredSessionStore } from './deferred-session.ts';
import type { SessionState, SessionStore } from './session.ts';

const key = 'sb-127-auth-token';
const guest = (): SessionState => ({ status: 'no-user', session: null, user: null, profile: null });
const signedInUser = { status: 'no-profile', session: {}, user: { id: 'u1' }, profile: null, profileError: false } as unknown as SessionState;

/** The real store as a test drives it: its state is set by hand, and disposing it is recorded. */
function realStore(initial: SessionState) {
  let state = initial;
  const listeners = new Set<() => void>();
  const record = { disposed: false, refreshed: 0 };
  const store: SessionStore = {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refreshProfile: async () => {
      record.refreshed++;
      return null;
    },
    acceptProfile: () => undefined,
    clearLocal: () => undefined,
    dispose: () => void (record.disposed = true),
  };
  return {
    store,
    record,
    set(next: SessionState) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

/** A loader that counts its calls, over one real store. */
function loader(real: ReturnType<typeof realStore>) {
  const calls = { count: 0 };
  return { calls, load: async () => (calls.count++, real.store) };
}

const storageEvent = (storageKey: string | null, newValue: string | null) => Object.assign(new Event('storage'), { key: storageKey, newValue });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the deferred session store', () => {
  it('shows a guest "no user" and loads nothing', async () => {
    const real = realStore({ status: 'loading' });
    const { calls, load } = loader(real);
    const deferred = createDeferredSessionStore({ load, signedIn: () => false, loadWhenSignedIn: true, storageKey: key, events: new EventTarget() });
    expect(deferred.getSnapshot().status).toBe('no-user');
    await settle();
    expect(calls.count).toBe(0);
  });

  it('loads the real store at once when a session is stored, and shows its states', async () => {
    const real = realStore({ status: 'loading' });
    const { calls, load } = loader(real);
    const deferred = createDeferredSessionStore({ load, signedIn: () => true, loadWhenSignedIn: true, events: new EventTarget() });
    expect(deferred.getSnapshot().status).toBe('loading');
    await settle();
    expect(calls.count).toBe(1);
    real.set(signedInUser);
    expect(deferred.getSnapshot()).toBe(signedInUser);
  });

  it('leaves the loading to the app when asked to, and loads only once', async () => {
    const real = realStore(signedInUser);
    const { calls, load } = loader(real);
    const deferred = createDeferredSessionStore({ load, signedIn: () => true, events: new EventTarget() });
    expect(deferred.getSnapshot().status).toBe('loading');
    await settle();
    expect(calls.count).toBe(0);
    await Promise.all([deferred.load(), deferred.load(), deferred.refreshProfile()]);
    expect(calls.count).toBe(1);
    expect(real.record.refreshed).toBe(1);
    expect(deferred.getSnapshot()).toBe(signedInUser);
  });

  it('loads the real store when a login in another tab stores a session, and passes the login on', async () => {
    const events = new EventTarget();
    const real = realStore(guest());
    const { calls, load } = loader(real);
    const deferred = createDeferredSessionStore({ load, signedIn: () => false, loadWhenSignedIn: true, storageKey: key, events });
    let notified = 0;
    deferred.subscribe(() => notified++);
    events.dispatchEvent(storageEvent('some-other-key', 'x'));
    events.dispatchEvent(storageEvent(key, null));
    await settle();
    expect(calls.count).toBe(0);
    events.dispatchEvent(storageEvent(key, '{"access_token":"t"}'));
    await settle();
    expect(calls.count).toBe(1);
    real.set(signedInUser);
    expect(notified).toBeGreaterThanOrEqual(1);
    expect(deferred.getSnapshot()).toBe(signedInUser);
  });

  it("keeps a guest's snapshot when the real store attaches, loading or without a user", () => {
    const deferred = createDeferredSessionStore({ load: () => new Promise(() => undefined), signedIn: () => false, events: undefined });
    const before = deferred.getSnapshot();
    const real = realStore({ status: 'loading' });
    deferred.attach(real.store);
    expect(deferred.getSnapshot()).toBe(before);
    real.set(guest());
    expect(deferred.getSnapshot()).toBe(before);
  });

  it("shows a returning user's stored session as loading until the real store knows", () => {
    const deferred = createDeferredSessionStore({ load: () => new Promise(() => undefined), signedIn: () => true, events: undefined });
    expect(deferred.getSnapshot().status).toBe('loading');
    const real = realStore({ status: 'loading' });
    deferred.attach(real.store);
    real.set(guest());
    expect(deferred.getSnapshot().status).toBe('no-user');
  });

  it('renders a guest on the server, whatever is stored', () => {
    const deferred = createDeferredSessionStore({ load: () => new Promise(() => undefined), signedIn: () => true, events: undefined });
    expect(deferred.getServerSnapshot().status).toBe('no-user');
  });

  it('stops listening for logins and disposes the real store when disposed', async () => {
    const events = new EventTarget();
    const real = realStore(guest());
    const { calls, load } = loader(real);
    const deferred = createDeferredSessionStore({ load, signedIn: () => false, storageKey: key, events });
    deferred.dispose();
    events.dispatchEvent(storageEvent(key, '{"access_token":"t"}'));
    await settle();
    expect(calls.count).toBe(0);

    const attached = createDeferredSessionStore({ load, signedIn: () => true, loadWhenSignedIn: true, storageKey: key, events });
    await settle();
    attached.dispose();
    expect(real.record.disposed).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consentStorageKey, createConsentStore, scheduleCookieBanner, type Tracker } from './consent.ts';
import { memoryStorage } from './memory-storage.test-support.ts';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('SPEC 2.12: cookie consent', () => {
  it('without a stored choice: no consent, nothing optional loads, banner after 1 s', () => {
    const store = createConsentStore(memoryStorage());
    expect(store.getSnapshot()).toBeNull();
    for (const tracker of ['analytics', 'pixel', 'web-vitals'] as Tracker[]) expect(store.mayLoad(tracker)).toBe(false);
    const show = vi.fn();
    scheduleCookieBanner(store, show);
    vi.advanceTimersByTime(999);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
  });

  it('with a stored choice the banner does not show', () => {
    const storage = memoryStorage({ [consentStorageKey]: JSON.stringify({ necessary: true, analytics: false, marketing: false }) });
    const show = vi.fn();
    scheduleCookieBanner(createConsentStore(storage), show);
    vi.advanceTimersByTime(5_000);
    expect(show).not.toHaveBeenCalled();
  });

  it.each([
    ['Alles accepteren', (store: ReturnType<typeof createConsentStore>) => store.acceptAll(), { necessary: true, analytics: true, marketing: true }, [true, true, true]],
    ['Alleen noodzakelijk', (store: ReturnType<typeof createConsentStore>) => store.acceptNecessaryOnly(), { necessary: true, analytics: false, marketing: false }, [false, false, false]],
    [
      'settings: analytics only',
      (store: ReturnType<typeof createConsentStore>) => store.save({ analytics: true, marketing: false }),
      { necessary: true, analytics: true, marketing: false },
      [true, false, true],
    ],
    [
      'settings: marketing only',
      (store: ReturnType<typeof createConsentStore>) => store.save({ analytics: false, marketing: true }),
      { necessary: true, analytics: false, marketing: true },
      [false, true, false],
    ],
  ] as const)('%s stores %o; analytics, pixel, web-vitals may load: %o', (_label, choose, consent, loads) => {
    const storage = memoryStorage();
    const store = createConsentStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    choose(store);
    expect(store.getSnapshot()).toEqual(consent);
    expect(listener).toHaveBeenCalledOnce();
    expect((['analytics', 'pixel', 'web-vitals'] as const).map((tracker) => store.mayLoad(tracker))).toEqual(loads);
    // kept on the device: a new page load reads the same choice
    expect(createConsentStore(storage).getSnapshot()).toEqual(consent);
  });

  it.each(['not json', '"yes"', '{"analytics":"true","marketing":false}', 'null'])('ignores a damaged stored value %s', (stored) => {
    expect(createConsentStore(memoryStorage({ [consentStorageKey]: stored })).getSnapshot()).toBeNull();
  });

  it('necessary is always true, whatever was stored', () => {
    const storage = memoryStorage({ [consentStorageKey]: JSON.stringify({ necessary: false, analytics: true, marketing: false }) });
    expect(createConsentStore(storage).getSnapshot()).toEqual({ necessary: true, analytics: true, marketing: false });
  });
});

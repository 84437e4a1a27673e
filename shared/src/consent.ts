// SPEC 2.12 / 3 / 9: cookie consent. Necessary cookies are always on; analytics and marketing
// are the user's choice, kept on the device under one fixed key. Analytics and web-vitals
// monitoring may load only with analytics consent, the advertising pixel only with marketing
// consent; until a choice is stored nothing optional loads and the banner shows (after 1 s).
import { cookieBannerDelayMs } from './constants.ts';

export const consentStorageKey = 'podium-cookie-consent';
export { cookieBannerDelayMs };

export interface CookieConsent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
}

/** The optional scripts and the consent each needs. */
export const trackerConsent = {
  analytics: 'analytics',
  'web-vitals': 'analytics',
  pixel: 'marketing',
} as const satisfies Record<string, 'analytics' | 'marketing'>;
export type Tracker = keyof typeof trackerConsent;

export function mayLoad(tracker: Tracker, consent: CookieConsent | null): boolean {
  return consent?.[trackerConsent[tracker]] === true;
}

type LocalStorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export function readConsent(storage: LocalStorageLike): CookieConsent | null {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(consentStorageKey) ?? 'null');
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { analytics, marketing } = stored as Record<string, unknown>;
  if (typeof analytics !== 'boolean' || typeof marketing !== 'boolean') return null;
  return { necessary: true, analytics, marketing };
}

export interface ConsentStore {
  /** null while no choice is stored: the banner shows. */
  getSnapshot(): CookieConsent | null;
  subscribe(listener: () => void): () => void;
  /** 'Alles accepteren'. */
  acceptAll(): void;
  /** 'Alleen noodzakelijk'. */
  acceptNecessaryOnly(): void;
  /** The settings dialog's save. */
  save(choice: { analytics: boolean; marketing: boolean }): void;
  mayLoad(tracker: Tracker): boolean;
}

export function createConsentStore(storage: LocalStorageLike): ConsentStore {
  let consent = readConsent(storage);
  const listeners = new Set<() => void>();
  const save = ({ analytics, marketing }: { analytics: boolean; marketing: boolean }) => {
    consent = { necessary: true, analytics, marketing };
    storage.setItem(consentStorageKey, JSON.stringify(consent));
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => consent,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    acceptAll: () => save({ analytics: true, marketing: true }),
    acceptNecessaryOnly: () => save({ analytics: false, marketing: false }),
    save,
    mayLoad: (tracker) => mayLoad(tracker, consent),
  };
}

/**
 * Calls `show` 1 s after load when no choice is stored (SPEC 2.12); returns a cancel function
 * for unmounting before then.
 */
export function scheduleCookieBanner(store: Pick<ConsentStore, 'getSnapshot'>, show: () => void): () => void {
  if (store.getSnapshot()) return () => {};
  const timer = setTimeout(() => {
    if (!store.getSnapshot()) show();
  }, cookieBannerDelayMs);
  return () => clearTimeout(timer);
}

// The device's cookie consent (SPEC 2.12), one store for the banner, the settings dialog and
// the trackers.
import { createConsentStore, type ConsentStore } from '@podium/shared/consent';

const memory = new Map<string, string>();
const storage: Pick<Storage, 'getItem' | 'setItem'> = {
  getItem: (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return memory.get(key) ?? null;
    }
  },
  setItem: (key, value) => {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      memory.set(key, value);
    }
  },
};

export const consentStore: ConsentStore = createConsentStore(storage);

// What the apps' component tests need from jsdom's page, in one place for the storefront's and
// the back office's setup files.
import { afterEach } from 'vitest';

/**
 * The unit files share a worker's modules and page (vitest.config.ts): after each test the page
 * is left as it was found, unmounted (`cleanup`, testing-library's), with no storage and no
 * address left over (react-admin keeps a list's filters in the address).
 */
export function leavePageAsFound(cleanup: () => void) {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });
}

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** Stand-ins for what jsdom lacks and Chakra (Ark/Zag), MUI and recharts ask for, behaving like a desktop browser. */
export function standInBrowserApis() {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
  globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
}

import '@testing-library/jest-dom/vitest';
// jsdom lacks a few browser APIs Chakra (Ark/Zag) calls; these stand-ins behave like a desktop browser.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor wait up to 10 s for what a user would see, not testing-library's 1 s: the unit
// files run side by side and beside the rest of `npm test` on two cores, where a render can take
// seconds. A test still fails when the thing never shows.
configure({ asyncUtilTimeout: 10_000 });

// Integration tests against the stack run in Node (`// @vitest-environment node`): no DOM to prepare.
if (typeof window !== 'undefined') {
  // The unit files share a worker's modules and page (vitest.config.ts): each test leaves the
  // page as it found it, with no address or storage left over.
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
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
  }

  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
  globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView ??= () => {};

  if (!('PointerEvent' in window)) {
    class PointerEventPolyfill extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    Object.assign(window, { PointerEvent: PointerEventPolyfill });
  }
}

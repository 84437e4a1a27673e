import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor wait up to 10 s for what a user would see, not testing-library's 1 s: the unit
// files run side by side and beside the rest of `npm test` on two cores, where a render can take
// seconds. A test still fails when the thing never shows.
configure({ asyncUtilTimeout: 10_000 });

// The unit files share a worker's modules and page (vitest.config.ts): each test leaves the page
// as it found it, with no address (react-admin keeps a list's filters there) or storage left over.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

// jsdom lacks these; MUI and recharts ask for them.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;

import '@testing-library/jest-dom/vitest';
// jsdom lacks a few browser APIs Chakra (Ark/Zag) calls; these stand-ins behave like a desktop browser.
import { cleanup, configure } from '@testing-library/react';
import { leavePageAsFound, standInBrowserApis } from '@podium/shared/jsdom-page.test-support';

// findBy and waitFor wait up to 10 s for what a user would see, not testing-library's 1 s: the unit
// files run side by side and beside the rest of `npm test` on two cores, where a render can take
// seconds. A test still fails when the thing never shows.
configure({ asyncUtilTimeout: 10_000 });

// Integration tests against the stack run in Node (`// @vitest-environment node`): no DOM to prepare.
if (typeof window !== 'undefined') {
  leavePageAsFound(cleanup);
  standInBrowserApis();
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

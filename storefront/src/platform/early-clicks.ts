// Until hydration, a prerendered page's buttons are only HTML: index.html's inline listener holds
// back a tap on one that React has not hydrated yet and keeps it, and the page presses it again
// once it is live, so a visitor who taps 'Inloggen' or a heart in the first moment is not
// ignored. Links need no help: before hydration they navigate as plain links.
import { useEffect } from 'react';

declare global {
  interface Window {
    podiumEarlyClick?: Element | null;
    /** The held button's place among the page's buttons (index.html's selector), in document order. */
    podiumEarlyClickAt?: number;
  }
}

let markLive: () => void = () => undefined;
/**
 * Settles once the first page has hydrated. Work that changes what the page shows (the stored
 * session arriving) waits for it: an update while React is still hydrating makes it throw the
 * prerendered HTML away and render the page anew, and a held tap on the old button with it.
 */
export const pageLive = new Promise<void>((resolve) => {
  markLive = resolve;
});

const pressable = 'button, [role="button"], [role="tab"]';

/** The held button, or, when React rendered the page anew, the same button (same place, same name) in the new page. */
function heldTarget(): Element | null {
  const held = window.podiumEarlyClick;
  if (!held || held.isConnected) return held ?? null;
  const twin = document.querySelectorAll(pressable)[window.podiumEarlyClickAt ?? -1];
  const sameName = (element: Element) => `${element.getAttribute('aria-label') ?? ''}|${element.textContent ?? ''}`;
  return twin && sameName(twin) === sameName(held) ? twin : null;
}

export function replayEarlyClick() {
  const target = heldTarget();
  window.podiumEarlyClick = null;
  if (target instanceof HTMLElement && target.isConnected && !target.hasAttribute('disabled')) target.click();
}

/**
 * Rendered beside each layout's page, inside the page's Suspense boundary: its effect runs when the
 * page itself has hydrated (React hydrates each boundary on its own, the root first).
 */
export function EarlyClickReplay() {
  useEffect(() => {
    replayEarlyClick();
    markLive();
  }, []);
  return null;
}

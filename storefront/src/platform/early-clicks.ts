// Until hydration, a prerendered page's buttons are only HTML: index.html's inline listener holds
// back a tap on one that React has not hydrated yet and keeps it, and the page presses it again
// once it is live, so a visitor who taps 'Inloggen' or a heart in the first moment is not
// ignored. Links need no help: before hydration they navigate as plain links.
import { useEffect } from 'react';

declare global {
  interface Window {
    podiumEarlyClick?: Element | null;
  }
}

export function replayEarlyClick() {
  const target = window.podiumEarlyClick;
  window.podiumEarlyClick = null;
  if (target instanceof HTMLElement && target.isConnected && !target.hasAttribute('disabled')) target.click();
}

/**
 * Rendered beside each layout's page, inside the page's Suspense boundary: its effect runs when the
 * page itself has hydrated (React hydrates each boundary on its own, the root first).
 */
export function EarlyClickReplay() {
  useEffect(() => replayEarlyClick(), []);
  return null;
}

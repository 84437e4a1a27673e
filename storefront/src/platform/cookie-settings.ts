// Lets any part of the page (the footer's 'Cookie-instellingen') open the cookie settings dialog
// that the cookie banner owns, so a visitor can change their choice later.
const listeners = new Set<() => void>();

export function openCookieSettings() {
  for (const listener of listeners) listener();
}

export function onOpenCookieSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

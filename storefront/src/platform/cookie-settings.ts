// Lets any part of the page (the footer's 'Cookie-instellingen') open the cookie settings dialog
// that the cookie banner owns, so a visitor can change their choice later. Both load after the
// page: a press before the banner has loaded opens the dialog as soon as it has.
const listeners = new Set<() => void>();
let pressedEarly = false;

export function openCookieSettings() {
  if (listeners.size === 0) pressedEarly = true;
  for (const listener of listeners) listener();
}

export function onOpenCookieSettings(listener: () => void): () => void {
  listeners.add(listener);
  if (pressedEarly) {
    pressedEarly = false;
    listener();
  }
  return () => listeners.delete(listener);
}

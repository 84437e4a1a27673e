// Whether the cookie settings dialog is open, for any part of the page: the footer's
// 'Cookie-instellingen' opens the dialog that the cookie banner renders, so a visitor can change
// their choice later. Both load after the page, and the banner may mount (or mount again) after the
// press: the press is state here, not an event, so whichever banner instance is on the page shows
// the dialog until it is closed.
const listeners = new Set<() => void>();
let open = false;

function set(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openCookieSettings = () => set(true);
export const closeCookieSettings = () => set(false);

export const cookieSettingsOpen = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => open,
  getServerSnapshot: () => false,
};

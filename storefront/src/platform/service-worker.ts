// SPEC 1 / 4.8 / 7.6 / 9: the background worker at /sw.js?v=2.3.0 with scope /. Checked for an
// update every hour; when a new version takes over, the page reloads (never on the first install).
import { serviceWorkerUrl, updateCheckIntervalMs } from '@podium/shared/constants';

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  void navigator.serviceWorker
    .register(serviceWorkerUrl, { scope: '/' })
    .then((registration) => {
      setInterval(() => void registration.update().catch(() => undefined), updateCheckIntervalMs);
    })
    .catch(() => undefined);
}

// Podium's background worker, version 2.3.0 (registered as /sw.js?v=2.3.0, scope /). It keeps
// no copy of the app: every request goes to the network as usual. A new version takes over at
// once, and the page reloads itself then (see src/platform/service-worker.ts).
const VERSION = '2.3.0';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      await Promise.all(keys.filter((key) => !key.endsWith(VERSION)).map((key) => caches.delete(key)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'CLEAR_CACHES') {
    event.waitUntil(caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key)))));
  }
});

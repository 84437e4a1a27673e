// Where the error screens report what went wrong (SPEC 8.7: errors go to an analytics service).
// Each app names its reporter once at start-up; until then, and in an app without one, nothing is sent.
export type ErrorReporter = (error: unknown, context: { fatal?: boolean; source?: string }) => void;

let reporter: ErrorReporter = () => undefined;

export function setErrorReporter(next: ErrorReporter): void {
  reporter = next;
}

export function reportError(error: unknown, context: { fatal?: boolean; source?: string } = {}): void {
  reporter(error, context);
}

/** Drops cached scripts (the page-load failure screen's retry): the Cache API and a service worker's caches. */
export async function clearScriptCaches(): Promise<void> {
  try {
    if ('caches' in window) {
      for (const key of await caches.keys()) await caches.delete(key);
    }
    navigator.serviceWorker?.controller?.postMessage({ type: 'CLEAR_CACHES' });
  } catch {
    // Nothing cached, or storage blocked: the retry goes ahead anyway.
  }
}

// Route-level code splitting with SPEC 9's page-load retries: an import that fails is tried up
// to 3 times, waiting 1 s x attempt between tries, before the route's error screen takes over.
import { pageLoadRetryAttempts, pageLoadRetryStepMs } from '@podium/shared/constants';
import { lazy, type FC } from 'react';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function importWithRetry<T>(load: () => Promise<T>, attempts = pageLoadRetryAttempts, stepMs = pageLoadRetryStepMs): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await wait(stepMs * attempt);
    }
  }
}

export function lazyPage(load: () => Promise<{ default: FC }>) {
  return lazy(() => importWithRetry(load));
}

/** A failed dynamic import (a deploy replaced the chunk, the network dropped). */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk \d+ failed/i.test(text);
}

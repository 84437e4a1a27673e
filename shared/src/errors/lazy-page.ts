// Route-level code splitting with SPEC 9's page-load retries: an import that fails is tried up
// to 3 times, waiting 1 s x attempt between tries, before the route's error screen takes over.
import { pageLoadRetryAttempts, pageLoadRetryStepMs } from '../constants.ts';
import { lazy, type FC, type LazyExoticComponent } from 'react';

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

/** A route's page module: its component, and (marketplace pages) what its first render reads. */
export interface PageModule {
  default: FC;
  /** What the first render reads; `pathname` tells apart routes without params (the landing pages). */
  prerenderQueries?: (params: Record<string, string | undefined>, searchParams?: URLSearchParams, pathname?: string) => readonly unknown[];
}

/** A lazily loaded page that can also be loaded ahead of rendering (prerender, hydration). */
export type LazyPage = LazyExoticComponent<FC> & { load(): Promise<PageModule> };

export function lazyPage<M extends { default: FC }>(load: () => Promise<M>): LazyPage {
  let loading: Promise<M> | null = null;
  const preload = () => {
    loading ??= importWithRetry(load).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(preload), { load: preload as () => Promise<PageModule> });
}

/** The loader of a route's lazily loaded page, if the element or component is one. */
export function pageLoaderOf(component: unknown): (() => Promise<PageModule>) | undefined {
  const load = (component as { load?: unknown } | null | undefined)?.load;
  return typeof load === 'function' ? (load as () => Promise<PageModule>) : undefined;
}

/** A failed dynamic import (a deploy replaced the chunk, the network dropped). */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk \d+ failed/i.test(text);
}

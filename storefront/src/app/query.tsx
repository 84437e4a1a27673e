// The data layer arrives after first paint: the shell (header, navigation) renders without it,
// and screens that query data wait for it inside their Suspense boundary (QueryProvider).
import { fetchUnreadCount, unreadBadgeText } from '@podium/shared/unread';
import { queryKeys } from '@podium/shared/query-keys';
import { use, useEffect, useState, type ReactNode } from 'react';
import { loadBackend } from './services.ts';

type QueryRuntime = typeof import('./query-runtime.ts');
let runtime: Promise<QueryRuntime> | null = null;

export function loadQueryRuntime(): Promise<QueryRuntime> {
  if (!runtime) {
    const loading: Promise<QueryRuntime> & { status?: string; value?: QueryRuntime } = import('./query-runtime.ts');
    // React's use() reads these: once loaded, QueryProvider renders without suspending (hydration
    // of a prerendered page, which loads the runtime first, then matches the HTML at once).
    void loading.then((module) => {
      loading.status = 'fulfilled';
      loading.value = module;
    });
    runtime = loading;
  }
  return runtime;
}

/** react-query's provider, once loaded; suspends until then. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const { queryClient, QueryClientProvider } = use(loadQueryRuntime());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * SPEC 2.6 / 2.7 / 6: the unread count for the signed-in user, through the shared query key so
 * the realtime manager's refreshes reach it; the badge text ('99+' above 99), or null.
 */
export function useUnreadBadgeFor(userId: string | null): string | null {
  const [counted, setCounted] = useState<{ userId: string; count: number } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void loadQueryRuntime().then(({ queryClient, QueryObserver }) => {
      if (cancelled) return;
      const observer = new QueryObserver(queryClient, {
        queryKey: [...queryKeys.unreadCount, userId],
        queryFn: async () => fetchUnreadCount((await loadBackend()).supabase),
      });
      // Every read notifies twice (started, done); the header renders again only when the count changes.
      unsubscribe = observer.subscribe((result) => {
        const count = result.data ?? 0;
        setCounted((shown) => (shown?.userId === userId && shown.count === count ? shown : { userId, count }));
      });
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [userId]);
  // A count made for another user (before a switch of account) is not shown.
  return userId && counted?.userId === userId ? unreadBadgeText(counted.count) : null;
}

// Renders its children only in the browser: nothing in the prerendered HTML and nothing in the
// hydrating render (so both match), then the children right after hydration. For parts that
// depend on this device (cookie consent, toasts, pop-ups): a crawler has no use for them.
import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => {};

/** False while rendering on the server and while hydrating its HTML; true after that. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return <>{useHydrated() ? children : fallback}</>;
}

// SPEC 4.7 / 9: the toast store every app's toaster reads. Added toasts go to the front and the
// list is cut to `toastsShownAtOnce` (1); dismissing closes one toast, or all without an id, and
// schedules its removal after `dismissedToastRemovalDelayMs`. The viewport component closes a
// toast after `toastDisplayDurationMs` by calling its onOpenChange(false), which dismisses it.
import { useSyncExternalStore } from 'react';
import { dismissedToastRemovalDelayMs, toastsShownAtOnce } from './constants.ts';
import type { ToastMessage } from './messages.ts';

export interface Toast {
  /** A string from an increasing counter. */
  id: string;
  title?: string | undefined;
  description?: string | undefined;
  /** An optional action element or descriptor, rendered by the app's toaster. */
  action?: unknown;
  open: boolean;
  variant: 'default' | 'destructive';
  /** Closing a toast with its own control (or by timeout/swipe) dismisses it. */
  onOpenChange: (open: boolean) => void;
}

export type ToastInput = Partial<Omit<Toast, 'id' | 'open' | 'onOpenChange'>> | ToastMessage;

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (changes: ToastInput) => void;
}

export interface ToastStore {
  toast(input: ToastInput): ToastHandle;
  update(id: string, changes: ToastInput): void;
  /** Closes one toast, or every toast when no id is given. */
  dismiss(id?: string): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly Toast[];
}

export interface ToastStoreOptions {
  limit?: number;
  removeDelayMs?: number;
}

export function createToastStore({ limit = toastsShownAtOnce, removeDelayMs = dismissedToastRemovalDelayMs }: ToastStoreOptions = {}): ToastStore {
  let toasts: readonly Toast[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const set = (next: readonly Toast[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };

  const scheduleRemoval = (id: string) => {
    if (removalTimers.has(id)) return;
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        set(toasts.filter((toast) => toast.id !== id));
      }, removeDelayMs),
    );
  };

  const store: ToastStore = {
    toast(input) {
      counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
      const id = String(counter);
      const toast: Toast = {
        variant: 'default',
        ...input,
        id,
        open: true,
        onOpenChange: (open) => {
          if (!open) store.dismiss(id);
        },
      };
      set([toast, ...toasts].slice(0, limit));
      return { id, dismiss: () => store.dismiss(id), update: (changes) => store.update(id, changes) };
    },
    update(id, changes) {
      set(toasts.map((toast) => (toast.id === id ? { ...toast, ...changes } : toast)));
    },
    dismiss(id) {
      for (const toast of toasts) if (id === undefined || toast.id === id) scheduleRemoval(toast.id);
      set(toasts.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
  };
  return store;
}

/** The one store an app's toaster and its account actions share. */
export const toastStore = createToastStore();
export const toast = (input: ToastInput) => toastStore.toast(input);

/** The toasts to render, for React. */
export function useToasts(store: ToastStore = toastStore): readonly Toast[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

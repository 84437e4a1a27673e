import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast.ts';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('SPEC 4.7: toasts', () => {
  it('added: put at the front, the list cut to 1, ids from an increasing counter', () => {
    const store = createToastStore();
    const first = store.toast({ title: 'Welkom terug!' });
    const second = store.toast({ title: 'Inloggen mislukt', variant: 'destructive' });
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    expect(store.getSnapshot()).toHaveLength(1);
    expect(store.getSnapshot()[0]).toMatchObject({ id: second.id, title: 'Inloggen mislukt', open: true, variant: 'destructive' });
  });

  it('keeps up to the limit, newest first, when given a larger one', () => {
    const store = createToastStore({ limit: 3 });
    for (const title of ['a', 'b', 'c', 'd']) store.toast({ title });
    expect(store.getSnapshot().map((toast) => toast.title)).toEqual(['d', 'c', 'b']);
  });

  it('updated: matched by id, fields merged', () => {
    const store = createToastStore({ limit: 2 });
    const a = store.toast({ title: 'a', description: 'eerst' });
    const b = store.toast({ title: 'b' });
    a.update({ description: 'daarna' });
    expect(store.getSnapshot()).toMatchObject([
      { id: b.id, title: 'b' },
      { id: a.id, title: 'a', description: 'daarna' },
    ]);
  });

  it('dismissed: open false for that id, removed after 1,000,000 ms', () => {
    const store = createToastStore({ limit: 2 });
    const a = store.toast({ title: 'a' });
    const b = store.toast({ title: 'b' });
    store.dismiss(a.id);
    expect(store.getSnapshot()).toMatchObject([
      { id: b.id, open: true },
      { id: a.id, open: false },
    ]);
    vi.advanceTimersByTime(999_999);
    expect(store.getSnapshot()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toMatchObject([{ id: b.id, open: true }]);
  });

  it('dismissed without an id: every toast closes, and all are removed after the delay', () => {
    const store = createToastStore({ limit: 3 });
    store.toast({ title: 'a' });
    store.toast({ title: 'b' });
    store.dismiss();
    expect(store.getSnapshot().every((toast) => !toast.open)).toBe(true);
    vi.advanceTimersByTime(1_000_000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("closing with the toast's own control dismisses it", () => {
    const store = createToastStore();
    store.toast({ title: 'a' });
    store.getSnapshot()[0]?.onOpenChange(false);
    expect(store.getSnapshot()[0]?.open).toBe(false);
    vi.advanceTimersByTime(1_000_000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('notifies subscribers on every change until they unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const a = store.toast({ title: 'a' });
    a.dismiss();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    vi.advanceTimersByTime(1_000_000);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createUserModeStore, initialUserMode, userModeKey } from './user-mode.ts';
import { memoryStorage } from './memory-storage.test-support.ts';

describe('SPEC 4.4: user mode', () => {
  it.each([
    ['artist', null, 'artist'],
    ['artist', 'customer', 'customer'],
    ['artist', 'artist', 'artist'],
    ['artist', 'garbage', 'artist'],
    ['customer', null, 'customer'],
    ['customer', 'artist', 'customer'],
    ['admin', null, 'customer'],
    [null, null, 'customer'],
  ])('a %s user with stored mode %o starts as %s', (role, stored, mode) => {
    expect(initialUserMode(role, stored)).toBe(mode);
  });

  it("switches to artist only with an active artists row, and keeps the mode under 'userMode'", async () => {
    const storage = memoryStorage();
    let active = false;
    const store = createUserModeStore({ storage, role: 'customer', hasActiveArtist: () => Promise.resolve(active) });
    const listener = vi.fn();
    store.subscribe(listener);

    expect(await store.switchTo('artist')).toBe(false);
    expect(store.getSnapshot()).toBe('customer');
    expect(storage.values.has('userMode')).toBe(false);
    expect(listener).not.toHaveBeenCalled();

    active = true;
    expect(await store.switchTo('artist')).toBe(true);
    expect(store.getSnapshot()).toBe('artist');
    expect(storage.values.get(userModeKey)).toBe('artist');
    expect(listener).toHaveBeenCalledOnce();

    expect(await store.switchTo('customer')).toBe(true);
    expect(storage.values.get('userMode')).toBe('customer');
  });

  it('an artist gets the stored mode back on the next visit', () => {
    const storage = memoryStorage({ userMode: 'customer' });
    expect(createUserModeStore({ storage, role: 'artist', hasActiveArtist: () => Promise.resolve(true) }).getSnapshot()).toBe('customer');
  });
});

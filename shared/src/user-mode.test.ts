import { describe, expect, it, vi } from 'vitest';
import { createUserModeStore, initialUserMode, mayHaveArtistMode, storedUserMode, userModeKey } from './user-mode.ts';
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
    ['admin', 'artist', 'artist'],
    [null, null, 'customer'],
    [null, 'artist', 'customer'],
  ])('a %s user with stored mode %o is in %s mode', (role, stored, mode) => {
    expect(initialUserMode(role, stored)).toBe(mode);
  });

  it.each([
    ['artist', true],
    ['admin', true],
    ['customer', false],
    [null, false],
  ])('a %s user is offered the switch: %s', (role, offered) => {
    expect(mayHaveArtistMode(role)).toBe(offered);
  });

  it("switches to artist only with an active artists row, and keeps the mode under 'userMode'", async () => {
    const storage = memoryStorage();
    let active = false;
    const store = createUserModeStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);

    expect(await store.switchTo('artist', () => Promise.resolve(active))).toBe(false);
    expect(store.modeFor('artist')).toBe('artist');
    expect(store.getStored()).toBeNull();
    expect(storage.values.has('userMode')).toBe(false);
    expect(listener).not.toHaveBeenCalled();

    active = true;
    expect(await store.switchTo('customer', () => Promise.resolve(active))).toBe(true);
    expect(store.modeFor('artist')).toBe('customer');
    expect(storage.values.get(userModeKey)).toBe('customer');
    expect(listener).toHaveBeenCalledOnce();

    expect(await store.switchTo('artist', () => Promise.resolve(active))).toBe(true);
    expect(storage.values.get('userMode')).toBe('artist');
    expect(store.modeFor('artist')).toBe('artist');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('switching to customer never asks for an artists row', async () => {
    const check = vi.fn(() => Promise.resolve(false));
    const store = createUserModeStore(memoryStorage());
    expect(await store.switchTo('customer', check)).toBe(true);
    expect(check).not.toHaveBeenCalled();
  });

  it('an artist gets the stored mode back on the next visit', () => {
    const storage = memoryStorage({ userMode: 'customer' });
    expect(createUserModeStore(storage).modeFor('artist')).toBe('customer');
    expect(storedUserMode(storage, 'artist')).toBe('customer');
    expect(storedUserMode(undefined, 'artist')).toBe('artist');
  });

  it("follows another tab's choice when told to read again", () => {
    const storage = memoryStorage({ userMode: 'artist' });
    const store = createUserModeStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    storage.setItem(userModeKey, 'customer');
    store.reread();
    expect(store.modeFor('artist')).toBe('customer');
    expect(listener).toHaveBeenCalledOnce();
    store.reread();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('a storage that throws (blocked cookies) reads as nothing stored', async () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    const store = createUserModeStore(broken);
    expect(store.modeFor('artist')).toBe('artist');
    expect(await store.switchTo('customer', () => Promise.resolve(true))).toBe(true);
    expect(store.modeFor('artist')).toBe('customer');
  });
});

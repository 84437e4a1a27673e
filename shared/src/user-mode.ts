// SPEC 4.4 / 6: user mode. A user acts as customer (the default) or, with an active artists
// row, as artist; the choice is kept on the device under 'userMode'. The storefront is where a
// customer books, the artist portal where an artist works: the header's menus show the mode and
// switch it, entering the portal as an artist is choosing artist mode, and an artist who last
// chose customer mode lands on the home page after login instead of the dashboard.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

export const userModeKey = 'userMode';
export const userModes = ['customer', 'artist'] as const;
export type UserMode = (typeof userModes)[number];
export const defaultUserMode: UserMode = 'customer';

export const isUserMode = (value: unknown): value is UserMode => value === 'customer' || value === 'artist';

/** The menus' words for each mode. */
export const userModeLabels: Record<UserMode, string> = { customer: 'Klant', artist: 'Artiest' };

/**
 * The mode a user is in: an artist-role user gets the stored mode back, or artist when none is
 * stored. An admin (who may run an act too) gets a stored choice back and is a customer by
 * default. A customer has no active artists row (creating one makes the profile an artist), so
 * is always a customer, whatever another person left stored on this device.
 */
export function initialUserMode(role: string | null | undefined, stored: string | null): UserMode {
  if (role === 'artist') return isUserMode(stored) ? stored : 'artist';
  if (role === 'admin') return isUserMode(stored) ? stored : defaultUserMode;
  return defaultUserMode;
}

/** Whether the menus offer the switch at all: only roles that can have an active artists row. */
export const mayHaveArtistMode = (role: string | null | undefined) => role === 'artist' || role === 'admin';

/**
 * Whether the user has an active artists row (SPEC 7.2: their own, deleted_at null). PostgREST's
 * PGRST116 (no row) means 'not an artist', not a failure; other errors are thrown.
 */
export async function hasActiveArtist(client: SupabaseClient<Database>, userId: string): Promise<boolean> {
  const { data, error } = await client.from('artists').select('id').eq('profile_id', userId).is('deleted_at', null).single();
  if (error) {
    if (error.code === 'PGRST116') return false;
    throw error;
  }
  return Boolean(data);
}

type LocalStorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export interface UserModeStore {
  subscribe(listener: () => void): () => void;
  /** What is stored on this device (null when nothing, or something that is not a mode). */
  getStored(): UserMode | null;
  /** The mode of a user with this role, from what is stored. */
  modeFor(role: string | null | undefined): UserMode;
  /** Switches and stores the mode; artist only with an active artists row. Returns whether it switched. */
  switchTo(mode: UserMode, hasActiveArtist: () => Promise<boolean>): Promise<boolean>;
  /** Another tab changed the stored mode: tell the listeners. */
  reread(): void;
}

export function createUserModeStore(storage: LocalStorageLike): UserModeStore {
  const listeners = new Set<() => void>();
  const read = (): UserMode | null => {
    try {
      const value = storage.getItem(userModeKey);
      return isUserMode(value) ? value : null;
    } catch {
      return null;
    }
  };
  let stored = read();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getStored: () => stored,
    modeFor: (role) => initialUserMode(role, stored),
    async switchTo(next, hasArtistRow) {
      if (next === 'artist' && !(await hasArtistRow())) return false;
      try {
        storage.setItem(userModeKey, next);
      } catch {
        // Storage full or blocked: the mode still holds for this page.
      }
      if (stored !== next) {
        stored = next;
        notify();
      }
      return true;
    },
    reread() {
      const now = read();
      if (now === stored) return;
      stored = now;
      notify();
    },
  };
}

/** The mode stored on this device for a user with this role (a one-off read, e.g. at login). */
export function storedUserMode(storage: Pick<Storage, 'getItem'> | undefined, role: string | null | undefined): UserMode {
  try {
    return initialUserMode(role, storage?.getItem(userModeKey) ?? null);
  } catch {
    return initialUserMode(role, null);
  }
}

// SPEC 4.4 / 6: user mode. A user acts as customer (the default) or, with an active artists
// row, as artist; the choice is kept on the device under 'userMode'.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

export const userModeKey = 'userMode';
export const userModes = ['customer', 'artist'] as const;
export type UserMode = (typeof userModes)[number];
export const defaultUserMode: UserMode = 'customer';

const isUserMode = (value: unknown): value is UserMode => value === 'customer' || value === 'artist';

/**
 * The mode a user starts in: an artist-role user gets the stored mode back, or artist when none
 * is stored. Other users start as customer: the stored value is the device's, not the user's, so
 * it may be another person's; they switch explicitly, which checks their artists row.
 */
export function initialUserMode(role: string | null | undefined, stored: string | null): UserMode {
  if (role === 'artist') return isUserMode(stored) ? stored : 'artist';
  return defaultUserMode;
}

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
  getSnapshot(): UserMode;
  subscribe(listener: () => void): () => void;
  /** Switches and stores the mode; artist only with an active artists row. Returns whether it switched. */
  switchTo(mode: UserMode): Promise<boolean>;
}

export function createUserModeStore(options: {
  storage: LocalStorageLike;
  role: string | null | undefined;
  /** Checks for an active artists row, e.g. `() => hasActiveArtist(client, user.id)`. */
  hasActiveArtist: () => Promise<boolean>;
}): UserModeStore {
  const { storage } = options;
  let mode = initialUserMode(options.role, storage.getItem(userModeKey));
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => mode,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async switchTo(next) {
      if (next === 'artist' && !(await options.hasActiveArtist())) return false;
      mode = next;
      storage.setItem(userModeKey, next);
      for (const listener of listeners) listener();
      return true;
    },
  };
}

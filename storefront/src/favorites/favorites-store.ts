// Favourites: a guest keeps them on this device, a signed-in user in the database
// (public.favorites, RLS: own rows only). At login the device's favourites are added to the
// account's (duplicates ignored) and then cleared from the device; nothing is lost when that
// fails, it is tried again at the next login. A toggle shows at once and is undone when the
// server refuses it.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@podium/shared/database.types';
import type { SessionState, SessionStore } from '@podium/shared/session';

export const favoritesStorageKey = 'podium.favorites';

type Client = Pick<SupabaseClient<Database>, 'from'>;
type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface FavoritesStore {
  subscribe(listener: () => void): () => void;
  /** The favourite artist ids, newest first; the same array until something changes. */
  getSnapshot(): readonly string[];
  /** Adds or removes; resolves when stored, rejects (and undoes) when the server refused. */
  toggle(artistId: string): Promise<void>;
  dispose(): void;
}

export interface FavoritesDependencies {
  storage: KeyValueStorage;
  session: Pick<SessionStore, 'subscribe' | 'getSnapshot'>;
  /** The Supabase client, loaded on first need. */
  client: () => Promise<Client>;
}

const userIdOf = (state: SessionState) => (state.status === 'ready' || state.status === 'no-profile' ? state.user.id : null);

export function readDeviceFavorites(storage: KeyValueStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(favoritesStorageKey) ?? '[]');
    return Array.isArray(parsed) ? [...new Set(parsed.filter((id): id is string => typeof id === 'string' && id.length > 0))] : [];
  } catch {
    return [];
  }
}

function writeDeviceFavorites(storage: KeyValueStorage, ids: readonly string[]) {
  try {
    if (ids.length === 0) storage.removeItem(favoritesStorageKey);
    else storage.setItem(favoritesStorageKey, JSON.stringify(ids));
  } catch {
    // Private mode or a full quota: the list still works for this visit.
  }
}

export function createFavoritesStore({ storage, session, client }: FavoritesDependencies): FavoritesStore {
  let ids: readonly string[] = readDeviceFavorites(storage);
  let userId: string | null = null;
  let generation = 0;
  const listeners = new Set<() => void>();
  const set = (next: readonly string[]) => {
    ids = next;
    for (const listener of listeners) listener();
  };

  async function loadAccount(forUser: string, run: number) {
    const supabase = await client();
    const device = readDeviceFavorites(storage);
    if (device.length > 0) {
      const { error } = await supabase.from('favorites').upsert(
        device.map((artist_id) => ({ artist_id })),
        { onConflict: 'profile_id,artist_id', ignoreDuplicates: true },
      );
      // An artist that is no longer public cannot be added (RLS); the others still merge one by one.
      if (error) {
        for (const artist_id of device) await supabase.from('favorites').upsert({ artist_id }, { onConflict: 'profile_id,artist_id', ignoreDuplicates: true });
      }
      writeDeviceFavorites(storage, []);
    }
    const { data, error } = await supabase.from('favorites').select('artist_id').order('created_at', { ascending: false });
    if (error) throw error;
    if (run === generation && userId === forUser) set(data.map((row) => row.artist_id));
  }

  function follow() {
    const next = userIdOf(session.getSnapshot());
    if (next === userId) return;
    userId = next;
    const run = ++generation;
    if (next) {
      loadAccount(next, run).catch((error: unknown) => console.error('Podium: favourites could not be loaded', error));
    } else {
      set(readDeviceFavorites(storage));
    }
  }
  const unsubscribe = session.subscribe(follow);
  follow();

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => ids,
    async toggle(artistId) {
      const adding = !ids.includes(artistId);
      const before = ids;
      set(adding ? [artistId, ...ids] : ids.filter((id) => id !== artistId));
      if (!userId) {
        writeDeviceFavorites(storage, ids);
        return;
      }
      const supabase = await client();
      const { error } = adding
        ? await supabase.from('favorites').upsert({ artist_id: artistId }, { onConflict: 'profile_id,artist_id', ignoreDuplicates: true })
        : await supabase.from('favorites').delete().eq('artist_id', artistId);
      if (error) {
        set(before);
        throw error;
      }
    },
    dispose() {
      unsubscribe();
      listeners.clear();
    },
  };
}

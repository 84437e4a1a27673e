// The storefront's one favourites store (favorites-store.ts), created on first use in the browser.
import { toast } from '@podium/shared/toast';
import { useCallback, useSyncExternalStore } from 'react';
import { loadBackend, sessionStore } from '../app/services.ts';
import { track } from '../platform/analytics.ts';
import { createFavoritesStore, type FavoritesStore } from './favorites-store.ts';

let store: FavoritesStore | null = null;

export function favoritesStore(): FavoritesStore {
  store ??= createFavoritesStore({
    storage: window.localStorage,
    session: sessionStore,
    client: () => loadBackend().then((backend) => backend.supabase),
  });
  return store;
}

const none: readonly string[] = [];
const subscribe = (listener: () => void) => favoritesStore().subscribe(listener);
const snapshot = () => favoritesStore().getSnapshot();

/** The favourite artist ids (newest first); none while rendering on the server. */
export function useFavoriteIds(): readonly string[] {
  return useSyncExternalStore(subscribe, snapshot, () => none);
}

export interface FavoriteTarget {
  id: string;
  name: string;
  category?: string | null;
}

/** Whether an artist is a favourite, and a toggle that tells the user when it could not be saved. */
export function useFavorite(artist: FavoriteTarget): { isFavorite: boolean; toggle: () => void } {
  const isFavorite = useFavoriteIds().includes(artist.id);
  const toggle = useCallback(() => {
    track(isFavorite ? 'remove_from_favorites' : 'add_to_favorites', {
      artist_id: artist.id,
      artist_name: artist.name,
      ...(artist.category ? { artist_category: artist.category } : {}),
    });
    favoritesStore()
      .toggle(artist.id)
      .catch(() => toast({ title: 'Favoriet niet opgeslagen', description: 'Probeer het opnieuw.', variant: 'destructive' }));
  }, [artist.id, artist.name, artist.category, isFavorite]);
  return { isFavorite, toggle };
}

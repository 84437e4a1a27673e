// SPEC 4.4 in the storefront's menus: the mode stored on this device, read by the profile menu
// and the Menu sheet, and the switch. Artist mode needs an active artists row, asked of the
// database at the moment of switching; choosing it opens the artist dashboard.
import { errorToast, successToast } from '@podium/shared/messages';
import { toast } from '@podium/shared/toast';
import { createUserModeStore, hasActiveArtist, userModeKey, type UserMode } from '@podium/shared/user-mode';
import { useSyncExternalStore } from 'react';
import { loadBackend } from '../app/services.ts';

const store = createUserModeStore(window.localStorage);
window.addEventListener('storage', (event) => {
  if (event.key === userModeKey || event.key === null) store.reread();
});

/** The user's mode, following a switch here or in another tab. */
export function useUserMode(role: string | null | undefined): UserMode {
  useSyncExternalStore(store.subscribe, store.getStored, () => null);
  return store.modeFor(role);
}

/** Switches; in artist mode the dashboard opens (`go`), in customer mode the page stays. */
export async function switchUserMode(next: UserMode, userId: string, go: (path: string) => void): Promise<void> {
  try {
    const switched = await store.switchTo(next, async () => hasActiveArtist((await loadBackend()).supabase, userId));
    if (!switched) {
      toast(errorToast('Artiestmodus niet beschikbaar', 'Je hebt nog geen actieve act. Meld je act aan via Artiest worden.'));
      return;
    }
    if (next === 'artist') go('/dashboard/artist');
    else toast(successToast('Klantmodus', 'Je gebruikt Podium nu als klant.'));
  } catch {
    toast(errorToast('Wisselen mislukt', 'Er ging iets mis. Probeer het opnieuw.'));
  }
}

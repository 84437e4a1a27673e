// SPEC 4.4 in the portal: being in the artist dashboard with an active act is artist mode, kept
// on the device under 'userMode'; 'Naar klantmodus' stores customer mode and goes to the
// storefront, whose menus switch back.
import { createUserModeStore } from '@podium/shared/user-mode';

const store = createUserModeStore(window.localStorage);

/** The dashboard opened for the owner of an active act: that is choosing artist mode. */
export const enterArtistMode = () => void store.switchTo('artist', () => Promise.resolve(true));

export async function leaveForCustomerMode(go: (path: string) => void = (path) => window.location.assign(path)): Promise<void> {
  await store.switchTo('customer', () => Promise.resolve(false));
  go('/');
}

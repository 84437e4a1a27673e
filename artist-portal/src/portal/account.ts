// The account actions of the portal's menus: signing out here (SPEC 8.3: this device first, then
// the server) and leaving for the storefront, as the storefront's own menu does.
import { toast } from '@podium/shared/toast';

/** Signs out and goes to the storefront's home; a failure is told and leaves the artist where they are. */
export async function logOut(): Promise<void> {
  const [{ createAuthActions }, { supabase, sessionStore }] = await Promise.all([import('@podium/shared/auth-actions'), import('../app/services.ts')]);
  const actions = createAuthActions({ client: supabase, origin: window.location.origin, session: sessionStore, sessionStorage: window.sessionStorage, localStorage: window.localStorage });
  const result = await actions.signOut();
  if (!result.ok) {
    if (result.toast) toast(result.toast);
    return;
  }
  window.location.assign('/');
}

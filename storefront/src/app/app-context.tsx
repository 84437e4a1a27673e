// What every storefront screen may ask of the shell: open the login or signup dialog (SPEC 2.4,
// 2.5, 2.10), log out, go somewhere (a full-page navigation into the artist portal or back
// office, SPEC 2.3), and the session and unread count to render from.
import { artistOnboardingPath, becomeArtistTarget } from '@podium/shared/roles';
import type { SessionState } from '@podium/shared/session';
import { toast } from '@podium/shared/toast';
import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { belongsToOtherApp } from '../layout/nav-rules.ts';
import { useUnreadBadgeFor } from './query.tsx';
import { loadBackend, sessionStore } from './services.ts';

export type AccountRole = 'customer' | 'artist';
export interface AuthDialogState {
  kind: 'login' | 'signup';
  role: AccountRole;
}

interface AppApi {
  authDialog: AuthDialogState | null;
  openLogin(role?: AccountRole): void;
  openSignup(role?: AccountRole): void;
  closeAuthDialog(): void;
  logout(): Promise<void>;
  /** SPEC 2.10: onboarding for a logged-in user, the signup dialog for a guest. */
  becomeArtist(): void;
  /** In-app navigation, or a full page load for a path another app serves. */
  go(path: string, options?: { replace?: boolean }): void;
}

const AppContext = createContext<AppApi | null>(null);

export function AppProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [authDialog, setAuthDialog] = useState<AuthDialogState | null>(null);
  const session = useSessionState();
  const loggedIn = session.status === 'ready' || session.status === 'no-profile';

  const go = useCallback(
    (path: string, options: { replace?: boolean } = {}) => {
      if (belongsToOtherApp(path)) {
        if (options.replace) window.location.replace(path);
        else window.location.assign(path);
      } else {
        void navigate(path, { replace: options.replace ?? false });
      }
    },
    [navigate],
  );

  // Stable, so effects that open a dialog (?signup=1, a guard redirect) run only when their cause
  // changes. Opening the dialog that is already open keeps the state as it is: a new object would
  // change the context, run such an effect again and open it again, a render loop that also kept
  // React from finishing a navigation begun beside it (/login never showed the home page).
  const openAuthDialog = useCallback((kind: 'login' | 'signup', role: AccountRole = 'customer') => setAuthDialog((open) => (open?.kind === kind && open.role === role ? open : { kind, role })), []);
  const openLogin = useCallback((role?: AccountRole) => openAuthDialog('login', role), [openAuthDialog]);
  const openSignup = useCallback((role?: AccountRole) => openAuthDialog('signup', role), [openAuthDialog]);
  const closeAuthDialog = useCallback(() => setAuthDialog(null), []);

  const api = useMemo<AppApi>(
    () => ({
      authDialog,
      openLogin,
      openSignup,
      closeAuthDialog,
      async logout() {
        const { authActions } = await loadBackend();
        const result = await authActions.signOut();
        if (result.toast) toast(result.toast);
      },
      becomeArtist() {
        const target = becomeArtistTarget(loggedIn);
        if (target) return go(target);
        // The signup (or a login from its dialog) leads on to the onboarding: the login takes the
        // stored destination, the confirmation mail carries it as ?next= to the tab it opens.
        // Loaded with the dialog, not on a guest's first page.
        void import('@podium/shared/auth-guard').then((guard) => guard.rememberPostLoginDestination(window.sessionStorage, artistOnboardingPath));
        openSignup('artist');
      },
      go,
    }),
    [authDialog, go, loggedIn, openLogin, openSignup, closeAuthDialog],
  );
  return <AppContext.Provider value={api}>{children}</AppContext.Provider>;
}

export function useApp(): AppApi {
  const api = useContext(AppContext);
  if (!api) throw new Error('useApp needs <AppProvider>');
  return api;
}

/** The session (SPEC 4.1), for React; useSession from @podium/shared/session without pulling its module into the first load. */
export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, sessionStore.getServerSnapshot);
}

/** SPEC 2.6 / 2.7 / 6: the unread badge text for the signed-in user ('99+' above 99), or null. */
export function useUnreadBadge(): string | null {
  const session = useSessionState();
  return useUnreadBadgeFor(session.status === 'ready' ? session.user.id : null);
}

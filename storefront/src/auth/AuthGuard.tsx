// SPEC 4.2: the guard on protected routes, running the shared controller: a spinner while it
// waits, one session refresh, the post-login destination in session storage, and a redirect to
// / (or /admin/login) carrying the original location.
import { Center, Spinner } from '@chakra-ui/react';
import { createAuthGuardController, decideAuthGuard, type AuthGuardDecision } from '@podium/shared/auth-guard';
import type { Role } from '@podium/shared/roles';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loadBackend, sessionStore } from '../app/services.ts';
import { belongsToOtherApp } from '../layout/nav-rules.ts';

/** A signed-in user with the right role sees the page from the first render; everyone else the spinner until the controller runs. */
function firstDecision(path: string, requiredRole: Role | undefined): AuthGuardDecision {
  const state = sessionStore.getSnapshot();
  const decision = decideAuthGuard({
    path,
    loading: state.status === 'loading',
    user: state.status === 'loading' ? null : state.user,
    profile: state.status === 'loading' ? null : state.profile,
    requiredRole,
    elapsedMs: 0,
    sessionRefreshTried: false,
  });
  return decision.action === 'render' ? decision : { action: 'spinner' };
}

export function AuthGuard({ requiredRole, children }: { requiredRole?: Role; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const path = `${location.pathname}${location.search}`;
  const [decision, setDecision] = useState(() => firstDecision(path, requiredRole));
  useEffect(() => {
    // Started once the guard is on screen, not while rendering: a render can run well before its
    // commit (or never commit), and react-router ignores navigate() from a component not yet
    // mounted, so a guest's redirect made in between was lost and the spinner stayed.
    const controller = createAuthGuardController({
      session: sessionStore,
      refreshSession: async () => (await loadBackend()).supabase.auth.refreshSession(),
      sessionStorage: window.sessionStorage,
      path,
      requiredRole,
      redirect: (to, from) => {
        if (belongsToOtherApp(to)) window.location.replace(to);
        else void navigate(to, { replace: true, state: { from } });
      },
    });
    const show = () => setDecision(controller.getSnapshot());
    const unsubscribe = controller.subscribe(show);
    show();
    return () => {
      unsubscribe();
      controller.dispose();
    };
  }, [path, requiredRole, navigate]);
  if (decision.action === 'render') return <>{children}</>;
  return (
    <Center minH="50vh" data-testid="auth-guard-spinner">
      <Spinner size="lg" color="brand.600" aria-label="Laden" />
    </Center>
  );
}

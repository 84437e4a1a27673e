// SPEC 4.2: the guard on protected routes, running the shared controller: a spinner while it
// waits, one session refresh, the post-login destination in session storage, and a redirect to
// / (or /admin/login) carrying the original location.
import { Center, Spinner } from '@chakra-ui/react';
import { createAuthGuardController } from '@podium/shared/auth-guard';
import type { Role } from '@podium/shared/roles';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loadBackend, sessionStore } from '../app/services.ts';
import { belongsToOtherApp } from '../layout/nav-rules.ts';

export function AuthGuard({ requiredRole, children }: { requiredRole?: Role; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const path = `${location.pathname}${location.search}`;
  const controller = useMemo(
    () =>
      createAuthGuardController({
        session: sessionStore,
        refreshSession: async () => (await loadBackend()).supabase.auth.refreshSession(),
        sessionStorage: window.sessionStorage,
        path,
        requiredRole,
        redirect: (to, from) => {
          if (belongsToOtherApp(to)) window.location.replace(to);
          else void navigate(to, { replace: true, state: { from } });
        },
      }),
    [path, requiredRole, navigate],
  );
  useEffect(() => () => controller.dispose(), [controller]);
  const decision = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  if (decision.action === 'render') return <>{children}</>;
  return (
    <Center minH="50vh" data-testid="auth-guard-spinner">
      <Spinner size="lg" color="brand.600" aria-label="Laden" />
    </Center>
  );
}

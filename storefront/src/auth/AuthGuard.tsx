// SPEC 4.2: the guard on protected routes, running the shared controller: a spinner while it
// waits, one session refresh, the post-login destination in session storage, and a redirect to
// / (or /admin/login) carrying the original location.
import { Center, Spinner } from '@chakra-ui/react';
import { createAuthGuardController, firstAuthGuardDecision, type AuthGuardDecision } from '@podium/shared/auth-guard';
import type { Role } from '@podium/shared/roles';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loadBackend, sessionStore } from '../app/services.ts';
import { belongsToOtherApp } from '../layout/nav-rules.ts';

export function AuthGuard({ requiredRole, children }: { requiredRole?: Role; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const path = `${location.pathname}${location.search}`;
  const [decision, setDecision] = useState<AuthGuardDecision>(() => firstAuthGuardDecision(sessionStore.getSnapshot(), path, requiredRole));
  // The controller refreshes the session and redirects: side effects, so it runs only for a
  // committed render. Made during render, a render React discarded (a suspended lazy route, a
  // hydration retry) kept a controller whose navigate() React Router ignores, and a guest
  // waited on the spinner for good.
  useEffect(() => {
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
    const follow = () => setDecision(controller.getSnapshot());
    const unsubscribe = controller.subscribe(follow);
    follow();
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

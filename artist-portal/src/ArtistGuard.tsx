// SPEC 4.2 on the artist portal: the shared guard controller, with the artist role required on
// the dashboard and only a login on /artist-onboarding (a customer becomes an artist there). A
// spinner while it decides; a guest is sent to the storefront (after 8 s on /dashboard/artist, as
// the spec says), a signed-in user without the artist role to their own dashboard. Plain markup:
// the guard is on a guest's first page, which loads no UI library.
import { createAuthGuardController, firstAuthGuardDecision, type AuthGuardDecision } from '@podium/shared/auth-guard';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hasStoredSession } from '@podium/shared/auth-storage-key';
import type { Role } from '@podium/shared/roles';
import { env } from './env.ts';
import { sessionStore } from './app/session.ts';

const ownPaths = /^\/(dashboard\/artist|artist-onboarding|reviews\/artist)(\/|$|\?)/;

/** `requiredRole` null: any signed-in user with a profile. */
export function ArtistGuard({ children, requiredRole: required = 'artist' }: { children: ReactNode; requiredRole?: Role | null }) {
  const requiredRole = required ?? undefined;
  const location = useLocation();
  const navigate = useNavigate();
  const path = `${location.pathname}${location.search}`;
  const [decision, setDecision] = useState<AuthGuardDecision>(() => firstAuthGuardDecision(sessionStore.getSnapshot(), path, requiredRole));
  useEffect(() => {
    const controller = createAuthGuardController({
      session: sessionStore,
      // Without a stored session there is nothing to refresh: a guest's first page then never
      // loads supabase-js (its refresh would find no token anyway).
      refreshSession: async () => (hasStoredSession(env.supabaseUrl) ? (await import('./app/services.ts')).supabase.auth.refreshSession() : null),
      sessionStorage: window.sessionStorage,
      path,
      requiredRole,
      redirect: (to, from) => {
        if (ownPaths.test(to)) void navigate(to, { replace: true, state: { from } });
        else window.location.replace(to);
      },
    });
    const follow = () => setDecision(controller.getSnapshot());
    const unsubscribe = controller.subscribe(follow);
    follow();
    return () => {
      unsubscribe();
      controller.dispose();
    };
  }, [path, navigate, requiredRole]);
  if (decision.action === 'render') return <>{children}</>;
  return <p className="session" aria-busy="true" data-testid="auth-guard-spinner" role="status" aria-label="Laden" />;
}

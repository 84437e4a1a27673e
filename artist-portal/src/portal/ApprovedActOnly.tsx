// SPEC 4.2 for the portal: an artist whose act is not approved (a draft, waiting for
// approval or rejected) sees their onboarding status, not the dashboard; so does an artist user
// without an act. Admins pass: they may look at the dashboard without an act of their own.
import { portalHomeFor } from '@podium/shared/artist-onboarding';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { actStatus, type OwnAct } from '../data/listing.ts';
import { sessionStore } from '../app/session.ts';
import { ownActQuery } from '../data/artist.ts';
import { enterArtistMode } from './user-mode.ts';

export function ApprovedActOnly({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
  const userId = session.status === 'ready' ? session.user.id : null;
  const isAdmin = session.status === 'ready' && session.profile.role === 'admin';
  const act = useQuery(ownActQuery(userId, !isAdmin));
  const approved = act.isSuccess && act.data?.approval_status === 'approved';
  useEffect(() => {
    if (approved) enterArtistMode();
  }, [approved]);
  if (isAdmin) return <>{children}</>;
  if (act.isPending) return <p className="session" aria-busy="true" role="status" aria-label="Laden" />;
  if (act.isSuccess) {
    const home = portalHomeFor(actStatus(act.data as OwnAct | null));
    if (home !== '/dashboard/artist') return <Navigate to={home} replace />;
  }
  // A failed read shows the dashboard, whose own reads then show their error and retry.
  return <>{children}</>;
}

// The signed-in user and their act, read once and shared: the guard asks its status, the calendar
// and the reviews its id, name and rating. Under the profiles key, so a change to the act (an
// admin's decision, a new rating) refreshes it live (SPEC 4.6).
import { queryKeys } from '@podium/shared/query-keys';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { sessionStore } from '../app/session.ts';
import { portalClient } from '../app/client.ts';

export function useUserId(): string | null {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
  return session.status === 'ready' ? session.user.id : null;
}

export interface ActSummary {
  id: string;
  name: string;
  approval_status: string;
  rating_avg: number;
  review_count: number;
}

export const ownActQuery = (userId: string | null, enabled = true) => ({
  queryKey: [...queryKeys.profiles, 'own-act', userId] as const,
  enabled: enabled && userId !== null,
  queryFn: async (): Promise<ActSummary | null> => {
    const supabase = await portalClient();
    const { data, error } = await supabase.from('artists').select('id, name, approval_status, rating_avg, review_count').eq('profile_id', userId!).is('deleted_at', null).maybeSingle();
    if (error) throw new Error(error.message);
    return data;
  },
});

/** The act for a screen's own read (from the cache when the guard has read it already); a Dutch error without one. */
export async function ownAct(queryClient: QueryClient, userId: string): Promise<ActSummary> {
  const act = await queryClient.ensureQueryData(ownActQuery(userId));
  if (!act) throw new Error('Je hebt nog geen act.');
  return act;
}

// After a change to the profile: this page's reads and the session's profile (SPEC 7.1 'refresh
// profile'), so the header's name and photo follow at once.
import { queryKeys } from '@podium/shared/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionStore } from '../app/services.ts';

export function useProfileRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([sessionStore.refreshProfile(), queryClient.invalidateQueries({ queryKey: queryKeys.profiles })]);
  }, [queryClient]);
}

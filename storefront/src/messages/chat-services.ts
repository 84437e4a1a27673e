// The storefront's side of the shared chat screens: its signed-in client, the reader, and its own pages.
import { useSessionState } from '../app/app-context.tsx';
import { appServing } from '@podium/shared/app-paths';
import type { ChatServices } from '@podium/shared/chat/chat-services.tsx';
import { useMemo } from 'react';
import { loadPrivateClient } from '../data/private-query.ts';
import { env } from '../env.ts';

export function useStorefrontChat(): ChatServices {
  const session = useSessionState();
  const me = session.status === 'ready' ? session.user.id : '';
  return useMemo(() => ({ loadClient: loadPrivateClient, me, storageUrl: env.supabaseUrl, messagesPath: '/messages', ownsPath: (path) => appServing(path) === 'storefront' }), [me]);
}

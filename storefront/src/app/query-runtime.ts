// react-query, loaded after first paint (like supabase-js): the client with the shared defaults,
// its provider, and the observer the header's unread badge follows. A prerendered page's data
// (dehydrated into its HTML by the build, see entry-server.tsx) is put into the client before
// hydration, so its first render matches the HTML without asking the backend.
import { createQueryClient } from '@podium/shared/query-client';
import { dehydrate, hydrate, QueryClientProvider, QueryObserver } from '@tanstack/react-query';

export const queryClient = createQueryClient();
export { dehydrate, hydrate, QueryClientProvider, QueryObserver };

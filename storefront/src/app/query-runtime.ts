// react-query, loaded after first paint (like supabase-js): the client with the shared defaults,
// its provider, and the observer the header's unread badge follows.
import { createQueryClient } from '@podium/shared/query-client';
import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';

export const queryClient = createQueryClient();
export { QueryClientProvider, QueryObserver };

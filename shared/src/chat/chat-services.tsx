// What the chat screens need from the app they run in: the signed-in client (loaded when the app
// loads it), who is reading, where pictures are served, and which addresses are the app's own, so
// the storefront and the artist portal show one 'Berichten' with their own links.
import type { SupabaseClient } from '@supabase/supabase-js';
import { createContext, use } from 'react';
import type { Database } from '../database.types.ts';

export type ChatClient = SupabaseClient<Database>;

/** A read of chat data: a react-query key under shared/src/query-keys.ts and a fetch with the signed-in client. */
export interface ChatQuery<T> {
  queryKey: readonly unknown[];
  fetch: (client: ChatClient) => Promise<T>;
}

export interface ChatServices {
  loadClient: () => Promise<ChatClient>;
  /** The signed-in user's id; '' while the session is still read. */
  me: string;
  /** The Supabase URL pictures are served from. */
  storageUrl: string;
  /** This app's 'Berichten' page; ?c={id} opens a conversation there. */
  messagesPath: string;
  /** Whether an address is one of this app's pages (otherwise a link to it loads the page anew). */
  ownsPath: (path: string) => boolean;
}

export const ChatServicesContext = createContext<ChatServices | null>(null);

export function useChatServices(): ChatServices {
  const services = use(ChatServicesContext);
  if (!services) throw new Error('A chat screen needs ChatServicesContext around it');
  return services;
}

/** Options for useQuery: the fetch with the app's signed-in client. */
export function chatQueryOptions<T>(services: Pick<ChatServices, 'loadClient'>, query: ChatQuery<T>) {
  return {
    queryKey: query.queryKey,
    queryFn: async (): Promise<T> => query.fetch(await services.loadClient()),
  };
}

/** A link to an address: within the app, or a full page load when another app on this origin serves it. */
export function chatLink(services: Pick<ChatServices, 'ownsPath'>, to: string) {
  return { to, reloadDocument: !services.ownsPath(to) };
}

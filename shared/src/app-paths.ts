// Three apps share one origin: the web server sends each path to one of them. A link into another
// app is a full page load; within the app it is the router's.
import { normalizePath } from './roles.ts';

export type PodiumApp = 'storefront' | 'artist-portal' | 'backoffice';

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The app that serves a path (a query or hash after it does not matter). */
export function appServing(pathname: string): PodiumApp {
  const path = normalizePath(pathname);
  if (under(path, '/admin')) return 'backoffice';
  if (under(path, '/dashboard/artist') || under(path, '/artist-onboarding') || path === '/reviews/artist') return 'artist-portal';
  return 'storefront';
}

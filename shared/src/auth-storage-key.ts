// The localStorage key supabase-js keeps the session under, in a module of its own so code that
// only needs the key (an app peeking for a stored session before it loads supabase-js) does not
// pull in the client.

/**
 * Derived exactly as supabase-js derives its default (`sb-<first label of the host>-auth-token`,
 * so `sb-127-auth-token` for 127.0.0.1). Tests use it to hand a browser a session.
 */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** Whether this browser keeps a session for the project at `supabaseUrl` (asked without supabase-js). */
export function hasStoredSession(supabaseUrl: string): boolean {
  try {
    return window.localStorage.getItem(authStorageKey(supabaseUrl)) !== null;
  } catch {
    return false;
  }
}

/** PKCE returns (OAuth, e-mail links) bring a session in the URL. */
export const arrivesWithSession = () => typeof window !== 'undefined' && /[?&#](code|token_hash|access_token)=/.test(window.location.search + window.location.hash);

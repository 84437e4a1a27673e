// ra-supabase's auth provider, with the admin role check: only admins get in. A non-admin who
// logs in here is refused with SPEC 6's role message and signed out again (a login for the admin
// role, like a role tab); one who arrives already logged in (the session is shared with the
// storefront and the artist portal) is sent to their own destination (SPEC 2.3, 4.2).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { supabaseAuthProvider } from 'ra-supabase';
import { destinationForRole, loginErrorMessage, messages, type Database } from '@podium/shared';

interface Profile {
  role: string;
  first_name: string;
  last_name: string;
  email: string | null;
  avatar_path: string | null;
}

export interface AuthProviderOptions {
  client: SupabaseClient<Database>;
  /** Leaves the back office for another app on this origin (a full-page navigation). */
  leave: (path: string) => void;
}

export function createAuthProvider({ client, leave }: AuthProviderOptions): AuthProvider {
  const profiles = new Map<string, Promise<Profile | null>>();
  const profileOf = (userId: string) => {
    let profile = profiles.get(userId);
    if (!profile) {
      profile = (async () => {
        const { data, error } = await client.from('profiles').select('role, first_name, last_name, email, avatar_path').eq('id', userId).maybeSingle();
        if (error) throw new Error(messages.login.profileLoadFailed);
        return data;
      })();
      profile.catch(() => profiles.delete(userId));
      profiles.set(userId, profile);
    }
    return profile;
  };

  const base = supabaseAuthProvider(client as unknown as SupabaseClient, {
    getIdentity: async (user): Promise<UserIdentity> => {
      const profile = await profileOf(user.id);
      const fullName = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ');
      return { id: user.id, fullName: fullName || (user.email ?? ''), email: user.email };
    },
    getPermissions: async (user) => (await profileOf(user.id))?.role,
  });

  return {
    ...base,
    async login(params: { email?: string; password?: string }) {
      profiles.clear();
      const { data, error } = await client.auth.signInWithPassword({ email: (params.email ?? '').trim().toLowerCase(), password: params.password ?? '' });
      if (error) throw new Error(loginErrorMessage(error));
      if (!data.user) throw new Error(messages.login.noUserReturned);
      let profile: Profile | null;
      try {
        profile = await profileOf(data.user.id);
      } catch (profileError) {
        await client.auth.signOut({ scope: 'local' });
        throw profileError;
      }
      if (!profile) {
        await client.auth.signOut({ scope: 'local' });
        throw new Error(messages.login.profileMissing);
      }
      if (profile.role !== 'admin') {
        await client.auth.signOut({ scope: 'local' });
        throw new Error(messages.login.roleMismatch);
      }
    },
    async logout() {
      profiles.clear();
      await client.auth.signOut();
    },
    async checkAuth() {
      const { data } = await client.auth.getSession();
      const user = data.session?.user;
      if (!user) throw { message: false };
      const profile = await profileOf(user.id).catch(() => null);
      if (profile?.role === 'admin') return;
      leave(destinationForRole(profile?.role));
      // The page is being replaced; keep the back office from rendering meanwhile.
      await new Promise(() => {});
    },
    async checkError(error: { status?: number }) {
      // 403 is also what RLS answers to a refused write: that is an error to show, not a logout.
      if (error?.status === 401) throw error;
    },
  };
}

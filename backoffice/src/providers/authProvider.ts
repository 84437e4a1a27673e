// ra-supabase's auth provider, with the admin role check: only admins get in. A non-admin who
// logs in here is refused with SPEC 6's role message and signed out again (a login for the admin
// role, like a role tab); one who arrives already logged in (the session is shared with the
// storefront and the artist portal) is sent to their own destination (SPEC 2.3, 4.2).
// Admins sign in with two factors: the password, then a code from an authenticator app
// (TOTP through supabase-js's auth.mfa). The database lets a session act as an admin only at aal2,
// so an admin whose session has only the password is sent back to the login screen's code step
// (enrolment first, for an admin without a factor) before any admin page loads.
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
  /**
   * Opens the login screen's code step for the page the admin wanted (a full-page navigation, so
   * react-admin does not log the half-signed-in session out).
   */
  stepUp?: () => void;
}

/** Where a signed-in person stands: in, or the second factor still to give or to set up. */
export type SignInStep = 'password' | 'verify' | 'enrol' | 'in';

export interface Enrolment {
  factorId: string;
  /** The QR code as a data URI (supabase-js turns the auth server's SVG into one). */
  qrCode: string;
  /** The same secret in base32, for typing into an app that cannot scan. */
  secret: string;
}

export interface PodiumAuthProvider extends AuthProvider {
  /** The step the current session is at; a signed-in non-admin is sent to their own app. */
  signInStep(): Promise<SignInStep>;
  /** A new TOTP factor to scan (unfinished earlier ones are removed first). */
  startEnrolment(): Promise<Enrolment>;
  /** Checks a code against the new factor (enrolment) or the admin's factor; the session becomes aal2. */
  verifyCode(code: string, factorId?: string): Promise<void>;
}

export const twoFactorMessages = {
  codeFormat: 'Vul de 6 cijfers uit je authenticator-app in.',
  wrongCode: 'Deze code klopt niet. Gebruik de nieuwste code uit je app en controleer of de tijd op je telefoon goed staat.',
  expired: 'De code is verlopen. Vul de nieuwste code uit je app in.',
  tooManyAttempts: 'Te veel pogingen. Wacht een minuut en probeer het opnieuw.',
  noFactor: 'Er is nog geen authenticator-app gekoppeld. Log opnieuw in om er een in te stellen.',
  failed: 'Tweestapsverificatie mislukt. Probeer het opnieuw.',
} as const;

/** The auth server's MFA error codes (GoTrue's), in Dutch. */
function twoFactorError(error: { code?: string; status?: number } | null): Error {
  switch (error?.code) {
    case 'mfa_verification_failed':
      return new Error(twoFactorMessages.wrongCode);
    case 'mfa_challenge_expired':
      return new Error(twoFactorMessages.expired);
    case 'over_request_rate_limit':
      return new Error(twoFactorMessages.tooManyAttempts);
    default:
      return new Error(error?.status === 429 ? twoFactorMessages.tooManyAttempts : twoFactorMessages.failed);
  }
}

export function createAuthProvider({ client, leave, stepUp }: AuthProviderOptions): PodiumAuthProvider {
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

  /** The second factor an admin's session still needs, from its aal and the user's factors. */
  const secondFactorStep = async (): Promise<SignInStep> => {
    const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    if (error) throw new Error(messages.login.otherError);
    if (data.currentLevel === 'aal2') return 'in';
    return data.nextLevel === 'aal2' ? 'verify' : 'enrol';
  };

  return {
    ...base,
    async login(params: { email?: string; password?: string }): Promise<{ step: SignInStep }> {
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
      return { step: await secondFactorStep() };
    },
    async signInStep() {
      const { data } = await client.auth.getSession();
      const user = data.session?.user;
      if (!user) return 'password';
      let profile: Profile | null;
      try {
        profile = await profileOf(user.id);
      } catch {
        // A session the server no longer honours (revoked by another admin, expired): the stored
        // one goes and the password is asked again. Not a reason to send the user elsewhere.
        await client.auth.signOut({ scope: 'local' });
        return 'password';
      }
      if (profile?.role !== 'admin') {
        leave(destinationForRole(profile?.role));
        return new Promise<never>(() => {});
      }
      return secondFactorStep();
    },
    async startEnrolment() {
      // A QR code scanned but never confirmed leaves an unverified factor; it goes first, so the
      // admin's app and the server hold one secret.
      const listed = await client.auth.mfa.listFactors();
      if (listed.error) throw twoFactorError(listed.error);
      for (const factor of listed.data.all.filter((factor) => factor.factor_type === 'totp' && factor.status === 'unverified')) {
        const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
        if (removed.error) throw twoFactorError(removed.error);
      }
      const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', issuer: 'Podium Back office' });
      if (error) throw twoFactorError(error);
      return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
    },
    async verifyCode(code: string, factorId?: string) {
      const digits = code.replace(/\s/g, '');
      if (!/^\d{6}$/.test(digits)) throw new Error(twoFactorMessages.codeFormat);
      let id = factorId;
      if (!id) {
        const listed = await client.auth.mfa.listFactors();
        if (listed.error) throw twoFactorError(listed.error);
        id = listed.data.totp[0]?.id;
        if (!id) throw new Error(twoFactorMessages.noFactor);
      }
      const { error } = await client.auth.mfa.challengeAndVerify({ factorId: id, code: digits });
      if (error) throw twoFactorError(error);
    },
    async logout() {
      profiles.clear();
      await client.auth.signOut();
    },
    async checkAuth() {
      const { data } = await client.auth.getSession();
      const user = data.session?.user;
      if (!user) throw { message: false };
      // A profile that cannot be read (the session revoked meanwhile) is no answer about the
      // role: react-admin logs out and shows the back office's own login.
      const profile = await profileOf(user.id).catch(() => {
        throw { message: false };
      });
      if (profile?.role === 'admin') {
        if ((await secondFactorStep()) === 'in') return;
        // Only the password so far: the code step, without logging out (react-admin would).
        if (stepUp) {
          stepUp();
          await new Promise(() => {});
        }
        throw { message: false };
      }
      // No profile to read may mean the session went meanwhile (signed out in another tab).
      if (!profile && !(await client.auth.getSession()).data.session) throw { message: false };
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

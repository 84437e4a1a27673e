// SPEC 8.1-8.6 with 2.4, 2.5, 4.1, 5, 7.1: the account actions behind the login and signup
// dialogs, the verification pop-up and the profile menu. Each returns what the user sees (a
// toast with the catalogue's Dutch text) and what the dialog does next (show the resend button,
// switch to login, go to a destination). No UI here; every app's dialogs call these.
import type { AuthError, Provider, SupabaseClient, User } from '@supabase/supabase-js';
import { confirmationRedirect, peekPostLoginDestination, postLoginDestination, takePostLoginDestination } from './auth-guard.ts';
import { storedUserMode } from './user-mode.ts';
import { loginProfileFetchTimeoutMs, loginTimeoutMs, switchToLoginAfterAlreadyRegisteredMs } from './constants.ts';
import type { Database } from './database.types.ts';
import { errorToast, messages, ownWording, successToast, type ToastMessage } from './messages.ts';
import { storePendingReferral } from './referral.ts';
import { passesRoleTab, type Role } from './roles.ts';
import type { Profile, SessionStore } from './session.ts';
import { normalizeEmail, validateForgotPasswordEmail, validateLoginResendEmail, validateSignup, type SignupForm } from './validation.ts';

type Client = SupabaseClient<Database>;
type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AuthActionsOptions {
  client: Client;
  /** The site's origin, for the redirect links in mails and OAuth ({origin}/auth/...). */
  origin: string;
  /** The app's session store: handed the profile after login, cleared first on sign-out. */
  session?: Pick<SessionStore, 'acceptProfile' | 'clearLocal' | 'refreshProfile'>;
  /** Where the post-login destination lives (sessionStorage in a browser). */
  sessionStorage?: StorageLike;
  /** Where a pending referral code lives (localStorage in a browser). */
  localStorage?: StorageLike;
}

export type LoginResult = { ok: true; toast: ToastMessage; user: User; profile: Profile; destination: string } | { ok: false; toast: ToastMessage; showResendButton: boolean };

export type SignupResult = { ok: true; toast: ToastMessage } | { ok: false; toast: ToastMessage; alreadyRegistered: boolean };

/** `toast` is null when a success needs no message (sign-out, the redirect to a provider). */
export interface ToastResult {
  ok: boolean;
  toast: ToastMessage | null;
}

class Timeout extends Error {}

/** Resolves like `work`, or rejects with Timeout after `ms`; `onLate` gets a result that came too late. */
function withTimeout<T>(work: PromiseLike<T>, ms: number, onLate?: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      reject(new Timeout());
    }, ms);
    Promise.resolve(work).then(
      (value) => {
        clearTimeout(timer);
        if (timedOut) onLate?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!timedOut) reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** SPEC 8.1: the server's login error, in Dutch. */
export function loginErrorMessage(error: Pick<AuthError, 'message'> & { code?: string | undefined }): string {
  if (error.code === 'invalid_credentials' || error.message === 'Invalid login credentials') return messages.login.invalidCredentials;
  if (error.code === 'email_not_confirmed' || error.message === 'Email not confirmed') return messages.login.emailNotConfirmed;
  return messages.login.otherError;
}

const isEmailNotConfirmed = (error: { message: string; code?: string | undefined }) => error.code === 'email_not_confirmed' || error.message === 'Email not confirmed';

/** SPEC 8.2: a repeated signup. With confirmations on, GoTrue hides it behind a user without identities. */
const isAlreadyRegistered = (error: { message: string; code?: string | undefined }) => error.code === 'user_already_exists' || error.message === 'User already registered';

export interface SignupInput extends SignupForm {
  /** The optional 'Referral Code (optioneel)' field; applied after the first login. */
  referralCode?: string | undefined;
  /** customer (the default) or artist; nobody signs up as admin. */
  role?: 'customer' | 'artist' | undefined;
}

export function createAuthActions(options: AuthActionsOptions) {
  const { client, origin, session } = options;
  // Read at each mail, so a link sent from the booking form leads back to it (SPEC 4.2).
  const confirmRedirectFor = () => confirmationRedirect(origin, options.sessionStorage ? peekPostLoginDestination(options.sessionStorage) : null);
  const signOutLocally = () => client.auth.signOut({ scope: 'local' }).catch(() => undefined);
  const loginFailure = (message: string, showResendButton = false): LoginResult => ({
    ok: false,
    toast: errorToast(messages.login.failedTitle, message),
    showResendButton,
  });

  async function fetchProfile(userId: string): Promise<Profile | null> {
    const { data, error } = await client.from('profiles').select('*').eq('id', userId).maybeSingle();
    if (error) throw new Error(error.message);
    return data;
  }

  /**
   * SPEC 7.1: whether the signed-in user's e-mail is verified, asked of the auth server (not the
   * cached session). A verified answer refreshes the profile, which closes the verification gate.
   */
  async function checkEmailVerified(): Promise<boolean> {
    const { data, error } = await client.auth.getUser();
    if (error) throw new Error(error.message);
    const verified = Boolean(data.user?.email_confirmed_at);
    if (verified) await session?.refreshProfile();
    return verified;
  }

  return {
    /** SPEC 2.5 / 5.2 / 8.1: e-mail and password login, optionally on a role tab. */
    async login(input: { email: string; password: string; requestedRole?: Role | undefined }): Promise<LoginResult> {
      const email = normalizeEmail(input.email);
      let signIn: Awaited<ReturnType<Client['auth']['signInWithPassword']>>;
      try {
        signIn = await withTimeout(client.auth.signInWithPassword({ email, password: input.password }), loginTimeoutMs, (late) => {
          // The user was told the login failed; a session arriving after that must not linger.
          if (late.data.session) void signOutLocally();
        });
      } catch (error) {
        return loginFailure(error instanceof Timeout ? messages.login.timeout : messages.login.otherError);
      }
      // With confirmations on, the auth server itself refuses an unconfirmed e-mail; that failure is
      // "because the e-mail is not verified" too, so the resend button appears (SPEC 2.5).
      if (signIn.error) return loginFailure(loginErrorMessage(signIn.error), isEmailNotConfirmed(signIn.error));
      const { user } = signIn.data;
      if (!user) return loginFailure(messages.login.noUserReturned);

      let profile: Profile | null;
      try {
        profile = await withTimeout(fetchProfile(user.id), loginProfileFetchTimeoutMs);
      } catch {
        await signOutLocally();
        return loginFailure(messages.login.profileLoadFailed);
      }
      if (!profile) {
        await signOutLocally();
        return loginFailure(messages.login.profileMissing);
      }
      if (input.requestedRole && !passesRoleTab(profile.role, input.requestedRole)) {
        await signOutLocally();
        return loginFailure(messages.login.roleMismatch);
      }
      // SPEC 4.1: an unverified e-mail cannot stay logged in; the signup mail goes out again.
      // Admins are exempt, as from the verification gate (SPEC 6).
      if (!profile.email_verified && profile.role !== 'admin') {
        await client.auth.resend({ type: 'signup', email, options: { emailRedirectTo: confirmRedirectFor() } }).catch(() => undefined);
        await signOutLocally();
        return loginFailure(messages.login.unverifiedEmailResent, true);
      }

      session?.acceptProfile(profile);
      const stored = options.sessionStorage ? takePostLoginDestination(options.sessionStorage) : null;
      return {
        ok: true,
        toast: successToast(messages.login.welcomeBack, ownWording.welcomeBackDescription),
        user,
        profile,
        destination: postLoginDestination(profile.role, stored, storedUserMode(options.localStorage, profile.role)),
      };
    },

    /** SPEC 2.4 / 5.1 / 8.2: signup. On 'already registered' `onSwitchToLogin` runs after 2 s. */
    async signup(input: SignupInput, events: { onSwitchToLogin?: () => void } = {}): Promise<SignupResult> {
      const failure = validateSignup(input);
      if (failure) return { ok: false, toast: errorToast(failure.title, failure.description), alreadyRegistered: false };
      const email = normalizeEmail(input.email);
      if (options.localStorage) storePendingReferral(options.localStorage, input.referralCode);

      let result: Awaited<ReturnType<Client['auth']['signUp']>>;
      try {
        result = await client.auth.signUp({
          email,
          password: input.password,
          options: {
            emailRedirectTo: confirmRedirectFor(),
            data: {
              first_name: input.firstName.trim(),
              last_name: input.lastName.trim(),
              role: input.role ?? 'customer',
              terms_accepted: input.termsAccepted,
            },
          },
        });
      } catch {
        return { ok: false, toast: errorToast(messages.signup.failedTitle, messages.signup.unexpectedError), alreadyRegistered: false };
      }
      const alreadyRegistered = result.error ? isAlreadyRegistered(result.error) : result.data.user?.identities?.length === 0;
      if (alreadyRegistered) {
        if (events.onSwitchToLogin) setTimeout(events.onSwitchToLogin, switchToLoginAfterAlreadyRegisteredMs);
        const { title, description } = messages.signup.alreadyRegistered;
        return { ok: false, toast: errorToast(title, description), alreadyRegistered: true };
      }
      if (result.error || !result.data.user) {
        return { ok: false, toast: errorToast(messages.signup.failedTitle, messages.signup.failed), alreadyRegistered: false };
      }
      return { ok: true, toast: successToast(messages.signup.createdTitle, ownWording.accountCreatedCheckInbox) };
    },

    /** SPEC 2.5 / 5.2 / 8.3: the forgot-password sub-view. `sentTo` fills 'Reset link verzonden naar {email}'. */
    async forgotPassword(rawEmail: string): Promise<ToastResult & { sentTo?: string }> {
      const failure = validateForgotPasswordEmail(rawEmail);
      if (failure) return { ok: false, toast: errorToast(failure.title, failure.description) };
      const email = normalizeEmail(rawEmail);
      try {
        const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo: `${origin}/auth/reset-password` });
        // SPEC 8.3 gives the failure a title only; the server's English text is not shown.
        if (error) return { ok: false, toast: errorToast(messages.passwordReset.failedTitle) };
      } catch {
        return { ok: false, toast: errorToast(messages.passwordReset.failedTitle) };
      }
      return { ok: true, toast: successToast(messages.passwordReset.sentTitle, ownWording.resetLinkCheckInbox), sentTo: email };
    },

    /** SPEC 5.2 / 8.4: 'Stuur verificatie mail nog een keer' in the login dialog. */
    async resendVerificationFromLogin(rawEmail: string): Promise<ToastResult> {
      const failure = validateLoginResendEmail(rawEmail);
      if (failure) return { ok: false, toast: errorToast(failure.title, failure.description) };
      const { title, description } = messages.verification.loginResendFailed;
      try {
        const { error } = await client.auth.resend({ type: 'signup', email: normalizeEmail(rawEmail), options: { emailRedirectTo: confirmRedirectFor() } });
        if (error) return { ok: false, toast: errorToast(title, description) };
      } catch {
        return { ok: false, toast: errorToast(title, description) };
      }
      return { ok: true, toast: successToast(messages.verification.loginResendSentTitle, ownWording.loginResendSentDescription) };
    },

    /** SPEC 5.2 / 8.5: 'Nieuwe verificatie-email aanvragen' in the verification pop-up. */
    async resendVerificationFromPopup(email: string | null | undefined): Promise<ToastResult> {
      const v = messages.verification;
      if (!email?.trim()) return { ok: false, toast: errorToast(v.popupResendFailedTitle, v.popupNoKnownEmail) };
      try {
        const { error } = await client.auth.resend({ type: 'signup', email: normalizeEmail(email), options: { emailRedirectTo: confirmRedirectFor() } });
        if (error) return { ok: false, toast: errorToast(v.popupResendFailedTitle, error.message || v.popupResendFailed) };
      } catch {
        return { ok: false, toast: errorToast(v.popupResendFailedTitle, `${v.popupResendFailed} ${v.popupResendRetryLater}`) };
      }
      return { ok: true, toast: successToast(v.popupResendSentTitle, ownWording.verificationMailSentTo(normalizeEmail(email))) };
    },

    /** SPEC 7.1 / 8.4, account logic: send the verification e-mail to the signed-in user. */
    async sendVerificationEmail(): Promise<{ success: boolean; error: string | null }> {
      const v = messages.verification;
      try {
        const { data } = await client.auth.getUser();
        const user = data.user;
        if (!user?.email) return { success: false, error: v.notLoggedIn };
        if (user.email_confirmed_at) return { success: false, error: v.alreadyVerified };
        const { error } = await client.auth.resend({ type: 'signup', email: user.email, options: { emailRedirectTo: confirmRedirectFor() } });
        return error ? { success: false, error: v.sendFailed } : { success: true, error: null };
      } catch {
        return { success: false, error: v.sendFailed };
      }
    },

    checkEmailVerified,

    /** SPEC 8.5: 'Status controleren' in the verification pop-up. */
    async checkVerificationStatus(): Promise<ToastResult & { verified: boolean }> {
      const v = messages.verification;
      try {
        const verified = await checkEmailVerified();
        return verified
          ? { ok: true, verified, toast: successToast(v.popupVerified.title, v.popupVerified.description) }
          : { ok: true, verified, toast: successToast(v.popupNotYetVerified.title, v.popupNotYetVerified.description) };
      } catch {
        return { ok: false, verified: false, toast: errorToast(v.popupResendFailedTitle, v.popupStatusCheckFailed) };
      }
    },

    /**
     * SPEC 4.1 / 8.3: sign-out clears local state first, then calls the server. Scope 'local'
     * makes supabase-js drop the stored session before its request, so the device is signed
     * out even when the server cannot be reached; a server failure is reported as such.
     */
    async signOut(): Promise<ToastResult> {
      try {
        session?.clearLocal();
        const { error } = await client.auth.signOut({ scope: 'local' });
        // Still signed out on this device (ok), but the user should know the server session lives on.
        if (error) return { ok: true, toast: errorToast(messages.signOut.serverFailed) };
        return { ok: true, toast: null };
      } catch {
        return { ok: false, toast: errorToast(messages.signOut.failed) };
      }
    },

    /**
     * SPEC 2.4 / 2.5 / 7.1 / 8.3: sign in or up through an identity provider: redirect to
     * {origin}/auth/callback with access_type=offline and prompt=consent (the PKCE flow is the
     * browser client's). The provider's own message is shown on failure.
     */
    async signInWithOAuth(provider: Provider, providerLabel: string, mode: 'login' | 'signup'): Promise<ToastResult & { url?: string }> {
      const title = mode === 'signup' ? messages.oauth.signupFailedTitle(providerLabel) : messages.oauth.loginFailedTitle(providerLabel);
      try {
        const { data, error } = await client.auth.signInWithOAuth({
          provider,
          options: { redirectTo: `${origin}/auth/callback`, queryParams: { access_type: 'offline', prompt: 'consent' } },
        });
        if (error) return { ok: false, toast: errorToast(title, error.message) };
        return data.url ? { ok: true, toast: null, url: data.url } : { ok: true, toast: null };
      } catch (error) {
        return { ok: false, toast: errorToast(title, error instanceof Error ? error.message : undefined) };
      }
    },
  };
}

export type AuthActions = ReturnType<typeof createAuthActions>;

// The signed-in person's profile and account, the browser's half: whether
// the profile still needs completing (/complete-profile), accepting the terms, and deleting the
// account through the delete-account edge function. The server's half and its design (a deleted
// account leaves a tombstone that shows as 'Verwijderde gebruiker') are in
// supabase/migrations/20261126000500_account.sql.
import type { SupabaseClient } from '@supabase/supabase-js';
import { accountDeletionMessages, deletionConfirmationWord, isAccountDeletionBlocker, type AccountDeletionBlocker } from '../../supabase/functions/_shared/account-deletion.ts';
import type { Database, Tables } from './database.types.ts';
import { functionErrorBody } from './function-error.ts';

export { accountDeletionMessages, deletionConfirmationWord, type AccountDeletionBlocker };
export { formatDutchPhone, invalidDutchPhoneMessage, normalizeDutchPhone } from './phone.ts';

/** How every screen names a deleted account (public_profiles.display_name of a tombstone). */
export const deletedUserName = 'Verwijderde gebruiker';

/** The database's refusals of a profile edit (22023), shown as they come. */
export const profileMessages = {
  firstNameRequired: 'Vul je voornaam in.',
  lastNameRequired: 'Vul je achternaam in.',
  firstNameTooLong: 'Je voornaam mag maximaal 100 tekens lang zijn.',
  lastNameTooLong: 'Je achternaam mag maximaal 100 tekens lang zijn.',
  notSignedIn: 'Je bent niet ingelogd.',
  termsFailed: 'Het accepteren van de voorwaarden is niet gelukt. Probeer het opnieuw.',
} as const;

/** The longest first or last name the profile takes. */
export const profileNameMaxLength = 100;

type Client = Pick<SupabaseClient<Database>, 'auth' | 'functions' | 'rpc'>;

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/**
 * A profile without a first or last name, or whose terms were never accepted (a Google
 * sign-up), is sent to /complete-profile before anything else. No profile (yet): nothing to complete.
 */
export function profileNeedsCompletion(profile: Pick<Tables<'profiles'>, 'first_name' | 'last_name' | 'terms_accepted_at'> | null | undefined): boolean {
  if (!profile) return false;
  return blank(profile.first_name) || blank(profile.last_name) || profile.terms_accepted_at === null;
}

export type AcceptTermsResult = { ok: true; acceptedAt: string } | { ok: false; message: string };

/** The signed-in person accepts the terms (public.accept_terms); accepting twice keeps the first moment. */
export async function acceptTerms(client: Client): Promise<AcceptTermsResult> {
  const { data, error } = await client.rpc('accept_terms');
  if (error || !data) {
    return { ok: false, message: error?.code === '42501' ? profileMessages.notSignedIn : profileMessages.termsFailed };
  }
  return { ok: true, acceptedAt: data };
}

export type DeleteAccountResult = { ok: true } | { ok: false; message: string; reason?: AccountDeletionBlocker };

/**
 * Deletes the signed-in person's own account: POST /functions/v1/delete-account with
 * { confirmation } (what they typed; only 'VERWIJDEREN' is accepted). On success the session is
 * cleared on this device too (the login no longer exists, so there is nothing to sign out of on
 * the server). A refusal gives the server's Dutch message and, for a 409, why
 * ('upcoming_gigs' or 'unpaid_refunds').
 */
export async function deleteAccount(client: Client, confirmation: string = deletionConfirmationWord): Promise<DeleteAccountResult> {
  const { data, error } = await client.functions.invoke<{ deleted?: boolean }>('delete-account', {
    method: 'POST',
    body: { confirmation },
  });
  if (!error && data?.deleted) {
    await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
    return { ok: true };
  }
  const body = await functionErrorBody(error);
  const message = typeof body?.error === 'string' && body.error ? body.error : accountDeletionMessages.failed;
  return isAccountDeletionBlocker(body?.reason) ? { ok: false, message, reason: body.reason } : { ok: false, message };
}

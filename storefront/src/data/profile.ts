// The signed-in user's own profile ('Mijn profiel', 'Profiel bewerken', 'Profiel aanvullen'):
// the row itself, how many reviews they wrote, and every change these pages make
// (names and phone, the photo in the avatars bucket, e-mail address, password, accepting the
// terms). The profile sits under queryKeys.profiles, the review count under the customer's
// bookings, so the realtime manager refreshes both. The database re-checks what the forms check;
// its Dutch refusals (SQLSTATE 22023: a bad phone number, say) come back for the field they concern.
import { acceptTerms } from '@podium/shared/account';
import { queryKeys } from '@podium/shared/query-keys';
import type { Profile } from '@podium/shared/session';
import { uploadWithProgress } from '@podium/shared/storage-upload';
import { env } from '../env.ts';
import { accountUpdateProblem } from '../profile/profile-form.ts';
import type { PrivateClient, PrivateQuery } from './private-query.ts';
import { unwrap } from '@podium/shared/unwrap';

export const myProfileKey = [...queryKeys.profiles, 'me'] as const;

async function signedInId(client: PrivateClient): Promise<string | null> {
  const { data } = await client.auth.getUser();
  return data.user?.id ?? null;
}

/** The signed-in user's profile row (RLS: only their own), or null when signed out. */
export function myProfileQuery(): PrivateQuery<Profile | null> {
  return {
    queryKey: myProfileKey,
    async fetch(client) {
      const me = await signedInId(client);
      if (!me) return null;
      return unwrap(await client.from('profiles').select('*').eq('id', me).maybeSingle()) as Profile | null;
    },
  };
}

/** How many reviews the signed-in customer wrote ('Mijn reviews'). */
export function myReviewCountQuery(): PrivateQuery<number> {
  return {
    queryKey: [...queryKeys.customerBookings, 'reviews', 'count'],
    async fetch(client) {
      const me = await signedInId(client);
      if (!me) return 0;
      const { count, error } = await client.from('reviews').select('id', { count: 'exact', head: true }).eq('customer_id', me);
      if (error) throw error;
      return count ?? 0;
    },
  };
}

/** A refused save: the Dutch text and the field it belongs to (null: the form as a whole). */
export interface SaveProblem<Field extends string> {
  field: Field | null;
  text: string;
}

const generalFailure = 'Opslaan lukte niet. Controleer je verbinding en probeer het opnieuw.';

type DetailsField = 'firstName' | 'lastName' | 'phone';

/** The database's own Dutch refusal (22023) at the field it names; anything else in general words. */
function detailsRefusal(error: { code?: string; message: string }): SaveProblem<DetailsField> {
  if (error.code === '22023' && error.message) {
    const field: DetailsField | null = /telefoon|phone/i.test(error.message) ? 'phone' : /achternaam/i.test(error.message) ? 'lastName' : /voornaam/i.test(error.message) ? 'firstName' : null;
    return { field, text: error.message };
  }
  return { field: null, text: generalFailure };
}

/** Names and phone (null clears it); answers null when saved. */
export async function saveProfileDetails(client: PrivateClient, details: { first_name: string; last_name: string; phone: string | null }): Promise<SaveProblem<DetailsField> | null> {
  const me = await signedInId(client);
  if (!me) return { field: null, text: 'Je sessie is verlopen. Log opnieuw in.' };
  const { error } = await client.from('profiles').update(details).eq('id', me).select('id').single();
  return error ? detailsRefusal(error) : null;
}

/** 'Profiel aanvullen': the names, then the terms (accept_terms() stamps terms_accepted_at). */
export async function completeProfile(client: PrivateClient, names: { first_name: string; last_name: string }, withTerms: boolean): Promise<SaveProblem<DetailsField> | null> {
  const me = await signedInId(client);
  if (!me) return { field: null, text: 'Je sessie is verlopen. Log opnieuw in.' };
  const { error } = await client.from('profiles').update(names).eq('id', me).select('id').single();
  if (error) return detailsRefusal(error);
  if (withTerms) {
    const accepted = await acceptTerms(client);
    if (!accepted.ok) return { field: null, text: accepted.message };
  }
  return null;
}

const photoExtension = (type: string) => ({ 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' })[type] ?? 'jpg';

/** Whether a stored avatar path is the user's own upload (a seeded or foreign path is never deleted). */
const ownUpload = (userId: string, path: string | null | undefined): path is string => Boolean(path?.startsWith(`${userId}/`));

/**
 * Uploads the cropped photo to avatars/{user id}/{new name} with progress, then points
 * profiles.avatar_path at it and removes the previous photo. A new name each time, so no browser
 * or image cache shows the old one. When the profile cannot be updated the upload is removed
 * again: nothing half-saved.
 */
export function uploadAvatar(client: PrivateClient, photo: Blob, previousPath: string | null, onProgress: (fraction: number) => void): { done: Promise<string>; abort: () => void } {
  let stop = () => {};
  let stopped = false;
  const done = (async () => {
    const { data } = await client.auth.getSession();
    const session = data.session;
    if (!session) throw new Error('Je sessie is verlopen. Log opnieuw in.');
    const me = session.user.id;
    const path = `${me}/${crypto.randomUUID()}.${photoExtension(photo.type)}`;
    if (stopped) throw new Error('Upload gestopt.');
    const upload = uploadWithProgress({ supabaseUrl: env.supabaseUrl, anonKey: env.supabaseAnonKey, accessToken: session.access_token, bucket: 'avatars', path, body: photo, onProgress });
    stop = upload.abort;
    await upload.done;
    const { error } = await client.from('profiles').update({ avatar_path: path }).eq('id', me).select('id').single();
    if (error) {
      await client.storage.from('avatars').remove([path]);
      throw new Error('Je foto kon niet worden opgeslagen. Probeer het opnieuw.');
    }
    if (ownUpload(me, previousPath) && previousPath !== path) await client.storage.from('avatars').remove([previousPath]);
    return path;
  })();
  return {
    done,
    abort: () => {
      stopped = true;
      stop();
    },
  };
}

/** 'Foto verwijderen': avatar_path cleared first (no broken image meanwhile), then the file removed. */
export async function removeAvatar(client: PrivateClient, currentPath: string | null): Promise<string | null> {
  const me = await signedInId(client);
  if (!me) return 'Je sessie is verlopen. Log opnieuw in.';
  const { error } = await client.from('profiles').update({ avatar_path: null }).eq('id', me).select('id').single();
  if (error) return 'Je foto kon niet worden verwijderd. Probeer het opnieuw.';
  if (ownUpload(me, currentPath)) await client.storage.from('avatars').remove([currentPath]);
  return null;
}

/**
 * A new e-mail address: the auth server mails a confirmation link to it (the address changes
 * once that is opened; profiles.email follows by trigger). The link comes back to /auth/confirm,
 * which says so and opens 'Mijn profiel'.
 */
export async function changeEmail(client: PrivateClient, email: string, origin: string): Promise<SaveProblem<'email'> | null> {
  try {
    const { error } = await client.auth.updateUser({ email }, { emailRedirectTo: `${origin}/auth/confirm?type=email_change` });
    if (!error) return null;
    const problem = accountUpdateProblem(error);
    return { field: problem.field === 'password' ? null : problem.field, text: problem.text };
  } catch {
    return { field: null, text: generalFailure };
  }
}

/**
 * A new password; the server signs out the account's other sessions. With secure_password_change
 * (config.toml) a session older than 24 hours needs the code the auth server mails on
 * reauthenticate(): the first try asks for that mail and answers `codeSent`; the form then sends
 * the password again with the code as nonce.
 */
export async function changePassword(client: PrivateClient, password: string, code?: string): Promise<(SaveProblem<'password' | 'code'> & { codeSent?: boolean }) | null> {
  try {
    const { error } = await client.auth.updateUser(code ? { password, nonce: code } : { password });
    if (!error) return null;
    if (error.code === 'reauthentication_not_valid') return { field: 'code', text: 'Deze code klopt niet of is verlopen. Vraag een nieuwe code aan.' };
    if (error.code === 'reauthentication_needed') return await sendPasswordChangeCode(client);
    const problem = accountUpdateProblem(error);
    return { field: problem.field === 'email' ? null : problem.field, text: problem.text };
  } catch {
    return { field: null, text: generalFailure };
  }
}

/** Mails the code a password change needs (GoTrue's /reauthenticate). */
export async function sendPasswordChangeCode(client: PrivateClient): Promise<SaveProblem<'code'> & { codeSent?: boolean }> {
  const { error } = await client.auth.reauthenticate();
  if (error) return { field: null, text: error.status === 429 ? 'Je hebt zojuist al een code gekregen. Wacht een minuut en probeer het dan opnieuw.' : generalFailure };
  return { field: 'code', text: 'We hebben je een code gemaild. Vul die hieronder in om je nieuwe wachtwoord op te slaan.', codeSent: true };
}

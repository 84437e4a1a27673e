// POST /functions/v1/delete-account { confirmation: 'VERWIJDEREN' } with the person's access
// token: deletes their own account. Answers { deleted: true }; errors are { error } in
// Dutch: 400 no confirmation, 401 not signed in (or already deleted), 403 an admin, 409 with
// reason 'upcoming_gigs' or 'unpaid_refunds', 500 a step failed (calling again finishes the job).
// Order (supabase/migrations/20261126000500_account.sql): anonymize_account scrubs the profile in
// one transaction and names the person's files; the files go through the storage API; the login
// goes last, so every failure before it can be retried with the same token.
import { accountDeletionMessages, confirmsDeletion, isAccountDeletionBlocker } from '../_shared/account-deletion.ts';
import { bearerToken, corsHeaders, json, objectBody, verifiedClaims } from '../_shared/http.ts';
import { serviceClient } from '../_shared/supabase.ts';

const failed = () => json(500, { error: accountDeletionMessages.failed });

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Alleen POST is toegestaan.' });
  const token = bearerToken(req);
  const claims = token ? verifiedClaims(token) : null;
  if (!token || claims?.role !== 'authenticated' || typeof claims.sub !== 'string') return json(401, { error: accountDeletionMessages.notSignedIn });

  const body = (await objectBody(req)) as { confirmation?: unknown };
  if (!confirmsDeletion(body.confirmation)) return json(400, { error: accountDeletionMessages.confirmationMissing });

  // A signed token outlives its login: ask the auth server whether the login (and session) still exists.
  const db = serviceClient();
  const { data: caller, error: callerError } = await db.auth.getUser(token);
  if (callerError || caller.user?.id !== claims.sub) return json(401, { error: accountDeletionMessages.notSignedIn });
  const userId = caller.user.id;

  const { data: profile, error: profileError } = await db.from('profiles').select('role').eq('id', userId).maybeSingle();
  if (profileError) {
    console.error('delete-account: reading the profile failed', profileError.code, profileError.message);
    return failed();
  }
  if (profile?.role === 'admin') return json(403, { error: accountDeletionMessages.adminAccount });

  if (profile) {
    const { data: files, error } = await db.rpc('anonymize_account', { account_id: userId });
    if (error) {
      if (error.code === 'P0001' && isAccountDeletionBlocker(error.hint)) {
        return json(409, { error: accountDeletionMessages[error.hint], reason: error.hint });
      }
      if (error.code === '42501') return json(403, { error: accountDeletionMessages.adminAccount });
      console.error('delete-account: anonymize_account failed', error.code, error.message);
      return failed();
    }
    const byBucket = new Map<string, string[]>();
    for (const file of (files ?? []) as { bucket: string; path: string }[]) {
      byBucket.set(file.bucket, [...(byBucket.get(file.bucket) ?? []), file.path]);
    }
    for (const [bucket, paths] of byBucket) {
      for (let start = 0; start < paths.length; start += 1000) {
        const { error: removeError } = await db.storage.from(bucket).remove(paths.slice(start, start + 1000));
        if (removeError) {
          console.error('delete-account: removing files failed', bucket, removeError.message);
          return failed();
        }
      }
    }
  }

  const { error: deleteError } = await db.auth.admin.deleteUser(userId);
  if (deleteError && deleteError.status !== 404) {
    console.error('delete-account: deleting the login failed', deleteError.status, deleteError.message);
    return failed();
  }
  return json(200, { deleted: true });
});

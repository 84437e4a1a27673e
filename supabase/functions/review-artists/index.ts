// POST /functions/v1/review-artists { artistIds, decision: 'approved' | 'rejected', reason? }
// with the admin's JWT. The decision is made by admin_review_artists as the caller (so RLS, the
// admin check and the audit log apply); then each artist's owner is e-mailed. A mail that fails
// does not undo the decision: it is reported back in `failed`. An approved act's changes are
// judged the same way; the files of photos a rejection discarded are removed with the service role.
import { createClient } from 'npm:@supabase/supabase-js@2.119.1';
import { serviceClient } from '../_shared/supabase.ts';
import { createMailer } from '../_shared/mailer.ts';
import { corsHeaders, json, objectBody } from '../_shared/http.ts';
import { decisionMail } from './messages.ts';

interface Body {
  artistIds?: unknown;
  decision?: unknown;
  reason?: unknown;
}

interface Reviewed {
  artist_id: string;
  artist_name: string;
  artist_slug: string;
  approval_status: string;
  rejection_reason: string | null;
  owner_email: string | null;
  owner_first_name: string | null;
  review_kind: 'application' | 'changes';
  discarded_paths: string[] | null;
}

/** Whether `path` names a file inside artist-media/{artistId}/ (no empty, '.' or '..' segment). */
function isOwnFile(artistId: string, path: string): boolean {
  const segments = path.split('/');
  return segments.length >= 2 && segments[0] === artistId && segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response(null, { headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Alleen POST is toegestaan.' });
  const body = (await objectBody(req)) as Body;
  const artistIds = Array.isArray(body.artistIds) ? body.artistIds.filter((id): id is string => typeof id === 'string') : [];
  const decision = body.decision;
  if (decision !== 'approved' && decision !== 'rejected') return json(400, { error: 'Kies goedkeuren of afwijzen.' });

  const client = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: req.headers.get('Authorization') ?? '' } },
  });
  const { data, error } = await client.rpc('admin_review_artists', {
    artist_ids: artistIds,
    decision,
    reason: typeof body.reason === 'string' ? body.reason : null,
  });
  if (error) return json(error.code === '42501' ? 403 : 400, { error: error.message, code: error.code });

  const reviewed = (data ?? []) as Reviewed[];
  // Only files in the reviewed act's own folder: the database holds media rows to that folder,
  // and a path that somehow named another act's file must not cost that act its photo.
  const discarded = reviewed.flatMap((artist) => (artist.discarded_paths ?? []).filter((path) => isOwnFile(artist.artist_id, path)));
  if (discarded.length > 0) {
    const { error: removeError } = await serviceClient().storage.from('artist-media').remove(discarded);
    if (removeError) console.error('removing discarded photos failed', removeError);
  }
  const mailer = createMailer();
  const siteUrl = Deno.env.get('SITE_URL') ?? 'http://127.0.0.1:3000';
  const failed: { artistId: string; error: string }[] = [];
  let mailed = 0;
  for (const artist of reviewed) {
    if (!artist.owner_email) {
      failed.push({ artistId: artist.artist_id, error: 'Geen e-mailadres bekend.' });
      continue;
    }
    const mail = decisionMail(
      {
        artistName: artist.artist_name,
        artistSlug: artist.artist_slug,
        firstName: artist.owner_first_name,
        approved: artist.review_kind === 'changes' ? artist.rejection_reason === null : artist.approval_status === 'approved',
        reason: artist.rejection_reason,
        kind: artist.review_kind,
      },
      siteUrl,
    );
    try {
      await mailer.send({ to: artist.owner_email, ...mail });
      mailed += 1;
    } catch (sendError) {
      console.error(`mail to the owner of ${artist.artist_id} failed`, sendError);
      failed.push({ artistId: artist.artist_id, error: 'De e-mail kon niet worden verstuurd.' });
    }
  }
  return json(200, { reviewed: reviewed.map((artist) => artist.artist_id), mailed, failed });
});

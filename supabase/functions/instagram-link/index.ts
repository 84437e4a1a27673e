// POST /functions/v1/instagram-link { code, redirectUri } with the artist's access token: the
// last step of linking an Instagram account in the listing editor. The portal has checked the
// OAuth state; here the code is exchanged with the app secret (which never reaches a browser),
// the account is read from Instagram, and link_artist_instagram stores it on the caller's act
// (service role, one transaction). Answers { handle }; errors are { error } in Dutch:
// 400 bad or used code, 401 not signed in, 403 no act, 409 account on another act, 502 Instagram.
// Unlinking is the owner's RPC unlink_artist_instagram.
import { bearerToken, corsHeaders, json, objectBody, verifiedClaims } from '../_shared/http.ts';
import { instagramAccountFor, instagramConfig, InstagramLinkError, isAuthorizationCode, isCallbackUri, linkProblemMessages } from '../_shared/instagram.ts';
import { serviceClient } from '../_shared/supabase.ts';

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Alleen POST is toegestaan.' });
  const token = bearerToken(req);
  const claims = token ? verifiedClaims(token) : null;
  if (claims?.role !== 'authenticated' || typeof claims.sub !== 'string') return json(401, { error: 'Je bent niet ingelogd.' });

  const body = (await objectBody(req)) as { code?: unknown; redirectUri?: unknown };
  if (!isAuthorizationCode(body.code) || !isCallbackUri(body.redirectUri)) return json(400, { error: linkProblemMessages.bad_request });
  const config = instagramConfig((name) => Deno.env.get(name));
  if (!config) {
    console.error('instagram-link: INSTAGRAM_CLIENT_ID or INSTAGRAM_CLIENT_SECRET is not set');
    return json(503, { error: 'Instagram koppelen is nu niet beschikbaar. Probeer het later opnieuw.' });
  }

  // Only an act's owner gets as far as Instagram: a code is single use, so it is not spent in vain.
  const db = serviceClient();
  const { data: act, error: actError } = await db.from('artists').select('id').eq('profile_id', claims.sub).is('deleted_at', null).maybeSingle();
  if (actError) {
    console.error('instagram-link: reading the act failed', actError.code, actError.message);
    return json(500, { error: 'Instagram koppelen is niet gelukt. Probeer het later opnieuw.' });
  }
  if (!act) return json(403, { error: 'Alleen een artiest met een act kan Instagram koppelen.' });

  let account: { userId: string; username: string };
  try {
    account = await instagramAccountFor(config, body.code, body.redirectUri);
  } catch (error) {
    if (!(error instanceof InstagramLinkError)) throw error;
    console.error('instagram-link:', error.problem, error.message);
    return json(error.problem === 'code_refused' ? 400 : 502, { error: linkProblemMessages[error.problem] });
  }

  const { data: handle, error } = await db.rpc('link_artist_instagram', { owner: claims.sub, instagram_user_id: account.userId, username: account.username });
  if (error) {
    if (error.code === '23505') return json(409, { error: 'Dit Instagram-account is al gekoppeld aan een andere act op Podium.' });
    if (error.code === 'P0002') return json(403, { error: 'Alleen een artiest met een act kan Instagram koppelen.' });
    console.error('instagram-link: storing the link failed', error.code, error.message);
    return json(500, { error: 'Instagram koppelen is niet gelukt. Probeer het later opnieuw.' });
  }
  return json(200, { handle: handle as string });
});

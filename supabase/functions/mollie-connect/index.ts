// POST /functions/v1/mollie-connect with the artist's access token: Mollie Connect for the act
// the caller owns. The portal starts the link (Mollie's authorize page, with a state kept in the
// tab) and checks the state on the way back, as it does for Instagram; here:
//   { action: 'exchange', code, redirectUri }  the code for tokens (with the app secret), the
//                                               organization and onboarding read from Mollie
//   { action: 'status' }                        the connection read from Mollie again (the
//                                               onboarding moves on at Mollie), token refreshed
//   { action: 'balance' }                       the organization's primary balance at Mollie
// Answers { connection } or { balance }; errors are { error } in Dutch: 400 bad or used code,
// 401 not signed in, 403 no act, 404 not connected, 502 Mollie, 503 not set up.
// GET /functions/v1/mollie-connect/callback is the app's registered redirect URI: Mollie sends the
// browser there after the consent, without any token (verify_jwt = false; the POSTs check the
// caller's token here), and it forwards Mollie's answer (code or error, and the state) to the
// portal's return page on the site, which checks the state and posts the code back.
import { bearerToken, corsHeaders, json, objectBody, verifiedClaims } from '../_shared/http.ts';
import { accessTokenOf, connectConfig, ConnectRefused, exchangeCode, primaryBalance, readConnection, refreshConnection, saveConnection } from '../_shared/mollie-connect.ts';
import { mollieConnectReturnPath } from '../_shared/mollie-connect-return.ts';
import { serviceClient, siteUrl } from '../_shared/supabase.ts';

const failed = 'Mollie koppelen is niet gelukt. Probeer het later opnieuw.';
const isCode = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_.~-]{8,512}$/.test(value);
const isRedirect = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length > 500) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Mollie's answer, passed on to the portal as it came (only OAuth's own fields, capped). */
function toPortal(req: Request): Response {
  const answer = new URL(req.url).searchParams;
  const target = new URL(`${siteUrl()}${mollieConnectReturnPath}`);
  for (const name of ['code', 'state', 'error', 'error_description']) {
    const value = answer.get(name);
    if (value) target.searchParams.set(name, value.slice(0, 512));
  }
  return new Response(null, { status: 303, headers: { location: target.toString(), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (new URL(req.url).pathname.replace(/\/+$/, '').endsWith('/mollie-connect/callback')) {
    return req.method === 'GET' || req.method === 'HEAD' ? toPortal(req) : json(405, { error: 'Alleen GET is toegestaan.' });
  }
  if (req.method !== 'POST') return json(405, { error: 'Alleen POST is toegestaan.' });
  const token = bearerToken(req);
  const claims = token ? verifiedClaims(token) : null;
  if (claims?.role !== 'authenticated' || typeof claims.sub !== 'string') return json(401, { error: 'Je bent niet ingelogd.' });
  // verify_jwt is off (for the callback), so the auth server checks the token's signature and session.
  const db = serviceClient();
  const { data: signedIn, error: authError } = await db.auth.getUser(token!);
  if (authError && (authError.status ?? 500) >= 500) {
    console.error('mollie-connect: checking the token failed', authError.status, authError.message);
    return json(503, { error: 'Mollie koppelen is nu niet beschikbaar. Probeer het later opnieuw.' });
  }
  if (authError || signedIn.user?.id !== claims.sub) return json(401, { error: 'Je bent niet ingelogd.' });
  const body = (await objectBody(req)) as { action?: unknown; code?: unknown; redirectUri?: unknown };
  if (!['exchange', 'status', 'balance'].includes(String(body.action))) return json(400, { error: 'Deze actie bestaat niet.' });
  const config = connectConfig();
  if (!config) {
    console.error('mollie-connect: MOLLIE_CONNECT_CLIENT_ID or MOLLIE_CONNECT_CLIENT_SECRET is not set');
    return json(503, { error: 'Mollie koppelen is nu niet beschikbaar. Probeer het later opnieuw.' });
  }

  const { data: act, error: actError } = await db.from('artists').select('id').eq('profile_id', claims.sub).is('deleted_at', null).order('created_at').limit(1).maybeSingle();
  if (actError) {
    console.error('mollie-connect: reading the act failed', actError.code, actError.message);
    return json(500, { error: failed });
  }
  if (!act) return json(403, { error: 'Alleen een artiest met een act kan een Mollie-account koppelen.' });

  try {
    if (body.action === 'exchange') {
      if (!isCode(body.code) || !isRedirect(body.redirectUri)) return json(400, { error: 'Deze koppeling met Mollie is ongeldig. Klik opnieuw op ‘Koppel je Mollie-account’.' });
      const tokens = await exchangeCode(config, body.code, body.redirectUri);
      const connection = await readConnection(config, tokens.accessToken);
      await saveConnection(db, act.id, connection, tokens);
      return json(200, { connection });
    }
    if (body.action === 'status') {
      const connection = await refreshConnection(db, config, act.id);
      if (!connection) return json(404, { error: 'Je hebt nog geen Mollie-account gekoppeld.' });
      return json(200, { connection });
    }
    const access = await accessTokenOf(db, config, act.id);
    if (!access) return json(404, { error: 'Je hebt nog geen Mollie-account gekoppeld.' });
    if (access.fresh) await saveConnection(db, act.id, await readConnection(config, access.token), access.fresh);
    return json(200, { balance: await primaryBalance(config, access.token) });
  } catch (error) {
    if (error instanceof ConnectRefused) {
      console.error('mollie-connect: Mollie refused', body.action, error.message);
      return json(body.action === 'exchange' ? 400 : 409, {
        error:
          body.action === 'exchange'
            ? 'Mollie heeft deze koppeling geweigerd of hij is verlopen. Probeer het opnieuw.'
            : 'Je Mollie-koppeling is verlopen of ingetrokken. Koppel je Mollie-account opnieuw.',
      });
    }
    console.error('mollie-connect:', body.action, error instanceof Error ? error.message : String(error));
    return json(502, { error: 'Mollie is nu niet bereikbaar. Probeer het later opnieuw.' });
  }
});

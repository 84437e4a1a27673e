// POST /functions/v1/generate-referral-code (SPEC 7.3) with the user's access token, body {}:
// answers { referralCode }, the caller's code, created on first use by ensure_referral_code
// (called as the user, so it can only ever touch the caller's own profile).
import { bearerToken, corsHeaders, json, verifiedClaims } from '../_shared/http.ts';
import { callerClient } from '../_shared/supabase.ts';

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Alleen POST is toegestaan.' });
  const token = bearerToken(req);
  // The anon key is a valid JWT too: only a signed-in user has a code.
  if (!token || verifiedClaims(token)?.role !== 'authenticated') return json(401, { error: 'Je bent niet ingelogd.' });

  const { data, error } = await callerClient(token).rpc('ensure_referral_code');
  if (error) {
    console.error('ensure_referral_code failed', error.code, error.message);
    if (error.code === '42501' || error.code === 'PGRST301') return json(401, { error: 'Je bent niet ingelogd.' });
    if (error.code === 'P0002') return json(404, { error: 'Profiel niet gevonden.' });
    return json(500, { error: 'De uitnodigingscode kon niet worden aangemaakt. Probeer het later opnieuw.' });
  }
  return json(200, { referralCode: data as string });
});

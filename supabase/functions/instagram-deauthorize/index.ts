// POST /functions/v1/instagram-deauthorize: Meta's deauthorize callback (no JWT; Meta signs the
// request with the app secret). The artist removed Podium in Instagram: the act linked to that
// account loses its handle and the link at once. Answers 200 {}; 401 when the signature is not
// the app's, 405 for another method, 503 without the app's secret.
import { json } from '../_shared/http.ts';
import { forgetSignedAccount } from '../_shared/instagram-callback.ts';

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json(405, { error: 'Alleen POST is toegestaan.' });
  const outcome = await forgetSignedAccount(req, 'instagram-deauthorize', false);
  return outcome instanceof Response ? outcome : json(200, {});
});

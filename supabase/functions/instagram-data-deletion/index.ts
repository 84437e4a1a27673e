// Meta's data-deletion callback (no JWT; Meta signs the request with the app secret).
// POST /functions/v1/instagram-data-deletion: the person asked Instagram to have Podium delete
//   their data: the act linked to that account loses its handle and the link (no token or other
//   Instagram data is kept), and Meta gets { url, confirmation_code } as it requires; 401 when
//   the signature is not the app's.
// GET /functions/v1/instagram-data-deletion?code=<confirmation_code>: the status address Meta
//   shows the person: 200 with the request's time and a Dutch sentence, or 404.
import { json } from '../_shared/http.ts';
import { forgetSignedAccount } from '../_shared/instagram-callback.ts';
import { serviceClient } from '../_shared/supabase.ts';

const statusUrl = (code: string) => `${Deno.env.get('SUPABASE_URL')!.replace(/\/+$/, '')}/functions/v1/instagram-data-deletion?code=${code}`;

Deno.serve(async (req) => {
  if (req.method === 'GET') {
    const code = new URL(req.url).searchParams.get('code') ?? '';
    if (!/^[0-9a-f]{32}$/.test(code)) return json(404, { error: 'Dit verwijderverzoek kennen we niet.' });
    const { data, error } = await serviceClient().from('instagram_data_deletions').select('requested_at').eq('confirmation_code', code).maybeSingle();
    if (error) {
      console.error('instagram-data-deletion: reading the request failed', error.code, error.message);
      return json(500, { error: 'De status kon niet worden gelezen. Probeer het later opnieuw.' });
    }
    if (!data) return json(404, { error: 'Dit verwijderverzoek kennen we niet.' });
    return json(200, {
      confirmation_code: code,
      status: 'deleted',
      requested_at: data.requested_at,
      message: 'Je Instagram-gegevens zijn van Podium verwijderd: je act toont je Instagram-account niet meer en we bewaren er niets van.',
    });
  }
  if (req.method !== 'POST') return json(405, { error: 'Alleen GET en POST zijn toegestaan.' });
  const outcome = await forgetSignedAccount(req, 'instagram-data-deletion', true);
  if (outcome instanceof Response) return outcome;
  return json(200, { url: statusUrl(outcome.code!), confirmation_code: outcome.code });
});

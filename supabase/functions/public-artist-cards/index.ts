// GET /functions/v1/public-artist-cards?limit=24[&category=bands] with the anon key (SPEC 7.3):
// an array of public artist cards (approved, not deleted) in the recommended order, admin
// priority first, then rating, as search_artists orders them. Cacheable for a minute.
import { corsHeaders, json } from '../_shared/http.ts';
import { anonClient } from '../_shared/supabase.ts';
import { parseCardsQuery, toCard } from './cards.ts';

const cors = { ...corsHeaders, 'access-control-allow-methods': 'GET, OPTIONS' };

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: cors });
  if (req.method !== 'GET') return json(405, { error: 'Alleen GET is toegestaan.' }, cors);
  const parsed = parseCardsQuery(new URL(req.url).searchParams);
  if ('error' in parsed) return json(400, { error: parsed.error }, cors);

  const { data, error } = await anonClient().rpc('search_artists', {
    category: parsed.query.category,
    sort: 'priority',
    page: 1,
    page_size: parsed.query.limit,
  });
  if (error) {
    console.error('search_artists failed', error.code, error.message);
    return json(500, { error: 'De artiesten konden niet worden geladen. Probeer het later opnieuw.' }, cors);
  }
  return json(200, ((data ?? []) as Record<string, unknown>[]).map(toCard), {
    ...cors,
    'cache-control': 'public, max-age=60, stale-while-revalidate=300',
  });
});

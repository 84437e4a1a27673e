// What Meta's two Instagram callbacks share: read the signed_request, check it with the app secret
// and forget the Instagram account it names (forget_instagram_account, service role). Answers
// the confirmation code of a deletion, or the Response to send when the request is refused.
import { json } from './http.ts';
import { instagramConfig } from './instagram.ts';
import { instagramUserOf, signedRequestOf } from './instagram-signed-request.ts';
import { serviceClient } from './supabase.ts';

export async function forgetSignedAccount(req: Request, name: string, deletion: boolean): Promise<{ code: string | null } | Response> {
  const config = instagramConfig((key) => Deno.env.get(key));
  if (!config) {
    console.error(`${name}: INSTAGRAM_CLIENT_ID or INSTAGRAM_CLIENT_SECRET is not set`);
    return json(503, { error: 'Instagram is nu niet beschikbaar. Probeer het later opnieuw.' });
  }
  const userId = await instagramUserOf(await signedRequestOf(req), config.clientSecret);
  if (!userId) return json(401, { error: 'Dit verzoek is niet door Instagram ondertekend.' });
  const { data, error } = await serviceClient().rpc('forget_instagram_account', { instagram_user_id: userId, deletion });
  if (error) {
    console.error(`${name}: forgetting the account failed`, error.code, error.message);
    return json(500, { error: 'Het verzoek kon niet worden verwerkt. Probeer het later opnieuw.' });
  }
  return { code: (data as string | null) ?? null };
}

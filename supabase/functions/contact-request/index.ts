// POST /functions/v1/contact-request with the anon key (or a user's token): the contact form
// (/contact) and the sound & light quote form (/sound-light). Validates with the forms' own rules
// (_shared/contact-request.ts; 400 with a Dutch message per field, nothing stored), limits how
// often one e-mail address and one network address may send (app_config, 429), stores the request
// with the service role (browsers cannot insert into contact_requests themselves) and mails the
// team, replying to the visitor. A honeypot field that people never see but form-filling bots
// do answers like a success and stores nothing.
import { bearerToken, corsHeaders, json, verifiedClaims } from '../_shared/http.ts';
import { contactRequestFieldOrder, contactRequestMessages, validateContactRequest } from '../_shared/contact-request.ts';
import { createMailer } from '../_shared/mailer.ts';
import { serviceClient, siteUrl } from '../_shared/supabase.ts';
import { teamMail } from './mail.ts';

const teamAddress = () => Deno.env.get('CONTACT_TEAM_EMAIL') ?? 'info@podium.nl';

/** The visitor's network address, salted and hashed: enough to count requests, useless for anything else. */
async function clientHash(req: Request): Promise<string | null> {
  const address = (req.headers.get('x-forwarded-for') ?? '').split(',')[0]?.trim();
  if (!address) return null;
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? ''), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const digest = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(address));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Alleen POST is toegestaan.' });

  let body: Record<string, unknown>;
  try {
    body = await req.json();
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
  } catch {
    return json(400, { error: contactRequestMessages.invalidBody });
  }
  if (typeof body.website === 'string' && body.website.trim() !== '') return json(200, { ok: true });

  const checked = validateContactRequest(body);
  if (!checked.ok) {
    const first = contactRequestFieldOrder.find((field) => checked.errors[field]);
    return json(400, { error: first ? checked.errors[first] : contactRequestMessages.invalidBody, fields: checked.errors });
  }
  const request = checked.request;

  const service = serviceClient();
  const hash = await clientHash(req);
  const since = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  const { data: config } = await service.from('app_config').select('key, value_int').in('key', ['contact_requests_per_hour_per_email', 'contact_requests_per_hour_per_client']);
  const limit = (key: string, fallback: number) => config?.find((row) => row.key === key)?.value_int ?? fallback;
  const [byEmail, byClient] = await Promise.all([
    service.from('contact_requests').select('id', { count: 'exact', head: true }).ilike('email', request.email).gte('created_at', since),
    hash ? service.from('contact_requests').select('id', { count: 'exact', head: true }).eq('client_hash', hash).gte('created_at', since) : Promise.resolve({ count: 0, error: null }),
  ]);
  if (byEmail.error || byClient.error) {
    console.error('rate limit look-up failed', byEmail.error?.message ?? byClient.error?.message);
    return json(500, { error: contactRequestMessages.failed });
  }
  if ((byEmail.count ?? 0) >= limit('contact_requests_per_hour_per_email', 3) || (byClient.count ?? 0) >= limit('contact_requests_per_hour_per_client', 10)) {
    return json(429, { error: contactRequestMessages.rateLimited });
  }

  // A signed-in visitor's request is linked to their profile (verify_jwt has checked the token).
  const token = bearerToken(req);
  const claims = token ? verifiedClaims(token) : null;
  const profileId = claims?.role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null;

  const { data: stored, error } = await service
    .from('contact_requests')
    .insert({
      kind: request.kind,
      profile_id: profileId,
      name: request.name,
      email: request.email,
      phone: request.phone,
      subject: request.subject,
      message: request.message || (request.kind === 'quote' ? '(geen toelichting)' : request.message),
      event_date: request.eventDate,
      event_location: request.eventLocation,
      guest_count: request.guestCount,
      services: request.services,
      client_hash: hash,
    })
    .select('id')
    .single();
  if (error || !stored) {
    console.error('storing contact request failed', error?.code, error?.message);
    return json(500, { error: contactRequestMessages.failed });
  }

  try {
    await createMailer().send({ to: teamAddress(), replyTo: `${request.name.replace(/[\r\n"<>]/g, ' ')} <${request.email}>`, ...teamMail(request, stored.id, siteUrl()) });
    await service.from('contact_requests').update({ mailed_at: new Date().toISOString() }).eq('id', stored.id);
  } catch (mailError) {
    // The request is stored; the team still finds it in the back office.
    console.error(`mailing contact request ${stored.id} failed`, mailError instanceof Error ? mailError.message : mailError);
  }
  return json(200, { ok: true, id: stored.id });
});

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

/**
 * The visitor's network address as the gateway saw the connection: the LAST entry of
 * X-Forwarded-For. The client may send an X-Forwarded-For of its own; a proxy appends the address
 * it received the connection from, so everything before the last entry is whatever the client
 * wrote and only the last one is not forgeable. Our gateway (stack/gateway-raw.ts) appends the
 * peer as Kong does; on hosted Supabase, Kong sits behind Cloudflare with Cloudflare's ranges as
 * trusted proxies, so its real-IP module resolves the client from CF-Connecting-IP (which
 * Cloudflare overwrites) and appends that: the last entry again. Taking the first entry let anyone
 * reset their count by sending a new made-up address with each request.
 */
function peerAddress(forwardedFor: string | null): string | null {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.at(-1) ?? null;
}

/** The visitor's network address, salted and hashed: enough to count requests, useless for anything else. */
async function clientHash(req: Request): Promise<string | null> {
  const address = peerAddress(req.headers.get('x-forwarded-for'));
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
  // The limits per e-mail and network address (app_config, per hour) are counted by a trigger on
  // contact_requests behind a lock on both (20261126191500_request_limits.sql): parallel requests
  // queue, and one over the limit is refused without a row written or a mail sent.
  if (error?.hint === 'rate_limited') return json(429, { error: contactRequestMessages.rateLimited });
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

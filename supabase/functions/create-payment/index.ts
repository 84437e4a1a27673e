// POST /functions/v1/create-payment { bookingId } with the customer's access token: starts (or
// resumes) the Mollie payment of an accepted booking and answers { checkoutUrl, paymentId }.
// The amount is the booking's total_cents from the database; the payment is recorded with the
// service key (payments are written only server-side). An open payment is reused, so a double
// click or a reload never makes a second one.
import { dutchDateOfMoment } from '../_shared/dutch.ts';
import { bearerToken, corsHeaders, json, objectBody, verifiedClaims } from '../_shared/http.ts';
import { createMollie, type MolliePayment, toCents, toMollieValue } from '../_shared/mollie.ts';
import { callerClient, serviceClient, siteUrl } from '../_shared/supabase.ts';

const notFound = () => json(404, { error: 'Boeking niet gevonden.' });
/** What the checkout offers; Mollie's page then opens on that method. */
const paymentMethods = ['ideal', 'bancontact', 'creditcard'];
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface BookingRow {
  id: string;
  customer_id: string;
  artist_id: string;
  status: string;
  total_cents: number;
  starts_at: string;
  artists: { name: string } | null;
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Alleen POST is toegestaan.' });
  const token = bearerToken(req);
  const userId = token ? verifiedClaims(token)?.sub : undefined;
  if (!token || typeof userId !== 'string' || verifiedClaims(token)?.role !== 'authenticated') {
    return json(401, { error: 'Je bent niet ingelogd.' });
  }
  const body = (await objectBody(req)) as { bookingId?: unknown; method?: unknown };
  if (typeof body.bookingId !== 'string' || !uuid.test(body.bookingId)) return json(400, { error: 'Geef een geldige boeking op.' });
  if (body.method !== undefined && !paymentMethods.includes(body.method as string)) {
    return json(400, { error: 'Kies iDEAL, Bancontact of creditcard.' });
  }
  const method = body.method as string | undefined;

  // Read as the caller: RLS shows the booking only to its customer, artist and admins; only
  // the customer pays.
  const { data: booking, error } = await callerClient(token)
    .from('bookings')
    .select('id, customer_id, artist_id, status, total_cents, starts_at, artists(name)')
    .eq('id', body.bookingId)
    .maybeSingle<BookingRow>();
  if (error) {
    console.error('reading the booking failed', error.code, error.message);
    return json(error.code === 'PGRST301' ? 401 : 500, { error: 'De boeking kon niet worden geladen.' });
  }
  if (!booking || booking.customer_id !== userId) return notFound();
  if (booking.status !== 'accepted') {
    return json(409, { error: 'Deze boeking kan niet (meer) worden betaald: alleen een geaccepteerde boeking wacht op betaling.' });
  }
  if (booking.total_cents <= 0) return json(409, { error: 'Er valt voor deze boeking niets te betalen.' });

  const service = serviceClient();
  // A removed or suspended act is not paid (is_active_artist); the booking waits for Podium.
  const { data: active, error: activeError } = await service.rpc('is_active_artist', { artist: booking.artist_id });
  if (activeError) {
    console.error('is_active_artist failed', activeError.code, activeError.message);
    return json(500, { error: 'De boeking kon niet worden geladen.' });
  }
  if (active !== true) {
    return json(409, { error: 'Deze artiest is niet meer actief op Podium. Je betaalt niets; neem contact met ons op als je vragen hebt.' });
  }
  const mollie = createMollie();
  try {
    const reused = await reuseOpenPayment(service, mollie, booking);
    if (reused) return reused;

    const site = siteUrl();
    const date = dutchDateOfMoment(booking.starts_at);
    const payment = await mollie.createPayment({
      amount: { currency: 'EUR', value: toMollieValue(booking.total_cents) },
      description: `Podium boeking ${booking.artists?.name ?? booking.id.slice(0, 8)} op ${date}`.slice(0, 255),
      redirectUrl: `${site}/checkout/success?booking=${booking.id}`,
      cancelUrl: `${site}/booking/${booking.id}/checkout`,
      webhookUrl: `${Deno.env.get('SUPABASE_URL')!.replace(/\/$/, '')}/functions/v1/payment-webhook`,
      metadata: { bookingId: booking.id },
      locale: 'nl_NL',
      ...(method ? { method } : {}),
    });
    const { error: recordError } = await recordPayment(service, booking.id, payment);
    if (recordError?.code === '23505') {
      // A concurrent call (a double click) recorded its open payment first: hand out that one
      // and cancel ours, so the customer can only ever pay once.
      await mollie.cancelPayment(payment.id).catch((error) => console.error(`cancelling ${payment.id} failed`, error));
      const winner = await reuseOpenPayment(service, mollie, booking);
      if (winner) return winner;
    }
    if (recordError) throw new Error(`record_booking_payment: ${recordError.message}`);
    const checkoutUrl = payment._links.checkout?.href;
    if (!checkoutUrl) throw new Error(`Mollie payment ${payment.id} has no checkout link`);
    const { error: linkError } = await service.from('payments').update({ checkout_url: checkoutUrl }).eq('provider_payment_id', payment.id);
    if (linkError) console.error('storing the checkout url failed', linkError.message);
    return json(200, { checkoutUrl, paymentId: payment.id });
  } catch (failure) {
    console.error('create-payment failed', failure);
    return json(502, { error: 'De betaling kon niet worden gestart. Probeer het zo opnieuw.' });
  }
});

type Service = ReturnType<typeof serviceClient>;

/** The booking's open payment of this amount, if Mollie still has it open; other states are recorded. */
async function reuseOpenPayment(service: Service, mollie: ReturnType<typeof createMollie>, booking: BookingRow): Promise<Response | null> {
  const { data: open, error } = await service.from('payments').select('provider_payment_id').eq('booking_id', booking.id).eq('status', 'open');
  if (error) throw new Error(`reading payments: ${error.message}`);
  for (const row of open ?? []) {
    const existing = await mollie.getPayment(row.provider_payment_id as string);
    if (existing.status === 'open' && existing._links.checkout && toCents(existing.amount.value) === booking.total_cents) {
      return json(200, { checkoutUrl: existing._links.checkout.href, paymentId: existing.id });
    }
    // An open payment of another amount (BANDS applied since) is cancelled at Mollie first.
    const current = existing.status === 'open' ? await mollie.cancelPayment(existing.id) : existing;
    const { error: recordError } = await recordPayment(service, booking.id, current);
    if (recordError) throw new Error(`record_booking_payment: ${recordError.message}`);
    // Paid after all (the webhook has not arrived yet): recording it confirmed the booking.
    if (current.status === 'paid') return json(409, { error: 'Deze boeking is al betaald.' });
  }
  return null;
}

function recordPayment(service: Service, bookingId: string, payment: MolliePayment) {
  return service.rpc('record_booking_payment', {
    booking_id: bookingId,
    provider_payment_id: payment.id,
    payment_status: payment.status,
    amount_cents: toCents(payment.amount.value),
    method: payment.method,
  });
}

// POST /functions/v1/payment-webhook (verify_jwt = false): Mollie calls it with `id=tr_…`
// (form-encoded) whenever a payment changes. Nothing in the call is trusted: the payment is
// fetched again from Mollie with the server key, and only what Mollie answers is recorded
// (record_booking_payment confirms the booking when it is paid; the referral bonus comes with
// that transition). Replays record the same state again and change nothing.
// Answers: 200 when handled (also for an id Mollie does not know, so nothing leaks to a
// caller guessing ids), 500 when Mollie or the database cannot be reached, so Mollie retries.
import { createMollie, MollieApiError, type MolliePayment, toCents } from '../_shared/mollie.ts';
import { serviceClient } from '../_shared/supabase.ts';

const ok = () => new Response(null, { status: 200 });
const retry = () => new Response(null, { status: 500 });

Deno.serve(async (req) => {
  if (req.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
  const form = new URLSearchParams(await req.text().catch(() => ''));
  const id = form.get('id') ?? '';
  if (!/^tr_[A-Za-z0-9]+$/.test(id)) {
    console.warn('call without a payment id');
    return new Response(null, { status: 400 });
  }

  let payment: MolliePayment;
  try {
    payment = await createMollie().getPayment(id);
  } catch (error) {
    if (error instanceof MollieApiError && (error.status === 404 || error.status === 410)) {
      console.warn(`Mollie does not know payment ${id}`);
      return ok();
    }
    console.error(`fetching ${id} from Mollie failed`, error);
    return retry();
  }

  const service = serviceClient();
  // The booking as we recorded it when the payment was made; Mollie's metadata (which we set)
  // only when the row is missing.
  const { data: row, error: readError } = await service.from('payments').select('booking_id').eq('provider_payment_id', payment.id).maybeSingle<{ booking_id: string }>();
  if (readError) {
    console.error('reading payments failed', readError.message);
    return retry();
  }
  const metadata = payment.metadata as { bookingId?: unknown } | null;
  const bookingId = row?.booking_id ?? (typeof metadata?.bookingId === 'string' ? metadata.bookingId : null);
  if (!bookingId) {
    console.warn(`payment ${payment.id} belongs to no booking`);
    return ok();
  }

  const { error } = await service.rpc('record_booking_payment', {
    booking_id: bookingId,
    provider_payment_id: payment.id,
    payment_status: payment.status,
    amount_cents: toCents(payment.amount.value),
    method: payment.method,
  });
  if (error) {
    // Not found or a wrong amount will not get better by retrying: log it for a person.
    if (error.code === 'P0001' || error.code === 'P0002' || error.code === '22P02') {
      console.error(`payment ${payment.id} not recorded: ${error.message}`);
      return ok();
    }
    console.error(`recording ${payment.id} failed`, error.code, error.message);
    return retry();
  }

  if (payment.amountRefunded) {
    const { error: refundError } = await service.rpc('record_payment_refund', {
      provider_payment_id: payment.id,
      refunded_cents: toCents(payment.amountRefunded.value),
    });
    if (refundError) {
      console.error(`recording the refund of ${payment.id} failed`, refundError.message);
      return retry();
    }
  }
  console.log(`${payment.id} for booking ${bookingId} is ${payment.status}`);
  return ok();
});

// POST /functions/v1/payment-webhook (verify_jwt = false): Mollie calls it with `id=tr_…`
// (form-encoded) whenever a payment changes. Nothing in the call is trusted: the payment is
// fetched again from Mollie with the server key, and only what Mollie answers is recorded
// (record_booking_payment confirms the booking when it is paid; the referral bonus comes with
// that transition). Replays record the same state again and change nothing. A payment that was
// charged back (amountChargedBack) has its chargebacks fetched from Mollie too, each recorded once
// by record_chargeback (which holds the payout, takes back the referral bonus and mails the team).
// Answers: 200 when handled (also for an id Mollie does not know, so nothing leaks to a
// caller guessing ids), 500 when Mollie or the database cannot be reached, so Mollie retries.
import { createMollie, MollieApiError, type MollieChargeback, type MolliePayment, toCents } from '../_shared/mollie.ts';
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

  const mollie = createMollie();
  let payment: MolliePayment;
  try {
    payment = await mollie.getPayment(id);
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
  if (payment.amountChargedBack || payment._links.chargebacks) {
    let chargebacks: MollieChargeback[];
    try {
      chargebacks = await mollie.listChargebacks(payment.id);
    } catch (error) {
      console.error(`fetching the chargebacks of ${payment.id} from Mollie failed`, error);
      return retry();
    }
    for (const chargeback of chargebacks) {
      const { error: chargebackError } = await service.rpc('record_chargeback', {
        provider_chargeback_id: chargeback.id,
        provider_payment_id: payment.id,
        amount_cents: toCents(chargeback.amount.value),
        reason_code: chargeback.reason?.code ?? null,
        reason: chargeback.reason?.description ?? null,
        charged_back_at: chargeback.createdAt,
        reversed_at: chargeback.reversedAt ?? null,
      });
      if (chargebackError) {
        // An amount above the payment or an unknown payment will not get better by retrying.
        if (chargebackError.code === 'P0001' || chargebackError.code === 'P0002' || chargebackError.code === '22023') {
          console.error(`chargeback ${chargeback.id} of ${payment.id} not recorded: ${chargebackError.message}`);
          continue;
        }
        console.error(`recording chargeback ${chargeback.id} of ${payment.id} failed`, chargebackError.code, chargebackError.message);
        return retry();
      }
    }
  }
  console.log(`${payment.id} for booking ${bookingId} is ${payment.status}`);
  return ok();
});

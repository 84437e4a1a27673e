// POST /functions/v1/process-refunds with the service key (pg_cron + pg_net every minute on
// hosted Supabase, the stack's scheduler locally): creates at Mollie the refunds waiting in
// private.refund_requests (written by the database when a paid booking is cancelled, with the
// amount of the refund policy) and answers { refunded, failed, skipped }. With { "booking_id": … }
// it handles that booking's requests only.
// Each request is refunded at most once: claim_payment_refunds hands a row to one caller only
// (for update skip locked, with a lease); the Mollie call carries an Idempotency-Key; and before
// creating, the payment's refunds are read, so a refund that was made by an earlier attempt whose
// answer got lost (metadata.refundRequestId) is recorded instead of made again. A failed call is
// retried later with back-off (finish_payment_refund). Mollie then calls payment-webhook, which
// records the refunded amount on the payments row.
import { bearerToken, json, objectBody, onlyBookingOf, verifiedClaims } from '../_shared/http.ts';
import { createMollie, toCents, toMollieValue } from '../_shared/mollie.ts';
import { serviceClient } from '../_shared/supabase.ts';

interface Claimed {
  id: number;
  booking_id: string;
  provider_payment_id: string;
  amount_cents: number;
  currency: string;
  attempts: number;
}

const batchSize = 10;
// Stop claiming after this, so a long queue is spread over runs instead of timing out.
const budgetMs = 40_000;

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json(405, { error: 'Alleen POST is toegestaan.' });
  const token = bearerToken(req);
  if (!token || verifiedClaims(token)?.role !== 'service_role') return json(403, { error: 'Alleen de server mag terugbetalingen uitvoeren.' });

  const onlyBooking = onlyBookingOf(await objectBody(req));
  if (onlyBooking instanceof Response) return onlyBooking;

  const service = serviceClient();
  const mollie = createMollie();
  const started = Date.now();
  let refunded = 0;
  let failed = 0;
  let skipped = 0;

  /** 'refunded' (made now or found made), 'skipped' (nothing left to refund at Mollie). */
  async function refund(request: Claimed): Promise<{ outcome: 'refunded' | 'skipped'; refundId: string | null }> {
    const requestId = String(request.id);
    const existing = (await mollie.listRefunds(request.provider_payment_id)).find((refund) => {
      const metadata = refund.metadata as { refundRequestId?: unknown } | null;
      return metadata?.refundRequestId === requestId && refund.status !== 'failed' && refund.status !== 'canceled';
    });
    if (existing) return { outcome: 'refunded', refundId: existing.id };

    const payment = await mollie.getPayment(request.provider_payment_id);
    if (payment.status !== 'paid') throw new Error(`Betaling ${payment.id} heeft status ${payment.status}, niet paid.`);
    const remaining = payment.amountRemaining ? toCents(payment.amountRemaining.value) : toCents(payment.amount.value) - (payment.amountRefunded ? toCents(payment.amountRefunded.value) : 0);
    // Refunded meanwhile in Mollie's dashboard: never more than what is left.
    const amount = Math.min(request.amount_cents, remaining);
    if (amount <= 0) return { outcome: 'skipped', refundId: null };
    const created = await mollie.createRefund(
      request.provider_payment_id,
      {
        amount: { currency: request.currency, value: toMollieValue(amount) },
        description: `Terugbetaling Podium boeking ${request.booking_id.slice(0, 8)}`,
        metadata: { refundRequestId: requestId, bookingId: request.booking_id },
      },
      `podium-refund-${requestId}`,
    );
    return { outcome: 'refunded', refundId: created.id };
  }

  while (Date.now() - started < budgetMs) {
    const { data, error } = await service.rpc('claim_payment_refunds', { batch_size: batchSize, only_booking: onlyBooking });
    if (error) {
      console.error('claim_payment_refunds failed', error.code, error.message);
      return json(500, { error: 'De terugbetalingen konden niet worden opgehaald.', refunded, failed, skipped });
    }
    const batch = (data ?? []) as Claimed[];
    for (const request of batch) {
      let failure: string | null = null;
      let refundId: string | null = null;
      try {
        const result = await refund(request);
        refundId = result.refundId;
        if (result.outcome === 'skipped') {
          console.warn(`refund request ${request.id}: nothing left to refund on ${request.provider_payment_id}`);
          skipped += 1;
        } else {
          console.log(`refund request ${request.id}: ${refundId} on ${request.provider_payment_id}`);
          refunded += 1;
        }
      } catch (refundError) {
        failure = refundError instanceof Error ? refundError.message : String(refundError);
        console.error(`refund request ${request.id} failed (attempt ${request.attempts}): ${failure}`);
        failed += 1;
      }
      const { error: finishError } = await service.rpc('finish_payment_refund', {
        refund_request_id: request.id,
        provider_refund_id: refundId,
        failure,
      });
      if (finishError) console.error(`finishing refund request ${request.id} failed`, finishError.message);
    }
    if (batch.length < batchSize) break;
  }
  return json(200, { refunded, failed, skipped });
});

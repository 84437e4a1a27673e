// POST /functions/v1/process-payouts with the service key (every 5 minutes: pg_cron + pg_net on
// hosted Supabase, the stack's scheduler locally): pays the released payouts (claim_due_payouts)
// to the acts' Mollie organizations and answers { paid, waiting, failed } (with { "timings": true },
// also routeMs: how long each route call at Mollie took, for the bench; with { "booking_id": … },
// that booking's payout only).
// For each payout: the act must have a connected organization whose onboarding Mollie reports
// 'completed' (read again when it was not), else it waits ('wacht op koppeling'). The share goes
// out as a route on the booking's payment, and what the payment cannot carry (BANDS paid part of
// the price) as a balance transfer from Podium's organization. Never paid twice: a payout is
// claimed by one run at a time (for update skip locked, with a lease), each Mollie call carries an
// Idempotency-Key of the booking, a part already recorded is not made again, and finish_payout
// does nothing to a paid payout. A failure is tried again with back-off.
import { bearerToken, json, objectBody, onlyBookingOf, verifiedClaims } from '../_shared/http.ts';
import { createMollie, MollieApiError, toMollieValue } from '../_shared/mollie.ts';
import { connectConfig, ConnectRefused, refreshConnection } from '../_shared/mollie-connect.ts';
import { serviceClient } from '../_shared/supabase.ts';

interface Claimed {
  booking_id: string;
  artist_id: string;
  amount_cents: number;
  attempts: number;
  organization_id: string | null;
  onboarding_status: string | null;
  mollie_payment_id: string | null;
  payment_routable_cents: number;
  route_cents: number;
  transfer_cents: number;
  mollie_route_id: string | null;
  mollie_transfer_id: string | null;
  description: string;
}

const batchSize = 20;
// Payouts of a batch in flight at once (Mollie's API takes this easily; the database pool too).
const lanes = 4;
// Stop claiming after this, so a long queue is spread over runs instead of timing out.
const budgetMs = 40_000;

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json(405, { error: 'Alleen POST is toegestaan.' });
  const token = bearerToken(req);
  if (!token || verifiedClaims(token)?.role !== 'service_role') return json(403, { error: 'Alleen de server mag uitbetalen.' });
  const platform = Deno.env.get('MOLLIE_PLATFORM_ORGANIZATION_ID')?.trim();
  const config = connectConfig();
  if (!platform || !config || !Deno.env.get('MOLLIE_ORGANIZATION_ACCESS_TOKEN')) {
    console.error('process-payouts: MOLLIE_PLATFORM_ORGANIZATION_ID, MOLLIE_ORGANIZATION_ACCESS_TOKEN or the Mollie Connect app is not set');
    return json(503, { error: 'Uitbetalen is niet ingesteld.' });
  }

  const db = serviceClient();
  const mollie = createMollie();
  // Balance transfers move the organization's money: Mollie takes them with its access token only.
  const organization = createMollie({ name: 'MOLLIE_ORGANIZATION_ACCESS_TOKEN' });
  const started = Date.now();
  const counts = { paid: 0, waiting: 0, failed: 0 };
  // How long each route call at Mollie took, answered when the caller asks ({ "timings": true }: the bench).
  const routeMs: number[] = [];
  const body = await objectBody(req);
  const timings = body.timings === true;
  // { "booking_id": … } pays that booking's payout only; without it every due payout.
  const onlyBooking = onlyBookingOf(body);
  if (onlyBooking instanceof Response) return onlyBooking;

  const finish = async (payout: Claimed, outcome: 'paid' | 'awaiting_connection' | 'failed', parts: Record<string, unknown> = {}) => {
    const { error } = await db.rpc('finish_payout', { booking_id: payout.booking_id, outcome, ...parts });
    if (error) console.error(`process-payouts: finishing ${payout.booking_id} failed`, error.code, error.message);
  };

  /** The organization to pay, when Mollie says it can receive money; refreshed from Mollie when it could not yet. */
  const organizationOf = async (payout: Claimed): Promise<string | null> => {
    if (payout.organization_id && payout.onboarding_status === 'completed') return payout.organization_id;
    if (!payout.organization_id) return null;
    const connection = await refreshConnection(db, config, payout.artist_id);
    return connection?.onboardingStatus === 'completed' ? connection.organizationId : null;
  };

  const pay = async (payout: Claimed) => {
    const organizationId = await organizationOf(payout).catch((error) => {
      if (error instanceof ConnectRefused) return null;
      throw error;
    });
    if (!organizationId) {
      await finish(payout, 'awaiting_connection');
      counts.waiting += 1;
      return;
    }
    // The payment carries what it still holds; Podium's balance the rest (a BANDS-paid part). A
    // part that already went out (an earlier attempt) counts as it went, whatever the payment
    // holds now, so the retry makes only the rest.
    const routeCents = payout.mollie_route_id
      ? payout.route_cents
      : payout.mollie_transfer_id
        ? payout.amount_cents - payout.transfer_cents
        : payout.mollie_payment_id
          ? Math.min(payout.amount_cents, Math.max(payout.payment_routable_cents, 0))
          : 0;
    const transferCents = payout.amount_cents - routeCents;
    let routeId = payout.mollie_route_id;
    let transferId = payout.mollie_transfer_id;
    try {
      if (routeCents > 0 && !routeId) {
        const began = performance.now();
        const route = await mollie.createRoute(
          payout.mollie_payment_id!,
          { amount: { currency: 'EUR', value: toMollieValue(routeCents) }, description: payout.description, destination: { type: 'organization', organizationId } },
          `podium-payout-route-${payout.booking_id}`,
        );
        routeMs.push(performance.now() - began);
        routeId = route.id;
      }
      if (transferCents > 0 && !transferId) {
        const transfer = await organization.createBalanceTransfer(
          {
            amount: { currency: 'EUR', value: toMollieValue(transferCents) },
            description: payout.description,
            source: { type: 'organization', id: platform },
            destination: { type: 'organization', id: organizationId },
            category: 'manual_correction',
          },
          `podium-payout-transfer-${payout.booking_id}`,
        );
        transferId = transfer.id;
      }
    } catch (error) {
      const failure = error instanceof MollieApiError || error instanceof Error ? error.message : String(error);
      console.error(`process-payouts: ${payout.booking_id} failed: ${failure}`);
      // What went out stays recorded, so a retry makes only the part that is missing.
      await finish(payout, 'failed', {
        organization_id: organizationId,
        mollie_payment_id: payout.mollie_payment_id,
        route_id: routeId,
        route_cents: routeId ? routeCents : 0,
        transfer_id: transferId,
        transfer_cents: transferId ? transferCents : 0,
        failure,
      });
      counts.failed += 1;
      return;
    }
    await finish(payout, 'paid', {
      organization_id: organizationId,
      mollie_payment_id: payout.mollie_payment_id,
      route_id: routeId,
      route_cents: routeCents,
      transfer_id: transferId,
      transfer_cents: transferCents,
    });
    counts.paid += 1;
  };

  while (Date.now() - started < budgetMs) {
    const { data, error } = await db.rpc('claim_due_payouts', { batch_size: batchSize, only_booking: onlyBooking });
    if (error) {
      console.error('process-payouts: claim_due_payouts failed', error.code, error.message);
      return json(500, { error: 'De uitbetalingen konden niet worden opgehaald.', ...counts });
    }
    const claimed = (data ?? []) as Claimed[];
    if (claimed.length === 0) break;
    // A few at a time: each payout is its own claimed row with its own Idempotency-Keys, so they
    // cannot meet, and the run waits on Mollie's answers rather than on one after another.
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const payout = claimed[next++]!;
        try {
          await pay(payout);
        } catch (error) {
          console.error(`process-payouts: ${payout.booking_id}:`, error instanceof Error ? error.message : String(error));
          await finish(payout, 'failed', { failure: error instanceof Error ? error.message : String(error) });
          counts.failed += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(lanes, claimed.length) }, lane));
    if (claimed.length < batchSize) break;
  }
  return json(200, timings ? { ...counts, routeMs: routeMs.map((ms) => Math.round(ms * 10) / 10) } : counts);
});

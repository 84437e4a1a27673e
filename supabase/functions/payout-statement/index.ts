// POST /functions/v1/payout-statement { month: 'YYYY-MM' } with the artist's access token: the
// monthly payout statement (uitbetalingsspecificatie) of the caller's own acts as a PDF download
// (application/pdf, 'Podium-uitbetalingsspecificatie-2026-12.pdf'): each payout Mollie carried out
// in that month (Amsterdam time) with its booking, its route or transfer id and the total.
// Errors are { error } in Dutch: 400 bad month, 401 not signed in, 403 no act, 404 nothing paid
// in that month.
import { bearerToken, corsHeaders, json, objectBody, verifiedClaims } from '../_shared/http.ts';
import { renderPayoutStatementPdf } from '../_shared/payout-statement-pdf.ts';
import { amsterdamMonthOf, parseStatementMonth, statementFileName, statementMessages, statementSearchRange, type StatementPayout } from '../_shared/payout-statement.ts';
import { serviceClient } from '../_shared/supabase.ts';

interface PayoutRow {
  booking_id: string;
  artist_id: string;
  amount_cents: number;
  route_cents: number;
  transfer_cents: number;
  mollie_route_id: string | null;
  mollie_transfer_id: string | null;
  paid_at: string;
  booking: { starts_at: string; event_type: string } | null;
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Alleen POST is toegestaan.' });
  const token = bearerToken(req);
  const claims = token ? verifiedClaims(token) : null;
  if (claims?.role !== 'authenticated' || typeof claims.sub !== 'string') return json(401, { error: 'Je bent niet ingelogd.' });
  const { month } = await objectBody(req);
  if (!parseStatementMonth(month)) return json(400, { error: statementMessages.badMonth });
  const chosen = month as string;

  // The caller's own acts (also one they removed: what it was paid stays theirs).
  const db = serviceClient();
  const { data: acts, error: actsError } = await db.from('artists').select('id, name').eq('profile_id', claims.sub);
  if (actsError) return failed('reading the acts', actsError);
  if (!acts?.length) return json(403, { error: statementMessages.noAct });
  const names = new Map(acts.map((act) => [act.id as string, act.name as string]));

  const range = statementSearchRange(chosen);
  const { data: rows, error: payoutsError } = await db
    .from('payouts')
    .select('booking_id, artist_id, amount_cents, route_cents, transfer_cents, mollie_route_id, mollie_transfer_id, paid_at, booking:bookings(starts_at, event_type)')
    .in('artist_id', [...names.keys()])
    .eq('status', 'paid')
    .gte('paid_at', range.from)
    .lt('paid_at', range.to)
    .order('paid_at')
    .order('booking_id')
    .returns<PayoutRow[]>();
  if (payoutsError) return failed('reading the payouts', payoutsError);
  const payouts: StatementPayout[] = (rows ?? [])
    .filter((row) => amsterdamMonthOf(row.paid_at) === chosen)
    .map((row) => ({
      bookingId: row.booking_id,
      artistName: names.get(row.artist_id) ?? '',
      paidAt: row.paid_at,
      startsAt: row.booking?.starts_at ?? row.paid_at,
      eventType: row.booking?.event_type ?? '',
      amountCents: row.amount_cents,
      routeCents: row.route_cents,
      transferCents: row.transfer_cents,
      routeId: row.mollie_route_id,
      transferId: row.mollie_transfer_id,
    }));
  if (payouts.length === 0) return json(404, { error: statementMessages.empty(chosen) });

  const [{ data: owner, error: ownerError }, { data: connection, error: connectionError }] = await Promise.all([
    db.from('profiles').select('first_name, last_name, email').eq('id', claims.sub).single(),
    db
      .from('mollie_connections')
      .select('organization_id, organization_name')
      .in('artist_id', [...names.keys()])
      .order('connected_at')
      .limit(1)
      .maybeSingle(),
  ]);
  if (ownerError) return failed('reading the profile', ownerError);
  if (connectionError) return failed('reading the connection', connectionError);

  const pdf = await renderPayoutStatementPdf({
    month: chosen,
    issuedAt: new Date().toISOString(),
    owner: { name: `${owner.first_name ?? ''} ${owner.last_name ?? ''}`.trim() || [...names.values()][0]!, email: owner.email ?? '' },
    organization: connection ? { id: connection.organization_id, name: connection.organization_name } : null,
    payouts,
  });
  return new Response(new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), {
    status: 200,
    headers: {
      ...corsHeaders,
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${statementFileName(chosen)}"`,
      'cache-control': 'private, no-store',
      'access-control-expose-headers': 'content-disposition',
    },
  });
});

function failed(what: string, error: { code?: string; message: string }): Response {
  console.error(`payout-statement: ${what} failed`, error.code, error.message);
  return json(500, { error: statementMessages.failed });
}

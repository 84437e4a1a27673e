// 'Uitbetalingen', the data: each paid gig of the artist's acts with what its payout is doing
// (public.payouts, booking_checkins and booking_cases, which the act's owner reads under RLS), the
// organization's balance as Mollie reports it (mollie-connect { action: 'balance' }), and the
// monthly statement PDF (payout-statement), and the act's Mollie Connect link that the payouts go to.
import { amsterdamDate, dutchDateOfMoment, dutchDateTime, dutchMonthYear } from '@podium/shared/dutch';
import { functionErrorMessage } from '@podium/shared/function-error';
import { mollieConnectMessages, type MollieBalance, type MollieConnection, type MollieVerdict, type OnboardingStatus } from '@podium/shared/mollie-connect';
import { queryKeys } from '@podium/shared/query-keys';
import { statementFileName } from '../../../supabase/functions/_shared/payout-statement.ts';
import { portalClient } from '../app/client.ts';
import { env, mollieConnectApp } from '../env.ts';

export type PayoutStatus = 'checkin' | 'held' | 'due' | 'awaiting_connection' | 'paid' | 'failed' | 'refunded';

export interface PayoutGig {
  id: string;
  status: string;
  starts_at: string;
  event_type: string;
  price_cents: number;
  artist: { id: string; name: string } | null;
  customer: { first_name: string; last_name: string } | null;
  package: { name: string } | null;
  payout: { status: PayoutStatus; amount_cents: number; paid_at: string | null; mollie_route_id: string | null; mollie_transfer_id: string | null } | null;
  checkin: { closes_at: string; answer: string | null; released_at: string | null } | null;
  case: { reason: string; status: string } | null;
}

export const payoutGigsKey = [...queryKeys.artistBookings, 'payouts'] as const;
export const balanceKey = (actId: string) => ['mollie-balance', actId] as const;

/** PostgREST embeds a one-to-one table as an object, or as a list when it cannot tell. */
const one = <T>(value: T | T[] | null | undefined): T | null => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null));

/**
 * The gigs with money on its way to the artist or paid: every booking with a payout, and the paid
 * (confirmed) ones still to be played. Newest gig first.
 */
export async function fetchPayoutGigs(): Promise<PayoutGig[]> {
  const supabase = await portalClient();
  const { data: auth } = await supabase.auth.getUser();
  if (!auth.user) return [];
  const { data, error } = await supabase
    .from('bookings')
    .select(
      'id, status, starts_at, event_type, price_cents, artist:artists!inner(id, name, profile_id), customer:profile_names!bookings_customer_profile_names_fkey(first_name, last_name), package:artist_packages(name), payout:payouts(status, amount_cents, paid_at, mollie_route_id, mollie_transfer_id), checkin:booking_checkins(closes_at, answer, released_at), case:booking_cases(reason, status)',
    )
    .eq('artist.profile_id', auth.user.id)
    .in('status', ['confirmed', 'completed', 'cancelled'])
    .order('starts_at', { ascending: false })
    .limit(500);
  if (error) throw error;
  return (data as unknown as PayoutGig[])
    .map((gig) => ({ ...gig, payout: one(gig.payout), checkin: one(gig.checkin), case: one(gig.case) }))
    .filter((gig) => gig.payout !== null || gig.status === 'confirmed');
}

/** What the artist hears of a reported problem that holds their payout. */
export const heldReasons: Record<string, string> = {
  no_show: 'de klant meldt dat je niet bent komen opdagen',
  late: 'de klant meldt dat je te laat was',
  shorter: 'de klant meldt dat het optreden korter was dan afgesproken',
  different: 'de klant meldt dat het optreden anders was dan afgesproken',
  other: 'de klant heeft een probleem gemeld',
};

export type PayoutTone = 'waiting' | 'checking' | 'moving' | 'paid' | 'held' | 'connect' | 'refunded';

/** The payout's state in the artist's words, and its tone (the badge's colour). */
export function payoutState(gig: Pick<PayoutGig, 'payout' | 'checkin' | 'case'>): { label: string; tone: PayoutTone } {
  const { payout } = gig;
  if (!payout) return { label: 'wacht op optreden', tone: 'waiting' };
  switch (payout.status) {
    case 'checkin':
      return { label: gig.checkin ? `controleperiode tot ${dutchDateTime(gig.checkin.closes_at)}` : 'controleperiode', tone: 'checking' };
    case 'held':
      return { label: `vastgehouden: ${(gig.case && heldReasons[gig.case.reason]) ?? 'Podium onderzoekt de betaling'}`, tone: 'held' };
    case 'due':
    case 'failed':
      return { label: 'onderweg', tone: 'moving' };
    case 'paid':
      return { label: payout.paid_at ? `uitbetaald op ${dutchDateOfMoment(payout.paid_at)}` : 'uitbetaald', tone: 'paid' };
    case 'awaiting_connection':
      return { label: 'wacht op koppeling', tone: 'connect' };
    case 'refunded':
      return { label: 'terugbetaald aan de klant', tone: 'refunded' };
  }
}

export const payoutTonePalettes: Record<PayoutTone, string> = {
  waiting: 'gray',
  checking: 'blue',
  moving: 'purple',
  paid: 'green',
  held: 'red',
  connect: 'orange',
  refunded: 'gray',
};

/** The amount of a gig: its payout's, or (before the gig) the booking's price. */
export const gigAmountCents = (gig: Pick<PayoutGig, 'payout' | 'price_cents'>) => gig.payout?.amount_cents ?? gig.price_cents;

/** The sums at the top of the page: paid out, and on its way (everything not paid, held or refunded). */
export function payoutTotals(gigs: readonly PayoutGig[]): { paidCents: number; comingCents: number; heldCents: number } {
  let paidCents = 0;
  let comingCents = 0;
  let heldCents = 0;
  for (const gig of gigs) {
    const status = gig.payout?.status;
    if (status === 'paid') paidCents += gig.payout!.amount_cents;
    else if (status === 'held') heldCents += gig.payout!.amount_cents;
    else if (status !== 'refunded' && (status !== undefined || gig.status === 'confirmed')) comingCents += gigAmountCents(gig);
  }
  return { paidCents, comingCents, heldCents };
}

/** The months ('YYYY-MM', Amsterdam) with a paid payout, newest first: one statement each. */
export function statementMonths(gigs: readonly PayoutGig[]): { month: string; label: string; totalCents: number }[] {
  const totals = new Map<string, number>();
  for (const gig of gigs) {
    if (gig.payout?.status !== 'paid' || !gig.payout.paid_at) continue;
    const { year, month: number } = amsterdamDate(new Date(gig.payout.paid_at));
    const month = `${year}-${String(number).padStart(2, '0')}`;
    totals.set(month, (totals.get(month) ?? 0) + gig.payout.amount_cents);
  }
  return [...totals.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([month, totalCents]) => ({ month, label: dutchMonthYear(Number(month.slice(0, 4)), Number(month.slice(5, 7))), totalCents }));
}

export const customerName = (gig: PayoutGig) => (gig.customer ? `${gig.customer.first_name} ${gig.customer.last_name}`.trim() || 'Een klant' : 'Een klant');

/** The organization's primary balance at Mollie; null when no Mollie account is connected. */
export async function fetchBalance(): Promise<MollieBalance | null> {
  const supabase = await portalClient();
  const { data, error } = await supabase.functions.invoke<{ balance?: MollieBalance }>('mollie-connect', { body: { action: 'balance' } });
  if (data?.balance) return data.balance;
  const status = (error as { context?: Response } | null)?.context?.status;
  if (status === 404) return null;
  throw new Error((await functionErrorMessage(error)) ?? 'Je saldo bij Mollie kon niet worden geladen.');
}

export const statementMessages = {
  signedOut: 'Log opnieuw in om je uitbetalingsspecificatie te downloaden.',
  offline: 'De uitbetalingsspecificatie kon niet worden gedownload. Controleer je verbinding en probeer het opnieuw.',
  failed: 'De uitbetalingsspecificatie kon niet worden gedownload. Probeer het later opnieuw.',
} as const;

/** Downloads a month's statement PDF; answers null, or the Dutch reason it could not. */
export async function downloadStatement(month: string): Promise<string | null> {
  const supabase = await portalClient();
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) return statementMessages.signedOut;
  let response: Response;
  try {
    response = await fetch(`${env.supabaseUrl}/functions/v1/payout-statement`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, apikey: env.supabaseAnonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ month }),
    });
  } catch {
    return statementMessages.offline;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    return body?.error ?? statementMessages.failed;
  }
  const url = URL.createObjectURL(await response.blob());
  Object.assign(document.createElement('a'), { href: url, download: statementFileName(month) }).click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return null;
}

// Mollie Connect: the act's link to its own Mollie organization, which its payouts go to.
export const connectionKey = (actId: string) => ['mollie-connection', actId] as const;

/** The act's connection as stored (public.mollie_connections, the owner's under RLS); null when none. */
export async function fetchConnection(actId: string): Promise<MollieConnection | null> {
  const supabase = await portalClient();
  const { data, error } = await supabase
    .from('mollie_connections')
    .select('organization_id, organization_name, onboarding_status, onboarding_url, can_receive_settlements')
    .eq('artist_id', actId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) return null;
  return {
    organizationId: data.organization_id,
    organizationName: data.organization_name,
    onboardingStatus: data.onboarding_status as OnboardingStatus,
    onboardingUrl: data.onboarding_url,
    canReceiveSettlements: data.can_receive_settlements,
  };
}

export async function callConnect(body: Record<string, unknown>): Promise<MollieConnection> {
  const supabase = await portalClient();
  const { data, error } = await supabase.functions.invoke<{ connection?: MollieConnection }>('mollie-connect', { body });
  if (data?.connection) return data.connection;
  throw new Error((await functionErrorMessage(error)) ?? mollieConnectMessages.failed);
}

/** Finishes the link for an answer from Mollie; any answer but a code of this tab's link fails with its Dutch message. */
export function finishConnect(verdict: MollieVerdict): Promise<MollieConnection> {
  if (verdict.kind !== 'exchange') return Promise.reject(new Error(verdict.kind === 'none' ? mollieConnectMessages.failed : mollieConnectMessages[verdict.kind]));
  return callConnect({ action: 'exchange', code: verdict.code, redirectUri: mollieConnectApp.redirectUri });
}

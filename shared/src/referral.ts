// SPEC 2.2, 4.5, 5.2, 7.2, 7.3, 8.6: referral codes. A code from ?ref= or /ref/{code} is kept
// on the device as pending; 1 s after login it is applied through the apply_referral_code RPC
// (which enforces the rules: placeholder ignored, case-insensitive match, not your own code, no
// replacing a referrer, only for a recent account, never closing a loop) and then
// cleared, whatever the outcome.
import type { SupabaseClient } from '@supabase/supabase-js';
import { leaderboardDefaultSize, pendingReferralApplyDelayMs, placeholderReferralCode } from './constants.ts';
import type { Database } from './database.types.ts';
import { messages } from './messages.ts';
import type { SessionStore } from './session.ts';
import { functionErrorMessage } from './function-error.ts';

/** Local-storage key of the pending code (our name; the spec only says "kept on the device"). */
export const pendingReferralKey = 'pendingReferralCode';

type Client = SupabaseClient<Database>;
type LocalStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A usable code, or null for blank input and the placeholder (compared case-insensitively, like the server). */
export function usableReferralCode(code: string | null | undefined): string | null {
  const trimmed = code?.trim() ?? '';
  if (trimmed === '' || trimmed.toLowerCase() === placeholderReferralCode) return null;
  return trimmed;
}

/** The code in a location: the ref query parameter on any page, or the /ref/{code} route. */
export function referralCodeFromLocation(pathname: string, search = ''): string | null {
  const fromQuery = new URLSearchParams(search).get('ref');
  if (fromQuery !== null) return usableReferralCode(fromQuery);
  const match = /^\/ref\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return usableReferralCode(decodeURIComponent(match[1]));
  } catch {
    return null;
  }
}

/** Stores the location's code as pending (a newer link replaces an older one). Returns the stored code. */
export function capturePendingReferral(storage: LocalStorageLike, pathname: string, search = ''): string | null {
  const code = referralCodeFromLocation(pathname, search);
  if (code) storage.setItem(pendingReferralKey, code);
  return code;
}

/** Stores a code typed into the signup form's 'Referral Code (optioneel)' field. */
export function storePendingReferral(storage: LocalStorageLike, code: string | null | undefined): string | null {
  const usable = usableReferralCode(code);
  if (usable) storage.setItem(pendingReferralKey, usable);
  return usable;
}

export const pendingReferral = (storage: Pick<Storage, 'getItem'>) => storage.getItem(pendingReferralKey);

/** What apply_referral_code answers; 'none' when nothing was pending, 'failed' when the call failed. */
export type ReferralOutcome = 'applied' | 'ignored' | 'already_referred' | 'unknown_code' | 'own_code' | 'too_late' | 'loop' | 'none' | 'failed';
const outcomes = new Set(['applied', 'ignored', 'already_referred', 'unknown_code', 'own_code', 'too_late', 'loop']);

/**
 * Applies the pending code for the signed-in user and clears it in every case, also when the
 * call fails: a code that cannot be applied now would fail again at every later login.
 */
export async function applyPendingReferral(client: Client, storage: LocalStorageLike): Promise<ReferralOutcome> {
  const code = usableReferralCode(storage.getItem(pendingReferralKey));
  if (!code) {
    storage.removeItem(pendingReferralKey);
    return 'none';
  }
  try {
    const { data, error } = await client.rpc('apply_referral_code', { code });
    if (error || typeof data !== 'string' || !outcomes.has(data)) return 'failed';
    return data as ReferralOutcome;
  } catch {
    return 'failed';
  } finally {
    storage.removeItem(pendingReferralKey);
  }
}

/** Applies the pending code 1 s after login; returns a cancel function (for a logout in between). */
export function schedulePendingReferral(client: Client, storage: LocalStorageLike, onDone?: (outcome: ReferralOutcome) => void): () => void {
  const timer = setTimeout(() => {
    void applyPendingReferral(client, storage).then((outcome) => onDone?.(outcome));
  }, pendingReferralApplyDelayMs);
  return () => clearTimeout(timer);
}

/**
 * Wires the rule to a session store: each time a user logs in (or arrives with a stored
 * session), a pending code is applied 1 s later; a logout in between cancels it. Covers password
 * and OAuth logins alike. Returns a function that stops watching.
 */
export function applyPendingReferralOnLogin(
  store: Pick<SessionStore, 'subscribe' | 'getSnapshot'>,
  client: Client,
  storage: LocalStorageLike,
  onDone?: (outcome: ReferralOutcome) => void,
): () => void {
  let userId: string | null = null;
  let cancel: (() => void) | undefined;
  const check = () => {
    const state = store.getSnapshot();
    const current = state.status === 'loading' ? null : (state.user?.id ?? null);
    if (current === userId) return;
    userId = current;
    cancel?.();
    cancel = current && pendingReferral(storage) ? schedulePendingReferral(client, storage, onDone) : undefined;
  };
  const unsubscribe = store.subscribe(check);
  check();
  return () => {
    unsubscribe();
    cancel?.();
  };
}

export type GenerateReferralCodeResult = { referralCode: string; error?: never } | { referralCode?: never; error: string };

/**
 * SPEC 7.3: POST /functions/v1/generate-referral-code with the user's bearer token and an empty
 * JSON body; the answer's referralCode, or the answer's error (SPEC 8.6).
 */
export async function generateReferralCode(client: Client): Promise<GenerateReferralCodeResult> {
  const { data: sessionData } = await client.auth.getSession();
  const token = sessionData.session?.access_token;
  if (!token) return { error: messages.referral.notAuthenticated };
  const { data, error } = await client.functions.invoke<{ referralCode?: string; error?: string }>('generate-referral-code', {
    method: 'POST',
    body: {},
    headers: { Authorization: `Bearer ${token}` },
  });
  if (data?.referralCode) return { referralCode: data.referralCode };
  const serverError = data?.error ?? (await functionErrorMessage(error));
  return { error: serverError ?? messages.referral.generateFailed };
}

/** A leaderboard row as the server functions answer it: rank null when the caller is not on the board. */
export interface LeaderboardRow {
  rank: number | null;
  display_name: string;
  avatar_path: string | null;
  is_current_user: boolean;
}
export interface BalanceRow extends LeaderboardRow {
  bands_balance_cents: number;
}
export interface ReferrersRow extends LeaderboardRow {
  referral_count: number;
}

/**
 * SPEC 7.2 leaderboards, through the server functions that show display names and photos only:
 * the top N, then the caller's own row when they are not among them (see splitLeaderboard).
 */
export async function topBalanceLeaderboard(client: Client, size = leaderboardDefaultSize): Promise<BalanceRow[]> {
  const { data, error } = await client.rpc('leaderboard_top_balance', { max_results: size });
  if (error) throw error;
  return data as BalanceRow[];
}

export async function topReferrersLeaderboard(client: Client, size = leaderboardDefaultSize): Promise<ReferrersRow[]> {
  const { data, error } = await client.rpc('leaderboard_top_referrers', { max_results: size });
  if (error) throw error;
  return data as ReferrersRow[];
}

/**
 * The board's top rows, and the caller's own row when the server appended it because the caller
 * is not among them (their real rank, or null when not ranked at all). `gap`: people stand between
 * the top and the caller, so the list shows a separator before the caller's row.
 */
export function splitLeaderboard<Row extends LeaderboardRow>(rows: readonly Row[], size = leaderboardDefaultSize): { top: Row[]; own: Row | null; gap: boolean } {
  const last = rows.at(-1);
  const appended = last?.is_current_user && (last.rank === null || last.rank > size) ? last : null;
  const top = appended ? rows.slice(0, -1) : [...rows];
  return { top, own: appended, gap: appended?.rank != null && appended.rank > top.length + 1 };
}

/** SPEC 7.2: the row range of a page of BANDS transactions (pages count from 1). */
export function transactionPageRange(page: number, pageSize: number): [from: number, to: number] {
  const from = (page - 1) * pageSize;
  return [from, from + pageSize - 1];
}

/** How many pages `total` transactions fill (at least one, so an empty ledger is page 1 of 1). */
export const transactionPageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * SPEC 7.2: one page of the user's transactions, newest first, by row range; with the total
 * (PostgREST's exact count of the same filter) for 'pagina 2 van 5'. Entries written in one
 * transaction share created_at: the id orders them, so no entry shows on two pages.
 */
export async function bandsTransactions(client: Client, userId: string, page: number, pageSize: number) {
  const [from, to] = transactionPageRange(page, pageSize);
  const { data, error, count } = await client
    .from('bands_transactions')
    .select('id, amount_cents, type, reason, created_at, booking_id', { count: 'exact' })
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, to);
  if (error?.code === 'PGRST103') {
    // A page past the end (PostgREST answers 416 with a count): no rows, and how many there are.
    const total = await client.from('bands_transactions').select('id', { count: 'exact', head: true }).eq('user_id', userId);
    if (total.error) throw total.error;
    return { rows: [], total: total.count ?? 0 };
  }
  if (error) throw error;
  return { rows: data, total: count ?? data.length };
}

/** SPEC 3 bands_transactions.type: the ledger's kinds of entry, with a reversal for each bonus that can be taken back. */
export const bandsTransactionTypes = ['welcome_bonus', 'referral_bonus', 'booking_redeem', 'refund', 'admin_adjustment', 'welcome_reversal', 'referral_reversal'] as const;
export type BandsTransactionType = (typeof bandsTransactionTypes)[number];

/** What each kind of entry is called on the BANDS dashboard. */
export const bandsTransactionLabels: Record<BandsTransactionType, string> = {
  welcome_bonus: 'Welkomstkorting via uitnodiging',
  referral_bonus: 'Uitnodigingsbonus',
  booking_redeem: 'Besteed aan een boeking',
  refund: 'Terug: boeking gaat niet door',
  admin_adjustment: 'Correctie door Podium',
  welcome_reversal: 'Welkomstkorting weer beschikbaar',
  referral_reversal: 'Uitnodigingsbonus teruggeboekt',
};

export const isBandsTransactionType = (value: unknown): value is BandsTransactionType => typeof value === 'string' && (bandsTransactionTypes as readonly string[]).includes(value);

/** A value's Dutch name from its table, or the fallback for a value the table does not know (yet). */
const nameIn = <Value extends string>(names: Record<Value, string>, value: string, fallback: string) => (Object.hasOwn(names, value) ? names[value as Value] : fallback);

export const bandsTransactionLabel = (type: string) => nameIn(bandsTransactionLabels, type, 'BANDS-mutatie');

/** my_referrals' bonus_status: where the bonus for one invited person stands. */
export const referralBonusStatuses = ['pending', 'paid', 'reversed', 'capped'] as const;
export type ReferralBonusStatus = (typeof referralBonusStatuses)[number];

/** One person the caller invited (my_referrals): public name and photo only, never an e-mail. */
export interface Referral {
  display_name: string;
  avatar_path: string | null;
  signed_up_at: string;
  first_booking_at: string | null;
  completed_at: string | null;
  bonus_cents: number;
  bonus_status: ReferralBonusStatus;
}

export async function myReferrals(client: Client): Promise<Referral[]> {
  const { data, error } = await client.rpc('my_referrals');
  if (error) throw error;
  return data as Referral[];
}

export const referralBonusStatusLabels: Record<ReferralBonusStatus, string> = {
  pending: 'Wacht op eerste optreden',
  paid: 'Bonus ontvangen',
  reversed: 'Bonus teruggeboekt',
  capped: 'Geen bonus',
};

export const referralBonusStatusLabel = (status: string) => nameIn(referralBonusStatusLabels, status, status);

/** The link a user shares: /ref/{code} on this site (SPEC 2.1, 4.5). */
export const referralLink = (origin: string, code: string) => `${origin.replace(/\/+$/, '')}/ref/${encodeURIComponent(code)}`;

/** The message that goes with the link (share sheet, WhatsApp), with the welcome discount when known. */
export function referralShareText(link: string, welcomeDiscount: string | null): string {
  const offer = welcomeDiscount ? `krijg je ${welcomeDiscount} korting op je boeking` : 'krijg je korting op je boeking';
  return `Boek live muziek voor je feest via Podium! Met mijn link ${offer}: ${link}`;
}

/** WhatsApp's click-to-chat link with the message filled in; the user picks whom to send it to. */
export const whatsappShareUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

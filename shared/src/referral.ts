// SPEC 2.2, 4.5, 5.2, 7.2, 7.3, 8.6: referral codes. A code from ?ref= or /ref/{code} is kept
// on the device as pending; 1 s after login it is applied through the apply_referral_code RPC
// (which enforces the rules: placeholder ignored, case-insensitive match, not your own code, no
// replacing a referrer; issue 18: only for a recent account, never closing a loop) and then
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
export function schedulePendingReferral(
  client: Client,
  storage: LocalStorageLike,
  onDone?: (outcome: ReferralOutcome) => void,
): () => void {
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


/** SPEC 7.2 leaderboards, through the server functions that show names but no e-mail or code. */
export async function topBalanceLeaderboard(client: Client, size = leaderboardDefaultSize) {
  const { data, error } = await client.rpc('leaderboard_top_balance', { max_results: size });
  if (error) throw error;
  return data;
}

export async function topReferrersLeaderboard(client: Client, size = leaderboardDefaultSize) {
  const { data, error } = await client.rpc('leaderboard_top_referrers', { max_results: size });
  if (error) throw error;
  return data;
}

/** SPEC 7.2: the row range of a page of BANDS transactions (pages count from 1). */
export function transactionPageRange(page: number, pageSize: number): [from: number, to: number] {
  const from = (page - 1) * pageSize;
  return [from, from + pageSize - 1];
}

export async function bandsTransactions(client: Client, userId: string, page: number, pageSize: number) {
  const [from, to] = transactionPageRange(page, pageSize);
  const { data, error } = await client
    .from('bands_transactions')
    .select('id, amount_cents, type, reason, created_at, booking_id')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .range(from, to);
  if (error) throw error;
  return data;
}

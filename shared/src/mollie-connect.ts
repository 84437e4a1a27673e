// Connecting an artist's Mollie account (Mollie Connect), the browser's half. The portal stores a
// random `state` and the page the artist started on before it leaves for Mollie's authorize page.
// Mollie sends the artist back to the app's one registered redirect URI, the mollie-connect
// function's /callback, which forwards Mollie's answer to the portal's /dashboard/artist/mollie;
// that page keeps the answer for this tab and returns to the page the link started on, where the
// answer is accepted only with the same state (CSRF) and its code goes to the mollie-connect
// function (with the artist's token), which holds the app secret. Both live in sessionStorage:
// one tab, one attempt. The same shape as Instagram's link (instagram-link.ts).
import { mollieCallbackUri, mollieConnectReturnPath } from '../../supabase/functions/_shared/mollie-connect-return.ts';

export { mollieCallbackUri, mollieConnectReturnPath };

/** What Podium asks of the artist's organization: read it and its onboarding (and finish that), its balance and payments. */
export const mollieConnectScope = 'organizations.read onboarding.read onboarding.write balances.read payments.read';

const stateKey = 'podium-mollie-state';
const originKey = 'podium-mollie-from';
const returnKey = 'podium-mollie-return';

/** The part of Storage used here (sessionStorage in browsers, a map in tests). */
export type StateStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type OnboardingStatus = 'needs-data' | 'in-review' | 'completed';

/** A connection as the mollie-connect function answers it (public.mollie_connections, camelCased). */
export interface MollieConnection {
  organizationId: string;
  organizationName: string;
  onboardingStatus: OnboardingStatus;
  onboardingUrl: string | null;
  canReceiveSettlements: boolean;
}

/** The organization's primary balance at Mollie, as mollie-connect { action: 'balance' } answers it. */
export interface MollieBalance {
  currency: string;
  availableCents: number;
  pendingCents: number;
}

/** What the artist sees of Mollie's onboarding status. */
export const onboardingStatusLabels: Record<OnboardingStatus, string> = {
  'needs-data': 'Vul je gegevens aan bij Mollie',
  'in-review': 'Mollie controleert je gegevens',
  completed: 'Gekoppeld, klaar om uitbetaald te worden',
};

export const mollieConnectMessages = {
  connected: (name: string) => `Je Mollie-account ${name} is gekoppeld.`,
  refreshed: 'De status is bijgewerkt.',
  refused: 'Je hebt Mollie geen toestemming gegeven, dus er is niets gekoppeld.',
  failed: 'Mollie koppelen is niet gelukt. Probeer het opnieuw.',
  forged: 'Deze koppeling met Mollie is niet door jou gestart en is genegeerd. Klik op ‘Koppel je Mollie-account’ om het opnieuw te proberen.',
} as const;

/** A state that cannot be guessed: 128 random bits. */
export function newMollieState(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  return Array.from(random(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Only a page of this portal to go back to (never another site). */
const portalPath = (path: string | null) =>
  path && /^\/(dashboard\/artist|artist-onboarding)(\/|\?|$)/.test(path) && !path.startsWith(mollieConnectReturnPath) ? path : '/dashboard/artist/profiel?stap=uitbetaling';

/**
 * The authorize link, with the state and the page to come back to (`from`, a path of the portal)
 * remembered in `storage`.
 */
export function startMollieConnect(storage: StateStorage, input: { authorizeUrl: string; clientId: string; redirectUri: string; from: string; state?: string }): string {
  const state = input.state ?? newMollieState();
  storage.setItem(stateKey, state);
  storage.setItem(originKey, portalPath(input.from));
  const url = new URL(input.authorizeUrl);
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', mollieConnectScope);
  url.searchParams.set('state', state);
  url.searchParams.set('approval_prompt', 'auto');
  return url.toString();
}

/** The return page: keeps Mollie's answer (code or error, and the state) and answers where to go on. */
export function keepMollieReturn(storage: StateStorage, params: URLSearchParams): string {
  storage.setItem(returnKey, JSON.stringify({ code: params.get('code'), state: params.get('state'), error: params.get('error') ?? (params.get('code') ? null : 'no_code') }));
  return portalPath(storage.getItem(originKey));
}

export type MollieVerdict = { kind: 'none' } | { kind: 'exchange'; code: string } | { kind: 'refused' } | { kind: 'failed' } | { kind: 'forged' };

/**
 * What the page does with a kept answer, which it takes (a reload does not use a code twice):
 * nothing when there is none; exchange the code only when the state is the one stored before
 * leaving. A refusal is only reported for the link this tab started, too.
 */
export function takeMollieReturn(storage: StateStorage): MollieVerdict {
  const raw = storage.getItem(returnKey);
  if (raw === null) return { kind: 'none' };
  const expected = storage.getItem(stateKey);
  storage.removeItem(returnKey);
  storage.removeItem(stateKey);
  storage.removeItem(originKey);
  let kept: { code?: unknown; state?: unknown; error?: unknown };
  try {
    kept = JSON.parse(raw) as typeof kept;
  } catch {
    return { kind: 'failed' };
  }
  if (!expected || typeof kept.state !== 'string' || kept.state !== expected) return { kind: 'forged' };
  if (kept.error === 'access_denied') return { kind: 'refused' };
  if (typeof kept.code === 'string' && kept.code && !kept.error) return { kind: 'exchange', code: kept.code };
  return { kind: 'failed' };
}

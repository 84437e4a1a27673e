// Linking an artist's Instagram, the browser's half, shared by the portal (which starts
// the link and finishes it) and the storefront's /auth/instagram/callback (where Instagram sends
// the artist back). The portal stores a random `state` before it leaves for Instagram; the
// callback keeps what Instagram answered and sends the artist to the listing editor; the editor
// accepts the answer only with that same state (CSRF) and hands the code to the instagram-link
// edge function, which holds the app secret. Both live in sessionStorage: one tab, one attempt.

/** Where the listing editor is, and where the callback sends the artist back to. */
export const listingEditorPath = '/dashboard/artist/profiel';
export const instagramCallbackPath = '/auth/instagram/callback';
/** The permission that gives an account's user id and username (Instagram API with Instagram Login). */
export const instagramScope = 'instagram_business_basic';

const stateKey = 'podium-instagram-state';
const returnKey = 'podium-instagram-return';

/** The part of Storage used here (sessionStorage in browsers, a map in tests). */
export type StateStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface InstagramReturn {
  code: string | null;
  state: string | null;
  error: string | null;
  errorReason: string | null;
}

export const instagramMessages = {
  linked: (handle: string) => `Instagram gekoppeld: @${handle} staat nu op je pagina.`,
  unlinked: 'Instagram ontkoppeld. Je pagina toont je Instagram niet meer.',
  refused: 'Je hebt Instagram geen toestemming gegeven, dus er is niets gekoppeld.',
  failed: 'Instagram koppelen is niet gelukt. Probeer het opnieuw.',
  forged: 'Deze koppeling met Instagram is niet door jou gestart en is genegeerd. Klik op ‘Instagram koppelen’ om het opnieuw te proberen.',
} as const;

/** A state that cannot be guessed: 128 random bits. */
export function newInstagramState(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  return Array.from(random(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The authorize link, with the state remembered in `storage` for the way back. */
export function startInstagramLink(storage: StateStorage, input: { authorizeUrl: string; clientId: string; origin: string; state?: string }): string {
  const state = input.state ?? newInstagramState();
  storage.setItem(stateKey, state);
  const url = new URL(input.authorizeUrl);
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('redirect_uri', instagramRedirectUri(input.origin));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', instagramScope);
  url.searchParams.set('state', state);
  return url.toString();
}

export const instagramRedirectUri = (origin: string) => `${origin.replace(/\/+$/, '')}${instagramCallbackPath}`;

/** The callback: keeps Instagram's answer (code or refusal, and the state) for the listing editor. */
export function keepInstagramReturn(storage: StateStorage, params: URLSearchParams): void {
  const kept: InstagramReturn = {
    code: params.get('code'),
    state: params.get('state'),
    error: params.get('error') ?? (params.get('code') ? null : 'no_code'),
    errorReason: params.get('error_reason'),
  };
  storage.setItem(returnKey, JSON.stringify(kept));
}

export type InstagramVerdict = { kind: 'none' } | { kind: 'exchange'; code: string } | { kind: 'refused' } | { kind: 'failed' } | { kind: 'forged' };

/**
 * What the listing editor does with a kept answer, which it takes (so a reload does not use a code
 * twice): nothing when there is none, or exchange the code only when the state is the one stored
 * before leaving. A refusal is only reported for the link this tab started, too.
 */
export function takeInstagramReturn(storage: StateStorage): InstagramVerdict {
  const raw = storage.getItem(returnKey);
  if (raw === null) return { kind: 'none' };
  const expected = storage.getItem(stateKey);
  storage.removeItem(returnKey);
  storage.removeItem(stateKey);
  let kept: Partial<InstagramReturn>;
  try {
    kept = JSON.parse(raw) as Partial<InstagramReturn>;
  } catch {
    return { kind: 'failed' };
  }
  if (!expected || typeof kept.state !== 'string' || kept.state !== expected) return { kind: 'forged' };
  if (kept.error === 'access_denied') return { kind: 'refused' };
  if (typeof kept.code === 'string' && kept.code && !kept.error) return { kind: 'exchange', code: kept.code };
  return { kind: 'failed' };
}

/** The public profile an Instagram handle links to. */
export const instagramProfileUrl = (handle: string) => `https://www.instagram.com/${encodeURIComponent(handle)}/`;

// Instagram API with Instagram Login, as the instagram-link function speaks it: exchange an
// authorization code for a short-lived token (POST {oauth}/oauth/access_token, form-encoded, with
// the app secret), then ask {graph}/me for the account's user_id and username. Dependency-free:
// fetch is passed in, so the tests (and the local stack's sandbox) can stand in for Instagram.
// Every failure is one of a few kinds, each with the Dutch sentence the artist reads.

export interface InstagramConfig {
  clientId: string;
  clientSecret: string;
  /** https://api.instagram.com (INSTAGRAM_OAUTH_URL) */
  oauthUrl: string;
  /** https://graph.instagram.com (INSTAGRAM_GRAPH_URL) */
  graphUrl: string;
}

export const INSTAGRAM_CALLBACK_PATH = '/auth/instagram/callback';

/** The function's configuration from its environment; null when the app's id or secret is missing. */
export function instagramConfig(env: (name: string) => string | undefined): InstagramConfig | null {
  const clientId = env('INSTAGRAM_CLIENT_ID');
  const clientSecret = env('INSTAGRAM_CLIENT_SECRET');
  if (!clientId || !clientSecret) return null;
  const base = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/+$/, '');
  return {
    clientId,
    clientSecret,
    oauthUrl: base(env('INSTAGRAM_OAUTH_URL'), 'https://api.instagram.com'),
    graphUrl: base(env('INSTAGRAM_GRAPH_URL'), 'https://graph.instagram.com'),
  };
}

export type LinkProblem = 'bad_request' | 'code_refused' | 'unreachable' | 'bad_answer';

export const linkProblemMessages: Record<LinkProblem, string> = {
  bad_request: 'Deze koppeling met Instagram is onvolledig. Klik opnieuw op ‘Instagram koppelen’.',
  code_refused: 'Instagram heeft de koppeling niet bevestigd: de toestemming is verlopen of al gebruikt. Klik opnieuw op ‘Instagram koppelen’.',
  unreachable: 'Instagram is nu niet bereikbaar. Probeer het over een paar minuten opnieuw.',
  bad_answer: 'Instagram gaf een onverwacht antwoord. Probeer het later opnieuw.',
};

export class InstagramLinkError extends Error {
  constructor(
    readonly problem: LinkProblem,
    detail: string,
  ) {
    super(detail);
  }
}

/** A redirect URI the link may use: an http(s) address whose path is the storefront's callback. */
export function isCallbackUri(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 500) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === INSTAGRAM_CALLBACK_PATH && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/** An authorization code as Instagram hands it out (its trailing `#_` already gone from the URL's query). */
export function isAuthorizationCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_\-.~+/=]{8,2048}$/.test(value);
}

/** Instagram's username rule, lowercased as it answers: 1–30 letters, digits, periods, underscores. */
export function isInstagramHandle(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z0-9_]([a-z0-9._]{0,28}[a-z0-9_])?$/.test(value) && !value.includes('..');
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

async function call(fetcher: Fetch, url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetcher(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new InstagramLinkError('unreachable', `${url.split('?')[0]}: ${(error as Error).message}`);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new InstagramLinkError(response.status >= 500 ? 'unreachable' : 'bad_answer', `${url.split('?')[0]} answered ${response.status} without JSON`);
  }
}

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/**
 * The account behind an authorization code: its access token is used once, for /me, and then
 * forgotten. The user id is read from /me as a string (the token answer's user_id is a JSON
 * number longer than a double holds).
 */
export async function instagramAccountFor(config: InstagramConfig, code: string, redirectUri: string, fetcher: Fetch = fetch): Promise<{ userId: string; username: string }> {
  const form = new URLSearchParams({
    client_id: config.clientId,
    client_secret: config.clientSecret,
    grant_type: 'authorization_code',
    redirect_uri: redirectUri,
    code,
  });
  const token = await call(fetcher, `${config.oauthUrl}/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
  });
  if (token.status >= 500) throw new InstagramLinkError('unreachable', `token exchange answered ${token.status}`);
  if (token.status !== 200) {
    const error = record(token.body);
    throw new InstagramLinkError('code_refused', `token exchange refused: ${String(error.error_message ?? error.error_type ?? token.status)}`);
  }
  // Instagram documents { data: [{ access_token, user_id, permissions }] } and answers the flat shape: both are read.
  const first = Array.isArray(record(token.body).data) ? record((record(token.body).data as unknown[])[0]) : record(token.body);
  const accessToken = first.access_token;
  if (typeof accessToken !== 'string' || !accessToken) throw new InstagramLinkError('bad_answer', 'token exchange answered no access_token');

  const me = await call(fetcher, `${config.graphUrl}/me?${new URLSearchParams({ fields: 'user_id,username', access_token: accessToken })}`, { headers: { accept: 'application/json' } });
  if (me.status >= 500) throw new InstagramLinkError('unreachable', `/me answered ${me.status}`);
  const profile = record(me.body);
  const userId = typeof profile.user_id === 'string' ? profile.user_id : typeof profile.id === 'string' ? profile.id : null;
  const username = typeof profile.username === 'string' ? profile.username.toLowerCase() : null;
  if (me.status !== 200 || !userId || !/^[0-9]{1,32}$/.test(userId) || !isInstagramHandle(username)) {
    throw new InstagramLinkError('bad_answer', `/me answered ${me.status} without a usable user_id and username`);
  }
  return { userId, username };
}

// The Instagram sandbox's state and rules, without HTTP: one registered app (its id, secret and
// valid redirect URIs), the one-time codes the consent page hands out (single use, five minutes,
// bound to the app and the redirect URI, as Instagram's are), and short-lived access tokens
// (an hour) that answer /me. Everything lives in memory: a restart forgets codes and tokens,
// which a linked account never needs again (Podium keeps the handle, not the token).
import { createHash, randomBytes } from 'node:crypto';

export interface InstagramApp {
  clientId: string;
  clientSecret: string;
  /** The app's "Valid OAuth Redirect URIs": a redirect_uri must be one of them. */
  isRegisteredRedirect: (uri: string) => boolean;
}

export interface InstagramUser {
  /** Instagram's app-scoped user id: a numeric string longer than a JavaScript number holds. */
  userId: string;
  username: string;
}

/** Instagram's error body for OAuth calls (api.instagram.com). */
export interface OAuthError {
  error_type: 'OAuthException';
  code: number;
  error_message: string;
}

export const CODE_TTL_MS = 5 * 60_000;
export const TOKEN_TTL_MS = 60 * 60_000;

/** Test accounts the consent page offers; any other valid username can be typed. */
export const TEST_ACCOUNTS: readonly string[] = ['podium.liveband', 'dj.sanne.beats', 'de_covermannen'];

/** Instagram's username rule: up to 30 letters, digits, periods and underscores; no period at either end or twice in a row. */
export function isInstagramUsername(value: string): boolean {
  return /^[A-Za-z0-9._]{1,30}$/.test(value) && !value.startsWith('.') && !value.endsWith('.') && !value.includes('..');
}

/** A stable Instagram-style user id (17 digits, like 17841400000000000) for a username. */
export function sandboxUserId(username: string): string {
  const digest = createHash('sha256').update(`podium-sandbox-instagram:${username.toLowerCase()}`).digest();
  let digits = '178414';
  for (let i = 0; digits.length < 17; i += 1) digits += String((digest[i % digest.length] as number) % 10);
  return digits;
}

const oauthError = (message: string): OAuthError => ({ error_type: 'OAuthException', code: 400, error_message: message });

interface PendingCode {
  clientId: string;
  redirectUri: string;
  user: InstagramUser;
  scope: string;
  expiresAt: number;
}

export type TokenExchange = { ok: true; body: { access_token: string; user_id: number; permissions: string[] } } | { ok: false; body: OAuthError };

export class InstagramSandbox {
  private readonly codes = new Map<string, PendingCode>();
  private readonly tokens = new Map<string, { user: InstagramUser; expiresAt: number }>();

  constructor(
    readonly app: InstagramApp,
    private readonly now: () => number = Date.now,
  ) {}

  /** Why an authorize request cannot be shown, as Instagram's error page says it; null when it can. */
  authorizeProblem(params: { clientId: string; redirectUri: string; responseType: string }): string | null {
    if (params.clientId !== this.app.clientId) return 'Invalid platform app';
    if (!this.app.isRegisteredRedirect(params.redirectUri)) return 'Invalid redirect_uri';
    if (params.responseType !== 'code') return 'Invalid response_type';
    return null;
  }

  /** The consent page's "allow": a code for redirect_uri. */
  issueCode(clientId: string, redirectUri: string, username: string, scope: string): string {
    this.sweep();
    const code = `AQ${randomBytes(48).toString('base64url')}`;
    this.codes.set(code, { clientId, redirectUri, scope, user: { userId: sandboxUserId(username), username: username.toLowerCase() }, expiresAt: this.now() + CODE_TTL_MS });
    return code;
  }

  /**
   * POST /oauth/access_token. The app's id and secret are checked first (a wrong secret leaves
   * the code unused); then the code is used up, whatever else is wrong with the request.
   */
  exchange(form: Record<string, string | undefined>): TokenExchange {
    for (const field of ['client_id', 'client_secret', 'grant_type', 'redirect_uri', 'code']) {
      if (!form[field]) return { ok: false, body: oauthError(`Missing required field ${field}`) };
    }
    if (form.client_id !== this.app.clientId) return { ok: false, body: oauthError('Invalid platform app') };
    if (form.client_secret !== this.app.clientSecret) return { ok: false, body: oauthError('Error validating client secret.') };
    if (form.grant_type !== 'authorization_code') return { ok: false, body: oauthError('Unsupported grant_type') };
    const pending = this.codes.get(form.code!);
    this.codes.delete(form.code!);
    if (!pending || pending.expiresAt <= this.now() || pending.clientId !== form.client_id) {
      return { ok: false, body: oauthError('Matching code was not found or was already used') };
    }
    if (pending.redirectUri !== form.redirect_uri) {
      return { ok: false, body: oauthError('Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request') };
    }
    const token = `IGAA${randomBytes(48).toString('base64url')}`;
    this.tokens.set(token, { user: pending.user, expiresAt: this.now() + TOKEN_TTL_MS });
    // Instagram sends user_id as a JSON number; clients that need it exactly read it from /me.
    return { ok: true, body: { access_token: token, user_id: Number(pending.user.userId), permissions: pending.scope.split(/[\s,]+/).filter(Boolean) } };
  }

  /** The user an access token belongs to; undefined when unknown or expired. */
  userOf(token: string): InstagramUser | undefined {
    const entry = this.tokens.get(token);
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    return entry.user;
  }

  private sweep() {
    const now = this.now();
    for (const [code, pending] of this.codes) if (pending.expiresAt <= now) this.codes.delete(code);
    for (const [token, entry] of this.tokens) if (entry.expiresAt <= now) this.tokens.delete(token);
  }
}

// The Instagram sandbox on its own port, spoken to as Instagram is: the consent page, the
// redirect back with ?code=&state=#_ (or the refusal), the form-encoded token exchange with its
// OAuthException errors, and /me. Codes are single use, expire after five minutes and are bound
// to the app and the redirect URI; a wrong secret is refused.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstagramService } from './index.ts';
import { InstagramSandbox, isInstagramUsername, sandboxUserId, CODE_TTL_MS } from './sandbox.ts';

const callback = 'http://127.0.0.1:3000/auth/instagram/callback';
const app = {
  clientId: '990000000000001',
  clientSecret: 'unit-secret',
  isRegisteredRedirect: (uri: string) => uri === callback || uri === 'http://127.0.0.1:5173/auth/instagram/callback',
};

let server: http.Server;
let base: string;

beforeAll(async () => {
  const service = createInstagramService(app, { prefix: '/instagram' });
  server = http.createServer((req, res) => void service.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const authorizeUrl = (params: Record<string, string>) =>
  `${base}/www.instagram.com/oauth/authorize?${new URLSearchParams({ client_id: app.clientId, redirect_uri: callback, response_type: 'code', scope: 'instagram_business_basic', state: 'st4te', ...params })}`;

/** The consent page's choice, posted as the browser posts the form; answers the redirect. */
async function decide(fields: Record<string, string>) {
  const form = new URLSearchParams({ client_id: app.clientId, redirect_uri: callback, response_type: 'code', scope: 'instagram_business_basic', state: 'st4te', ...fields });
  return fetch(`${base}/www.instagram.com/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
}

async function codeFor(username: string, redirectUri = callback) {
  const response = await decide({ decision: 'allow', username, redirect_uri: redirectUri });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!).searchParams.get('code')!;
}

const exchange = (fields: Record<string, string>) =>
  fetch(`${base}/api.instagram.com/oauth/access_token`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'authorization_code', redirect_uri: callback, ...fields }),
  });

describe('the authorization window', () => {
  it('shows a Dutch consent page with test accounts, a username field and a refuse button', async () => {
    const response = await fetch(authorizeUrl({}));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('Podium wil je Instagram-account koppelen');
    expect(html).toContain('Doorgaan als podium.liveband');
    expect(html).toContain('<label for="username">Gebruikersnaam</label>');
    expect(html).toMatch(/value="deny"[^>]*>Weigeren</);
  });

  it('refuses an unknown app or an unregistered redirect URI with an error page, not a redirect', async () => {
    for (const [params, message] of [
      [{ client_id: '123' }, 'Invalid platform app'],
      [{ redirect_uri: 'https://evil.example.com/auth/instagram/callback' }, 'Invalid redirect_uri'],
      [{ response_type: 'token' }, 'Invalid response_type'],
    ] as const) {
      const response = await fetch(authorizeUrl(params), { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect((await decide({ decision: 'allow', username: 'x', redirect_uri: 'https://evil.example.com/' })).status).toBe(400);
  });

  it('allowing goes back to redirect_uri with the code, the state and Instagram’s #_', async () => {
    const response = await decide({ decision: 'allow', username: '@Podium.Liveband' });
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(callback);
    expect(location.searchParams.get('code')).toMatch(/^AQ[A-Za-z0-9_-]{40,}$/);
    expect(location.searchParams.get('state')).toBe('st4te');
    expect(location.hash).toBe('#_');
  });

  it('refusing goes back with access_denied / user_denied and the state', async () => {
    const response = await decide({ decision: 'deny' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'access_denied',
      error_reason: 'user_denied',
      error_description: 'The user denied your request.',
      state: 'st4te',
    });
  });

  it('asks again, in Dutch, for a username Instagram would not allow', async () => {
    const response = await decide({ decision: 'allow', username: 'niet geldig!' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Vul een geldige gebruikersnaam in');
  });
});

describe('the token exchange and /me', () => {
  it('exchanges a code once for a token whose /me is the chosen account', async () => {
    const code = await codeFor('dj.sanne.beats');
    const response = await exchange({ code });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { access_token: string; user_id: number; permissions: string[] };
    expect(body).toEqual({ access_token: expect.stringMatching(/^IGAA/), user_id: expect.any(Number), permissions: ['instagram_business_basic'] });

    const me = await fetch(`${base}/graph.instagram.com/v21.0/me?fields=user_id,username&access_token=${body.access_token}`);
    expect(await me.json()).toEqual({ user_id: sandboxUserId('dj.sanne.beats'), username: 'dj.sanne.beats', id: sandboxUserId('dj.sanne.beats') });

    const again = await exchange({ code });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error_type: 'OAuthException', code: 400, error_message: 'Matching code was not found or was already used' });
  });

  it('refuses a wrong secret without using up the code', async () => {
    const code = await codeFor('de_covermannen');
    const wrong = await exchange({ code, client_secret: 'geraden' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error_type: 'OAuthException', code: 400, error_message: 'Error validating client secret.' });
    expect((await exchange({ code })).status).toBe(200);
  });

  it('refuses a redirect_uri other than the one the code was issued for, and the code is gone', async () => {
    const code = await codeFor('podium.liveband', 'http://127.0.0.1:5173/auth/instagram/callback');
    const wrong = await exchange({ code });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error_message: string }).error_message).toMatch(/redirect_uri is identical/);
    expect((await exchange({ code, redirect_uri: 'http://127.0.0.1:5173/auth/instagram/callback' })).status).toBe(400);
  });

  it('names a missing field, and /me refuses a missing or unknown token as the Graph API does', async () => {
    const missing = await fetch(`${base}/api.instagram.com/oauth/access_token`, { method: 'POST', body: new URLSearchParams({ client_id: app.clientId }) });
    expect(await missing.json()).toMatchObject({ error_type: 'OAuthException', error_message: 'Missing required field client_secret' });
    const unknown = await fetch(`${base}/graph.instagram.com/me?fields=username&access_token=IGAAnope`);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { type: 'OAuthException', code: 190 } });
    expect(((await (await fetch(`${base}/graph.instagram.com/me`)).json()) as { error: { code: number } }).error.code).toBe(2500);
  });
});

describe('codes and tokens over time', () => {
  it('a code is worth nothing after five minutes; a code of another app is refused', () => {
    let now = 1_000_000;
    const sandbox = new InstagramSandbox(app, () => now);
    const form = (code: string) => ({ client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'authorization_code', redirect_uri: callback, code });
    const late = sandbox.issueCode(app.clientId, callback, 'podium.liveband', 'instagram_business_basic');
    now += CODE_TTL_MS;
    expect(sandbox.exchange(form(late))).toMatchObject({ ok: false, body: { error_message: 'Matching code was not found or was already used' } });
    const other = sandbox.issueCode('555', callback, 'podium.liveband', 'instagram_business_basic');
    expect(sandbox.exchange(form(other)).ok).toBe(false);
    const fresh = sandbox.issueCode(app.clientId, callback, 'podium.liveband', 'instagram_business_basic');
    now += CODE_TTL_MS - 1;
    const result = sandbox.exchange(form(fresh));
    expect(result.ok).toBe(true);
    if (result.ok) expect(sandbox.userOf(result.body.access_token)).toEqual({ userId: sandboxUserId('podium.liveband'), username: 'podium.liveband' });
  });

  it('usernames follow Instagram’s rule; user ids are stable 17-digit strings', () => {
    for (const good of ['a', 'jouw.band', 'dj_sanne_2', 'x'.repeat(30)]) expect(isInstagramUsername(good)).toBe(true);
    for (const bad of ['', '.band', 'band.', 'de..band', 'met spatie', 'x'.repeat(31), 'émile']) expect(isInstagramUsername(bad)).toBe(false);
    expect(sandboxUserId('Podium.Liveband')).toBe(sandboxUserId('podium.liveband'));
    expect(sandboxUserId('podium.liveband')).toMatch(/^178414\d{11}$/);
  });
});

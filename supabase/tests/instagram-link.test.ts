// Linking an artist's Instagram against the stack: a code from the Instagram sandbox's
// consent page goes to the instagram-link edge function, which proves the account with the app
// secret and stores the handle; guests then read it on the public act. Nobody writes the handle
// directly; a bad, used or foreign code, a stranger or a guest gets a Dutch error and nothing is
// written; the owner unlinks. Meta's deauthorize and data-deletion callbacks, correctly signed,
// unlink the account; badly signed, they change nothing. The function's Instagram client is
// checked on its own too.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instagramAccountFor, InstagramLinkError, instagramConfig, linkProblemMessages } from '../functions/_shared/instagram.ts';
import { instagramUserOf, signRequest } from '../functions/_shared/instagram-signed-request.ts';
import { instagram, keys, urls } from '../stack/config.ts';
import { sandboxUserId } from '../stack/instagram/sandbox.ts';
import { anonClient, closePool, createArtist, createUser, sql, type TestUser } from './support.ts';

const redirectUri = `${urls.site}/auth/instagram/callback`;
const uniqueName = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

/** What the consent page does when the person picks `username`: the code in the redirect back. */
async function consent(username: string, uri = redirectUri): Promise<string> {
  const form = new URLSearchParams({ client_id: instagram.clientId, redirect_uri: uri, response_type: 'code', scope: 'instagram_business_basic', state: 's', decision: 'allow', username });
  const response = await fetch(urls.instagram.authorize, { method: 'POST', body: form, redirect: 'manual' });
  expect(response.status).toBe(302);
  const code = new URL(response.headers.get('location')!).searchParams.get('code');
  expect(code).toBeTruthy();
  return code!;
}

async function link(token: string, body: Record<string, unknown>) {
  const response = await fetch(`${urls.api}/functions/v1/instagram-link`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: keys.anon, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { handle?: string; error?: string } };
}

let owner: TestUser, stranger: TestUser, rival: TestUser;
let artistId: string, rivalArtistId: string;

const linkRow = async (id: string) => (await sql<{ instagram_user_id: string }>('select instagram_user_id from public.artist_instagram_accounts where artist_id = $1', [id]))[0];
const publicHandle = async (id: string) => (await anonClient().from('artists').select('instagram_handle').eq('id', id).single()).data?.instagram_handle;

beforeAll(async () => {
  [owner, stranger, rival] = await Promise.all([createUser('artist'), createUser('customer'), createUser('artist')]);
  [artistId, rivalArtistId] = await Promise.all([createArtist(owner), createArtist(rival)]);
});
afterAll(closePool);

describe('linking through the edge function', () => {
  it('a code from the consent page links the account; guests see the handle, only the owner and admins the Instagram id', async () => {
    const username = uniqueName('Band.Live');
    const answer = await link(owner.token, { code: await consent(username), redirectUri });
    expect(answer).toEqual({ status: 200, body: { handle: username.toLowerCase() } });
    expect(await publicHandle(artistId)).toBe(username.toLowerCase());
    expect(await linkRow(artistId)).toEqual({ instagram_user_id: sandboxUserId(username) });
    expect((await owner.client.from('artist_instagram_accounts').select('instagram_user_id, linked_at').eq('artist_id', artistId)).data).toHaveLength(1);
    expect((await stranger.client.from('artist_instagram_accounts').select('instagram_user_id').eq('artist_id', artistId)).data).toEqual([]);
    expect((await anonClient().from('artist_instagram_accounts').select('instagram_user_id')).error?.code).toBe('42501');
  });

  it('nobody writes the handle or the link directly, the owner included', async () => {
    const before = await publicHandle(artistId);
    for (const user of [owner, stranger]) {
      expect((await user.client.from('artists').update({ instagram_handle: 'nep.account' }).eq('id', artistId)).error?.code).toBe('42501');
      expect((await user.client.from('artist_instagram_accounts').insert({ artist_id: artistId, instagram_user_id: '1' })).error?.code).toBe('42501');
      expect((await user.client.rpc('link_artist_instagram', { owner: user.id, instagram_user_id: '1', username: 'nep.account' })).error?.code).toBe('42501');
    }
    expect((await anonClient().rpc('link_artist_instagram', { owner: owner.id, instagram_user_id: '1', username: 'nep.account' })).error?.code).toBe('42501');
    expect(await publicHandle(artistId)).toBe(before);
  });

  it('a used, made-up or foreign code, a wrong address, a guest or someone without an act: a Dutch error and nothing written', async () => {
    const fresh = await createUser('artist');
    const freshArtist = await createArtist(fresh);
    const code = await consent(uniqueName('eenmalig'));
    expect((await link(fresh.token, { code, redirectUri })).status).toBe(200);
    await fresh.client.rpc('unlink_artist_instagram');
    expect(await publicHandle(freshArtist)).toBeNull();

    expect(await link(fresh.token, { code, redirectUri })).toEqual({ status: 400, body: { error: linkProblemMessages.code_refused } });
    expect(await link(fresh.token, { code: 'AQ' + 'x'.repeat(60), redirectUri })).toEqual({ status: 400, body: { error: linkProblemMessages.code_refused } });
    const elsewhere = await consent(uniqueName('elders'), 'http://localhost:5173/auth/instagram/callback');
    expect(await link(fresh.token, { code: elsewhere, redirectUri })).toEqual({ status: 400, body: { error: linkProblemMessages.code_refused } });
    expect(await link(fresh.token, { code: 'AQabcdefgh', redirectUri: 'https://evil.example.com/steal' })).toEqual({ status: 400, body: { error: linkProblemMessages.bad_request } });
    expect(await link(fresh.token, { redirectUri })).toEqual({ status: 400, body: { error: linkProblemMessages.bad_request } });
    expect(await link(keys.anon, { code: await consent(uniqueName('gast')), redirectUri })).toEqual({ status: 401, body: { error: 'Je bent niet ingelogd.' } });
    expect(await link(stranger.token, { code: await consent(uniqueName('klant')), redirectUri })).toEqual({
      status: 403,
      body: { error: 'Alleen een artiest met een act kan Instagram koppelen.' },
    });
    expect(await publicHandle(freshArtist)).toBeNull();
    expect(await linkRow(freshArtist)).toBeUndefined();
  });

  it('one Instagram account shows on one act only; linking another account replaces the first', async () => {
    const shared = uniqueName('gedeeld');
    expect((await link(rival.token, { code: await consent(shared), redirectUri })).status).toBe(200);
    const before = await publicHandle(artistId);
    expect(await link(owner.token, { code: await consent(shared), redirectUri })).toEqual({
      status: 409,
      body: { error: 'Dit Instagram-account is al gekoppeld aan een andere act op Podium.' },
    });
    expect(await publicHandle(artistId)).toBe(before);

    const next = uniqueName('tweede');
    expect((await link(rival.token, { code: await consent(next), redirectUri })).body).toEqual({ handle: next });
    expect(await publicHandle(rivalArtistId)).toBe(next);
    expect(await linkRow(rivalArtistId)).toEqual({ instagram_user_id: sandboxUserId(next) });
  });
});

describe('unlinking', () => {
  it('the owner unlinks: the handle leaves the public page and the private link is gone', async () => {
    expect(await publicHandle(artistId)).toBeTruthy();
    expect((await stranger.client.rpc('unlink_artist_instagram')).error?.message).toBe('Je hebt nog geen act. Begin bij de eerste stap.');
    expect((await anonClient().rpc('unlink_artist_instagram')).error?.code).toBe('42501');
    expect(await publicHandle(artistId)).toBeTruthy();
    expect((await owner.client.rpc('unlink_artist_instagram')).data).toBe(true);
    expect(await publicHandle(artistId)).toBeNull();
    expect(await linkRow(artistId)).toBeUndefined();
    expect((await owner.client.rpc('unlink_artist_instagram')).data).toBe(false);
  });
});

describe("Meta's deauthorize and data-deletion callbacks", () => {
  /** Meta's POST: form-encoded signed_request, no apikey or JWT. */
  const callback = async (name: string, signedRequest: string) => {
    const response = await fetch(`${urls.api}/functions/v1/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ signed_request: signedRequest }).toString(),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };
  const signedFor = (userId: string, secret = instagram.clientSecret) => signRequest({ algorithm: 'HMAC-SHA256', issued_at: Math.floor(Date.now() / 1000), user_id: userId }, secret);

  async function linkedAct() {
    const artist = await createUser('artist');
    const act = await createArtist(artist);
    const username = uniqueName('meta');
    expect((await link(artist.token, { code: await consent(username), redirectUri })).status).toBe(200);
    return { act, username, userId: sandboxUserId(username) };
  }

  it('a badly signed request is refused with 401 and changes nothing', async () => {
    const { act, username, userId } = await linkedAct();
    const good = await signedFor(userId);
    const [signature, payload] = good.split('.') as [string, string];
    const forged = [
      await signedFor(userId, 'not-the-app-secret'),
      `${signature}.${Buffer.from(JSON.stringify({ algorithm: 'HMAC-SHA256', user_id: '1' })).toString('base64url')}`,
      `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}.${payload}`,
      payload,
      '',
    ];
    for (const name of ['instagram-deauthorize', 'instagram-data-deletion']) {
      for (const request of forged) {
        expect(await callback(name, request)).toEqual({ status: 401, body: { error: 'Dit verzoek is niet door Instagram ondertekend.' } });
      }
    }
    expect(await publicHandle(act)).toBe(username.toLowerCase());
    expect(await linkRow(act)).toEqual({ instagram_user_id: userId });
  });

  it('deauthorize: the act linked to the Instagram account that removed Podium loses its handle and link', async () => {
    const { act, userId } = await linkedAct();
    const other = await linkedAct();
    expect(await callback('instagram-deauthorize', await signedFor(userId))).toEqual({ status: 200, body: {} });
    expect(await publicHandle(act)).toBeNull();
    expect(await linkRow(act)).toBeUndefined();
    expect(await publicHandle(other.act)).toBe(other.username.toLowerCase());
    // Meta may call again: nothing left to do, still 200.
    expect((await callback('instagram-deauthorize', await signedFor(userId))).status).toBe(200);
  });

  it("data deletion: unlinks, answers Meta's { url, confirmation_code }, and the url tells the person it was done", async () => {
    const { act, userId } = await linkedAct();
    const answer = await callback('instagram-data-deletion', await signedFor(userId));
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['confirmation_code', 'url']);
    expect(answer.body.confirmation_code).toMatch(/^[0-9a-f]{32}$/);
    expect(answer.body.url).toBe(`${urls.api}/functions/v1/instagram-data-deletion?code=${answer.body.confirmation_code}`);
    expect(await publicHandle(act)).toBeNull();
    expect(await linkRow(act)).toBeUndefined();
    // Nothing that names the person is kept with the request.
    expect(await sql('select * from public.instagram_data_deletions where confirmation_code = $1', [answer.body.confirmation_code])).toEqual([
      { confirmation_code: answer.body.confirmation_code, requested_at: expect.any(Date) },
    ]);

    const status = await fetch(answer.body.url!);
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ confirmation_code: answer.body.confirmation_code, status: 'deleted', message: expect.stringContaining('verwijderd') });
    const unknown = await fetch(`${urls.api}/functions/v1/instagram-data-deletion?code=${'0'.repeat(32)}`);
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: 'Dit verwijderverzoek kennen we niet.' }]);
  });

  it("the sandbox's 'remove Podium' page makes Meta's signed calls, as Instagram's settings do", async () => {
    const manageAccess = urls.instagram.authorize.replace('/oauth/authorize', '/accounts/manage_access');
    const removed = await linkedAct();
    const deleted = await linkedAct();
    const remove = (username: string, decision: string) => fetch(manageAccess, { method: 'POST', body: new URLSearchParams({ username, decision }) });
    const first = await remove(removed.username, 'remove');
    expect([first.status, await first.text()]).toEqual([200, expect.stringContaining('Podium is verwijderd uit')]);
    expect(await publicHandle(removed.act)).toBeNull();
    const second = await remove(deleted.username, 'delete');
    expect([second.status, await second.text()]).toEqual([200, expect.stringMatching(/bevestigingscode [0-9a-f]{32}/)]);
    expect(await linkRow(deleted.act)).toBeUndefined();
  });

  it('nobody but the server forgets an account or reads the deletion requests', async () => {
    const { act, userId } = await linkedAct();
    for (const client of [anonClient(), owner.client, stranger.client]) {
      expect((await client.rpc('forget_instagram_account', { instagram_user_id: userId, deletion: true })).error?.code).toBe('42501');
      expect((await client.from('instagram_data_deletions').select('confirmation_code')).error?.code).toBe('42501');
    }
    expect(await linkRow(act)).toEqual({ instagram_user_id: userId });
  });

  it('reads the signed_request as Meta makes it: HMAC-SHA256 of the payload under the app secret', async () => {
    expect(await instagramUserOf(await signRequest({ algorithm: 'HMAC-SHA256', user_id: '17841400000000001' }, 's'), 's')).toBe('17841400000000001');
    expect(await instagramUserOf(await signRequest({ algorithm: 'HMAC-SHA256', user_id: 42 }, 's'), 's')).toBe('42');
    expect(await instagramUserOf(await signRequest({ algorithm: 'RSA-SHA256', user_id: '1' }, 's'), 's')).toBeNull();
    expect(await instagramUserOf(await signRequest({ algorithm: 'HMAC-SHA256' }, 's'), 's')).toBeNull();
    expect(await instagramUserOf(await signRequest({ algorithm: 'HMAC-SHA256', user_id: '1' }, 's'), 't')).toBeNull();
    expect(await instagramUserOf('a.b.c', 's')).toBeNull();
    expect(await instagramUserOf(null, 's')).toBeNull();
  });
});

describe("the function's Instagram client", () => {
  const config = instagramConfig((name) => ({ INSTAGRAM_CLIENT_ID: '1', INSTAGRAM_CLIENT_SECRET: 's' })[name])!;
  const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
  const problem = (promise: Promise<unknown>) =>
    promise.then(
      () => 'linked',
      (error: InstagramLinkError) => error.problem,
    );

  it('defaults to the real Instagram hosts and needs the app id and secret', () => {
    expect(config).toMatchObject({ oauthUrl: 'https://api.instagram.com', graphUrl: 'https://graph.instagram.com' });
    expect(instagramConfig(() => undefined)).toBeNull();
  });

  it('reads the documented { data: [...] } token answer too, and the user id as a string from /me', async () => {
    const calls: string[] = [];
    const fetcher = async (url: string) => {
      calls.push(url.split('?')[0]!);
      return url.includes('/oauth/access_token')
        ? new Response('{"data":[{"access_token":"IGAAt","user_id":17841400000000001,"permissions":"instagram_business_basic"}]}', { status: 200 })
        : answer(200, { user_id: '17841400000000001', username: 'Mix.Master', id: '1' });
    };
    expect(await instagramAccountFor(config, 'AQcode', redirectUri, fetcher)).toEqual({ userId: '17841400000000001', username: 'mix.master' });
    expect(calls).toEqual(['https://api.instagram.com/oauth/access_token', 'https://graph.instagram.com/me']);
  });

  it('tells a refused code from an unreachable or confused Instagram', async () => {
    expect(await problem(instagramAccountFor(config, 'c', redirectUri, async () => answer(400, { error_type: 'OAuthException', code: 400, error_message: 'x' })))).toBe('code_refused');
    expect(await problem(instagramAccountFor(config, 'c', redirectUri, async () => answer(503, { error: 'down' })))).toBe('unreachable');
    expect(await problem(instagramAccountFor(config, 'c', redirectUri, async () => Promise.reject(new TypeError('fetch failed'))))).toBe('unreachable');
    expect(await problem(instagramAccountFor(config, 'c', redirectUri, async () => new Response('<html>', { status: 200 })))).toBe('bad_answer');
    const noUsername = async (url: string) => (url.endsWith('/oauth/access_token') ? answer(200, { access_token: 't', user_id: 1 }) : answer(200, { id: '1' }));
    expect(await problem(instagramAccountFor(config, 'c', redirectUri, noUsername))).toBe('bad_answer');
  });
});

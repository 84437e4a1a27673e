// Linking an artist's Instagram (issue 16) against the stack: a code from the Instagram sandbox's
// consent page goes to the instagram-link edge function, which proves the account with the app
// secret and stores the handle; guests then read it on the public act. Nobody writes the handle
// directly; a bad, used or foreign code, a stranger or a guest gets a Dutch error and nothing is
// written; the owner unlinks. The function's Instagram client is checked on its own first.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instagramAccountFor, InstagramLinkError, instagramConfig, linkProblemMessages } from '../functions/_shared/instagram.ts';
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

describe("the function's Instagram client", () => {
  const config = instagramConfig((name) => ({ INSTAGRAM_CLIENT_ID: '1', INSTAGRAM_CLIENT_SECRET: 's' })[name])!;
  const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
  const problem = (promise: Promise<unknown>) => promise.then(() => 'linked', (error: InstagramLinkError) => error.problem);

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

// A token outlives its session by up to an hour; the database checks the session it names. After
// the account is deleted (through the delete-account function, as the person), after signing out,
// and after another admin reset an admin's second factor, the old access token requests, starts,
// reviews, writes, uploads and administers nothing: a 401 in Dutch. Tokens without a session (the
// anon and service-role keys) work as before. Deleting the account also scrubs the person's
// contact and quote requests.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { keys, urls } from '../stack/config.ts';
import { clientWithToken, waitFor } from '../stack/testing.ts';
import { anonClient, closePool, completeBooking, createArtist, createBooking, createUser, futureWindow, pool, serviceClient, signIn, sql, type TestUser } from './support.ts';

afterAll(closePool);

const ended = { code: 'PT401', message: 'Je bent niet meer ingelogd. Log opnieuw in.' };
const password = 'Geheim-wachtwoord-123';

/** The claims a token carries (read, not verified). */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** A supabase-js client for realtime with the token, as the apps have one. */
async function realtimeClient(token: string): Promise<SupabaseClient> {
  const client = createClient(urls.api, keys.anon, { accessToken: async () => token, realtime: { transport: ws as never } });
  await client.realtime.setAuth();
  return client;
}

/** Signs this session out at the auth server (the person's other sessions stay). */
const signOut = (token: string) => fetch(`${urls.api}/auth/v1/logout?scope=local`, { method: 'POST', headers: { apikey: keys.anon, authorization: `Bearer ${token}` } });

/** Someone who signed up and signed in through the auth server: a real session, as the apps have. */
async function signedUp(): Promise<TestUser & { sessionId: string }> {
  const email = `sessie-${randomUUID().slice(0, 8)}@example.com`;
  const created = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: 'Sanne', last_name: 'Smit', role: 'customer', terms_accepted: true },
  });
  if (created.error) throw created.error;
  const { data, error } = await anonClient().auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  const token = data.session.access_token;
  const sessionId = claimsOf(token).session_id as string;
  return { id: created.data.user.id, email, token, client: clientWithToken(token), sessionId };
}

const review = (bookingId: string) => ({ booking_id: bookingId, rating: 5, music_rating: 5, professionalism_rating: 5, communication_rating: 5, body: 'Wat een avond, iedereen dansen.' });
const upload = (token: string, path: string) =>
  fetch(`${urls.api}/storage/v1/object/avatars/${path}`, {
    method: 'POST',
    headers: { apikey: keys.anon, authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  });

/** What each write a customer makes answers with this client. */
async function customerWrites(client: SupabaseClient, me: string, artistId: string, playedBooking: string, conversationId: string) {
  const { startsAt, endsAt } = futureWindow(120);
  return Promise.all([
    client.rpc('request_booking', { artist_id: artistId, starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString(), notes: 'Nog één keer?' }),
    client.rpc('start_conversation', { artist: artistId }),
    client.from('reviews').insert(review(playedBooking)),
    client.from('chat_messages').insert({ conversation_id: conversationId, sender_id: me, message_text: 'Ik ben er nog!' }),
  ]);
}

describe('a deleted account', () => {
  it("refuses the old token's booking request, conversation, review, message and upload", async () => {
    const person = await signedUp();
    const owner = await createUser('artist');
    const artistId = await createArtist(owner);
    const played = await createBooking(person, artistId, 'confirmed', { startsAt: new Date(Date.now() - 10 * 86_400_000), endsAt: new Date(Date.now() - 10 * 86_400_000 + 3 * 3_600_000) });
    await completeBooking(played);
    const conversationId = (await person.client.rpc('start_conversation', { artist: artistId })).data as string;
    expect(conversationId).toEqual(expect.any(String));
    expect((await upload(person.token, `${person.id}/voor.png`)).status).toBe(200);

    const deleted = await fetch(`${urls.api}/functions/v1/delete-account`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.token}`, apikey: keys.anon, 'content-type': 'application/json' },
      body: JSON.stringify({ confirmation: 'VERWIJDEREN' }),
    });
    expect(deleted.status).toBe(200);
    expect(await sql('select id from auth.sessions where id = $1', [person.sessionId])).toEqual([]);

    const answers = await customerWrites(person.client, person.id, artistId, played, conversationId);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect({ code: answer.error?.code, message: answer.error?.message }).toEqual(ended);
    }
    expect(await sql('select id from public.bookings where customer_id = $1 and id <> $2', [person.id, played])).toEqual([]);
    expect(await sql('select id from public.reviews where booking_id = $1', [played])).toEqual([]);
    expect(await sql('select id from public.chat_messages where conversation_id = $1', [conversationId])).toEqual([]);
    // Reading goes no further either.
    expect((await person.client.from('bookings').select('id')).status).toBe(401);
    const late = await upload(person.token, `${person.id}/na.png`);
    expect([late.status, ((await late.json()) as { code: string }).code]).toEqual([400, 'AccessDenied']);
    expect(await sql(`select name from storage.objects where bucket_id = 'avatars' and name like $1`, [`${person.id}/%`])).toEqual([]);
  }, 30_000);

  it("scrubs the person's contact and quote requests: signed in, and sent with their address", async () => {
    const person = await signedUp();
    const other = `iemand-${randomUUID().slice(0, 8)}@example.com`;
    await sql(
      `insert into public.contact_requests (profile_id, name, email, phone, subject, message) values
         ($1, 'Sanne Smit', 'anders-' || $2, '0612345678', 'Vraag', 'Ingelogd gestuurd'),
         (null, 'Sanne Smit', upper($2), '0612345678', 'Vraag', 'Uitgelogd gestuurd'),
         (null, 'Iemand Anders', $3, '0687654321', 'Vraag', 'Van een ander')`,
      [person.id, person.email, other],
    );
    const deleted = await fetch(`${urls.api}/functions/v1/delete-account`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.token}`, apikey: keys.anon, 'content-type': 'application/json' },
      body: JSON.stringify({ confirmation: 'VERWIJDEREN' }),
    });
    expect(deleted.status).toBe(200);
    const rows = await sql(
      `select message, name, email, phone from public.contact_requests where message in ('Ingelogd gestuurd', 'Uitgelogd gestuurd', 'Van een ander') and (profile_id = $1 or email in ($2, 'verwijderd@podium.invalid')) order by message`,
      [person.id, other],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { message: 'Ingelogd gestuurd', name: 'Verwijderde gebruiker', email: 'verwijderd@podium.invalid', phone: null },
        { message: 'Uitgelogd gestuurd', name: 'Verwijderde gebruiker', email: 'verwijderd@podium.invalid', phone: null },
        { message: 'Van een ander', name: 'Iemand Anders', email: other, phone: '0687654321' },
      ]),
    );
    expect(await sql('select id from public.contact_requests where lower(email) = lower($1) or profile_id = $2 and name <> $3', [person.email, person.id, 'Verwijderde gebruiker'])).toEqual([]);
  }, 30_000);
});

/** Joins the conversation's private channel (typing indicators) with the token, as the app does; answers how it went. */
async function joinChat(token: string, conversationId: string): Promise<string> {
  const client = await realtimeClient(token);
  const channel = client.channel(`chat:${conversationId}`, { config: { private: true } });
  const status = await new Promise<string>((resolve) => {
    channel.subscribe((state) => {
      if (state !== 'CLOSED') resolve(state);
    });
  });
  await client.removeChannel(channel);
  return status;
}

describe('a session signed out', () => {
  it('ends the old token at once (also on realtime), while the other session of the same person goes on', async () => {
    const person = await signedUp();
    const second = await anonClient().auth.signInWithPassword({ email: person.email, password });
    const other = clientWithToken(second.data.session!.access_token);
    const owner = await createUser('artist');
    const artistId = await createArtist(owner);
    const conversationId = (await person.client.rpc('start_conversation', { artist: artistId })).data as string;
    expect(await joinChat(person.token, conversationId)).toBe('SUBSCRIBED');
    const out = await signOut(person.token);
    expect(out.status).toBe(204);
    const after = await person.client.rpc('start_conversation', { artist: artistId });
    expect([after.status, after.error?.code]).toEqual([401, 'PT401']);
    expect(await joinChat(person.token, conversationId)).toBe('CHANNEL_ERROR');
    expect((await other.rpc('start_conversation', { artist: artistId })).error).toBeNull();
    expect(await joinChat(second.data.session!.access_token, conversationId)).toBe('SUBSCRIBED');
  });

  it("stops a subscription's live changes when its session ends, while the other session's go on", async () => {
    const person = await signedUp();
    const second = await anonClient().auth.signInWithPassword({ email: person.email, password });
    const owner = await createUser('artist');
    const artistId = await createArtist(owner);
    const conversationId = (await person.client.rpc('start_conversation', { artist: artistId })).data as string;
    const listen = async (token: string) => {
      const client = await realtimeClient(token);
      const received: string[] = [];
      const channel = client
        .channel(`messages-${randomUUID()}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'chat_messages', filter: `conversation_id=eq.${conversationId}` }, (change) => {
          received.push((change.new as { message_text: string }).message_text);
        });
      await new Promise<void>((resolve, reject) => {
        channel.subscribe((state, error) => (state === 'SUBSCRIBED' ? resolve() : state === 'CHANNEL_ERROR' ? reject(error) : undefined));
      });
      return { received, close: () => client.removeChannel(channel) };
    };
    const ending = await listen(person.token);
    const staying = await listen(second.data.session!.access_token);
    const send = (text: string) => sql('insert into public.chat_messages (conversation_id, sender_id, message_text) values ($1, $2, $3)', [conversationId, owner.id, text]);
    await send('Eerste bericht');
    await waitFor(async () => ending.received.length === 1 && staying.received.length === 1, { timeoutMs: 15_000 });
    const out = await signOut(person.token);
    expect(out.status).toBe(204);
    await send('Tweede bericht');
    await waitFor(async () => staying.received.length === 2, { timeoutMs: 15_000 });
    // The change reached the other session; give the ended one the same moment and more.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(staying.received).toEqual(['Eerste bericht', 'Tweede bericht']);
    expect(ending.received).toEqual(['Eerste bericht']);
    await Promise.all([ending.close(), staying.close()]);
  }, 45_000);

  it('leaves tokens without a session alone: the anon and service-role keys', async () => {
    expect((await anonClient().from('artists').select('id').limit(1)).status).toBe(200);
    expect((await serviceClient().from('profiles').select('id').limit(1)).status).toBe(200);
  });
});

describe('an admin whose second factor another admin reset', () => {
  let helper: TestUser;
  let target: TestUser;
  let targetToken: string;
  let customer: TestUser;
  beforeAll(async () => {
    [helper, target, customer] = await Promise.all([createUser('admin'), createUser('admin'), createUser('customer')]);
    const factorId = randomUUID();
    await sql(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, 'Telefoon', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')`,
      [factorId, target.id],
    );
    targetToken = (await signIn(target, 'aal2')).token;
  });

  it('is no admin with the old aal2 token: is_admin() is false and admin functions refuse', async () => {
    const before = clientWithToken(targetToken);
    expect((await before.rpc('is_admin')).data).toBe(true);
    expect((await helper.client.rpc('admin_reset_two_factor', { target_id: target.id })).error).toBeNull();

    const after = clientWithToken(targetToken);
    const answers = await Promise.all([
      after.rpc('is_admin'),
      after.rpc('admin_list_admins'),
      after.rpc('admin_adjust_bands', { target_user: customer.id, amount: 1_000, reason: 'Oud token' }),
      after.from('admin_bookings').select('id').limit(1),
    ]);
    for (const answer of answers) expect([answer.status, answer.error?.code]).toEqual([401, 'PT401']);
    expect(await sql('select id from public.bands_transactions where user_id = $1', [customer.id])).toEqual([]);

    // Where PostgREST is not in between (storage, realtime), is_admin() itself says no.
    const claims = claimsOf(targetToken);
    const client = await pool().connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      expect((await client.query('select public.is_admin() as admin')).rows[0].admin).toBe(false);
      await client.query('rollback');
    } finally {
      client.release();
    }
    // The helper, in a live session, is still an admin.
    expect((await helper.client.rpc('is_admin')).data).toBe(true);
  });
});

// Chat limits and safety, as the throwaway account that writes to every act would try it: new
// conversations per customer per 24 hours and messages per sender per minute (sent all at once,
// exactly the limit passes, the rest is refused in Dutch with nothing written), and an artist who
// blocks a customer (no more messages either way, no conversation again, no digest of theirs) or
// reports the conversation to the team (admins read it, the reported person does not).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig, closePool, createArtist, createUser, pool, sql, type TestUser } from './support.ts';

afterAll(closePool);

const count = async (query: string, params: unknown[]) => Number((await sql<{ n: string }>(query, params))[0]!.n);
const send = (user: TestUser, conversationId: string, text = 'Hallo, ben je vrij op 12 juni?') =>
  user.client.from('chat_messages').insert({ id: randomUUID(), conversation_id: conversationId, sender_id: user.id, message_text: text });

describe('new conversations per customer', () => {
  it('lets exactly the limit through when started at once, the rest refused in Dutch with nothing written', async () => {
    const perDay = await appConfig('chat_conversations_per_day');
    const acts = (await sql<{ id: string }>('select id from public.artists where public.is_public_artist(id) order by id limit $1', [perDay + 3])).map((row) => row.id);
    expect(acts).toHaveLength(perDay + 3);
    const customer = await createUser('customer');
    const answers = await Promise.all(acts.map((artist) => customer.client.rpc('start_conversation', { artist })));
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(perDay);
    const refused = answers.filter((answer) => answer.error !== null);
    expect(refused).toHaveLength(3);
    for (const { error } of refused) {
      expect([error!.code, error!.message]).toEqual([
        'P0001',
        `Je bent de afgelopen 24 uur al met ${perDay} artiesten een gesprek begonnen. Ga verder in een gesprek dat je al hebt of probeer het morgen opnieuw.`,
      ]);
    }
    expect(await count('select count(*) n from public.chat_conversations where customer_id = $1', [customer.id])).toBe(perDay);

    // A conversation already there opens as before; the direct insert the grants allow counts too.
    const opened = answers.find((answer) => answer.error === null)!.data as string;
    const openedAct = acts[answers.findIndex((answer) => answer.data === opened)]!;
    expect(await customer.client.rpc('start_conversation', { artist: openedAct })).toMatchObject({ data: opened, error: null });
    const refusedAct = acts[answers.findIndex((answer) => answer.error !== null)]!;
    const direct = await customer.client.from('chat_conversations').insert({ customer_id: customer.id, artist_id: refusedAct });
    expect(direct.error?.code).toBe('P0001');
    expect(await count('select count(*) n from public.chat_conversations where customer_id = $1', [customer.id])).toBe(perDay);

    // A day later the customer may start new ones again.
    await sql(`update public.chat_conversations set created_at = now() - interval '25 hours' where customer_id = $1`, [customer.id]);
    expect((await customer.client.rpc('start_conversation', { artist: refusedAct })).error).toBeNull();
  }, 60_000);
});

describe('messages per sender', () => {
  let customer: TestUser;
  let owner: TestUser;
  let conversationId: string;
  beforeAll(async () => {
    [customer, owner] = await Promise.all([createUser('customer'), createUser('artist')]);
    const artistId = await createArtist(owner);
    conversationId = (await customer.client.rpc('start_conversation', { artist: artistId })).data as string;
  });

  it('lets exactly the limit per minute through when sent at once, the rest refused in Dutch with nothing written', async () => {
    const perMinute = await appConfig('chat_messages_per_minute');
    const answers = await Promise.all(Array.from({ length: perMinute + 5 }, () => send(customer, conversationId)));
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(perMinute);
    const refused = answers.filter((answer) => answer.error !== null);
    expect(refused).toHaveLength(5);
    for (const { error } of refused) {
      expect([error!.code, error!.message, error!.hint]).toEqual(['P0001', `Je hebt de afgelopen minuut al ${perMinute} berichten gestuurd. Wacht even en probeer het dan opnieuw.`, 'rate_limited']);
    }
    expect(await count('select count(*) n from public.chat_messages where sender_id = $1', [customer.id])).toBe(perMinute);
    // The other side has a limit of its own.
    expect((await send(owner, conversationId, 'Ja, dat kan!')).error).toBeNull();
    // A minute later the customer writes again.
    await sql(`update public.chat_messages set created_at = created_at - interval '61 seconds' where sender_id = $1`, [customer.id]);
    expect((await send(customer, conversationId)).error).toBeNull();
  });
});

describe('an artist blocks a customer', () => {
  let customer: TestUser;
  let owner: TestUser;
  let stranger: TestUser;
  let artistId: string;
  let conversationId: string;
  beforeAll(async () => {
    [customer, owner, stranger] = await Promise.all([createUser('customer'), createUser('artist'), createUser('customer')]);
    artistId = await createArtist(owner);
    conversationId = (await customer.client.rpc('start_conversation', { artist: artistId })).data as string;
  });

  it("only the act's owner may block, in Dutch", async () => {
    const byCustomer = await customer.client.rpc('block_conversation', { conversation: conversationId });
    expect([byCustomer.error?.code, byCustomer.error?.message]).toEqual(['42501', 'Alleen de artiest kan in dit gesprek iemand blokkeren. Gaat er iets mis? Meld het gesprek dan.']);
    const byStranger = await stranger.client.rpc('block_conversation', { conversation: conversationId });
    expect([byStranger.error?.code, byStranger.error?.message]).toEqual(['P0002', 'Gesprek niet gevonden.']);
    expect(await count('select count(*) n from public.chat_conversations where id = $1 and blocked_at is not null', [conversationId])).toBe(0);
  });

  it('ends the conversation for both sides and mails nothing of the customer', async () => {
    expect((await send(customer, conversationId, 'Bericht één')).error).toBeNull();
    expect((await send(customer, conversationId, 'Bericht twee')).error).toBeNull();
    // Unread for twenty minutes: the digest would mail them to the artist.
    await sql(`update public.chat_messages set created_at = now() - interval '20 minutes' where conversation_id = $1`, [conversationId]);

    const blocked = await owner.client.rpc('block_conversation', { conversation: conversationId });
    expect(blocked.error).toBeNull();

    const again = await send(customer, conversationId, 'Waarom antwoord je niet?');
    expect([again.error?.code, again.error?.message, again.error?.hint]).toEqual(['42501', 'Je kunt deze artiest geen berichten meer sturen.', 'blocked']);
    const reopen = await customer.client.rpc('start_conversation', { artist: artistId });
    expect([reopen.error?.code, reopen.error?.message]).toEqual(['42501', 'Je kunt deze artiest geen berichten meer sturen.']);
    const direct = await customer.client.from('chat_conversations').insert({ customer_id: customer.id, artist_id: artistId });
    expect(direct.error).not.toBeNull();
    const fromOwner = await send(owner, conversationId, 'Toch nog even dit');
    expect([fromOwner.error?.code, fromOwner.error?.message]).toEqual(['42501', 'Je hebt deze klant geblokkeerd. Deblokkeer de klant om weer een bericht te sturen.']);
    expect(await count('select count(*) n from public.chat_messages where conversation_id = $1', [conversationId])).toBe(2);
    expect(await count('select count(*) n from public.chat_conversations where customer_id = $1', [customer.id])).toBe(1);

    // Both sides see the conversation as blocked.
    for (const who of [customer, owner]) {
      expect((await who.client.from('chat_conversations').select('blocked_at').eq('id', conversationId).single()).data?.blocked_at).toEqual(expect.any(String));
    }

    // What the digest job would mail now, claimed in a transaction that is rolled back: a claim
    // marks every waiting message as mailed, and the other files' and journeys' digests must still go.
    const connection = await pool().connect();
    try {
      await connection.query('begin');
      const digests = await connection.query<{ recipient_id: string }>('select recipient_id from public.claim_chat_digests(10000)');
      expect(digests.rows.map((row) => row.recipient_id)).not.toContain(owner.id);
    } finally {
      await connection.query('rollback');
      connection.release();
    }
  });

  it('is lifted by the owner only, and then both write again', async () => {
    const byCustomer = await customer.client.rpc('unblock_conversation', { conversation: conversationId });
    expect([byCustomer.error?.code, byCustomer.error?.message]).toEqual(['42501', 'Alleen de artiest kan een blokkade opheffen.']);
    expect((await owner.client.rpc('unblock_conversation', { conversation: conversationId })).error).toBeNull();
    expect((await send(customer, conversationId, 'Dank je!')).error).toBeNull();
    expect((await send(owner, conversationId, 'Graag gedaan.')).error).toBeNull();
  });
});

describe('reporting a conversation', () => {
  let customer: TestUser;
  let owner: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let conversationId: string;
  beforeAll(async () => {
    [customer, owner, stranger, admin] = await Promise.all([createUser('customer'), createUser('artist'), createUser('customer'), createUser('admin')]);
    const artistId = await createArtist(owner);
    conversationId = (await customer.client.rpc('start_conversation', { artist: artistId })).data as string;
  });

  it('takes a reason from the list and optional words from a participant, refuses others in Dutch', async () => {
    const badReason = await owner.client.rpc('report_conversation', { conversation: conversationId, reason: 'boos' });
    expect([badReason.error?.code, badReason.error?.message]).toEqual(['22023', 'Kies een reden voor je melding.']);
    const tooLong = await owner.client.rpc('report_conversation', { conversation: conversationId, reason: 'spam', details: 'x'.repeat(1001) });
    expect([tooLong.error?.code, tooLong.error?.message]).toEqual(['22023', 'Je toelichting is te lang (maximaal 1000 tekens).']);
    const byStranger = await stranger.client.rpc('report_conversation', { conversation: conversationId, reason: 'spam' });
    expect([byStranger.error?.code, byStranger.error?.message]).toEqual(['P0002', 'Gesprek niet gevonden.']);
    expect(await count('select count(*) n from public.chat_reports where conversation_id = $1', [conversationId])).toBe(0);

    const first = await owner.client.rpc('report_conversation', { conversation: conversationId, reason: 'spam', details: '  Stuurt elke artiest hetzelfde.  ' });
    expect(first.error).toBeNull();
    // Reporting again while it is open changes the one report.
    const second = await owner.client.rpc('report_conversation', { conversation: conversationId, reason: 'scam' });
    expect(second.data).toBe(first.data);
    const rows = await sql('select reporter_id, reported_id, reason, details, status from public.chat_reports where conversation_id = $1', [conversationId]);
    expect(rows).toEqual([{ reporter_id: owner.id, reported_id: customer.id, reason: 'scam', details: null, status: 'open' }]);
  });

  it('is read by the reporter and admins, not by the reported person, and handled by admins only', async () => {
    const id = (await owner.client.rpc('report_conversation', { conversation: conversationId, reason: 'harassment', details: 'Scheldt me uit.' })).data as string;
    expect((await owner.client.from('chat_reports').select('id').eq('id', id)).data).toEqual([{ id }]);
    expect((await admin.client.from('chat_reports').select('id, reason, details').eq('id', id)).data).toEqual([{ id, reason: 'harassment', details: 'Scheldt me uit.' }]);
    expect((await customer.client.from('chat_reports').select('id').eq('id', id)).data).toEqual([]);
    expect((await stranger.client.from('chat_reports').select('id').eq('id', id)).data).toEqual([]);

    expect((await owner.client.from('chat_reports').update({ status: 'handled' }).eq('id', id).select('id')).data ?? []).toEqual([]);
    expect((await owner.client.from('chat_reports').insert({ conversation_id: conversationId, reporter_id: owner.id, reported_id: customer.id, reason: 'spam' })).error?.code).toBe('42501');
    const handled = await admin.client.from('chat_reports').update({ status: 'handled', handled_at: new Date().toISOString() }).eq('id', id).select('status');
    expect(handled.data).toEqual([{ status: 'handled' }]);
  });

  it("lists reports with names in the back office's view, for admins only", async () => {
    const id = (await customer.client.rpc('report_conversation', { conversation: conversationId, reason: 'off_platform' })).data as string;
    const listed = await admin.client.from('admin_chat_reports').select('reason, status, reporter_name, reported_name, artist_name').eq('id', id);
    expect(listed.data).toEqual([{ reason: 'off_platform', status: 'open', reporter_name: 'Test customer', reported_name: 'Test artist', artist_name: expect.any(String) }]);
    for (const who of [customer, owner]) expect((await who.client.from('admin_chat_reports').select('id')).data).toEqual([]);
  });
});

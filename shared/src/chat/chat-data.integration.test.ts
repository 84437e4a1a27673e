// @vitest-environment node
// A thread's safety calls against the running stack, signed in with real supabase-js sessions:
// what the page shows when the server refuses a message (too many at once, a blocked
// conversation), blocking and unblocking by the act's owner, and a report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, createArtist, createPasswordUser, deleteAuthUser, sql } from '../stack.test-support.ts';
import { appConfig } from '../../../supabase/tests/support.ts';
import { conversationBlockQuery, reportConversation, sendMessage, setConversationBlocked, startConversation } from './chat-data.ts';
import type { ChatClient } from './chat-services.tsx';

const users: string[] = [];

afterAll(async () => {
  await Promise.all(users.map(deleteAuthUser));
  await closePool();
});

async function signedIn(role: 'customer' | 'artist') {
  const user = await createPasswordUser(role, { first_name: role === 'artist' ? 'Aart' : 'Kees', last_name: 'Klant' });
  users.push(user.id);
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw error;
  return { id: user.id, email: user.email, client: client as unknown as ChatClient };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Error & { status?: number; blocked?: boolean }) => ({ message: error.message, status: error.status, blocked: error.blocked }),
  );

let customer: Awaited<ReturnType<typeof signedIn>>;
let owner: Awaited<ReturnType<typeof signedIn>>;
let artistId: string;
let conversationId: string;
const message = (text: string) => ({ id: crypto.randomUUID(), conversationId, senderId: customer.id, text });

beforeAll(async () => {
  [customer, owner] = await Promise.all([signedIn('customer'), signedIn('artist')]);
  artistId = await createArtist({ ...owner, token: '', client: owner.client as never });
  conversationId = await startConversation(customer.client, artistId);
});

describe('a message the server refuses', () => {
  it('shows the Dutch limit and is not retried', async () => {
    const perMinute = await appConfig('chat_messages_per_minute');
    await sql(`insert into public.chat_messages (conversation_id, sender_id, message_text) select $1, $2, 'Eerder' from generate_series(1, $3)`, [conversationId, customer.id, perMinute]);
    expect(await refusal(sendMessage(customer.client, message('Nog eentje')))).toEqual({
      message: `Je hebt de afgelopen minuut al ${perMinute} berichten gestuurd. Wacht even en probeer het dan opnieuw.`,
      status: 400,
      blocked: false,
    });
    await sql(`update public.chat_messages set created_at = created_at - interval '2 minutes' where sender_id = $1`, [customer.id]);
    expect(await sendMessage(customer.client, message('Nu wel'))).toMatchObject({ message_text: 'Nu wel' });
  });
});

describe('blocking and reporting', () => {
  it("the owner blocks: both sides read it, the customer's message and a new start are refused in Dutch", async () => {
    expect(await refusal(setConversationBlocked(customer.client, conversationId, true))).toMatchObject({
      message: 'Alleen de artiest kan in dit gesprek iemand blokkeren. Gaat er iets mis? Meld het gesprek dan.',
    });
    await setConversationBlocked(owner.client, conversationId, true);
    for (const who of [customer, owner]) expect(await conversationBlockQuery(conversationId).fetch(who.client)).toEqual({ blocked: true });
    expect(await refusal(sendMessage(customer.client, message('Hallo?')))).toEqual({ message: 'Je kunt deze artiest geen berichten meer sturen.', status: 400, blocked: true });
    expect(await refusal(startConversation(customer.client, artistId))).toMatchObject({ message: 'Je kunt deze artiest geen berichten meer sturen.' });
    await setConversationBlocked(owner.client, conversationId, false);
    expect(await conversationBlockQuery(conversationId).fetch(customer.client)).toEqual({ blocked: false });
  });

  it('a report reaches the team with its reason and words', async () => {
    await reportConversation(owner.client, { conversationId, reason: 'spam', details: 'Stuurt reclame.' });
    await reportConversation(customer.client, { conversationId, reason: 'other', details: '   ' });
    const rows = await sql('select reporter_id, reason, details from public.chat_reports where conversation_id = $1 order by reason desc', [conversationId]);
    expect(rows).toEqual([
      { reporter_id: owner.id, reason: 'spam', details: 'Stuurt reclame.' },
      { reporter_id: customer.id, reason: 'other', details: null },
    ]);
  });
});

// Realtime through the real supabase-js (its bundled realtime-js, unchanged) against the running
// stack: postgres_changes filtered by each user's RLS and by filters, every event type,
// broadcast, presence, refused tokens, a restart of the realtime server, and the replication
// slot that exists only while someone listens.
import { readFileSync } from 'node:fs';
import { createClient, type RealtimeChannel, type RealtimePostgresChangesPayload, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { signJWT } from '../auth/jwt.ts';
import { keys, paths, urls } from '../config.ts';
import { anonClient, serviceClient, waitFor, waitForSchemaCache, withDatabase } from '../testing.ts';

type Note = { id: number; owner_id: string; body: string; priority: number; created_at: string };
type Change = RealtimePostgresChangesPayload<Note>;

const clients: SupabaseClient[] = [];

function newClient(options: { accessToken?: () => Promise<string> } = {}) {
  const client = createClient(urls.api, keys.anon, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    ...options,
  });
  clients.push(client);
  return client;
}

async function userClient(tag: string) {
  const email = `rt-${tag}-${crypto.randomUUID()}@example.com`;
  const { data, error } = await serviceClient().auth.admin.createUser({ email, password: 'geheim123', email_confirm: true });
  expect(error).toBeNull();
  const client = newClient();
  const login = await client.auth.signInWithPassword({ email, password: 'geheim123' });
  expect(login.error).toBeNull();
  return { client, id: data.user!.id };
}

/** Subscribes and resolves on SUBSCRIBED; rejects with the server's reason on an error. */
function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
}

const bodies = (changes: Change[]) => changes.map((change) => ('body' in change.new ? change.new.body : undefined));

beforeAll(async () => {
  await withDatabase(async (db) => {
    await db.query(`
      drop table if exists public.rt_notes;
      create table public.rt_notes (
        id bigint generated always as identity primary key,
        owner_id uuid not null default auth.uid(),
        body text not null,
        priority int not null default 0,
        created_at timestamptz not null default now()
      );
      alter table public.rt_notes enable row level security;
      create policy "own notes are readable" on public.rt_notes for select to authenticated using (owner_id = (select auth.uid()));
      create policy "own notes are writable" on public.rt_notes for all to authenticated using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
      revoke all on public.rt_notes from anon, authenticated;
      grant select, insert, update, delete on public.rt_notes to authenticated;
      alter publication supabase_realtime add table public.rt_notes;
    `);
  });
  // The first tests write the table through PostgREST: on a busy machine its schema reload came
  // after them now and then, and the insert was refused as a table it did not know.
  await waitForSchemaCache('rt_notes');
});

afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  await withDatabase((db) => db.query('drop table if exists public.rt_notes'));
});

describe('postgres_changes', () => {
  it('delivers a change only to users whose RLS lets them read the row', async () => {
    const alice = await userClient('alice');
    const bob = await userClient('bob');
    const seenByAlice: Change[] = [];
    const seenByBob: Change[] = [];
    await subscribed(alice.client.channel('notes-alice').on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes' }, (p) => seenByAlice.push(p as Change)));
    await subscribed(bob.client.channel('notes-bob').on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes' }, (p) => seenByBob.push(p as Change)));

    expect((await alice.client.from('rt_notes').insert({ body: 'van alice', priority: 3 })).error).toBeNull();
    expect((await bob.client.from('rt_notes').insert({ body: 'van bob' })).error).toBeNull();

    await waitFor(async () => seenByAlice.length >= 1 && seenByBob.length >= 1);
    // Bob's own row came after Alice's on the same stream: had hers been sent to him, it would be here.
    expect(bodies(seenByBob)).toEqual(['van bob']);
    await withDatabase((db) => db.query(`insert into public.rt_notes (owner_id, body) values ($1, 'sentinel')`, [alice.id]));
    await waitFor(async () => seenByAlice.length >= 2);
    expect(bodies(seenByAlice)).toEqual(['van alice', 'sentinel']);

    const change = seenByAlice[0]!;
    expect(change).toMatchObject({ schema: 'public', table: 'rt_notes', eventType: 'INSERT', old: {} });
    expect(change.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(change.new).toMatchObject({ owner_id: alice.id, body: 'van alice', priority: 3 });
    expect(typeof (change.new as Note).id).toBe('number');
    expect(bodies(seenByBob)).toEqual(['van bob']);
  });

  it('answers one change per group: a role its policy lets read everything, and one checked per subscriber', async () => {
    await withDatabase((db) =>
      db.query(`
        drop table if exists public.rt_feed;
        create table public.rt_feed (id bigint generated always as identity primary key, body text not null, public boolean not null);
        alter table public.rt_feed enable row level security;
        create policy "members read everything" on public.rt_feed for select to authenticated using (true);
        create policy "guests read what is public" on public.rt_feed for select to anon using (public);
        grant select on public.rt_feed to anon, authenticated;
        alter publication supabase_realtime add table public.rt_feed;
      `),
    );
    try {
      const alice = await userClient('feed-alice');
      const bob = await userClient('feed-bob');
      const guest = newClient();
      const seen = { alice: [] as string[], bob: [] as string[], guest: [] as string[] };
      for (const [name, client] of [
        ['alice', alice.client],
        ['bob', bob.client],
        ['guest', guest],
      ] as const) {
        await subscribed(client.channel(`feed-${name}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_feed' }, (p) => seen[name].push((p.new as { body: string }).body)));
      }
      await withDatabase((db) => db.query(`insert into public.rt_feed (body, public) values ('voor iedereen', true), ('voor leden', false), ('ook voor iedereen', true)`));
      await waitFor(async () => seen.alice.length >= 3 && seen.bob.length >= 3 && seen.guest.length >= 2);
      expect(seen.alice).toEqual(['voor iedereen', 'voor leden', 'ook voor iedereen']);
      expect(seen.bob).toEqual(seen.alice);
      // The members' row came between the two public ones: had it reached the guest, it would be here.
      expect(seen.guest).toEqual(['voor iedereen', 'ook voor iedereen']);
    } finally {
      await withDatabase((db) => db.query('drop table if exists public.rt_feed'));
    }
  });

  it('applies eq, neq, lt, lte, gt, gte and in filters', async () => {
    const carol = await userClient('carol');
    const seen: Record<string, number[]> = {};
    const filters = {
      eq: 'priority=eq.3',
      neq: 'priority=neq.3',
      lt: 'priority=lt.3',
      lte: 'priority=lte.3',
      gt: 'priority=gt.3',
      gte: 'priority=gte.3',
      in: 'priority=in.(1,5)',
      text: 'body=eq.vijf',
    };
    let channel = carol.client.channel('filters');
    for (const [name, filter] of Object.entries(filters)) {
      seen[name] = [];
      channel = channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes', filter }, (p) => seen[name]!.push((p.new as Note).priority));
    }
    const all: number[] = [];
    channel = channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p) => all.push((p.new as Note).priority));
    await subscribed(channel);

    const words = ['een', 'twee', 'drie', 'vier', 'vijf'];
    for (const priority of [1, 2, 3, 4, 5]) expect((await carol.client.from('rt_notes').insert({ body: words[priority - 1], priority })).error).toBeNull();
    await waitFor(async () => all.length === 5);

    expect(seen).toEqual({ eq: [3], neq: [1, 2, 4, 5], lt: [1, 2], lte: [1, 2, 3], gt: [4, 5], gte: [3, 4, 5], in: [1, 5], text: [5] });
  });

  it('keeps each user to their own rows when a burst of changes is checked as one batch', async () => {
    const alice = await userClient('burst-alice');
    const bob = await userClient('burst-bob');
    const seenByAlice: Change[] = [];
    const seenByBob: Change[] = [];
    await subscribed(alice.client.channel('burst-alice').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p) => seenByAlice.push(p as Change)));
    await subscribed(bob.client.channel('burst-bob').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p) => seenByBob.push(p as Change)));

    // Twenty changes at once: those after the first wait for its check and go together.
    await withDatabase((db) =>
      db.query(`insert into public.rt_notes (owner_id, body) select case when g % 2 = 0 then $1::uuid else $2::uuid end, 'burst ' || g from generate_series(1, 20) g`, [alice.id, bob.id]),
    );
    await waitFor(async () => seenByAlice.length >= 10 && seenByBob.length >= 10);
    // A last row for each after the burst: had any of the other's rows reached them, it would be here by now.
    await withDatabase((db) => db.query(`insert into public.rt_notes (owner_id, body) values ($1, 'laatste'), ($2, 'laatste')`, [alice.id, bob.id]));
    await waitFor(async () => seenByAlice.length >= 11 && seenByBob.length >= 11);
    const range = (from: number) => Array.from({ length: 10 }, (_, i) => `burst ${from + 2 * i}`);
    expect(bodies(seenByAlice)).toEqual([...range(2), 'laatste']);
    expect(bodies(seenByBob)).toEqual([...range(1), 'laatste']);
  });

  it('sends INSERT, UPDATE and DELETE to the bindings that asked for them', async () => {
    const dave = await userClient('dave');
    const got: Record<string, Change[]> = { INSERT: [], UPDATE: [], DELETE: [], '*': [] };
    let channel = dave.client.channel('events');
    for (const event of ['INSERT', 'UPDATE', 'DELETE', '*'] as const) {
      channel = channel.on('postgres_changes', { event: event as '*', schema: 'public', table: 'rt_notes' }, (p) => got[event]!.push(p as Change));
    }
    await subscribed(channel);

    const inserted = await dave.client.from('rt_notes').insert({ body: 'eerst' }).select().single<Note>();
    expect(inserted.error).toBeNull();
    const id = inserted.data!.id;
    expect((await dave.client.from('rt_notes').update({ body: 'daarna' }).eq('id', id)).error).toBeNull();
    // An update is delivered after an RLS lookup of the row by its key, as on Supabase; a delete
    // committed before that lookup would hide it, so the test lets the update arrive first.
    await waitFor(async () => got['*']!.length === 2);
    expect((await dave.client.from('rt_notes').delete().eq('id', id)).error).toBeNull();
    await waitFor(async () => got['*']!.length === 3);

    expect(got['*']!.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(got.INSERT!.map((c) => c.eventType)).toEqual(['INSERT']);
    expect(got.UPDATE!.map((c) => c.eventType)).toEqual(['UPDATE']);
    expect(got.DELETE!.map((c) => c.eventType)).toEqual(['DELETE']);
    expect(got.UPDATE![0]!.new).toMatchObject({ id, body: 'daarna', owner_id: dave.id });
    expect(got.UPDATE![0]!.old).toEqual({ id });
    // With RLS on, a delete carries only the primary key (as on Supabase).
    expect(got.DELETE![0]!.old).toEqual({ id });
    expect(got.DELETE![0]!.new).toEqual({});
  });

  it('sends the full old row of a REPLICA IDENTITY FULL table without RLS', async () => {
    await withDatabase((db) =>
      db.query(`
        drop table if exists public.rt_open;
        create table public.rt_open (id int primary key, label text);
        alter table public.rt_open replica identity full;
        grant select on public.rt_open to anon;
        alter publication supabase_realtime add table public.rt_open;
      `),
    );
    try {
      const guest = anonClient();
      clients.push(guest);
      const got: Change[] = [];
      await subscribed(guest.channel('open').on('postgres_changes', { event: '*', schema: 'public', table: 'rt_open' }, (p) => got.push(p as Change)));
      await withDatabase(async (db) => {
        await db.query(`insert into public.rt_open values (1, 'a')`);
        await db.query(`update public.rt_open set label = 'b'`);
        await db.query(`delete from public.rt_open`);
      });
      await waitFor(async () => got.length === 3);
      expect(got[1]!.old).toEqual({ id: 1, label: 'a' });
      expect(got[2]!.old).toEqual({ id: 1, label: 'b' });
    } finally {
      await withDatabase((db) => db.query('drop table if exists public.rt_open'));
    }
  });
});

describe('broadcast', () => {
  it('reaches the other members, and the sender only with self; ack confirms', async () => {
    const one = anonClient();
    const two = anonClient();
    clients.push(one, two);
    const gotOne: unknown[] = [];
    const gotTwo: unknown[] = [];
    const loud = await subscribed(one.channel('room:lobby', { config: { broadcast: { self: true, ack: true } } }).on('broadcast', { event: 'shout' }, (m) => gotOne.push(m.payload)));
    const quiet = await subscribed(two.channel('room:lobby').on('broadcast', { event: 'shout' }, (m) => gotTwo.push(m.payload)));

    expect(await loud.send({ type: 'broadcast', event: 'shout', payload: { n: 1 } })).toBe('ok');
    await waitFor(async () => gotOne.length === 1 && gotTwo.length === 1);
    expect(gotOne).toEqual([{ n: 1 }]);
    expect(gotTwo).toEqual([{ n: 1 }]);

    await quiet.send({ type: 'broadcast', event: 'shout', payload: { n: 2 } });
    expect((await loud.httpSend('shout', { n: 3 })).success).toBe(true);
    await waitFor(async () => gotOne.length === 3 && gotTwo.length === 2);
    expect(gotOne).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    // Not its own message (no self), but the REST broadcast that followed it.
    expect(gotTwo).toEqual([{ n: 1 }, { n: 3 }]);

    // A channel that never joined falls back to the batch endpoint POST /api/broadcast.
    const outsider = anonClient();
    clients.push(outsider);
    const warn = console.warn;
    console.warn = () => {}; // realtime-js warns that this fallback is deprecated
    try {
      expect(await outsider.channel('room:lobby').send({ type: 'broadcast', event: 'shout', payload: { n: 4 } })).toBe('ok');
    } finally {
      console.warn = warn;
    }
    await waitFor(async () => gotOne.length === 4 && gotTwo.length === 3);
    expect(gotTwo.at(-1)).toEqual({ n: 4 });
  });
});

describe('private channels', () => {
  beforeAll(async () => {
    await withDatabase((db) =>
      db.query(`
        drop policy if exists "rt test: own inbox is readable" on realtime.messages;
        drop policy if exists "rt test: own inbox is writable" on realtime.messages;
        create policy "rt test: own inbox is readable" on realtime.messages for select to authenticated
          using (realtime.topic() = 'inbox:' || (select auth.uid())::text);
        create policy "rt test: own inbox is writable" on realtime.messages for insert to authenticated
          with check (realtime.topic() = 'inbox:' || (select auth.uid())::text);
      `),
    );
  });
  afterAll(async () => {
    await withDatabase((db) =>
      db.query(`
        drop policy if exists "rt test: own inbox is readable" on realtime.messages;
        drop policy if exists "rt test: own inbox is writable" on realtime.messages;
      `),
    );
  });

  it('lets in only whom the realtime.messages policies allow, and keeps private apart from public', async () => {
    const gina = await userClient('gina');
    const hugo = await userClient('hugo');
    const topic = `inbox:${gina.id}`;
    const ginaGot: unknown[] = [];
    const publicGot: unknown[] = [];
    const inbox = await subscribed(gina.client.channel(topic, { config: { private: true, broadcast: { self: true, ack: true } } }).on('broadcast', { event: 'note' }, (m) => ginaGot.push(m.payload)));
    await expect(subscribed(hugo.client.channel(topic, { config: { private: true } }))).rejects.toThrow(`Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`);

    // Other connections: realtime-js keeps one channel per topic name on a socket.
    const listener = anonClient();
    const guest = anonClient();
    clients.push(listener, guest);
    await subscribed(listener.channel(topic).on('broadcast', { event: 'note' }, (m) => publicGot.push(m.payload)));
    const ginaPublic = await subscribed(guest.channel(topic, { config: { broadcast: { ack: true } } }));
    expect(await inbox.send({ type: 'broadcast', event: 'note', payload: { text: 'privé' } })).toBe('ok');
    expect(await ginaPublic.send({ type: 'broadcast', event: 'note', payload: { text: 'openbaar' } })).toBe('ok');
    await waitFor(async () => ginaGot.length === 1 && publicGot.length === 1);
    expect(ginaGot).toEqual([{ text: 'privé' }]);
    expect(publicGot).toEqual([{ text: 'openbaar' }]);
  });
});

describe('presence on a private channel', () => {
  beforeAll(async () => {
    await withDatabase((db) =>
      db.query(`
        drop policy if exists "rt test: own mood is readable" on realtime.messages;
        drop policy if exists "rt test: own mood is a word" on realtime.messages;
        create policy "rt test: own mood is readable" on realtime.messages for select to authenticated
          using (realtime.topic() = 'mood:' || (select auth.uid())::text);
        create policy "rt test: own mood is a word" on realtime.messages for insert to authenticated
          with check (realtime.topic() = 'mood:' || (select auth.uid())::text
                      and (payload is null or (payload - 'mood' = '{}'::jsonb and payload ->> 'mood' ~ '^[a-z]+$')));
      `),
    );
  });
  afterAll(async () => {
    await withDatabase((db) =>
      db.query(`
        drop policy if exists "rt test: own mood is readable" on realtime.messages;
        drop policy if exists "rt test: own mood is a word" on realtime.messages;
      `),
    );
  });

  it('tracks only what the realtime.messages policies allow, under the user’s own id', async () => {
    const ines = await userClient('ines');
    const topic = `mood:${ines.id}`;
    const named = ines.client.channel(topic, { config: { private: true, presence: { key: 'een naam naar keuze' } } });
    await expect(subscribed(named)).rejects.toThrow('Unauthorized: a presence key on a private channel must be your user id');
    await ines.client.removeChannel(named);
    const channel = await subscribed(ines.client.channel(topic, { config: { private: true, presence: { key: ines.id } } }).on('presence', { event: 'sync' }, () => {}));
    expect(await channel.track({ mood: 'blij' })).toBe('ok');
    expect(await channel.track({ mood: 'blij', note: 'bel me' })).toBe('error');
    expect(await channel.track({ mood: 'Bel 0612345678' })).toBe('error');
    await waitFor(async () => (channel.presenceState()[ines.id] ?? []).length === 1);
    expect(channel.presenceState()[ines.id]).toEqual([expect.objectContaining({ mood: 'blij' })]);
    expect(Object.keys(channel.presenceState()[ines.id]![0]!).sort()).toEqual(['mood', 'presence_ref']);
  });
});

describe('presence', () => {
  it('syncs state and reports joins and leaves between two clients', async () => {
    const one = anonClient();
    const two = anonClient();
    clients.push(one, two);
    const joins: string[] = [];
    const leaves: string[] = [];
    const first = one
      .channel('room:presence', { config: { presence: { key: 'anna' } } })
      .on('presence', { event: 'join' }, ({ key }) => joins.push(key))
      .on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    await subscribed(first);
    expect(await first.track({ mood: 'blij' })).toBe('ok');
    const second = two.channel('room:presence', { config: { presence: { key: 'bram' } } }).on('presence', { event: 'sync' }, () => {});
    await subscribed(second);
    expect(await second.track({ mood: 'moe' })).toBe('ok');

    await waitFor(async () => Object.keys(first.presenceState()).length === 2 && Object.keys(second.presenceState()).length === 2);
    expect(first.presenceState().bram?.[0]).toMatchObject({ mood: 'moe' });
    expect(second.presenceState().anna?.[0]).toMatchObject({ mood: 'blij' });
    expect(joins).toEqual(['anna', 'bram']);

    expect(await second.untrack()).toBe('ok');
    await waitFor(async () => leaves.includes('bram'));
    expect(Object.keys(first.presenceState())).toEqual(['anna']);
    await two.removeChannel(second);
  });
});

describe('gateway', () => {
  it('refuses a WebSocket without a valid apikey, as Kong does', async () => {
    const statusOf = (query: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const socket = new ws(`${urls.api.replace(/^http/, 'ws')}/realtime/v1/websocket?vsn=2.0.0${query}`);
        socket.on('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        socket.on('open', () => {
          socket.close();
          resolve({ status: 101, body: '' });
        });
        socket.on('error', (error) => (error.message.includes('Unexpected server response') ? undefined : reject(error)));
      });
    expect(await statusOf('')).toEqual({ status: 401, body: JSON.stringify({ message: 'No API key found in request' }) });
    expect(await statusOf('&apikey=nope')).toEqual({ status: 401, body: JSON.stringify({ message: 'Invalid authentication credentials' }) });
    expect((await statusOf(`&apikey=${keys.anon}`)).status).toBe(101);
  });
});

describe('serializers', () => {
  /** A raw socket with one postgres_changes channel on rt_notes, as a user; resolves once joined. */
  const rawListener = async (vsn: '1.0.0' | '2.0.0', userId: string) => {
    const token = signJWT({ sub: userId, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 }, keys.jwtSecret);
    const socket = new ws(`${urls.api.replace(/^http/, 'ws')}/realtime/v1/websocket?vsn=${vsn}&apikey=${keys.anon}`);
    const frames: unknown[] = [];
    socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const payload = { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'rt_notes' }] }, access_token: token };
    const topic = `realtime:raw-${vsn}`;
    socket.send(JSON.stringify(vsn === '2.0.0' ? ['1', '1', topic, 'phx_join', payload] : { join_ref: '1', ref: '1', topic, event: 'phx_join', payload }));
    await waitFor(async () => frames.some((frame) => JSON.stringify(frame).includes('Subscribed to PostgreSQL')));
    const changes = () => frames.filter((frame) => JSON.stringify(frame).includes('"postgres_changes"') && JSON.stringify(frame).includes('"ids"'));
    return { socket, topic, changes };
  };

  it('sends each change of one transaction as a frame of its own, in vsn 1.0.0 and 2.0.0 shapes', async () => {
    const userId = crypto.randomUUID();
    const v1 = await rawListener('1.0.0', userId);
    const v2 = await rawListener('2.0.0', userId);
    try {
      // Three changes whose frames leave in one write to each socket.
      await withDatabase((db) => db.query(`insert into public.rt_notes (owner_id, body) values ($1, 'een'), ($1, 'twee'), ($1, 'drie')`, [userId]));
      await waitFor(async () => v1.changes().length >= 3 && v2.changes().length >= 3);
      const data = (frame: { payload: { ids: number[]; data: { record: { body: string } } } }) => frame.payload.data;
      const v1Frames = v1.changes() as { join_ref: string; ref: null; topic: string; event: string; payload: { ids: number[]; data: { record: { body: string } } } }[];
      expect(v1Frames.map((frame) => data(frame).record.body)).toEqual(['een', 'twee', 'drie']);
      expect(v1Frames[0]).toMatchObject({ join_ref: '1', ref: null, topic: v1.topic, event: 'postgres_changes' });
      expect(v1Frames[0]!.payload.ids).toHaveLength(1);
      expect(data(v1Frames[0]!)).toMatchObject({ schema: 'public', table: 'rt_notes', type: 'INSERT', errors: null, record: { owner_id: userId, body: 'een' } });
      const v2Frames = v2.changes() as [string, null, string, string, { ids: number[]; data: { record: { body: string } } }][];
      expect(v2Frames.map(([joinRef, ref, topic, event]) => [joinRef, ref, topic, event])).toEqual(Array(3).fill(['1', null, v2.topic, 'postgres_changes']));
      expect(v2Frames.map(([, , , , payload]) => payload.data)).toEqual(v1Frames.map((frame) => data(frame)));
    } finally {
      v1.socket.close();
      v2.socket.close();
    }
  });
});

describe('the RLS check of a change (realtime.podium_apply_rls)', () => {
  // Both found by the load bench (supabase/load): once either happened, every later change on that
  // database connection was 'not delivered', so subscribers heard nothing more.
  const check = (db: { query: (text: string, values: unknown[]) => Promise<{ rows: { visible: boolean[] }[] }> }, note: Note, xid: string, reader: string) =>
    db.query(`select realtime.podium_apply_rls('public.rt_notes'::regclass, 'INSERT', $1::jsonb, null, $2::jsonb, $3::bigint) -> 'visible' as visible`, [
      JSON.stringify(note),
      JSON.stringify([{ role: 'authenticated', claims: { sub: reader, role: 'authenticated' } }]),
      xid,
    ]);

  it('answers a change whose commit is newer than its own snapshot (the first xid epoch)', async () => {
    const frank = await userClient('frank');
    await withDatabase(async (reader) => {
      // The WAL sender streams a commit before the committing backend has left the proc array,
      // so the checking session's snapshot can end before the change's xid.
      await reader.query('begin isolation level repeatable read');
      await reader.query('select 1');
      const written = await withDatabase(async (writer) => {
        // Another transaction first, so the change's xid is past the snapshot's xmax, not at it.
        await writer.query('select pg_current_xact_id()');
        await writer.query('begin');
        const { rows } = await writer.query<Note & { xid: string }>(
          `insert into public.rt_notes (owner_id, body) values ($1, 'net gecommit') returning *, (pg_current_xact_id()::text::bigint % 4294967296)::text as xid`,
          [frank.id],
        );
        await writer.query('commit');
        return rows[0]!;
      });
      const { xid, ...note } = written;
      const answered = await check(reader, note, xid, frank.id);
      // Its snapshot is older than the row, so the row is not visible to it yet; the call answers.
      expect(answered.rows[0]!.visible).toEqual([false]);
      await reader.query('rollback');
      expect((await check(reader, note, xid, frank.id)).rows[0]!.visible).toEqual([true]);
    });
  });

  it('answers a batch of changes for each group as its own claims would, whatever the other groups see', async () => {
    const alice = crypto.randomUUID();
    const bob = crypto.randomUUID();
    await withDatabase(async (db) => {
      const { rows } = await db.query<Note & { xid: string }>(
        `insert into public.rt_notes (owner_id, body) values ($1, 'a1'), ($2, 'b1'), ($1, 'a2') returning *, (pg_current_xact_id()::text::bigint % 4294967296)::text as xid`,
        [alice, bob],
      );
      const user = (sub: string) => ({ role: 'authenticated', claims: { sub, role: 'authenticated' } });
      // A stranger, and anon (no grant on the table: told of the change with an error, without the row).
      const groups = [user(alice), user(bob), user(crypto.randomUUID()), { role: 'anon', claims: { role: 'anon' } }];
      // The last change goes to all but Alice, as when a filter leaves her out.
      const changes = rows.map(({ xid, ...note }, i) => ['"public"."rt_notes"', 'INSERT', note, null, i === 2 ? [1, 2, 3] : [0, 1, 2, 3], Number(xid)]);
      const { rows: answers } = await db.query<{ results: { visible: boolean[]; roles: Record<string, { record?: Partial<Note> }> }[] }>(
        'select realtime.podium_apply_rls_batch($1::jsonb) as results',
        [JSON.stringify({ groups, changes })],
      );
      const results = answers[0]!.results;
      expect(results.map((result) => result.visible)).toEqual([
        [true, false, false, true],
        [false, true, false, true],
        [false, false, true],
      ]);
      expect(results.map((result) => result.roles.authenticated?.record?.body)).toEqual(['a1', 'b1', 'a2']);
      expect(results[0]!.roles.anon?.record).toBeNull();
      // Role and claims are the caller's again afterwards, and no prepared statement is left.
      expect((await db.query(`select current_user as role, coalesce(current_setting('request.jwt.claims', true), '') as claims`)).rows[0]).toEqual({ role: 'postgres', claims: '' });
      expect((await db.query(`select count(*)::int as n from pg_prepared_statements where name = 'podium_rls_check'`)).rows[0]).toEqual({ n: 0 });
    });
  });

  it('answers every change of a batch as it answers that change alone: inserts, updates and deletes, keys of one column and of two, to owners, strangers, anon and an unknown role', async () => {
    const alice = crypto.randomUUID();
    const bob = crypto.randomUUID();
    await withDatabase(async (db) => {
      const { rows } = await db.query<Note & { xid: string }>(
        `insert into public.rt_notes (owner_id, body, priority) values ($1, 'a1', 1), ($2, 'b1', 2), ($1, 'a2', 3) returning *, (pg_current_xact_id()::text::bigint % 4294967296)::text as xid`,
        [alice, bob],
      );
      const user = (sub: string) => ({ role: 'authenticated', claims: { sub, role: 'authenticated' } });
      const groups = [user(alice), user(bob), user(crypto.randomUUID()), { role: 'anon', claims: { role: 'anon' } }, { role: 'niemand', claims: { role: 'niemand' } }];
      const text = (note: Note) =>
        Object.fromEntries(Object.entries(note).map(([key, value]: [string, unknown]) => [key, value === null ? null : value instanceof Date ? value.toISOString() : String(value)]));
      const [a1, b1, a2] = rows.map(({ xid: _xid, ...note }) => text(note as Note));
      const xid = Number(rows[0]!.xid);
      // A table whose key is two columns, which the lookups take as rows rather than keys.
      await db.query(`
        drop table if exists public.rt_pairs;
        create table public.rt_pairs (a int, b int, owner_id uuid not null, primary key (a, b));
        alter table public.rt_pairs enable row level security;
        create policy "own pairs" on public.rt_pairs for select to authenticated using (owner_id = (select auth.uid()));
        revoke all on public.rt_pairs from anon;
        grant select on public.rt_pairs to authenticated;
        insert into public.rt_pairs values (1, 2, '${bob}');`);
      const pair = { a: '1', b: '2', owner_id: bob };
      const changes = [
        ['"public"."rt_notes"', 'INSERT', a1, null, [0, 1, 2, 3, 4], xid],
        ['"public"."rt_pairs"', 'INSERT', pair, null, [0, 1, 3], xid],
        ['"public"."rt_notes"', 'UPDATE', { ...b1, body: 'b1!' }, { id: b1!.id }, [1, 2, 3], xid],
        ['"public"."rt_notes"', 'DELETE', null, a2, [0, 1, 3, 4], xid],
        ['"public"."rt_notes"', 'INSERT', a2, null, [2, 0], xid],
      ];
      const { rows: batched } = await db.query<{ results: unknown[] }>('select realtime.podium_apply_rls_batch($1::jsonb) as results', [JSON.stringify({ groups, changes })]);
      const alone = [];
      for (const [entity, action, values, old, groupIndexes] of changes as [string, string, unknown, unknown, number[]][]) {
        const { rows: one } = await db.query<{ result: unknown }>('select realtime.podium_apply_rls($1::regclass, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6::bigint) as result', [
          entity,
          action,
          values === null ? null : JSON.stringify(values),
          old === null ? null : JSON.stringify(old),
          JSON.stringify(groupIndexes.map((index) => groups[index])),
          xid,
        ]);
        alone.push(one[0]!.result);
      }
      expect(batched[0]!.results).toEqual(alone);
      // And what that is, for the owner and the stranger of each change.
      await db.query('drop table public.rt_pairs');
      expect((batched[0]!.results as { visible: boolean[] }[]).map((result) => result.visible)).toEqual([
        [true, false, false, true, false],
        [false, true, true],
        [true, false, true],
        [true, true, true, false],
        [false, true],
      ]);
    });
  });

  it('still answers on a connection where an earlier call failed after preparing its lookup', async () => {
    const grace = await userClient('grace');
    await withDatabase(async (db) => {
      const { rows } = await db.query<Note & { xid: string }>(
        `insert into public.rt_notes (owner_id, body) values ($1, 'na een fout') returning *, (pg_current_xact_id()::text::bigint % 4294967296)::text as xid`,
        [grace.id],
      );
      const { xid, ...note } = rows[0]!;
      // What a failed call leaves: a prepared statement outlives its transaction.
      await db.query('prepare podium_rls_check as select true');
      expect((await check(db, note, xid, grace.id)).rows[0]!.visible).toEqual([true]);
      expect((await check(db, note, xid, crypto.randomUUID())).rows[0]!.visible).toEqual([false]);
      expect((await db.query(`select count(*)::int as n from pg_prepared_statements where name = 'podium_rls_check'`)).rows[0]).toEqual({ n: 0 });
    });
  });
});

describe('tokens', () => {
  const join = async (token: string) => {
    const client = newClient({ accessToken: async () => token });
    await client.realtime.setAuth(); // as an app does once its session is known
    try {
      await subscribed(client.channel('guarded'));
      return 'SUBSCRIBED';
    } catch (error) {
      return (error as Error).message;
    } finally {
      await client.removeAllChannels();
    }
  };
  const now = Math.floor(Date.now() / 1000);

  it('refuses an expired, forged or malformed token with Supabase’s reason', async () => {
    expect(await join(signJWT({ role: 'authenticated', sub: crypto.randomUUID(), exp: now - 60 }, keys.jwtSecret))).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/);
    expect(await join(signJWT({ role: 'authenticated', exp: now + 60 }, 'another-secret-of-at-least-32-characters'))).toBe('JwtSignatureError: Failed to validate JWT signature');
    expect(await join('not-a-jwt')).toBe('MalformedJWT: The token provided is not a valid JWT');
    expect(await join(signJWT({ role: 'authenticated', exp: now + 60 }, keys.jwtSecret))).toBe('SUBSCRIBED');
  });

  it('ends a joined channel with a system error when its new token has expired', async () => {
    const client = anonClient();
    clients.push(client);
    const system: Record<string, unknown>[] = [];
    const statuses: string[] = [];
    const channel = client.channel('refresh').on('system', {}, (payload: Record<string, unknown>) => system.push(payload));
    await new Promise<void>((resolve) =>
      channel.subscribe((status) => {
        statuses.push(status);
        if (status === 'SUBSCRIBED') resolve();
      }),
    );
    await client.realtime.setAuth(signJWT({ role: 'authenticated', exp: now - 5 }, keys.jwtSecret));
    await waitFor(async () => statuses.includes('CLOSED'));
    expect(system).toContainEqual({ extension: 'system', status: 'error', message: expect.stringMatching(/^Token has expired \d+ seconds ago$/), channel: 'refresh' });
  });
});

describe('restarts and replication slot', () => {
  const slots = () => withDatabase(async (db) => (await db.query<{ n: number }>(`select count(*)::int as n from pg_replication_slots where slot_name like 'podium_realtime%'`)).rows[0]!.n);

  it('a client reconnects after the realtime server restarts and re-fetches what it missed', async () => {
    const erin = await userClient('erin');
    const rows = new Set<string>();
    let subscriptions = 0;
    const live: string[] = [];
    const refetch = async () => {
      const { data } = await erin.client.from('rt_notes').select('body');
      for (const row of data ?? []) rows.add(row.body as string);
    };
    erin.client
      .channel('restart')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p) => live.push((p.new as Note).body))
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') {
          subscriptions += 1;
          void refetch();
        }
      });
    await waitFor(async () => subscriptions === 1);

    const state = () => JSON.parse(readFileSync(paths.stateFile, 'utf8')) as { children: Record<string, number>; restarts: Record<string, number> };
    const before = state();
    process.kill(before.children.realtime!, 'SIGKILL');
    expect((await erin.client.from('rt_notes').insert({ body: 'tijdens de herstart' })).error).toBeNull();

    await waitFor(async () => subscriptions === 2, { timeoutMs: 20_000 });
    await waitFor(async () => rows.has('tijdens de herstart'));
    expect(state().restarts.realtime).toBe((before.restarts.realtime ?? 0) + 1);
    expect(state().children.realtime).not.toBe(before.children.realtime);

    // And live again after the rejoin.
    expect((await erin.client.from('rt_notes').insert({ body: 'na de herstart' })).error).toBeNull();
    await waitFor(async () => live.includes('na de herstart'));
  }, 40_000);

  it('holds a replication slot only while someone listens', async () => {
    for (const client of clients) await client.removeAllChannels();
    await waitFor(async () => (await slots()) === 0, { timeoutMs: 15_000 });
    const frank = await userClient('frank');
    const channel = await subscribed(frank.client.channel('slot').on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes' }, () => {}));
    expect(await slots()).toBe(1);
    await frank.client.removeChannel(channel);
    await waitFor(async () => (await slots()) === 0, { timeoutMs: 15_000 });
  }, 40_000);
});

// The signed-in people of the load bench, each a real supabase-js client (REST, auth, functions,
// realtime over its own websocket) doing what the apps do, with a person's pauses between steps:
//  - pairs chatting (a customer and an artist in one conversation, each subscribed to it): a
//    message every few seconds, its delivery timed from the send to the other's realtime event;
//    the receiver marks it read and reads the conversation list again, as /messages does;
//  - people keeping favourites (add or remove, then the list);
//  - people logging in, looking at their favourites, and logging out a while later;
//  - bookings: a customer requests an evening, the artist (listening for new requests) accepts,
//    the customer starts the payment and pays in the Mollie sandbox's checkout, and waits for the
//    webhook's confirmation; then the next customer.
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { benchSize } from '@podium/shared/bench';
import { createNodeClient } from '@podium/shared/supabase-node';
import pg from 'pg';
import type { Recorder } from './stats.ts';

export interface PeopleOptions {
  api: string;
  anonKey: string;
  serviceKey: string;
  dbUrl: string;
  recorder: Recorder;
  /** Artist ids for favourites. */
  artistIds: string[];
  counts: { chatPairs: number; favourites: number; logins: number; bookingSlots: number };
}

interface Account {
  id: string;
  email: string;
  password: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A person's pause: `ms` give or take a third. */
const pause = (ms: number) => sleep(ms * (2 / 3 + Math.random() * (2 / 3)));
/** A message every few seconds; in a smoke run (a 3-second window) twice a second, so the window holds some. */
const chatIntervalMs = benchSize(3_000, 500);

/** Subscribes the channel; resolves once the server has joined it. */
const subscribed = (channel: RealtimeChannel) =>
  new Promise<void>((resolve) => {
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') resolve();
    });
  });

/** Answers the data of a supabase-js result, or throws its error (for Recorder.time). */
async function must<T>(request: PromiseLike<{ data: T; error: { message: string; code?: string } | null }>): Promise<T> {
  const { data, error } = await request;
  if (error) throw new Error(`${error.code ?? ''} ${error.message}`.trim());
  return data;
}

/** Confirmed accounts through the auth admin API, a few at a time. */
async function createAccounts(options: PeopleOptions, label: string, count: number): Promise<Account[]> {
  const admin = createNodeClient(options.api, options.serviceKey).auth.admin;
  const accounts: Account[] = [];
  for (let start = 0; start < count; start += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, count - start) }, async (_, offset) => {
        const email = `load-${label}-${start + offset}-${randomUUID().slice(0, 6)}@example.nl`;
        const password = `Load-${randomUUID()}`;
        const { data, error } = await admin.createUser({
          email,
          password,
          email_confirm: true,
          user_metadata: { first_name: 'Last', last_name: `${label} ${start + offset}`, terms_accepted: true },
        });
        if (error) throw new Error(`creating ${email}: ${error.message}`);
        return { id: data.user.id, email, password };
      }),
    );
    accounts.push(...batch);
  }
  return accounts;
}

/** An approved act for each account (as the back office leaves one after approval). */
async function approvedActs(db: pg.Client, owners: Account[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.artists (profile_id, name, genre, city, categories, bio, base_price_cents, approval_status)
     select owner, 'Lastband ' || left(owner::text, 8), 'pop', 'Utrecht', '{bands}', 'Feestband.', 150000, 'approved'
       from unnest($1::uuid[]) with ordinality as o(owner, n) order by n
     returning id`,
    [owners.map((owner) => owner.id)],
  );
  return rows.map((row) => row.id);
}

export class People {
  private readonly clients: SupabaseClient[] = [];
  private readonly loops: Promise<void>[] = [];
  private running = true;
  /** Realtime delivery of chat messages: send → the other side's event. */
  readonly deliveries: number[] = [];
  /** Messages sent and not yet seen by the other side: when, and whether inside the measured window. */
  private readonly pending = new Map<string, { sentAt: number; measured: boolean }>();

  private constructor(
    private readonly options: PeopleOptions,
    private readonly accounts: {
      chat: { customer: Account; artist: Account; artistId: string }[];
      favourites: Account[];
      logins: Account[];
      booking: { artist: Account; artistId: string; customers: Account[] }[];
    },
  ) {}

  /** Makes every account and act before the load starts (not measured). */
  static async prepare(options: PeopleOptions, bookingsPerSlot: number): Promise<People> {
    const { counts } = options;
    const db = new pg.Client({ connectionString: options.dbUrl });
    await db.connect();
    try {
      const chatCustomers = await createAccounts(options, 'chatklant', counts.chatPairs);
      const chatArtists = await createAccounts(options, 'chatartiest', counts.chatPairs);
      const chatActs = await approvedActs(db, chatArtists);
      const bookingArtists = await createAccounts(options, 'boekartiest', counts.bookingSlots);
      const bookingActs = await approvedActs(db, bookingArtists);
      const bookingCustomers = await createAccounts(options, 'boekklant', counts.bookingSlots * bookingsPerSlot);
      return new People(options, {
        chat: chatCustomers.map((customer, i) => ({ customer, artist: chatArtists[i]!, artistId: chatActs[i]! })),
        favourites: await createAccounts(options, 'favoriet', counts.favourites),
        logins: await createAccounts(options, 'inlog', counts.logins),
        booking: bookingArtists.map((artist, i) => ({
          artist,
          artistId: bookingActs[i]!,
          customers: bookingCustomers.slice(i * bookingsPerSlot, (i + 1) * bookingsPerSlot),
        })),
      });
    } finally {
      await db.end();
    }
  }

  private async signedIn(account: Account): Promise<SupabaseClient | undefined> {
    const client = createNodeClient(this.options.api, this.options.anonKey) as SupabaseClient;
    this.clients.push(client);
    const ok = await this.options.recorder.time('login (password)', () => must(client.auth.signInWithPassword({ email: account.email, password: account.password })));
    if (!ok) return undefined;
    // Realtime authorises with the user's token, as the apps' clients do once signed in.
    client.realtime.setAuth((await client.auth.getSession()).data.session?.access_token ?? null);
    return client;
  }

  /** Signs everyone in and starts their loops (the recorder's window opens after). */
  async start() {
    const { accounts } = this;
    await Promise.all(accounts.chat.map((pair) => this.chatPair(pair)));
    for (const account of accounts.favourites) this.loops.push(this.favourites(account));
    for (const account of accounts.logins) this.loops.push(this.logins(account));
    await Promise.all(accounts.booking.map((slot) => this.bookingArtist(slot)));
    for (const slot of accounts.booking) this.loops.push(this.bookingCustomers(slot));
  }

  /** Stops every loop, waits for late messages, and counts those that never arrived. */
  async stop(graceMs = 10_000) {
    this.running = false;
    await Promise.all(this.loops);
    const waitUntil = performance.now() + graceMs;
    while (this.pending.size > 0 && performance.now() < waitUntil) await sleep(100);
    const { recorder } = this.options;
    recorder.measuring = true;
    for (const { measured } of this.pending.values()) if (measured) recorder.fail('chat: realtime delivery', `not delivered within ${graceMs / 1000} s of the end`);
    recorder.measuring = false;
    await Promise.all(this.clients.map((client) => client.removeAllChannels()));
  }

  private async chatPair(pair: { customer: Account; artist: Account; artistId: string }) {
    const { recorder } = this.options;
    const customer = await this.signedIn(pair.customer);
    const artist = await this.signedIn(pair.artist);
    if (!customer || !artist) return;
    const conversationId = await recorder.time('chat: open conversation', () => must(customer.rpc('start_conversation', { artist: pair.artistId })) as Promise<string>);
    if (!conversationId) return;
    const sides = [
      { client: customer, me: pair.customer.id },
      { client: artist, me: pair.artist.id },
    ];
    await Promise.all(
      sides.map((side) =>
        subscribed(
          side.client
            .channel(`load:${conversationId}:${side.me}`)
            .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'chat_messages', filter: `conversation_id=eq.${conversationId}` }, (payload) => {
              const row = payload.new as { id: string; sender_id: string };
              if (row.sender_id === side.me) return;
              const sent = this.pending.get(row.id);
              if (!sent) return;
              this.pending.delete(row.id);
              if (sent.measured) this.deliveries.push(performance.now() - sent.sentAt);
              // What /messages does with an open thread: mark it read, read the list again.
              void recorder.time('chat: mark read', () => must(side.client.rpc('mark_conversation_read', { conversation_id: conversationId })));
              void recorder.time('chat: conversation list', () => must(side.client.rpc('my_conversations')));
            }),
        ),
      ),
    );
    this.loops.push(
      (async () => {
        for (let turn = 0; this.running; turn += 1) {
          await pause(chatIntervalMs);
          if (!this.running) break;
          const side = sides[turn % 2]!;
          const id = randomUUID();
          this.pending.set(id, { sentAt: performance.now(), measured: recorder.measuring });
          const sent = await recorder.time('chat: send message', () =>
            must(
              side.client
                .from('chat_messages')
                .insert({ id, conversation_id: conversationId, sender_id: side.me, message_text: `Bericht ${turn}: zaterdag om acht uur?` })
                .select('id')
                .single(),
            ),
          );
          if (!sent) this.pending.delete(id);
        }
      })(),
    );
  }

  private async favourites(account: Account) {
    const { recorder, artistIds } = this.options;
    const client = await this.signedIn(account);
    if (!client) return;
    const mine = new Set<string>();
    while (this.running) {
      await pause(2_500);
      const artistId = artistIds[Math.floor(Math.random() * artistIds.length)]!;
      if (mine.has(artistId)) {
        await recorder.time('favourites: remove', () => must(client.from('favorites').delete().eq('artist_id', artistId)));
        mine.delete(artistId);
      } else {
        await recorder.time('favourites: add', () => must(client.from('favorites').upsert({ artist_id: artistId }, { onConflict: 'profile_id,artist_id', ignoreDuplicates: true })));
        mine.add(artistId);
      }
      await recorder.time('favourites: list', () => must(client.from('favorites').select('artist_id').order('created_at', { ascending: false })));
    }
  }

  private async logins(account: Account) {
    const { recorder } = this.options;
    while (this.running) {
      await pause(5_000);
      const client = createNodeClient(this.options.api, this.options.anonKey);
      const session = await recorder.time('login (password)', () => must(client.auth.signInWithPassword({ email: account.email, password: account.password })));
      if (!session) continue;
      await recorder.time('auth: user', () => must(client.auth.getUser()));
      // A look at their favourites, a while on the site, then out.
      await recorder.time('favourites: list', () => must(client.from('favorites').select('artist_id').order('created_at', { ascending: false })));
      await pause(10_000);
      await recorder.time('logout', async () => {
        const { error } = await client.auth.signOut();
        if (error) throw error;
      });
    }
  }

  /** The artist: accepts each new request as it arrives (realtime), as the portal's list shows it. */
  private async bookingArtist(slot: { artist: Account; artistId: string }) {
    const { recorder } = this.options;
    const client = await this.signedIn(slot.artist);
    if (!client) return;
    await subscribed(
      client.channel(`load-requests:${slot.artistId}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'bookings', filter: `artist_id=eq.${slot.artistId}` }, (payload) => {
        const booking = payload.new as { id: string };
        void (async () => {
          await pause(1_000);
          await recorder.time('booking: accept (artist)', () => must(client.rpc('transition_booking', { booking_id: booking.id, new_status: 'accepted' })));
        })();
      }),
    );
  }

  /** One customer after another books this artist: request, accepted, pay, confirmed. */
  private async bookingCustomers(slot: { artistId: string; customers: Account[] }) {
    const { recorder } = this.options;
    for (const [n, account] of slot.customers.entries()) {
      if (!this.running) return;
      await pause(1_500);
      const client = await this.signedIn(account);
      if (!client) continue;
      const status = new Map<string, string>();
      const changed = new Set<() => void>();
      await subscribed(
        client.channel(`load-bookings:${account.id}`).on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'bookings', filter: `customer_id=eq.${account.id}` }, (payload) => {
          const row = payload.new as { id: string; status: string };
          status.set(row.id, row.status);
          for (const listener of changed) listener();
        }),
      );
      const until = (bookingId: string, wanted: string, timeoutMs = 20_000) =>
        new Promise<true>((resolve, reject) => {
          const check = () => {
            if (status.get(bookingId) !== wanted) return;
            changed.delete(check);
            clearTimeout(timer);
            resolve(true);
          };
          const timer = setTimeout(() => {
            changed.delete(check);
            reject(new Error(`not ${wanted} within ${timeoutMs / 1000} s`));
          }, timeoutMs);
          changed.add(check);
          check();
        });
      // A Saturday evening of its own for every customer of this act, a year or more ahead.
      const startsAt = new Date(Date.UTC(2028, 0, 1, 18) + n * 7 * 86_400_000);
      const booking = await recorder.time('booking: request', () =>
        must(
          client
            .rpc('request_booking', {
              artist_id: slot.artistId,
              starts_at: startsAt.toISOString(),
              ends_at: new Date(startsAt.getTime() + 4 * 3_600_000).toISOString(),
              event_type: 'Bruiloft',
              event_location: 'Utrecht',
            })
            .single(),
        ),
      );
      const bookingId = (booking as { id: string } | undefined)?.id;
      if (!bookingId) continue;
      // The artist accepts about a second later (a person's pause); only a wait that never ends counts.
      try {
        await until(bookingId, 'accepted');
      } catch (error) {
        recorder.fail('booking: accepted, seen by the customer (realtime)', (error as Error).message);
        continue;
      }
      await pause(1_000);
      const payment = await recorder.time('payment: create-payment (edge function)', () => must(client.functions.invoke<{ checkoutUrl: string }>('create-payment', { body: { bookingId } })));
      if (!payment?.checkoutUrl) continue;
      const began = performance.now();
      const paid = await recorder.time('payment: pay in the sandbox checkout', async () => {
        const response = await fetch(payment.checkoutUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ method: 'ideal', status: 'paid' }).toString(),
          redirect: 'manual',
        });
        if (response.status !== 303) throw new Error(`checkout answered ${response.status}`);
        return true;
      });
      if (!paid) continue;
      try {
        await until(bookingId, 'confirmed');
        recorder.ok('payment: paid → confirmed (webhook, seen by the customer)', performance.now() - began);
      } catch (error) {
        recorder.fail('payment: paid → confirmed (webhook, seen by the customer)', (error as Error).message);
      }
      await client.removeAllChannels();
    }
  }
}

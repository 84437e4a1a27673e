// The fault drill: on a throwaway stack of its own, real supabase-js clients write
// continuously — chat pairs, booking requests accepted, paid with BANDS and in the Mollie
// sandbox, realtime subscribers through the apps' realtime manager — while each service in turn
// is killed with SIGKILL through its real pid (stack.json): PostgreSQL, PostgREST, auth,
// realtime, the functions runtime, the payments sandbox, the mail catcher. Clients retry a
// failed write as SPEC 9 says (2 retries, 200 ms apart). Afterwards it checks what a person
// would notice: every write a client was told succeeded is there, nothing is there twice,
// balances equal the ledger, every subscriber is subscribed again and has every message, every
// mail that was due arrived once, every paid payment's webhook was processed once. It measures
// each service's time to recover (kill → first successful request through it).
// Used by faults.test.ts (npm test) and, for the figures, by `pnpm bench`:
//   node --import tsx supabase/stack/faults.ts
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { recordFigure } from '../../shared/src/bench.ts';
import { createNodeClient } from '../../shared/src/supabase-node.ts';
import { bookingMail, type BookingNotification } from '../functions/send-notifications/messages.ts';
import { db, isolatedStackEnv, keys } from './config.ts';
import { isRunning } from './child.ts';
import { canConnect } from './postgres.ts';
import type { StackState } from './supervisor.ts';

// The apps' realtime manager (shared/src/realtime.ts), loaded at run time: its browser half
// (document, window) is not for this package's Node-only typecheck, so only what the drill uses
// is typed here.
interface RealtimeManager {
  getSnapshot(): string;
  subscribe(listener: () => void): () => void;
  start(): void;
  stop(): Promise<void>;
}
type CreateRealtimeManager = (options: {
  client: Client;
  userId: string;
  queryClient: { invalidateQueries(filters: { queryKey: readonly unknown[] }): unknown };
  onNewMessage?: (item: { id: string }) => void;
}) => RealtimeManager;
const realtimeModule = new URL('../../shared/src/realtime.ts', import.meta.url).href;
/** Subscribed: 'connected', or 'healthy' once its 30-second health check has passed. */
const isSubscribed = (manager: RealtimeManager) => ['connected', 'healthy'].includes(manager.getSnapshot());
const loadRealtimeManager = async () => ((await import(realtimeModule)) as { createRealtimeManager: CreateRealtimeManager }).createRealtimeManager;

/** The services killed, in this order; each name is its key in stack.json's children. */
export const killedServices = ['db', 'rest', 'auth', 'realtime', 'functions', 'payments', 'mail'] as const;
export type KilledService = (typeof killedServices)[number];

export interface DrillReport {
  /** Kill → first successful request through the service, in ms. */
  recoveryMs: Record<KilledService, number>;
  /** How often the supervisor restarted each service (stack.json). */
  restarts: Record<string, number>;
  /** Writes clients were told succeeded, per kind, and failed writes (after their retries). */
  acknowledged: Record<string, number>;
  failedWrites: number;
  /** Everything the checks found wrong; empty when nothing was lost or doubled. */
  problems: string[];
}

type Client = SupabaseClient;
interface Account {
  id: string;
  email: string;
  client: Client;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PASSWORD = 'Storingsdrill-2026!';
const CHAT_PAIRS = 3;
const BOOKING_SLOTS = 2;
// Customers take turns: one may ask one act only a few times a day (the booking request limit).
const CUSTOMERS_PER_SLOT = 12;
const BANDS_GRANT = 100_000;
const BANDS_SPEND = 500;
/** Load before the first kill, and between a service's recovery and the next kill. */
const CALM_MS = 2_500;

/** Waits until `check` answers true, polling; false when `timeoutMs` passed first. */
async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 250): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return true;
    if (performance.now() > deadline) return false;
    await sleep(everyMs);
  }
}

export async function runFaultDrill(options: { base: number; log?: (line: string) => void }): Promise<DrillReport> {
  const log = options.log ?? (() => {});
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-faults-'));
  const env = isolatedStackEnv(dataDir, options.base);
  const api = `http://127.0.0.1:${options.base + 1}`;
  const mailUrl = `http://127.0.0.1:${options.base + 4}`;
  const dbUrl = Object.assign(new URL(db.url), { port: String(options.base + 2) }).toString();
  const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
  const stack = (command: string) =>
    new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', cli, command], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', (status) => resolve({ status, output }));
    });
  const state = () => JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8')) as StackState;

  const started = await stack('start');
  if (started.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`the drill's stack did not start:\n${started.output}`);
  }
  const sql = new pg.Pool({ connectionString: dbUrl, max: 2 });
  sql.on('error', () => {}); // the drill kills PostgreSQL under it
  const drill = new Drill({ api, mailUrl, dbUrl, sql, log });
  try {
    await drill.prepare();
    drill.startLoad();
    await sleep(CALM_MS);
    const recoveryMs = {} as Record<KilledService, number>;
    for (const service of killedServices) {
      // A service the supervisor is restarting (it died by itself on a busy machine) has no live pid yet.
      await until(async () => isRunning(state().children[service]) && (await drill.probe(service)), 60_000);
      const pid = state().children[service];
      if (!pid) throw new Error(`stack.json names no pid for ${service}`);
      const killedAt = performance.now();
      process.kill(pid, 'SIGKILL');
      const recovered = await until(() => drill.probe(service), 60_000, 20);
      recoveryMs[service] = Math.round(performance.now() - killedAt);
      log(`${service.padEnd(9)} killed (pid ${pid}); answering again after ${recovered ? `${recoveryMs[service]} ms` : 'more than 60 s'}`);
      if (!recovered) drill.problems.push(`${service} did not answer within 60 s of its SIGKILL`);
      // The supervisor records the new process once it is healthy.
      await until(() => state().children[service] !== pid, 30_000);
      await sleep(CALM_MS);
    }
    await drill.stopLoad();
    const stackLog = readFileSync(path.join(dataDir, 'stack.log'), 'utf8');
    for (const line of stackLog.split('\n')) if (/exited unexpectedly/.test(line)) log(`stack log: ${line}`);
    await drill.check();
    return { recoveryMs, restarts: state().restarts, acknowledged: drill.acknowledgedCounts(), failedWrites: drill.failedWrites, problems: drill.problems };
  } finally {
    await drill.close();
    await sql.end().catch(() => {});
    await stack('stop');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Pair {
  customer: Account;
  artist: Account;
  conversationId: string;
  /** The artist's realtime manager and the messages it has (from its refetches). */
  manager: RealtimeManager;
  seen: Set<string>;
  drops: number;
}

interface Slot {
  artist: Account;
  artistId: string;
  customers: Account[];
}

/** supabase-js answers with an error object; a thrown fetch error counts the same. */
type Outcome = { error: unknown; status?: number; data?: unknown };

class Drill {
  readonly problems: string[] = [];
  failedWrites = 0;
  private running = false;
  private loops: Promise<void>[] = [];
  private pairs: Pair[] = [];
  private slots: Slot[] = [];
  private readonly service: Client;
  private readonly acked = {
    messages: new Set<string>(),
    bookings: new Set<string>(),
    accepted: new Set<string>(),
    bands: new Set<string>(),
    paid: new Set<string>(),
  };

  constructor(private readonly env: { api: string; mailUrl: string; dbUrl: string; sql: pg.Pool; log: (line: string) => void }) {
    this.service = createNodeClient(env.api, keys.serviceRole) as Client;
  }

  acknowledgedCounts() {
    return Object.fromEntries(Object.entries(this.acked).map(([kind, ids]) => [kind, ids.size]));
  }

  /** A write as the apps make it (SPEC 9): tried again twice, 200 ms apart, unless the answer is a 4xx. */
  private async write(request: () => PromiseLike<Outcome>): Promise<Outcome> {
    let outcome: Outcome = { error: 'not tried' };
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt > 0) await sleep(200);
      outcome = await Promise.resolve()
        .then(request)
        .catch((error: unknown) => ({ error }));
      if (!outcome.error) return outcome;
      if (outcome.status && outcome.status >= 400 && outcome.status < 500) break;
    }
    this.failedWrites += 1;
    return outcome;
  }

  private async account(label: string, role: 'customer' | 'artist'): Promise<Account> {
    const email = `storing-${label}-${randomUUID().slice(0, 8)}@example.nl`;
    const created = await this.service.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { first_name: 'Storing', last_name: label, role, terms_accepted: true },
    });
    if (created.error) throw new Error(`creating ${email}: ${created.error.message}`);
    const client = createNodeClient(this.env.api, keys.anon) as Client;
    const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    if (signedIn.error) throw new Error(`signing in ${email}: ${signedIn.error.message}`);
    client.realtime.setAuth(signedIn.data.session.access_token);
    return { id: created.data.user.id, email, client };
  }

  private async act(owner: Account): Promise<string> {
    const { rows } = await this.env.sql.query<{ id: string }>(
      `insert into public.artists (profile_id, name, genre, city, categories, bio, base_price_cents, approval_status)
       values ($1::uuid, 'Storingsband ' || left($1::text, 8), 'pop', 'Utrecht', '{bands}', 'Feestband.', 150000, 'approved') returning id`,
      [owner.id],
    );
    return rows[0]!.id;
  }

  async prepare() {
    const createRealtimeManager = await loadRealtimeManager();
    // Each chat pair writes about once a second per side, for minutes: more than a person may
    // (chat_messages_per_minute). This stack is the drill's own.
    await this.env.sql.query(`update public.app_config set value_int = 1000 where key = 'chat_messages_per_minute'`);
    for (let n = 0; n < CHAT_PAIRS; n++) {
      const customer = await this.account(`chatklant${n}`, 'customer');
      const artist = await this.account(`chatartiest${n}`, 'artist');
      const artistId = await this.act(artist);
      const opened = await customer.client.rpc('start_conversation', { artist: artistId });
      if (opened.error) throw new Error(`start_conversation: ${opened.error.message}`);
      const conversationId = opened.data as string;
      const pair: Pair = { customer, artist, conversationId, seen: new Set(), drops: 0, manager: undefined as unknown as RealtimeManager };
      // The artist portal's realtime manager; its refreshes read the conversation again, as the
      // thread's query does when its key is invalidated.
      const refetch = async () => {
        const { data } = await artist.client.from('chat_messages').select('id').eq('conversation_id', conversationId);
        for (const row of data ?? []) pair.seen.add(row.id);
      };
      pair.manager = createRealtimeManager({
        client: artist.client,
        userId: artist.id,
        queryClient: { invalidateQueries: ({ queryKey }) => (queryKey.includes('messages') ? refetch() : undefined) },
        onNewMessage: (item) => pair.seen.add(item.id),
      });
      pair.manager.subscribe(() => {
        if (pair.manager.getSnapshot() === 'disconnected') pair.drops += 1;
      });
      pair.manager.start();
      this.pairs.push(pair);
    }
    for (let n = 0; n < BOOKING_SLOTS; n++) {
      const artist = await this.account(`boekartiest${n}`, 'artist');
      const artistId = await this.act(artist);
      const customers: Account[] = [];
      for (let c = 0; c < CUSTOMERS_PER_SLOT; c++) customers.push(await this.account(`boekklant${n}-${c}`, 'customer'));
      for (const customer of customers) {
        await this.env.sql.query("select private.post_bands($1, $2, 'admin_adjustment', $3, 'Storingsdrill')", [customer.id, BANDS_GRANT, randomUUID()]);
      }
      this.slots.push({ artist, artistId, customers });
    }
    const subscribed = await until(() => this.pairs.every((pair) => isSubscribed(pair.manager)), 30_000);
    if (!subscribed) throw new Error('the realtime subscribers did not subscribe');
  }

  startLoad() {
    this.running = true;
    for (const pair of this.pairs) this.loops.push(this.chat(pair));
    for (const [n, slot] of this.slots.entries()) this.loops.push(this.bookings(slot, n));
  }

  async stopLoad() {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async sendMessage(pair: Pair, from: Account, text: string) {
    const id = randomUUID();
    const sent = await this.write(() => from.client.from('chat_messages').insert({ id, conversation_id: pair.conversationId, sender_id: from.id, message_text: text }));
    if (!sent.error) this.acked.messages.add(id);
  }

  private async chat(pair: Pair) {
    for (let turn = 0; this.running; turn++) {
      await this.sendMessage(pair, turn % 2 ? pair.artist : pair.customer, `Storingsbericht ${turn}: zaterdag om acht uur?`);
      await sleep(500);
    }
  }

  /** One booking after another on this act: requested, accepted, BANDS applied, paid in the sandbox. */
  private async bookings(slot: Slot, slotNumber: number) {
    for (let n = 0; this.running; n++) {
      const customer = slot.customers[n % slot.customers.length]!;
      const startsAt = new Date(Date.UTC(2029, 0, 6, 18) + (n * BOOKING_SLOTS + slotNumber) * 86_400_000);
      const requested = await this.write(() =>
        customer.client
          .rpc('request_booking', {
            artist_id: slot.artistId,
            starts_at: startsAt.toISOString(),
            ends_at: new Date(startsAt.getTime() + 4 * 3_600_000).toISOString(),
            event_type: 'Bruiloft',
            event_location: 'Utrecht',
          })
          .single(),
      );
      const bookingId = (requested.data as { id?: string } | null)?.id;
      if (requested.error || !bookingId) continue;
      this.acked.bookings.add(bookingId);
      const accepted = await this.write(() => slot.artist.client.rpc('transition_booking', { booking_id: bookingId, new_status: 'accepted' }));
      if (accepted.error) continue;
      this.acked.accepted.add(bookingId);
      const bands = await this.write(() => customer.client.rpc('apply_bands_to_booking', { booking_id: bookingId, amount_cents: BANDS_SPEND }));
      if (!bands.error) this.acked.bands.add(bookingId);
      const payment = await this.write(() => customer.client.functions.invoke<{ checkoutUrl: string }>('create-payment', { body: { bookingId } }));
      const checkoutUrl = (payment.data as { checkoutUrl?: string } | null)?.checkoutUrl;
      if (payment.error || !checkoutUrl) continue;
      const paid = await this.write(async () => {
        const response = await fetch(checkoutUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ method: 'ideal', status: 'paid' }).toString(),
          redirect: 'manual',
        });
        await response.body?.cancel();
        return response.status === 303 ? { error: null } : { error: `checkout answered ${response.status}`, status: response.status };
      });
      if (!paid.error) this.acked.paid.add(bookingId);
      await sleep(1_500);
    }
  }

  /** One real request through the service, as a client makes it: true when it answers. */
  async probe(service: KilledService): Promise<boolean> {
    const { api, mailUrl } = this.env;
    const apikey = { apikey: keys.anon };
    const ok = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(1000) });
      await response.body?.cancel();
      return response.ok;
    };
    switch (service) {
      case 'db':
        // Connections made before the kill may still answer for a moment: a new one must get in.
        return (await canConnect(this.env.dbUrl)) && ok(`${api}/rest/v1/artists?select=id&limit=1`, { headers: apikey });
      case 'rest':
        return ok(`${api}/rest/v1/artists?select=id&limit=1`, { headers: apikey });
      case 'auth':
        return ok(`${api}/auth/v1/settings`, { headers: apikey });
      case 'realtime':
        return ok(`${api}/realtime/v1/api/health`, { headers: apikey });
      case 'functions':
        return ok(`${api}/functions/v1/health`, { headers: { ...apikey, authorization: `Bearer ${keys.anon}` } });
      case 'payments':
        return ok(`${api}/mollie/health`);
      case 'mail':
        return ok(`${mailUrl}/api/v1/messages?limit=1`);
    }
  }

  private async rows<T extends pg.QueryResultRow>(text: string, params: unknown[] = []) {
    return (await this.env.sql.query<T>(text, params)).rows;
  }

  async check() {
    const { problems } = this;
    const bookingIds = [...this.acked.bookings];
    const slotCustomers = this.slots.flatMap((slot) => slot.customers);
    const people = [...this.pairs.flatMap((pair) => [pair.customer, pair.artist]), ...this.slots.map((slot) => slot.artist), ...slotCustomers];

    // Chat: every acknowledged message is there, no text twice in a conversation.
    const conversations = this.pairs.map((pair) => pair.conversationId);
    const stored = await this.rows<{ id: string; conversation_id: string; message_text: string }>(
      'select id, conversation_id, message_text from public.chat_messages where conversation_id = any($1)',
      [conversations],
    );
    const storedIds = new Set(stored.map((row) => row.id));
    const lost = [...this.acked.messages].filter((id) => !storedIds.has(id));
    if (lost.length) problems.push(`${lost.length} acknowledged chat messages are missing`);
    const texts = new Set<string>();
    for (const row of stored) {
      const key = `${row.conversation_id} ${row.message_text}`;
      if (texts.has(key)) problems.push(`chat message "${row.message_text}" is stored twice`);
      texts.add(key);
    }

    // Realtime: every subscriber is subscribed again and, after one more message, has them all.
    for (const pair of this.pairs) await this.sendMessage(pair, pair.customer, 'Storingsdrill voorbij: alles nog binnen?');
    for (const pair of this.pairs) {
      const complete = await until(
        async () => {
          const { data } = await this.service.from('chat_messages').select('id').eq('conversation_id', pair.conversationId);
          return isSubscribed(pair.manager) && (data ?? []).every((row) => pair.seen.has(row.id));
        },
        30_000,
        500,
      );
      if (!complete) problems.push(`the realtime subscriber of conversation ${pair.conversationId} is ${pair.manager.getSnapshot()} and misses messages`);
      if (pair.drops === 0) problems.push(`the realtime subscriber of conversation ${pair.conversationId} never noticed the realtime server going away`);
    }

    // Bookings: every acknowledged one is there, none twice for one customer and evening.
    const bookings = await this.rows<{ id: string; customer_id: string; starts_at: Date; status: string; bands_applied_cents: number }>(
      'select id, customer_id, starts_at, status, bands_applied_cents from public.bookings where customer_id = any($1)',
      [slotCustomers.map((customer) => customer.id)],
    );
    const byId = new Map(bookings.map((row) => [row.id, row]));
    for (const id of bookingIds) if (!byId.has(id)) problems.push(`acknowledged booking ${id} is missing`);
    const evenings = new Set<string>();
    for (const row of bookings) {
      const key = `${row.customer_id} ${row.starts_at.toISOString()}`;
      if (evenings.has(key)) problems.push(`a booking of ${key} is stored twice`);
      evenings.add(key);
    }
    for (const id of this.acked.accepted) if (byId.get(id)?.status === 'requested') problems.push(`booking ${id} was accepted but is still requested`);
    for (const id of this.acked.bands) if (!byId.get(id)?.bands_applied_cents) problems.push(`BANDS applied to booking ${id} are not on it`);

    // Payments: every paid booking's webhook arrives (retried while functions or the sandbox were down) and is processed once.
    const confirmed = await until(
      async () => {
        const rows = await this.rows<{ id: string }>("select id from public.bookings where id = any($1) and status = 'confirmed'", [[...this.acked.paid]]);
        return rows.length === this.acked.paid.size;
      },
      90_000,
      1000,
    );
    if (!confirmed) problems.push('not every paid booking was confirmed by its webhook within 90 s');
    const payments = await this.rows<{ booking_id: string; paid: number; confirmations: number }>(
      `select b.id as booking_id,
              (select count(*)::int from public.payments p where p.booking_id = b.id and p.status = 'paid') as paid,
              (select count(*)::int from public.booking_events e where e.booking_id = b.id and e.to_status = 'confirmed') as confirmations
         from public.bookings b where b.id = any($1)`,
      [bookingIds],
    );
    for (const row of payments) {
      if (row.paid > 1) problems.push(`booking ${row.booking_id} has ${row.paid} paid payments`);
      if (row.confirmations > 1) problems.push(`booking ${row.booking_id} was confirmed ${row.confirmations} times`);
      if (this.acked.paid.has(row.booking_id) && row.paid !== 1) problems.push(`paid booking ${row.booking_id} has no paid payment`);
    }

    // BANDS: each balance equals its ledger; one redemption per booking at most.
    const balances = await this.rows<{ id: string; balance: number; ledger: number }>(
      `select p.id, p.bands_balance_cents as balance, coalesce((select sum(t.amount_cents) from public.bands_transactions t where t.user_id = p.id), 0)::int as ledger
         from public.profiles p where p.id = any($1)`,
      [people.map((person) => person.id)],
    );
    for (const row of balances) if (row.balance !== row.ledger) problems.push(`profile ${row.id}: balance ${row.balance} but ledger ${row.ledger}`);
    const redemptions = await this.rows<{ booking_id: string; n: number }>(
      "select booking_id, count(*)::int as n from public.bands_transactions where type = 'booking_redeem' and booking_id = any($1) group by booking_id having count(*) > 1",
      [bookingIds],
    );
    for (const row of redemptions) problems.push(`booking ${row.booking_id} redeemed BANDS ${row.n} times`);

    await this.checkMail(bookingIds, people);
  }

  /** Every booking mail that was due is in the catcher exactly once (sent by send-notifications, retried when the catcher or functions were down). */
  private async checkMail(bookingIds: string[], people: Account[]) {
    const { problems } = this;
    const sendDue = () =>
      fetch(`${this.env.api}/functions/v1/send-notifications`, { method: 'POST', headers: { Authorization: `Bearer ${keys.serviceRole}`, 'content-type': 'application/json' }, body: '{}' }).then(
        (response) => response.body?.cancel(),
      );
    // A run of send-notifications killed with the functions runtime leaves the mail it was sending
    // claimed until its lease runs out: wait that long, and a minute more for the runs after it.
    const [config] = await this.rows<{ lease: number }>("select coalesce(max(value_int), 60)::int as lease from public.app_config where key = 'notification_lease_seconds'");
    const waitSeconds = config!.lease + 60;
    // What pg_cron (the stack's scheduler) does each minute, sooner.
    const drained = await until(
      async () => {
        await sendDue();
        const [row] = await this.rows<{ waiting: number }>('select count(*)::int as waiting from private.notification_outbox where booking_id = any($1) and sent_at is null', [bookingIds]);
        return row!.waiting === 0;
      },
      waitSeconds * 1000,
      1000,
    );
    if (!drained) {
      const waiting = await this.rows<{ attempts: number; last_error: string | null; leased: boolean; n: number }>(
        `select attempts, last_error, claimed_until > now() as leased, count(*)::int as n from private.notification_outbox
          where booking_id = any($1) and sent_at is null group by 1, 2, 3`,
        [bookingIds],
      );
      const why = waiting.map((row) => `${row.n}× attempts ${row.attempts}${row.leased ? ', claimed' : ''}${row.last_error ? `, ${row.last_error}` : ''}`).join('; ');
      problems.push(`booking mails were still waiting in the outbox ${waitSeconds} s after the drill (${why})`);
    }

    const due = await this.rows<BookingNotification & { email: string }>(
      `select o.recipient, u.email::text as email, null as first_name, o.booking_id, e.from_status, e.to_status, o.kind, e.reason, b.cancelled_by,
              b.starts_at, b.ends_at, b.event_type, b.event_location, b.total_cents, b.payment_deadline, b.response_deadline,
              a.name as artist_name, a.slug as artist_slug, trim(concat_ws(' ', cp.first_name, cp.last_name)) as customer_name, 0 as paid_cents, 0 as refund_cents
         from private.notification_outbox o
         join public.bookings b on b.id = o.booking_id
         join public.artists a on a.id = b.artist_id
         join public.profiles cp on cp.id = b.customer_id
         left join public.booking_events e on e.id = o.booking_event_id
         join auth.users u on u.id = case o.recipient when 'customer' then b.customer_id else a.profile_id end
        where o.booking_id = any($1) and o.sent_at is not null`,
      [bookingIds],
    );
    const response = await fetch(`${this.env.mailUrl}/api/v1/messages?limit=1000`);
    const { messages } = (await response.json()) as { messages: { ID: string; MessageID: string; Subject: string; To: { Address: string }[] }[] };
    const addresses = new Set(people.map((person) => person.email));
    const received = new Map<string, number>();
    // A mail that went out while its run was killed before recording it goes again with the same
    // Message-ID, which a mailbox shows once: one message per Message-ID. A second Message-ID for
    // the same mail is a mail sent twice, and so is any copy of a mail without one.
    const seen = new Set<string>();
    let drillMails = 0;
    for (const message of messages) {
      const to = message.To.map((address) => address.Address).find((address) => addresses.has(address));
      if (!to) continue;
      if (message.MessageID) {
        if (seen.has(message.MessageID)) continue;
        seen.add(message.MessageID);
      }
      drillMails += 1;
      const detail = (await (await fetch(`${this.env.mailUrl}/api/v1/message/${message.ID}`)).json()) as { Text: string };
      const booking = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(detail.Text)?.[0];
      const key = `${to} ${message.Subject} ${booking}`;
      received.set(key, (received.get(key) ?? 0) + 1);
    }
    let expected = 0;
    for (const notification of due) {
      const mail = bookingMail({ ...notification, starts_at: new Date(notification.starts_at).toISOString() }, 'http://podium');
      if (!mail) continue;
      expected += 1;
      const count = received.get(`${notification.email} ${mail.subject} ${notification.booking_id}`) ?? 0;
      if (count !== 1) problems.push(`the mail "${mail.subject}" to ${notification.email} arrived ${count} times`);
    }
    if (drillMails !== expected) problems.push(`the catcher holds ${drillMails} mails for the drill's people, ${expected} were due`);
  }

  async close() {
    for (const pair of this.pairs) await pair.manager.stop().catch(() => {});
    const clients = [...this.pairs.flatMap((pair) => [pair.customer, pair.artist]), ...this.slots.flatMap((slot) => [slot.artist, ...slot.customers])].map((account) => account.client);
    await Promise.all(clients.map((client) => client.removeAllChannels().catch(() => {})));
  }
}

/** `pnpm bench`: the drill's recovery figures (its own stack on ports from 25700). */
export async function printFaultFigures() {
  console.log('Fault drill: SIGKILL of each service under load (own stack, ports from 25700)');
  const report = await runFaultDrill({ base: 25700, log: (line) => console.log(`  ${line}`) });
  console.log('  time to recover (kill → first successful request through the service):');
  for (const [service, ms] of Object.entries(report.recoveryMs)) console.log(`    ${service.padEnd(9)} ${String(ms).padStart(6)} ms`);
  console.log(
    `  writes acknowledged: ${Object.entries(report.acknowledged)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ')}; failed after retries: ${report.failedWrites}`,
  );
  for (const [service, ms] of Object.entries(report.recoveryMs)) recordFigure({ part: 'faults', figure: `${service} time to recover`, value: ms, unit: 'ms' });
  recordFigure({ part: 'faults', figure: 'writes lost or twice', value: report.problems.length, unit: '', target: 0 });
  console.log(report.problems.length ? `  PROBLEMS:\n${report.problems.map((problem) => `    - ${problem}`).join('\n')}` : '  nothing lost, nothing twice');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printFaultFigures().then(
    () => process.exit(0),
    (error: Error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

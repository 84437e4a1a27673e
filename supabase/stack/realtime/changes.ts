// postgres_changes: a logical replication stream (pgoutput, publication supabase_realtime) over
// a TEMPORARY slot that exists only while someone listens, so WAL is never retained for nobody:
// the slot goes with the connection (idle grace, crash, restart). Each change is matched against
// the subscribers' filters in memory first; only the matching subscribers, grouped by identical
// role and claims, are checked against RLS (realtime.podium_apply_rls, after Supabase's
// realtime.apply_rls). The changes that arrive during a check go together in the next one, one
// SQL round trip, whose lookups go per group: one per group for all the changes it waits on
// (realtime.podium_apply_rls_batch).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { log } from '../log.ts';
import { rowMatches, type Condition } from './filters.ts';
import { PgOutputDecoder, type Change, type Tuple } from './pgoutput.ts';

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

/** What a channel needs to receive changes: who it acts as, and where to send them. */
export interface ChangeListener {
  role: string;
  claims: Record<string, unknown>;
  /** Role and claims as one string: listeners with the same key share one RLS check. */
  claimsKey: string;
  /** `data` is the change as JSON text, encoded once for every listener of the same role. */
  deliver(ids: number[], data: string): void;
}

export interface PgSubscription {
  id: number;
  listener: ChangeListener;
  schema: string;
  table?: string;
  event: ChangeEvent;
  conditions: Condition[];
}

interface RoleView {
  columns?: unknown;
  record?: unknown;
  old_record?: unknown;
  errors?: string[] | null;
}

export interface RlsResult {
  roles: Record<string, RoleView>;
  visible: boolean[];
}

/** One subscriber group of a change: role and claims as they were when the change arrived. */
interface CheckGroup {
  role: string;
  claims: Record<string, unknown>;
  claimsKey: string;
}

/** entity, action, new values, old values, groups, xid: podium_apply_rls's arguments. */
export type CheckArgs = [string, string, Record<string, string | null> | null, Record<string, string | null> | null, CheckGroup[], number];

/** Parallel RLS connections; a change is split over them from this many groups on. */
const RLS_LANES = 2;
const SPLIT_FROM_GROUPS = 64;

/** A change's share of a lane: its position in the batch, and its groups from `offset` on. */
export interface LanePart {
  index: number;
  offset: number;
  args: CheckArgs;
}

/**
 * Splits a batch over the lanes: a change for many groups gets a contiguous slice of them on each
 * lane, a change for few goes whole to the lane with the fewest groups so far.
 */
export function splitIntoLanes(batch: CheckArgs[], lanes: number): LanePart[][] {
  const parts: LanePart[][] = Array.from({ length: lanes }, () => []);
  const load = new Array<number>(lanes).fill(0);
  batch.forEach((args, index) => {
    const groups = args[4];
    if (groups.length < SPLIT_FROM_GROUPS || lanes === 1) {
      const lane = load.indexOf(Math.min(...load));
      parts[lane]!.push({ index, offset: 0, args });
      load[lane]! += groups.length;
      return;
    }
    const size = Math.ceil(groups.length / lanes);
    for (let lane = 0; lane < lanes; lane++) {
      const slice = groups.slice(lane * size, (lane + 1) * size);
      if (slice.length === 0) continue;
      parts[lane]!.push({ index, offset: lane * size, args: [args[0], args[1], args[2], args[3], slice, args[5]] });
      load[lane]! += slice.length;
    }
  });
  return parts;
}

/** Puts each change's lane answers back together: roles merged, `visible` in the change's group order. */
export function mergeLanes(count: number, lanes: LanePart[][], answers: (RlsResult | undefined)[][]): (RlsResult | undefined)[] {
  const merged: (RlsResult | undefined | null)[] = new Array(count).fill(null);
  lanes.forEach((parts, lane) =>
    parts.forEach((part, position) => {
      const answer = answers[lane]?.[position];
      const sofar = merged[part.index];
      if (sofar === undefined) return; // a part already failed: the change has no answer
      if (!answer) {
        merged[part.index] = undefined;
        return;
      }
      const result = sofar ?? { roles: {}, visible: [] };
      Object.assign(result.roles, answer.roles);
      answer.visible.forEach((seen, i) => (result.visible[part.offset + i] = seen));
      merged[part.index] = result;
    }),
  );
  return merged.map((result) => result ?? undefined);
}

/**
 * A batch of RLS questions as one JSON parameter. The changes of a burst mostly go to the same
 * groups, so each distinct group (its claims are most of the bytes) is sent once and the changes
 * name theirs by index: a burst of 100 changes to 500 users is 80 KB of claims, not 8 MB.
 */
export function encodeChecks(batch: CheckArgs[]): string {
  const groups: { role: string; claims: Record<string, unknown> }[] = [];
  const indexes = new Map<string, number>();
  const changes = batch.map(([entity, action, newValues, oldValues, changeGroups, xid]) => [
    entity,
    action,
    newValues,
    oldValues,
    changeGroups.map((group) => {
      let index = indexes.get(group.claimsKey);
      if (index === undefined) {
        index = groups.length;
        indexes.set(group.claimsKey, index);
        groups.push({ role: group.role, claims: group.claims });
      }
      return index;
    }),
    xid,
  ]);
  return JSON.stringify({ groups, changes });
}

const ACTIONS = { insert: 'INSERT', update: 'UPDATE', delete: 'DELETE' } as const;
const IDLE_STOP_MS = 5_000;
const STATUS_INTERVAL_MS = 1_000;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const tupleObject = (tuple: Tuple) => Object.fromEntries(tuple);

export interface FeedStats {
  streaming: boolean;
  slot?: string;
  subscriptions: number;
  changes: number;
  /** Server-side time per delivered change, WAL message received → its frames written to the sockets (recent 2000). */
  fanoutMs: { p50: number; p95: number; p99: number; samples: number };
  /** The RLS share of fanoutMs: WAL message received → RLS answer (the same changes). */
  rlsMs: { p50: number; p95: number; p99: number; samples: number };
}

const FANOUT_SAMPLES = 2000;

export class ChangeFeed {
  private readonly subscriptions = new Set<PgSubscription>();
  private stream: pg.Client | undefined;
  private starting: Promise<void> | undefined;
  private slot: string | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private statusTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  /**
   * RLS connections, one per lane: a change for many subscriber groups has its groups checked
   * half on each, in parallel (a check per claims is a query of its own). One batch at a time:
   * changes are delivered in commit order.
   */
  private readonly checkerClients: (pg.Client | undefined)[] = [];
  private delivery: Promise<void> = Promise.resolve();
  private confirmedLsn = 0n;
  private commitTime = new Date();
  private xid = 0;
  private changes = 0;
  private readonly pending: { args: CheckArgs; resolve: (result: RlsResult | undefined) => void; reject: (error: Error) => void }[] = [];
  private checking = false;
  private readonly fanout: number[] = [];
  private readonly rlsAnswered: number[] = [];
  private closed = false;

  constructor(private readonly dbUrl: string) {}

  /** A lane's RLS connection, opened again after the database went away (queries wait for the connect). */
  private checker(lane: number): pg.Client {
    const existing = this.checkerClients[lane];
    if (existing) return existing;
    const client = new pg.Client({ connectionString: this.dbUrl, application_name: 'podium_realtime_rls' });
    const forget = (error?: Error) => {
      if (error) log('realtime', `rls connection: ${error.message}`);
      if (this.checkerClients[lane] === client) this.checkerClients[lane] = undefined;
    };
    client.on('error', forget);
    client.on('end', () => forget());
    client.connect().catch(forget);
    this.checkerClients[lane] = client;
    return client;
  }

  stats(): FeedStats {
    const percentiles = (samples: number[]) => {
      const sorted = [...samples].sort((a, b) => a - b);
      const at = (p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 10) / 10;
      return { p50: at(50), p95: at(95), p99: at(99), samples: sorted.length };
    };
    return {
      streaming: Boolean(this.stream),
      ...(this.slot ? { slot: this.slot } : {}),
      subscriptions: this.subscriptions.size,
      changes: this.changes,
      fanoutMs: percentiles(this.fanout),
      rlsMs: percentiles(this.rlsAnswered),
    };
  }

  /** Forgets the fan-out samples (the benchmark measures one scenario at a time). */
  resetStats() {
    this.fanout.length = 0;
    this.rlsAnswered.length = 0;
  }

  /** Adds subscriptions; resolves once the stream runs, so every change committed afterwards reaches them. */
  async subscribe(subscriptions: PgSubscription[]): Promise<void> {
    for (const subscription of subscriptions) this.subscriptions.add(subscription);
    if (subscriptions.length === 0) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    await this.ensureStream();
  }

  unsubscribe(subscriptions: PgSubscription[]) {
    for (const subscription of subscriptions) this.subscriptions.delete(subscription);
    if (this.subscriptions.size === 0 && this.stream && !this.idleTimer) {
      this.idleTimer = setTimeout(() => {
        this.idleTimer = undefined;
        if (this.subscriptions.size === 0) void this.stopStream();
      }, IDLE_STOP_MS);
    }
  }

  async close() {
    this.closed = true;
    clearTimeout(this.idleTimer);
    clearTimeout(this.retryTimer);
    await this.stopStream();
    await Promise.all(this.checkerClients.map((client) => client?.end().catch(() => {})));
  }

  private ensureStream(): Promise<void> {
    if (this.stream) return Promise.resolve();
    this.starting ??= this.startStream().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async startStream() {
    const client = new pg.Client({ connectionString: this.dbUrl, replication: 'database', application_name: 'podium_realtime' } as pg.ClientConfig);
    const slot = `podium_realtime_${process.pid}_${randomBytes(4).toString('hex')}`;
    const decoder = new PgOutputDecoder();
    await client.connect();
    try {
      await client.query(`CREATE_REPLICATION_SLOT ${slot} TEMPORARY LOGICAL pgoutput (SNAPSHOT 'nothing')`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    const connection = (client as unknown as { connection: NodeJS.EventEmitter & { sendCopyFromChunk(chunk: Buffer): void } }).connection;
    const started = new Promise<void>((resolve, reject) => {
      connection.once('replicationStart', () => resolve());
      client.once('error', reject);
    });
    connection.on('copyData', (message: { chunk: Buffer }) => {
      try {
        this.onCopyData(message.chunk, decoder, connection);
      } catch (error) {
        log('realtime', `replication message failed: ${(error as Error).stack ?? String(error)}`);
      }
    });
    client.on('error', (error) => this.onStreamLost(client, error));
    client.on('end', () => this.onStreamLost(client, new Error('replication connection closed')));
    client.query(`START_REPLICATION SLOT ${slot} LOGICAL 0/0 (proto_version '1', publication_names 'supabase_realtime')`).catch((error: Error) => this.onStreamLost(client, error));
    await started;
    this.stream = client;
    this.slot = slot;
    this.statusTimer = setInterval(() => this.sendStatus(connection, false), STATUS_INTERVAL_MS);
    log('realtime', `replication slot ${slot} streaming`);
  }

  private onStreamLost(client: pg.Client, error: Error) {
    if (this.stream !== client) return;
    this.stream = undefined;
    this.slot = undefined;
    clearInterval(this.statusTimer);
    if (this.closed) return;
    log('realtime', `replication stream lost: ${error.message}`);
    client.end().catch(() => {});
    if (this.subscriptions.size > 0) {
      const retry = () => {
        this.retryTimer = undefined;
        if (this.closed || this.subscriptions.size === 0) return;
        this.ensureStream().catch((failure: Error) => {
          log('realtime', `replication restart failed: ${failure.message}`);
          this.retryTimer = setTimeout(retry, 1_000);
        });
      };
      this.retryTimer = setTimeout(retry, 200);
    }
  }

  private async stopStream() {
    const client = this.stream;
    if (!client) return;
    this.stream = undefined;
    clearInterval(this.statusTimer);
    log('realtime', `replication slot ${this.slot} dropped (no listeners)`);
    this.slot = undefined;
    // Ending the connection drops the temporary slot.
    await client.end().catch(() => {});
  }

  private onCopyData(chunk: Buffer, decoder: PgOutputDecoder, connection: { sendCopyFromChunk(chunk: Buffer): void }) {
    const kind = chunk[0];
    if (kind === 0x6b) {
      // 'k' keepalive: nothing of ours is in flight before walEnd, so it can be confirmed.
      const walEnd = chunk.readBigUInt64BE(1);
      if (walEnd > this.confirmedLsn) this.confirmedLsn = walEnd;
      if (chunk[17] === 1) this.sendStatus(connection, true);
      return;
    }
    if (kind !== 0x77) return; // 'w' XLogData: walStart, walEnd, sendTime, then the pgoutput message
    const message = decoder.decode(chunk.subarray(25));
    if (message.tag === 'begin') {
      this.commitTime = message.commitTime;
      this.xid = message.xid;
    } else if (message.tag === 'commit') {
      if (message.endLsn > this.confirmedLsn) this.confirmedLsn = message.endLsn;
    } else if (message.tag === 'change') this.onChange(message.change, this.commitTime);
  }

  /**
   * Queues one change's RLS question. While a round trip is under way, the changes arriving meanwhile
   * wait and then go together in the next one: one round trip per change at low rates, fewer in bursts.
   */
  private check(args: CheckArgs): Promise<RlsResult | undefined> {
    return new Promise((resolve, reject) => {
      this.pending.push({ args, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    if (this.checking || this.pending.length === 0) return;
    const batch = this.pending.splice(0, 100);
    this.checking = true;
    this.runChecks(batch.map((item) => item.args))
      .catch(async (error: Error) => {
        // One bad change (a table dropped meanwhile) must not cost the others theirs.
        if (batch.length === 1) throw error;
        return Promise.all(
          batch.map((item) =>
            this.runChecks([item.args]).then(
              (rows) => rows[0],
              () => undefined,
            ),
          ),
        );
      })
      .then(
        (results) => batch.forEach((item, index) => item.resolve(results[index])),
        (error: Error) => batch.forEach((item) => item.reject(error)),
      )
      .finally(() => {
        this.checking = false;
        this.pump();
      });
  }

  private async runChecks(batch: CheckArgs[]): Promise<(RlsResult | undefined)[]> {
    const lanes = splitIntoLanes(batch, RLS_LANES);
    const answers = await Promise.all(
      lanes.map((lane, index) =>
        lane.length
          ? this.runLane(
              index,
              lane.map((part) => part.args),
            )
          : [],
      ),
    );
    return mergeLanes(batch.length, lanes, answers);
  }

  private async runLane(lane: number, batch: CheckArgs[]): Promise<(RlsResult | undefined)[]> {
    const client = this.checker(lane);
    if (batch.length === 1) {
      // One change alone (changes at a steady pace) costs less without the batch's bookkeeping.
      const [entity, action, newValues, oldValues, groups, xid] = batch[0]!;
      const { rows } = await client.query<{ result: RlsResult }>('select realtime.podium_apply_rls($1::regclass, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6::bigint) as result', [
        entity,
        action,
        newValues === null ? null : JSON.stringify(newValues),
        oldValues === null ? null : JSON.stringify(oldValues),
        JSON.stringify(groups.map(({ role, claims }) => ({ role, claims }))),
        xid,
      ]);
      return rows.map((row) => row.result);
    }
    // One call for the whole batch: its lookups go per subscriber group, each group's claims set
    // once for all the changes it waits on (see podium_apply_rls_batch).
    const { rows } = await client.query<{ results: RlsResult[] }>('select realtime.podium_apply_rls_batch($1::jsonb) as results', [encodeChecks(batch)]);
    return rows[0]?.results ?? [];
  }

  private sample(samples: number[], ms: number) {
    if (samples.length >= FANOUT_SAMPLES) samples.shift();
    samples.push(ms);
  }

  /** Standby status update: everything up to confirmedLsn may be recycled. */
  private sendStatus(connection: { sendCopyFromChunk(chunk: Buffer): void }, replyNow: boolean) {
    if (!this.stream) return;
    const buffer = Buffer.alloc(34);
    buffer.write('r', 0);
    buffer.writeBigUInt64BE(this.confirmedLsn, 1);
    buffer.writeBigUInt64BE(this.confirmedLsn, 9);
    buffer.writeBigUInt64BE(this.confirmedLsn, 17);
    buffer.writeBigInt64BE(BigInt(Date.now() - Date.UTC(2000, 0, 1)) * 1000n, 25);
    buffer.writeUInt8(replyNow ? 1 : 0, 33);
    connection.sendCopyFromChunk(buffer);
  }

  private onChange(change: Change, commitTime: Date) {
    this.changes += 1;
    const { relation } = change;
    const action = ACTIONS[change.kind];
    // Filters look at the new row, and for deletes at the old one (as Supabase).
    const row = change.kind === 'delete' ? change.old : change.new;
    const types = new Map(relation.columns.map((column) => [column.name, column.typeOid]));
    const matched: PgSubscription[] = [];
    for (const subscription of this.subscriptions) {
      if (subscription.schema !== relation.schema && subscription.schema !== '*') continue;
      if (subscription.table !== undefined && subscription.table !== '*' && subscription.table !== relation.table) continue;
      if (subscription.event !== '*' && subscription.event !== action) continue;
      if (!rowMatches(subscription.conditions, row, types)) continue;
      matched.push(subscription);
    }
    if (matched.length === 0) return;

    const groups = new Map<string, PgSubscription[]>();
    for (const subscription of matched) {
      const list = groups.get(subscription.listener.claimsKey);
      if (list) list.push(subscription);
      else groups.set(subscription.listener.claimsKey, [subscription]);
    }
    const groupList = [...groups.values()];
    const newValues = change.kind === 'delete' ? null : tupleObject(change.new);
    let oldValues: Record<string, string | null> | null = null;
    if (change.kind === 'delete') oldValues = tupleObject(change.old);
    else if (change.kind === 'update') {
      // Without REPLICA IDENTITY FULL (or a changed key) the old row is its key, taken from the new row.
      oldValues = change.old ? tupleObject(change.old) : Object.fromEntries(relation.columns.filter((c) => c.isKey && change.new.has(c.name)).map((c) => [c.name, change.new.get(c.name) ?? null]));
    }
    const entity = `${quoteIdent(relation.schema)}.${quoteIdent(relation.table)}`;
    const groupClaims = groupList.map((list) => {
      const { role, claims, claimsKey } = list[0]!.listener;
      return { role, claims, claimsKey };
    });
    const query = this.check([entity, action, newValues, oldValues, groupClaims, this.xid]);
    const commitTimestamp = commitTime.toISOString();
    const received = performance.now();
    void query.then(
      () => this.sample(this.rlsAnswered, performance.now() - received),
      () => {},
    );
    this.delivery = this.delivery
      .then(() => query)
      .then((result) => {
        if (!result) return;
        // One message per channel, carrying the ids of all its bindings the change is for.
        const perListener = new Map<ChangeListener, number[]>();
        groupList.forEach((list, index) => {
          if (!result.visible[index]) return;
          for (const subscription of list) {
            if (!this.subscriptions.has(subscription)) continue;
            const ids = perListener.get(subscription.listener);
            if (ids) {
              if (!ids.includes(subscription.id)) ids.push(subscription.id);
            } else perListener.set(subscription.listener, [subscription.id]);
          }
        });
        const dataByRole = new Map<string, string>();
        for (const [listener, ids] of perListener) {
          let data = dataByRole.get(listener.role);
          if (!data) {
            const view = result.roles[listener.role] ?? {};
            data = JSON.stringify({
              schema: relation.schema,
              table: relation.table,
              commit_timestamp: commitTimestamp,
              type: action,
              columns: view.columns ?? [],
              errors: view.errors ?? null,
              ...(action !== 'DELETE' ? { record: view.record ?? {} } : {}),
              ...(action !== 'INSERT' ? { old_record: view.old_record ?? {} } : {}),
            });
            dataByRole.set(listener.role, data);
          }
          listener.deliver(ids, data);
        }
        // After this turn's other callbacks: the frames held back for coalescing have been written by then.
        if (perListener.size > 0) setImmediate(() => this.sample(this.fanout, performance.now() - received));
      })
      .catch((error: Error) => log('realtime', `change on ${entity} not delivered: ${error.message}`));
  }
}

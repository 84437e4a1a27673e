// The mailbox: parsed messages in memory (newest last), mirrored to `<dir>/<ID>.eml` (raw, as
// received) plus `<ID>.json` (the parsed record) so the mailbox survives a restart of the stack.
// The raw message stays on disk only. Disk writes run one at a time, in order, so a delete can
// never overtake the write of the same message.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { log } from '../log.ts';
import { parseMessage, type ReceiveInfo, type StoredMessage } from './parse.ts';
import type { Matcher } from './search.ts';
import type { MessageCommon, MessageSummary } from './types.ts';

const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const RECORD_VERSION = 1;

export function isMessageId(value: string): boolean {
  return ID_PATTERN.test(value);
}

export class MailStore {
  /** Oldest first; the API pages over it newest first. */
  private messages: StoredMessage[] = [];
  private byId = new Map<string, StoredMessage>();
  private nextSeq = 1;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly dir: string,
    readonly maxMessages: number,
  ) {}

  /** Loads what an earlier run left in `dir`. Damaged files are skipped (and logged), never fatal. */
  async load(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const names = await readdir(this.dir);
    const emls = new Set(names.filter((n) => n.endsWith('.eml')).map((n) => n.slice(0, -4)));
    const jsons = new Set(names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)));
    const loaded: StoredMessage[] = [];
    for (const name of names) if (name.endsWith('.tmp')) await rm(path.join(this.dir, name), { force: true });

    await Promise.all(
      [...emls].map(async (id) => {
        if (!isMessageId(id)) return;
        let record: StoredMessage | undefined;
        if (jsons.has(id)) record = await this.readRecord(id);
        if (!record) record = await this.reparse(id);
        if (record) loaded.push(record);
      }),
    );
    // A record whose raw message is gone cannot be served: drop it.
    for (const id of jsons) if (!emls.has(id)) await rm(path.join(this.dir, `${id}.json`), { force: true });

    loaded.sort(byArrival);
    this.messages = loaded;
    this.byId = new Map(loaded.map((m) => [m.ID, m]));
    this.nextSeq = loaded.reduce((max, m) => Math.max(max, m.seq), 0) + 1;
    await this.prune();
  }

  private async readRecord(id: string): Promise<StoredMessage | undefined> {
    try {
      const record = JSON.parse(await readFile(path.join(this.dir, `${id}.json`), 'utf8')) as Partial<StoredMessage> & { v?: number };
      if (record.v !== RECORD_VERSION || record.ID !== id || typeof record.seq !== 'number' || typeof record.Created !== 'string') return undefined;
      delete record.v;
      return record as StoredMessage;
    } catch {
      return undefined;
    }
  }

  /** Rebuilds the record of a raw message whose JSON is missing or damaged (e.g. a crash mid-write). */
  private async reparse(id: string): Promise<StoredMessage | undefined> {
    const file = path.join(this.dir, `${id}.eml`);
    try {
      const [raw, info] = await Promise.all([readFile(file), stat(file)]);
      const record = await parseMessage(raw, {
        ID: id,
        seq: 0, // ordered by Created alone
        Created: info.mtime.toISOString(),
        Username: '',
        envelope: { From: '', To: [] },
      });
      await this.writeRecord(record);
      log('mail', `rebuilt the index entry of stored message ${id}`);
      return record;
    } catch (error) {
      log('mail', `skipping unreadable stored message ${id}: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** Parses, stores and persists a received message; resolves once it is on disk. */
  async add(raw: Buffer, meta: Omit<ReceiveInfo, 'ID' | 'seq' | 'Created'>): Promise<StoredMessage> {
    const ID = newId();
    const record = await parseMessage(raw, { ...meta, ID, seq: this.nextSeq++, Created: new Date().toISOString() });
    await this.enqueue(async () => {
      await atomicWrite(path.join(this.dir, `${ID}.eml`), raw);
      await this.writeRecord(record);
    });
    this.messages.push(record);
    // Concurrent deliveries can finish parsing out of order; keep the list in arrival order.
    const previous = this.messages.at(-2);
    if (previous && byArrival(previous, record) > 0) this.messages.sort(byArrival);
    this.byId.set(ID, record);
    await this.prune();
    return record;
  }

  get(id: string): StoredMessage | undefined {
    if (id === 'latest') return this.messages.at(-1);
    return this.byId.get(id);
  }

  get total(): number {
    return this.messages.length;
  }

  get unread(): number {
    let count = 0;
    for (const m of this.messages) if (!m.Read) count += 1;
    return count;
  }

  /** Newest first, optionally filtered. */
  list(matcher?: Matcher): StoredMessage[] {
    const out: StoredMessage[] = [];
    for (let i = this.messages.length - 1; i >= 0; i -= 1) {
      const m = this.messages[i];
      if (m && (!matcher || matcher(m))) out.push(m);
    }
    return out;
  }

  async readRaw(id: string): Promise<Buffer | undefined> {
    const message = this.get(id);
    if (!message) return undefined;
    await this.queue; // a message just added may still be on its way to disk
    try {
      return await readFile(path.join(this.dir, `${message.ID}.eml`));
    } catch {
      return undefined;
    }
  }

  async setRead(ids: string[], read: boolean): Promise<void> {
    const changed = ids.map((id) => this.byId.get(id)).filter((m): m is StoredMessage => Boolean(m && m.Read !== read));
    for (const m of changed) m.Read = read;
    if (changed.length) await this.enqueue(async () => void (await Promise.all(changed.map((m) => this.writeRecord(m)))));
  }

  async delete(ids: string[]): Promise<number> {
    const doomed = new Set(ids.filter((id) => this.byId.has(id)));
    if (!doomed.size) return 0;
    this.messages = this.messages.filter((m) => !doomed.has(m.ID));
    for (const id of doomed) this.byId.delete(id);
    await this.enqueue(() => this.removeFiles([...doomed]));
    return doomed.size;
  }

  allIds(): string[] {
    return this.messages.map((m) => m.ID);
  }

  /** Waits for pending disk writes. */
  async flush(): Promise<void> {
    await this.queue;
  }

  private async prune(): Promise<void> {
    const excess = this.messages.length - this.maxMessages;
    if (excess <= 0) return;
    const dropped = this.messages.splice(0, excess);
    for (const m of dropped) this.byId.delete(m.ID);
    await this.enqueue(() => this.removeFiles(dropped.map((m) => m.ID)));
  }

  private async removeFiles(ids: string[]): Promise<void> {
    await Promise.all(ids.flatMap((id) => [rm(path.join(this.dir, `${id}.json`), { force: true }), rm(path.join(this.dir, `${id}.eml`), { force: true })]));
  }

  private async writeRecord(record: StoredMessage): Promise<void> {
    await atomicWrite(path.join(this.dir, `${record.ID}.json`), JSON.stringify({ v: RECORD_VERSION, ...record }));
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task);
    // Later tasks run even if this one failed; the caller still sees the failure.
    this.queue = run.catch((error: unknown) => log('mail', `disk write failed: ${(error as Error).message}`));
    return run;
  }
}

/** `Created` is an ISO time, so its code units sort as the times do (localeCompare, through ICU, made a catcher with many mails slow to start). */
function byArrival(a: StoredMessage, b: StoredMessage): number {
  if (a.Created !== b.Created) return a.Created < b.Created ? -1 : 1;
  return a.seq - b.seq;
}

async function atomicWrite(file: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/** 22 URL-safe characters, like Mailpit's IDs. */
function newId(): string {
  return randomBytes(16).toString('base64url').slice(0, 22);
}

/** The fields the list and the detail answers share. */
export function commonFields(m: StoredMessage): MessageCommon {
  const { ID, MessageID, Read, From, To, Cc, Bcc, ReplyTo, Subject, Created, Username, Size } = m;
  return { ID, MessageID, Read, From, To, Cc, Bcc, ReplyTo, Subject, Created, Username, Size };
}

export function summarise(m: StoredMessage): MessageSummary {
  return { ...commonFields(m), Attachments: m.Attachments.length, Snippet: m.Snippet };
}

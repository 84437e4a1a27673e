// Generators and checks shared by the property tests of bad input (bad-input-*.test.ts): the
// hostile values fast-check draws from, raw HTTP through the gateway (bodies that are not JSON or
// not UTF-8 at all), each service's error shape, a Dutch-message test for the texts our own SQL and
// edge functions raise, and a checksum of every table and stored file to prove nothing was written.
import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { keys, urls } from '../stack/config.ts';
import { signJWT } from '../stack/auth/jwt.ts';
import { sql } from './support.ts';

// ---- Values ------------------------------------------------------------------------------

const html = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg/onload=alert(1)>', '<a href="javascript:alert(1)">klik</a>'];
const sqlText = ["'; drop table public.profiles; --", "' or '1'='1", '1; select pg_sleep(10)', "\\'; delete from auth.users; --", '$$; truncate public.bookings; $$'];
const oddText = ['', ' ', '\u0000', 'a\u0000b', '\uD800', '\uFFFF', '‮gnp.exe', '🎸🥁🎤', 'ﷺ'.repeat(50), '%00', '%s%n%x', '../../etc/passwd', 'null', 'undefined', 'NaN'];
const dates = [
  '0001-01-01',
  '1900-01-01',
  '1970-01-01T00:00:00Z',
  '2000-02-30',
  '2020-06-01T20:00:00+02:00',
  '9999-12-31',
  '9999-12-31T23:59:59Z',
  '10000-01-01',
  'infinity',
  '-infinity',
  '2026-13-45',
  'gisteren',
  '99999-01-01T00:00:00Z',
  '2024-01-01T25:61:00',
];
const hugeNumbers = [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 2 ** 63, -(2 ** 63), 1e21, 1e308, -1e308, 5e-324, 0.1, -1, 0, 1.5];

/** Text a user could type or an attacker could send: HTML, SQL, control characters, lone surrogates, long runs. */
export const hostileText = fc.oneof(
  fc.constantFrom(...html, ...sqlText, ...oddText, ...dates),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.constantFrom('a', 'é', '<b>', "'"), fc.integer({ min: 2_000, max: 120_000 })).map(([unit, n]) => unit.repeat(n)),
);

/** Numbers out of every column's range, fractions where integers go, and numbers written as text. */
export const hostileNumber = fc.oneof(fc.constantFrom(...hugeNumbers), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom('1e400', '-0', '12abc', '0x10', '１２'));

/** Dates in the past, in 9999 and beyond, impossible ones, and text that is no date at all. */
export const hostileDate = fc.oneof(
  fc.constantFrom(...dates),
  fc.date({ min: new Date('1000-01-01'), max: new Date('2000-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
);

/** Any JSON value, of any type and nesting. */
export const anyJson = fc.oneof(
  { depthSize: 'small' },
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileText,
  fc.array(fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 8 }), fc.uuid()), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 8 })), { maxKeys: 4 }),
);

/** A value for a parameter of the given PostgREST OpenAPI format: mostly the right type with hostile content, sometimes any type. */
export function valueFor(format: string, ids: readonly string[]): fc.Arbitrary<unknown> {
  const base = format.replace(/\[\]$/, '');
  let right: fc.Arbitrary<unknown>;
  if (base === 'uuid') right = fc.oneof(fc.constantFrom(...ids), fc.uuid(), fc.constantFrom('00000000-0000-0000-0000-000000000000', 'not-a-uuid', ''));
  else if (/int|numeric|double|real/.test(base)) right = hostileNumber;
  else if (/date|timestamp|time/.test(base)) right = hostileDate;
  else if (base === 'interval') right = fc.constantFrom('1 day', '-100 years', '999999999 years', 'P1Y', 'nooit', '');
  else right = hostileText;
  const typed = format.endsWith('[]') ? fc.array(right, { maxLength: 4 }) : right;
  return fc.oneof({ weight: 3, arbitrary: typed }, { weight: 1, arbitrary: anyJson });
}

/** An object with the given parameters (each maybe left out) and maybe unknown keys; never `{}`. */
export function bodyFor(params: Record<string, string>, ids: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = fc.record(Object.fromEntries(Object.entries(params).map(([name, format]) => [name, valueFor(format, ids)])), { requiredKeys: [] });
  const unknown = fc.dictionary(fc.constantFrom('role', 'is_admin', 'id', '__proto__', 'select', 'x; drop table t', 'user_id', 'price_cents'), anyJson, { maxKeys: 2 });
  return fc
    .tuple(known, unknown)
    .map(([a, b]) => ({ ...b, ...a }))
    .filter((body) => Object.keys(body).length > 0);
}

/** Bodies that are not JSON, not UTF-8, or far too large, as raw bytes. */
export const rawBody = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', '{"a":1}}', 'null', 'true', '"tekst"', '{"a":NaN}', '{"a":Infinity}', "{'a':1}", '<xml/>', 'a=1&b=2', '').map((text) => Buffer.from(text)),
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from(bytes), Buffer.from('"}')])),
  fc.integer({ min: 1, max: 6 }).map((mb) => Buffer.from(JSON.stringify({ a: 'x'.repeat(mb * 1024 * 1024) }))),
  fc.integer({ min: 200, max: 5000 }).map((depth) => Buffer.from('['.repeat(depth) + ']'.repeat(depth))),
);

// ---- Tokens ------------------------------------------------------------------------------

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Bearer strings no service may accept: forged, expired, unsigned, another audience or role, garbage. */
export function badTokens(userId: string): Record<string, string> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: userId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600, aal: 'aal1', session_id: randomUUID() };
  const valid = signJWT(claims, keys.jwtSecret);
  const [header, payload] = valid.split('.');
  return {
    forged: signJWT(claims, 'een-ander-geheim-van-minstens-32-tekens!!'),
    expired: signJWT({ ...claims, iat: now - 7200, exp: now - 3600 }, keys.jwtSecret),
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'service role forged': signJWT({ role: 'service_role', iss: 'supabase-demo', iat: now, exp: now + 3600 }, 'een-ander-geheim-van-minstens-32-tekens!!'),
    'role claim tampered': `${header}.${b64({ ...claims, role: 'service_role' })}.${valid.split('.')[2]}`,
    garbage: 'Zm9vYmFy',
    'three dots': 'a.b.c',
    empty: '',
  };
}

// ---- HTTP --------------------------------------------------------------------------------

export interface Answer {
  status: number;
  body: unknown;
  text: string;
  /** The server closed the connection while an oversized request was still being sent (see call()). */
  reset?: boolean;
}

/** Over these sizes, a server may refuse a request before reading all of it. */
const OVERSIZED_BODY = 1024 * 1024;
const OVERSIZED_URL = 16 * 1024;

/** A request through the gateway, with a deadline: a hang fails like a 5xx does. */
export async function call(method: string, path: string, options: { headers?: Record<string, string>; body?: Buffer | string | null } = {}): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(`${urls.api}${path}`, {
      method,
      headers: options.headers,
      body: options.body ?? undefined,
      // A hang never answers; 60 s leaves room for a busy CI machine (one id_token request of a
      // fresh-clone run took over 20 s while the whole suite ran on two cores).
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    // The functions runtime and Node's HTTP parser answer a method they refuse, or a head over
    // their limit, without reading the rest of a request of megabytes; the connection closes
    // under the client still sending it. Counted as a refusal for oversized requests only (the request is
    // refused either way; the client just sees it closed); any other failure to answer fails the test.
    const code = (error as { cause?: { code?: string } }).cause?.code;
    const oversized = (options.body?.length ?? 0) > OVERSIZED_BODY || path.length > OVERSIZED_URL;
    if (oversized && (code === 'ECONNRESET' || code === 'EPIPE')) return { status: 413, body: null, text: '', reset: true };
    throw error;
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text, the shape checks fail on it
  }
  return { status: response.status, body, text };
}

/** Headers of a caller: the anon key, and a user's token when given. */
export const asCaller = (token?: string, extra: Record<string, string> = {}) => ({ apikey: keys.anon, ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}), ...extra });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasKeys = (value: unknown, names: string[]) => isObject(value) && names.every((name) => name in value);

/** The error shape of each service, as its own clients parse it. */
export const shapes = {
  postgrest: (body: unknown) => hasKeys(body, ['code', 'message', 'details', 'hint']),
  gotrue: (body: unknown) => hasKeys(body, ['code', 'error_code', 'msg']),
  storage: (body: unknown) => hasKeys(body, ['statusCode', 'error', 'message']),
  /** Our edge functions ({ error }) and the functions runtime's own refusals ({ msg }). */
  functions: (body: unknown) => (isObject(body) && typeof body.error === 'string') || (isObject(body) && typeof body.msg === 'string'),
};

/** Why an answer is not a refusal in the service's shape (a 5xx, a success when one was not allowed, another shape), or null. */
export function notARefusal(answer: Answer, shape: (body: unknown) => boolean, { successAllowed = false } = {}): string | null {
  if (answer.reset) return null;
  if (answer.status >= 500) return `a ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.status < 400) return successAllowed ? null : `a ${answer.status} instead of a 4xx: ${answer.text.slice(0, 200)}`;
  if (!shape(answer.body)) return `a ${answer.status} in another shape: ${answer.text.slice(0, 300)}`;
  return null;
}

// ---- Dutch -------------------------------------------------------------------------------

const englishWords = /\b(the|not|invalid|must|cannot|can't|found|permission|denied|authenticated|required|error|only|please|failed|missing|should)\b/i;
const dutchWords =
  /\b(je|jij|jouw|de|het|een|niet|geen|kan|kun|mag|moet|deze|dit|van|voor|op|met|bij|alleen|bestaat|ongeldig|wordt|is|zijn|vul|kies|geef|tekens|nog|al|om|te|typ|en|of|er|we|uw|ons|wat|hier|minstens|hoogstens|maximaal|minimaal|één|toe|over|voeg|schrijf|gebruik|dat|klopt|probeer|opnieuw|later)\b/i;

/** A message a Dutch reader understands: Dutch words and no English ones. */
export const isDutch = (message: string) => dutchWords.test(message) && !englishWords.test(message);

/**
 * Messages of PostgREST itself and of PostgreSQL's own type checks are English by design (the app
 * never shows them); the ones our SQL functions raise are for people, so must be Dutch.
 */
export function raisedByUs(error: { code?: unknown; message?: unknown }): boolean {
  const code = String(error.code ?? '');
  if (code.startsWith('PGRST')) return false;
  const message = String(error.message ?? '');
  const builtIn =
    /^(invalid input|permission denied for|value too long|.* out of range|malformed|invalid .* literal|could not|column |function |operator |cannot |new row violates|new row for relation .* violates check constraint|duplicate key|null value in column|unterminated|unsupported Unicode|invalid byte sequence|character with byte sequence|requested character too large|numeric field overflow|time zone|date\/time|interval field|invalid regular expression|array |argument of|JSON|expected JSON|input is out of range|integer out of range|smallint out of range|bigint out of range|value "|canceling statement|stack depth|string is too long|division by zero|zero-length delimited|more than one row|query returned|structure of query|a column definition list|there is no parameter|cannot cast|text search|word is too long|index row size)/i;
  return !builtIn.test(message);
}

// ---- Nothing written ----------------------------------------------------------------------

/**
 * Queues the scheduler works through in the background (claims, attempts), and the sitemap's
 * cached copy (rebuilt by whichever request finds it stale): only a new row there is a write.
 */
const workedByScheduler = new Set([
  'private.notification_outbox',
  'private.scheduled_jobs',
  'private.refund_requests',
  'public.sitemap_cache',
  // A refund the scheduler's process-refunds sends issues its credit note and queues its mail.
  'public.credit_notes',
  'private.credit_note_counters',
  'private.credit_note_mails',
  // The team's chargeback mails, sent (and retried) by the scheduler's send-notifications.
  'private.chargeback_mails',
  // Every five minutes the scheduler's payout job claims, pays or reschedules payouts (refreshing
  // an act's Mollie connection as it goes), and release_closed_checkins releases closed windows.
  'public.payouts',
  'public.booking_checkins',
  'public.mollie_connections',
  'private.mollie_tokens',
]);

/**
 * Columns the scheduler's function jobs set on rows of their own minute, left out of the rows'
 * digest: the chat digest job marks a message unread for 15 minutes as summarised
 * (claim_chat_digests), so a test that ran then would count the job's write as its own.
 */
const setByScheduler: Record<string, string[]> = { 'public.chat_messages': ['digest_sent_at'] };

/**
 * Every table of the schemas people write through (row count and a digest of the rows), and the
 * stored files. With `except`, only the rows that carry none of those ids in any column: other
 * people's data, when the ids are the callers' own.
 */
export async function snapshot(except: readonly string[] = []): Promise<Record<string, string>> {
  // The scheduler's SQL jobs (expiring and completing bookings, reminders, folding the leaderboard
  // tally) change rows on their own minute: run here first, as the scheduler would, so only a
  // write by a request shows.
  for (const { command } of await sql<{ command: string }>('select command from private.scheduled_jobs where command is not null order by name')) await sql(command);
  const tables = await sql<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
     where table_schema in ('public', 'auth', 'storage', 'private') and table_type = 'BASE TABLE' order by 1`,
  );
  const where = except.length ? ` where x::text !~ '${except.map((id) => id.replace(/[^0-9a-f-]/gi, '')).join('|')}'` : '';
  const query = tables
    .map(({ name }) =>
      workedByScheduler.has(name)
        ? `select '${name}' as name, count(*)::text as digest from ${name} x${where}`
        : `select '${name}' as name, count(*)::text || ' ' || coalesce(md5(string_agg(md5(${rowText(name)}), '' order by md5(${rowText(name)}))), '') as digest from ${name} x${where}`,
    )
    .join(' union all ');
  const rows = await sql<{ name: string; digest: string }>(query);
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

/** A row of `table` as text, without the columns the scheduler sets. */
const rowText = (table: string) => (setByScheduler[table] ? `(to_jsonb(x) - array[${setByScheduler[table].map((column) => `'${column}'`).join(', ')}])::text` : 'x::text');

/** Every row of `table` (one with an `id` column) as JSON, by id: to say which row and column a change touched. */
export async function rowsById(table: string): Promise<Map<string, Record<string, unknown>>> {
  const rows = await sql<{ id: string; row: Record<string, unknown> }>(`select x.id::text as id, to_jsonb(x) as row from ${table} x`);
  return new Map(rows.map(({ id, row }) => [id, row]));
}

/** What changed between two `rowsById` reads: 'id: column before → after', a row added or gone. */
export function changedRows(before: Map<string, Record<string, unknown>>, after: Map<string, Record<string, unknown>>): string[] {
  const changes: string[] = [];
  for (const [id, row] of after) {
    const old = before.get(id);
    if (!old) {
      changes.push(`${id}: added`);
      continue;
    }
    for (const column of new Set([...Object.keys(old), ...Object.keys(row)])) {
      const [was, is] = [JSON.stringify(old[column]), JSON.stringify(row[column])];
      if (was !== is) changes.push(`${id}: ${column} ${was} → ${is}`);
    }
  }
  for (const id of before.keys()) if (!after.has(id)) changes.push(`${id}: gone`);
  return changes;
}

/** The tables whose rows changed between two snapshots. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) => Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);

// ---- Running and counting ----------------------------------------------------------------

/**
 * `run` for every item, a few at a time, the answers in the items' order. The properties of one
 * file are independent (each its own endpoint, one snapshot around all of them): side by side they
 * keep the stack busy while the test process builds the next inputs, where one after another left
 * it waiting on a loaded machine.
 */
export async function inTurns<T, R>(items: readonly T[], run: (item: T) => Promise<R>, atOnce = 4): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < items.length; index = next++) answers[index] = await run(items[index]!);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, lane));
  return answers;
}

const tried = new Map<string, number>();

/**
 * Runs an async property with a fixed number of runs (FC_SEED replays a run) and counts what it
 * tried. The predicate answers what is wrong with an input, or null; the first problem is the
 * answer (no shrinking: every run is a few network calls).
 */
export async function check<T>(name: string, arbitrary: fc.Arbitrary<T>, numRuns: number, predicate: (value: T) => Promise<string | null>): Promise<string | null> {
  let count = 0;
  let problem: string | null = null;
  const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
  let input: unknown;
  const result = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      count += 1;
      input = value;
      problem = await predicate(value);
      return problem === null;
    }),
    { numRuns, seed, endOnFailure: true },
  );
  tried.set(name, (tried.get(name) ?? 0) + count);
  if (!result.failed) return null;
  // A predicate that threw (a connection reset, no answer within the deadline) fails like a wrong answer.
  const thrown = result.errorInstance instanceof Error ? `${result.errorInstance.message} ${String((result.errorInstance as { cause?: unknown }).cause ?? '')}` : String(result.errorInstance);
  const shown = Buffer.isBuffer(input) ? input.toString('utf8') : JSON.stringify(input);
  // The seed first, so a random run's failure can be run again (FC_SEED=<seed>) however long the rest is.
  return `${name} (FC_SEED=${result.seed}): ${String(problem ?? `threw ${thrown} for ${shown?.slice(0, 300)}`).slice(0, 700)}`;
}

/** Prints how many generated inputs each property tried (the figures the issue asks for). */
export function printCounts(title: string) {
  const lines = [...tried.entries()].map(([name, count]) => `  ${String(count).padStart(6)}  ${name}`);
  const total = [...tried.values()].reduce((sum, count) => sum + count, 0);
  console.log(`${title}: ${total} generated inputs\n${lines.join('\n')}`);
  tried.clear();
}

/** A stable digest of a body, to name a failing input shortly. */
export const digest = (value: unknown) =>
  createHash('sha256')
    .update(typeof value === 'string' || Buffer.isBuffer(value) ? value : (JSON.stringify(value) ?? ''))
    .digest('hex')
    .slice(0, 12);

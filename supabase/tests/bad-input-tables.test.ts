// Property tests of writes to every table a signed-in person may write through PostgREST (found
// in the database's grants, so a new table or column is covered without a list to keep): inserts,
// updates and deletes as a customer and as an artist, with hostile values, other people's ids and
// filters that reach every row. Every answer is a success or a refusal in PostgREST's shape (never
// a 5xx or a hang), a message our own SQL raises is Dutch, and no row of anyone else changes: a
// write may only touch rows that carry the caller's own id (their profile, their act).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCaller, call, check, hostileText, isDutch, notARefusal, printCounts, raisedByUs, shapes, snapshot, valueFor } from './bad-input.ts';
import { closePool, createArtist, createBooking, createUser, completeBooking, sql, type TestUser } from './support.ts';

/** Runs per table and verb; each run is two calls (customer, artist). */
const RUNS = 40;

/** Answers per status, to show the writes that went through (a fuzz that only ever meets refusals proves little). */
const statuses = new Map<string, number>();

interface Writable {
  table: string;
  insert: Record<string, string>;
  update: Record<string, string>;
  canDelete: boolean;
  key: string;
}

/** PostgREST's format names for the column types (as its OpenAPI description gives them). */
function formatOf(dataType: string, udtName: string): string {
  if (dataType === 'ARRAY') return `${formatOf(udtName.replace(/^_/, ''), udtName.replace(/^_/, ''))}[]`;
  if (/^(int|bigint|smallint|integer|int[248])$/.test(dataType)) return 'integer';
  if (/numeric|double|real|float/.test(dataType)) return 'numeric';
  if (/timestamp|^date$|^time/.test(dataType)) return 'timestamp with time zone';
  if (dataType === 'uuid') return 'uuid';
  if (dataType === 'boolean' || dataType === 'bool') return 'boolean';
  if (dataType === 'jsonb' || dataType === 'json') return 'jsonb';
  return 'text';
}

/** The public tables the authenticated role may insert into, update or delete from, with the columns it may write. */
async function writableTables(): Promise<Writable[]> {
  const columns = await sql<{ table_name: string; privilege_type: string; column_name: string; data_type: string; udt_name: string }>(
    `select p.table_name, p.privilege_type, p.column_name, c.data_type, c.udt_name
       from information_schema.column_privileges p
       join information_schema.columns c using (table_schema, table_name, column_name)
      where p.grantee = 'authenticated' and p.table_schema = 'public' and p.privilege_type in ('INSERT', 'UPDATE')
        and exists (select 1 from information_schema.tables t where t.table_schema = 'public' and t.table_name = p.table_name and t.table_type = 'BASE TABLE')`,
  );
  const deletable = await sql<{ table_name: string }>(
    `select table_name from information_schema.role_table_grants
      where grantee = 'authenticated' and table_schema = 'public' and privilege_type = 'DELETE'`,
  );
  const keys = await sql<{ table_name: string; column_name: string }>(
    `select tc.table_name, min(k.column_name) as column_name
       from information_schema.table_constraints tc
       join information_schema.key_column_usage k using (constraint_schema, constraint_name)
      where tc.table_schema = 'public' and tc.constraint_type = 'PRIMARY KEY'
      group by tc.table_name`,
  );
  const byTable = new Map<string, Writable>();
  const entry = (table: string) => {
    let found = byTable.get(table);
    if (!found) {
      found = { table, insert: {}, update: {}, canDelete: false, key: keys.find((k) => k.table_name === table)?.column_name ?? 'id' };
      byTable.set(table, found);
    }
    return found;
  };
  for (const column of columns) {
    const target = column.privilege_type === 'INSERT' ? entry(column.table_name).insert : entry(column.table_name).update;
    target[column.column_name] = formatOf(column.data_type, column.udt_name);
  }
  for (const { table_name } of deletable) entry(table_name).canDelete = true;
  return [...byTable.values()].sort((a, b) => a.table.localeCompare(b.table));
}

let tables: Writable[];
let customer: TestUser;
let artist: TestUser;
let own: string[];
let others: string[];

beforeAll(async () => {
  tables = await writableTables();
  const [otherCustomer, otherArtist, pendingOwner] = await Promise.all([createUser('customer'), createUser('artist'), createUser('artist')]);
  [customer, artist] = await Promise.all([createUser('customer'), createUser('artist')]);
  const ownAct = await createArtist(artist);
  own = [customer.id, artist.id, ownAct];
  // Other people's things, one of each kind a caller could aim at.
  const othersAct = await createArtist(otherArtist!);
  const pendingAct = await createArtist(pendingOwner!, { approved: false });
  const played = await createBooking(otherCustomer!, othersAct, 'confirmed');
  await completeBooking(played);
  const [review] = await sql<{ id: string }>(`insert into public.reviews (booking_id, customer_id, rating, body) values ($1, $2, 5, 'Geweldig') returning id`, [played, otherCustomer!.id]);
  const [conversation] = await sql<{ id: string }>(`insert into public.chat_conversations (customer_id, artist_id) values ($1, $2) returning id`, [otherCustomer!.id, othersAct]);
  const [message] = await sql<{ id: string }>(`insert into public.chat_messages (conversation_id, sender_id, message_text) values ($1, $2, 'Hallo') returning id`, [
    conversation!.id,
    otherCustomer!.id,
  ]);
  const [pkg] = await sql<{ id: string }>(
    `insert into public.artist_packages (artist_id, name, description, price_cents, duration_minutes) values ($1, 'Receptie', 'Twee sets', 90000, 120) returning id`,
    [othersAct],
  );
  const [media] = await sql<{ id: string }>(`insert into public.artist_media (artist_id, kind, storage_path) values ($1, 'image', $2) returning id`, [othersAct, `${othersAct}/foto.jpg`]);
  const [blocked] = await sql<{ id: string }>(`insert into public.artist_blocked_dates (artist_id, starts_on, ends_on) values ($1, '2031-03-01', '2031-03-02') returning id`, [othersAct]);
  await sql(`insert into public.favorites (profile_id, artist_id) values ($1, $2)`, [otherCustomer!.id, othersAct]);
  const [news] = await sql<{ id: string }>(`select id from public.news_articles order by created_at limit 1`);
  const [contact] = await sql<{ id: string }>(`select id::text from public.contact_requests order by created_at limit 1`);
  others = [
    otherCustomer!.id,
    otherArtist!.id,
    othersAct,
    pendingAct,
    played,
    review!.id,
    conversation!.id,
    message!.id,
    pkg!.id,
    media!.id,
    blocked!.id,
    ...(news ? [news.id] : []),
    ...(contact ? [contact.id] : []),
  ];
}, 60_000);

afterAll(async () => {
  printCounts('Table writes with bad input');
  console.log(
    `answers: ${[...statuses.entries()]
      .sort()
      .map(([key, n]) => `${key} x${n}`)
      .join(', ')}`,
  );
  await closePool();
});

/** Every byte of the text's UTF-8 as %XX (lone surrogates included, which encodeURIComponent refuses). */
const percentEncoded = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** A PostgREST filter: one of other people's rows by its key, every row, or a hostile one. */
const filterFor = (table: Writable) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...others).map((id) => `${table.key}=eq.${id}`) },
    { weight: 1, arbitrary: fc.constant(`${table.key}=not.is.null`) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('profile_id', 'artist_id', 'customer_id', 'conversation_id')
        .map((column) => (column in table.insert || column in table.update ? `${column}=in.(${others.join(',')})` : `${table.key}=not.is.null`)),
    },
    { weight: 1, arbitrary: hostileText.map((text) => `${table.key}=eq.${percentEncoded(text.slice(0, 200))}`) },
  );

const ids = () => [...others, ...own];

/**
 * A value of the column's type that the rules could accept, or a hostile one: writes that pass
 * the checks are the ones that show whether a row-level rule lets a caller reach another's row.
 */
function columnValue(format: string): fc.Arbitrary<unknown> {
  const base = format.replace(/\[\]$/, '');
  let plausible: fc.Arbitrary<unknown>;
  if (base === 'uuid') plausible = fc.constantFrom(...ids());
  else if (base === 'integer') plausible = fc.constantFrom(0, 1, 2, 60, 5_000, 100_000);
  else if (base === 'numeric') plausible = fc.constantFrom(52.09, 5.12, 1.5);
  else if (base === 'boolean') plausible = fc.boolean();
  else if (base.startsWith('timestamp')) plausible = fc.constantFrom('2031-05-01', '2031-05-02T20:00:00+02:00', new Date().toISOString());
  else if (base === 'jsonb') plausible = fc.constant({});
  else plausible = fc.constantFrom('Gewijzigd', 'bands', 'pop', 'Utrecht', 'approved', 'published', 'admin', `${others[2]}/foto.jpg`);
  const typed = format.endsWith('[]') ? fc.array(plausible, { minLength: 1, maxLength: 2 }) : plausible;
  return fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: valueFor(format, ids()) });
}

describe('every table a signed-in person may write', () => {
  it('finds the writable tables in the grants', () => {
    const names = tables.map((t) => t.table);
    expect(names).toEqual(expect.arrayContaining(['artists', 'artist_packages', 'chat_messages', 'favorites', 'profiles', 'reviews']));
  });

  it("as customer and artist: never a 5xx, Dutch messages of our own, no one else's row changed", async () => {
    const failures: string[] = [];
    const callers = { customer: customer.token, artist: artist.token };
    const before = await snapshot(own);
    for (const table of tables) {
      const verbs: { verb: string; input: fc.Arbitrary<{ method: string; query: string; body: string | null }> }[] = [];
      if (Object.keys(table.insert).length) {
        const record = fc.record(Object.fromEntries(Object.entries(table.insert).map(([name, format]) => [name, columnValue(format)])), { requiredKeys: [] });
        verbs.push({ verb: 'insert', input: fc.tuple(record, fc.boolean()).map(([body, many]) => ({ method: 'POST', query: '', body: JSON.stringify(many ? [body, body] : body) })) });
      }
      if (Object.keys(table.update).length) {
        const record = fc
          .record(Object.fromEntries(Object.entries(table.update).map(([name, format]) => [name, columnValue(format)])), { requiredKeys: [] })
          .filter((body) => Object.keys(body).length > 0);
        verbs.push({ verb: 'update', input: fc.tuple(record, filterFor(table)).map(([body, query]) => ({ method: 'PATCH', query, body: JSON.stringify(body) })) });
      }
      if (table.canDelete) verbs.push({ verb: 'delete', input: filterFor(table).map((query) => ({ method: 'DELETE', query, body: null })) });
      for (const { verb, input } of verbs) {
        const problem = await check(`${verb} ${table.table} (x2 callers)`, input, RUNS, async ({ method, query, body }) => {
          for (const [who, token] of Object.entries(callers)) {
            const answer = await call(method, `/rest/v1/${table.table}${query ? `?${query}` : ''}`, {
              headers: asCaller(token, { 'content-type': 'application/json', prefer: 'return=minimal' }),
              body,
            });
            const shown = `${method} ${query.slice(0, 120)} as ${who} with ${String(body).slice(0, 200)}`;
            statuses.set(`${method} ${answer.status}`, (statuses.get(`${method} ${answer.status}`) ?? 0) + 1);
            const wrong = notARefusal(answer, shapes.postgrest, { successAllowed: true });
            if (wrong) return `${shown}: ${wrong}`;
            const error = answer.body as { code: string; message: string };
            if (answer.status >= 400 && raisedByUs(error) && !isDutch(error.message)) return `${shown}: "${error.message}" (${error.code}) is not Dutch`;
          }
          return null;
        });
        if (problem) failures.push(problem);
      }
    }
    const after = await snapshot(own);
    const changed = Object.keys(before).filter((name) => before[name] !== after[name]);
    if (changed.length) failures.push(`other people's rows changed in ${changed.join(', ')}`);
    if (failures.length) console.log(failures.join('\n'));
    expect(failures).toEqual([]);
    // Some writes of the callers' own rows went through: the properties met the rules, not only the grants.
    expect([...statuses.entries()].filter(([key]) => /^(POST|PATCH|DELETE) 2/.test(key)).length).toBeGreaterThan(0);
  }, 300_000);
});

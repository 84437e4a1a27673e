// `pnpm bench:bands` (and the last step of `pnpm bench`): the referral dashboard's reads at
// seed:scale volumes, on a throwaway stack (own data dir, ports on PODIUM_BENCH_PORT_BASE) so a
// running development stack is left alone. The scale seed writes 100k artists and 100k customers
// (200k profiles, each with a referral code), 1M BANDS ledger entries with three heavy customers,
// and the referral links' long tail; bookings and messages are kept small, as these reads do not
// touch them. Then, for
//  - leaderboard_top_balance(10) and leaderboard_top_referrers(10) as the customer ranked last
//    on the signups board (their own row comes after the top 10, its rank counted in full), and
//  - the transactions page (SPEC 7.2's select and row range) of the heaviest customer, page 1
//    and the last page,
// p50/p95 in SQL as that signed-in user (role authenticated, request.jwt.claims: RLS applies) and
// through PostgREST (supabase-js signed in with a password, via the gateway as the app calls it),
// their ratio, and the indexes the plan used. Prints figures; the target is p95 ≤ 20 ms in SQL.
// `pnpm bench:bands --running` measures the running stack instead (PODIUM_PORT_BASE), once
// `pnpm seed:scale` has loaded it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { benchSize, checkAnswer, recordFigure } from '@podium/shared/bench';
import pg from 'pg';
import ws from 'ws';
import { isolatedStackEnv, keys } from '../stack/config.ts';
import { nestedPlans, summarisePlan } from './bench.ts';
import { seedScale } from './scale.ts';

const ITERATIONS = Number(process.env.PODIUM_BENCH_ITERATIONS ?? benchSize(200, 3));
const PAGE_SIZE = 10;
const TRANSACTION_COLUMNS = 'id, amount_cents, type, reason, created_at, booking_id';

interface Reader {
  label: string;
  sql: pg.Client;
  rest: SupabaseClient;
}

interface Query {
  label: string;
  reader: Reader;
  sql: { text: string; values: unknown[] };
  rest: () => PromiseLike<{ error: unknown; data: unknown }>;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** A pg session acting as the user, as PostgREST does per request: role authenticated and the JWT's claims. */
async function sqlSessionAs(dbUrl: string, userId: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  await client.query("set statement_timeout = '60s'");
  await client.query(`select set_config('request.jwt.claims', $1, false)`, [JSON.stringify({ sub: userId, role: 'authenticated', aud: 'authenticated' })]);
  await client.query('set role authenticated');
  return client;
}

/** A scale account cannot log in; this one gets a password through the auth admin API and signs in for real. */
async function signedIn(api: string, userId: string, email: string): Promise<SupabaseClient> {
  const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }, realtime: { transport: ws as never } };
  const password = 'bench-wachtwoord-bands';
  const admin = createClient(api, keys.serviceRole, options);
  const updated = await admin.auth.admin.updateUserById(userId, { password });
  if (updated.error) throw new Error(`setting the password of ${email}: ${updated.error.message}`);
  const client = createClient(api, keys.anon, options);
  const login = await client.auth.signInWithPassword({ email, password });
  if (login.error) throw new Error(`signing in as ${email}: ${login.error.message}`);
  return client;
}

/** The plan of the statement that did the work (inside the function, for the leaderboards), as the user. */
async function plan(dbUrl: string, userId: string, call: Query['sql']) {
  const client = await sqlSessionAs(dbUrl, userId);
  try {
    await client.query('reset role');
    const notices = await nestedPlans(client, call, { role: 'authenticated' });
    // A leaderboard's call is a Function Scan whose figures hold everything inside it; the
    // indexes are in the plans of the statements it ran.
    const outer = notices.find((notice) => /Function Scan on leaderboard_/.test(notice));
    const inner = summarisePlan(notices.filter((notice) => notice !== outer).join('\n'));
    const total = outer ? summarisePlan(outer) : inner;
    return { ...inner, sharedHit: total.sharedHit, sharedRead: total.sharedRead };
  } finally {
    await client.end();
  }
}

async function time(query: Query) {
  const sqlTimes: number[] = [];
  const restTimes: number[] = [];
  let failures = 0;
  for (let i = 0; i < 10; i++) {
    const sql = await query.reader.sql.query(query.sql.text, query.sql.values);
    const rest = await query.rest();
    // What is timed must be an answer with rows: a refused or empty one is a broken bench.
    if (i === 0) {
      checkAnswer(`${query.label} in SQL`, { rows: sql.rowCount ?? 0 });
      if (rest.error) throw new Error(`${query.label} through PostgREST: ${(rest.error as { message?: string }).message ?? String(rest.error)}`);
      checkAnswer(`${query.label} through PostgREST`, { rows: Array.isArray(rest.data) ? rest.data.length : rest.data == null ? 0 : 1 });
    }
  }
  // Interleaved, so both paths see the same machine load.
  for (let i = 0; i < ITERATIONS; i++) {
    let began = performance.now();
    await query.reader.sql.query(query.sql.text, query.sql.values);
    sqlTimes.push(performance.now() - began);
    began = performance.now();
    const { error } = await query.rest();
    restTimes.push(performance.now() - began);
    if (error) failures++;
  }
  return { sql: { p50: percentile(sqlTimes, 50), p95: percentile(sqlTimes, 95) }, rest: { p50: percentile(restTimes, 50), p95: percentile(restTimes, 95) }, failures };
}

/** The scale seed with its referral volumes; bookings and messages, which these reads do not touch, kept small. */
export async function seedBands(dbUrl: string, transactions = 1_000_000, log: (line: string) => void = console.log) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const began = performance.now();
    await seedScale(db, {
      ...benchSize({ bookings: 100_000, messages: 0, transactions }, { artists: 200, customers: 200, bookings: 200, messages: 0, transactions: 2_000 }),
      log: (line) => log(`  ${line}`),
    });
    log(`scale seed in ${((performance.now() - began) / 1000).toFixed(0)} s`);
  } finally {
    await db.end();
  }
}

/** The figures, on a database that holds the scale seed (seedBands or `pnpm seed:scale`). */
export async function benchBands(options: { api: string; dbUrl: string; log?: (line: string) => void }) {
  const log = options.log ?? console.log;
  const db = new pg.Client({ connectionString: options.dbUrl });
  await db.connect();
  let deep: { id: string; email: string; ranked: number; coded: number };
  let heavy: { id: string; email: string; entries: number };
  try {
    const volumes = (
      await db.query<{ profiles: number; entries: number; referred: number }>(
        `select (select count(*)::int from public.profiles) as profiles, (select count(*)::int from public.bands_transactions) as entries,
              (select count(*)::int from public.profiles where referrer_id is not null) as referred`,
      )
    ).rows[0]!;
    log(`${volumes.profiles.toLocaleString('en')} profiles, ${volumes.entries.toLocaleString('en')} ledger entries, ${volumes.referred.toLocaleString('en')} referred sign-ups`);
    // The customer ranked last on the signups board (no sign-ups, newest) with some BANDS.
    [deep] = (
      await db.query<typeof deep>(
        `select p.id, p.email, (select count(*)::int from public.profiles where bands_balance_cents > 0) as ranked,
              (select count(*)::int from public.profiles where referral_code is not null) as coded
         from public.profiles p
        where p.email like 'scale-customer-%' and p.bands_balance_cents > 0
        order by p.referral_count, p.created_at desc, p.id desc limit 1`,
      )
    ).rows as [typeof deep];
    [heavy] = (
      await db.query<typeof heavy>(
        `select t.user_id as id, p.email, t.entries from (select user_id, count(*)::int as entries from public.bands_transactions group by user_id order by 2 desc limit 1) t
         join public.profiles p on p.id = t.user_id`,
      )
    ).rows as [typeof heavy];
  } finally {
    await db.end();
  }

  const readers: Reader[] = [];
  try {
    const deepReader: Reader = { label: deep.email, sql: await sqlSessionAs(options.dbUrl, deep.id), rest: await signedIn(options.api, deep.id, deep.email) };
    const heavyReader: Reader = { label: heavy.email, sql: await sqlSessionAs(options.dbUrl, heavy.id), rest: await signedIn(options.api, heavy.id, heavy.email) };
    readers.push(deepReader, heavyReader);
    const ownRank = async (fn: string) => (await deepReader.sql.query<{ rank: string | null }>(`select rank from public.${fn}(10)`)).rows.at(-1)?.rank ?? 'none';
    const lastPageFrom = Math.floor((heavy.entries - 1) / PAGE_SIZE) * PAGE_SIZE;
    const page = (from: number): Query['sql'] => ({
      text: `select ${TRANSACTION_COLUMNS} from public.bands_transactions where user_id = $1 order by created_at desc limit ${PAGE_SIZE} offset ${from}`,
      values: [heavy.id],
    });
    const restPage = (from: number) => () =>
      heavyReader.rest
        .from('bands_transactions')
        .select(TRANSACTION_COLUMNS)
        .eq('user_id', heavy.id)
        .order('created_at', { ascending: false })
        .range(from, from + PAGE_SIZE - 1);
    const queries: Query[] = [
      {
        label: `leaderboard_top_balance(10), own row at rank ${await ownRank('leaderboard_top_balance')} of ${deep.ranked.toLocaleString('en')}`,
        reader: deepReader,
        sql: { text: 'select * from public.leaderboard_top_balance(10)', values: [] },
        rest: () => deepReader.rest.rpc('leaderboard_top_balance', { max_results: 10 }),
      },
      {
        label: `leaderboard_top_referrers(10), own row at rank ${await ownRank('leaderboard_top_referrers')} of ${deep.coded.toLocaleString('en')}`,
        reader: deepReader,
        sql: { text: 'select * from public.leaderboard_top_referrers(10)', values: [] },
        rest: () => deepReader.rest.rpc('leaderboard_top_referrers', { max_results: 10 }),
      },
      { label: `transactions page 1 of the heaviest customer (${heavy.entries.toLocaleString('en')} entries)`, reader: heavyReader, sql: page(0), rest: restPage(0) },
      {
        label: `transactions last page (rows ${lastPageFrom.toLocaleString('en')}-${(heavy.entries - 1).toLocaleString('en')})`,
        reader: heavyReader,
        sql: page(lastPageFrom),
        rest: restPage(lastPageFrom),
      },
    ];
    log(`${ITERATIONS} timed runs per query and path, after 10 to warm up; SQL as the signed-in user with RLS, PostgREST through the gateway`);
    for (const query of queries) {
      const figures = await time(query);
      const used = await plan(options.dbUrl, query === queries[0] || query === queries[1] ? deep.id : heavy.id, query.sql);
      log(`${query.label}`);
      log(
        `  SQL p50 ${ms(figures.sql.p50)}  p95 ${ms(figures.sql.p95)}${figures.sql.p95 <= 20 ? '' : '  (over the 20 ms target)'} | PostgREST p50 ${ms(figures.rest.p50)}  p95 ${ms(figures.rest.p95)}${figures.failures ? ` (${figures.failures} failed)` : ''} | PostgREST/SQL p50 ×${(figures.rest.p50 / figures.sql.p50).toFixed(2)}  p95 ×${(figures.rest.p95 / figures.sql.p95).toFixed(2)}`,
      );
      recordFigure({ part: 'BANDS', figure: `${query.label} p95 in SQL`, value: figures.sql.p95, unit: 'ms', target: 20 });
      recordFigure({ part: 'BANDS', figure: `${query.label} failed PostgREST requests`, value: figures.failures, unit: '', target: 0, failures: true });
      log(
        `  plan: indexes ${used.indexes.join(', ') || 'none'}; seq scans ${used.seqScans.join(', ') || 'none'}; buffers hit ${used.sharedHit.toLocaleString('en')} read ${used.sharedRead.toLocaleString('en')}`,
      );
    }
  } finally {
    for (const reader of readers) await reader.sql.end();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]) && process.argv.includes('--running')) {
  // Against the running stack (PODIUM_PORT_BASE), once `pnpm seed:scale` has loaded it.
  const { db, urls } = await import('../stack/config.ts');
  await benchBands({ api: urls.api, dbUrl: db.url });
} else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const base = Number(process.env.PODIUM_BENCH_PORT_BASE ?? 24300);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-bands-bench-'));
  const env = isolatedStackEnv(dataDir, base);
  const cli = fileURLToPath(new URL('../stack/cli.ts', import.meta.url));
  const stack = (command: string) => {
    const result = spawnSync(process.execPath, [...process.execArgv, cli, command], { env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`stack ${command} failed:\n${result.stdout}\n${result.stderr}`);
  };
  console.log(`\nBANDS referral dashboard at scale (${os.cpus().length} cores, throwaway stack on ${base}, data in ${dataDir}); target p95 ≤ 20 ms in SQL`);
  try {
    stack('start');
    const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${base + 2}/postgres`;
    const log = (line: string) => console.log(`  ${line}`);
    await seedBands(dbUrl, Number(process.env.PODIUM_BENCH_TRANSACTIONS ?? benchSize(1_000_000, 2_000)), log);
    await benchBands({ api: `http://127.0.0.1:${base + 1}`, dbUrl, log });
  } finally {
    try {
      stack('stop');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

// `pnpm bench:search`: search_artists at benchmark volume (run `pnpm seed:scale` first) for five
// representative queries: p50/p95 through PostgREST (the app's path: gateway, REST, RPC) and
// straight in SQL, their ratio, and the plan PostgreSQL ran inside the function (auto_explain,
// since a definer SQL function is not inlined and EXPLAIN alone shows only a Function Scan).
// Every timed answer is checked (rows in SQL, status and rows through PostgREST) before its time
// counts, and each query's plan is printed. A trivial statement (`select 1`) is timed in the same
// loop, so a figure on a busy machine can be read against the round trip it cannot go below.
// Records figures; the target is p95 ≤ 10 ms in SQL for each of the five queries.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchExitCode, checkAnswer, recordedLines, recordFigure } from '@podium/shared/bench';
import pg from 'pg';

/** p95 in SQL that each of the five queries must stay under, in ms. */
export const searchTargetMs = 10;

export interface BenchOptions {
  api: string;
  dbUrl: string;
  anonKey: string;
  /** Timed runs per query and path (after warm-up). */
  iterations?: number;
  /**
   * Another implementation with search_artists' signature to time in SQL (say, a proposal
   * installed in its own schema); the REST path is timed only for public.search_artists.
   */
  fn?: string;
  log?: (line: string) => void;
}

export interface SearchQuery {
  label: string;
  args: Record<string, string | number | null>;
}

export interface QueryFigures {
  label: string;
  rows: number;
  totalCount: number;
  /** Null when the function is not the one PostgREST serves. */
  rest: { p50: number; p95: number; failures: number } | null;
  sql: { p50: number; p95: number };
  ratio: number | null;
  /** p95 of `select 1` timed in the same loop, and the query's SQL p95 as a multiple of it. */
  reference: { p95: number; ratio: number };
  plan: PlanSummary;
}

export interface PlanSummary {
  indexes: string[];
  seqScans: string[];
  sharedHit: number;
  sharedRead: number;
  executionMs: number;
  text: string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** The five queries: the listing page, a text search, category near a place, availability on a date, a typo with a rating floor. */
export async function representativeQueries(client: pg.ClientBase): Promise<SearchQuery[]> {
  const utrecht = await client.query<{ id: number }>("select id from public.places where name = 'Utrecht' and country = 'NL' order by population desc limit 1");
  const saturday = await client.query<{ day: string }>("select to_char(date_trunc('week', now() at time zone 'Europe/Amsterdam')::date + 26, 'YYYY-MM-DD') as day");
  // 'gouden tijgers' is one of the scale seed's 256 word pairs, always there at full size; the
  // smoke run's few hundred acts may lack it, and then searches a name they do have, so the
  // text query still has rows to check.
  const text = await client.query<{ words: string | null }>(
    `select coalesce(
       (select 'gouden tijgers' where exists (select 1 from public.artists where approval_status = 'approved' and name ilike '%gouden tijgers%')),
       (select lower(name) from public.artists where approval_status = 'approved' order by created_at, id limit 1)
     ) as words`,
  );
  const words = text.rows[0]?.words ?? 'gouden tijgers';
  return [
    { label: 'listing (no filters, priority)', args: { page_size: 24 } },
    { label: `text '${words}'`, args: { query: words, page_size: 24 } },
    { label: 'djs within 30 km of Utrecht', args: { category: 'djs', place_id: utrecht.rows[0]?.id ?? null, radius_km: 30, sort: 'distance', page_size: 24 } },
    { label: 'bands free on a Saturday ≤ €3000', args: { category: 'bands', available_on: saturday.rows[0]!.day, max_price_cents: 300_000, page_size: 24 } },
    { label: "typo 'dijkbrekrs', rating ≥ 4", args: { query: 'dijkbrekrs', min_rating: 4, page_size: 24 } },
  ];
}

function rpc(agent: http.Agent, api: string, anonKey: string, args: SearchQuery['args']): Promise<{ status: number; body: string }> {
  const url = new URL('/rest/v1/rpc/search_artists', api);
  const payload = JSON.stringify(args);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const argumentTypes: Record<string, string> = {
  query: 'text',
  category: 'text',
  genre: 'text',
  place_id: 'integer',
  latitude: 'double precision',
  longitude: 'double precision',
  radius_km: 'double precision',
  available_on: 'date',
  min_price_cents: 'integer',
  max_price_cents: 'integer',
  min_rating: 'numeric',
  sort: 'text',
  page: 'integer',
  page_size: 'integer',
};

/** `select * from public.search_artists(name => $1::type, ...)`, the call PostgREST makes. */
function sqlCall(args: SearchQuery['args'], fn = 'public.search_artists') {
  const names = Object.keys(args);
  return {
    text: `select * from ${fn}(${names.map((name, i) => `${name} => $${i + 1}::${argumentTypes[name]}`).join(', ')})`,
    values: names.map((name) => args[name]),
  };
}

export function summarisePlan(text: string): PlanSummary {
  const indexes = new Set<string>();
  const seqScans = new Set<string>();
  // Nodes the executor never ran (a filter's subplan that a cheaper test short-circuited) don't count.
  const ran = text
    .split('\n')
    .filter((line) => !line.includes('(never executed)'))
    .join('\n');
  for (const match of ran.matchAll(/(?:Index Scan|Index Only Scan|Index Scan Backward)(?: Backward)? using (\S+)|Bitmap Index Scan on (\S+)/g)) indexes.add((match[1] ?? match[2])!);
  for (const match of ran.matchAll(/Seq Scan on (\S+)/g)) seqScans.add(match[1]!);
  // The outermost node's figures come first in each plan; buffers of the top node include its children.
  const topHit = /Buffers: shared hit=(\d+)/.exec(text);
  const topRead = /Buffers: shared (?:hit=\d+ )?read=(\d+)/.exec(text);
  return {
    indexes: [...indexes],
    seqScans: [...seqScans],
    sharedHit: topHit ? Number(topHit[1]) : 0,
    sharedRead: topRead ? Number(topRead[1]) : 0,
    executionMs: Number(/actual time=[\d.]+\.\.([\d.]+)/.exec(text)?.[1] ?? 0),
    text,
  };
}

/**
 * The plans auto_explain logs while the statement runs, nested statements included, with actual
 * times and buffers (a definer SQL function is not inlined, so EXPLAIN alone shows only a Function
 * Scan). Statements shorter than `minMs` are not logged. With `role`, the statement runs as that
 * role (the settings before it need the superuser), so its RLS applies.
 */
export async function nestedPlans(client: pg.ClientBase, call: { text: string; values: unknown[] }, { minMs = 0, role }: { minMs?: number; role?: string } = {}): Promise<string[]> {
  const notices: string[] = [];
  const onNotice = (notice: { message?: string }) => notices.push(notice.message ?? '');
  client.on('notice', onNotice);
  try {
    await client.query("load 'auto_explain'");
    await client.query(`set auto_explain.log_min_duration = ${minMs}`);
    await client.query('set auto_explain.log_analyze = on');
    await client.query('set auto_explain.log_buffers = on');
    await client.query('set auto_explain.log_nested_statements = on');
    await client.query("set auto_explain.log_format = 'text'");
    await client.query('set client_min_messages = log');
    if (role) await client.query(`set role ${role}`);
    await client.query(call.text, call.values);
  } finally {
    if (role) await client.query('reset role');
    await client.query('set client_min_messages = notice');
    await client.query('set auto_explain.log_min_duration = -1');
    client.off('notice', onNotice);
  }
  return notices;
}

/**
 * The plan of the statement inside search_artists, with actual times and buffers. Nested
 * statements shorter than `minMs` (per-row helper calls) are not logged; when the body itself
 * is that fast, a second pass logs everything.
 */
async function innerPlan(client: pg.ClientBase, call: { text: string; values: unknown[] }, minMs = 1): Promise<string> {
  const notices = await nestedPlans(client, call, { minMs });
  const bodies = notices.filter((message) => / on artists /.test(message) && !/from \w+\.search_artists\(/.test(message));
  if (bodies.length > 0) return bodies.map((body) => body.replace(/Query Text:[\s\S]*?\n\n/, '')).join('\n');
  return minMs > 0 ? innerPlan(client, call, 0) : notices.join('\n');
}

export async function benchSearch(opts: BenchOptions): Promise<QueryFigures[]> {
  const iterations = opts.iterations ?? 200;
  const log = opts.log ?? (() => {});
  const client = new pg.Client({ connectionString: opts.dbUrl });
  await client.connect();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const results: QueryFigures[] = [];
  try {
    await client.query("set statement_timeout = '60s'");
    const artists = await client.query<{ n: number }>("select count(*)::int as n from public.artists where approval_status = 'approved' and deleted_at is null");
    log(`public artists: ${artists.rows[0]!.n.toLocaleString('en')}; ${iterations} timed runs per query and path`);
    const queries = await representativeQueries(client);
    const fn = opts.fn ?? 'public.search_artists';
    const viaRest = fn === 'public.search_artists';
    for (const query of queries) {
      const call = sqlCall(query.args, fn);
      // Warm both paths (plan caches, shared buffers, the REST connection).
      for (let i = 0; i < 5; i++) {
        await client.query(call.text, call.values);
        if (viaRest) await rpc(agent, opts.api, opts.anonKey, query.args);
      }
      const { rows } = await client.query<{ total_count: string }>(call.text, call.values);
      // Each query of the five finds artists at this volume; an empty page would time nothing.
      checkAnswer(`${query.label} in SQL`, { rows: rows.length });
      const restTimes: number[] = [];
      const sqlTimes: number[] = [];
      const referenceTimes: number[] = [];
      let failures = 0;
      // Interleaved, so both paths and the reference see the same machine load.
      for (let i = 0; i < iterations; i++) {
        let began = performance.now();
        if (viaRest) {
          // A failure (PostgREST's statement timeout, say) counts, at the time it took.
          const answer = await rpc(agent, opts.api, opts.anonKey, query.args);
          restTimes.push(performance.now() - began);
          if (answer.status !== 200) failures++;
          else checkAnswer(`${query.label} through PostgREST`, { status: answer.status, rows: (JSON.parse(answer.body) as unknown[]).length }, { rows: rows.length });
        }
        began = performance.now();
        const timed = await client.query(call.text, call.values);
        sqlTimes.push(performance.now() - began);
        checkAnswer(`${query.label} in SQL`, { rows: timed.rowCount ?? 0 }, { rows: rows.length });
        began = performance.now();
        await client.query('select 1');
        referenceTimes.push(performance.now() - began);
      }
      const plan = summarisePlan(await innerPlan(client, call));
      const sqlP95 = percentile(sqlTimes, 95);
      const referenceP95 = percentile(referenceTimes, 95);
      const figures: QueryFigures = {
        label: query.label,
        rows: rows.length,
        totalCount: Number(rows[0]?.total_count ?? 0),
        rest: viaRest ? { p50: percentile(restTimes, 50), p95: percentile(restTimes, 95), failures } : null,
        sql: { p50: percentile(sqlTimes, 50), p95: sqlP95 },
        ratio: viaRest ? percentile(restTimes, 95) / sqlP95 : null,
        reference: { p95: referenceP95, ratio: sqlP95 / referenceP95 },
        plan,
      };
      recordFigure({ part: 'search_artists', figure: `${query.label} p95 in SQL`, value: sqlP95, unit: 'ms', target: searchTargetMs });
      if (viaRest) recordFigure({ part: 'search_artists', figure: `${query.label} failed PostgREST requests`, value: failures, unit: '', target: 0 });
      results.push(figures);
      log(formatFigures(figures));
      log(indentPlan(plan.text));
    }
    const worst = results.reduce((a, b) => (b.sql.p95 > a.sql.p95 ? b : a));
    log(`worst p95 in SQL of the ${results.length}: ${ms(worst.sql.p95)} (${worst.label}; target ≤ ${searchTargetMs} ms), ×${worst.reference.ratio.toFixed(1)} the p95 of select 1`);
  } finally {
    agent.destroy();
    await client.end();
  }
  return results;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The plan's node lines, indented under the figures (the statement's text is left out). */
function indentPlan(text: string): string {
  const lines: string[] = [];
  let statement = false;
  for (const line of text.split('\n')) {
    // The statement's text runs from 'Query Text:' to its parameters or the plan's first node.
    if (/^\s*Query Text:/.test(line)) statement = true;
    else if (/^\s*Query Parameters:/.test(line) || /\(cost=/.test(line)) statement = false;
    if (statement || line.trim() === '' || /^\s*(Query Parameters|duration):/.test(line)) continue;
    lines.push(`    ${line}`);
  }
  return lines.join('\n');
}

export function formatFigures(f: QueryFigures): string {
  return [
    `${f.label}: ${f.rows} rows of ${f.totalCount.toLocaleString('en')}`,
    `  ${f.rest ? `PostgREST p50 ${ms(f.rest.p50)}  p95 ${ms(f.rest.p95)}${f.rest.failures ? ` (${f.rest.failures} failed)` : ''} | ` : ''}SQL p50 ${ms(f.sql.p50)}  p95 ${ms(f.sql.p95)}${f.sql.p95 <= searchTargetMs ? '' : `  (over the ${searchTargetMs} ms target)`}${f.ratio === null ? '' : ` | REST/SQL p95 ×${f.ratio.toFixed(2)}`} | select 1 p95 ${ms(f.reference.p95)}, SQL p95 ×${f.reference.ratio.toFixed(1)} that`,
    `  plan: indexes ${f.plan.indexes.join(', ') || 'none'}; seq scans ${f.plan.seqScans.join(', ') || 'none'}; buffers hit ${f.plan.sharedHit.toLocaleString('en')} read ${f.plan.sharedRead.toLocaleString('en')}; ${ms(f.plan.executionMs)} in the function`,
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { db, keys, urls } = await import('../stack/config.ts');
  const { readFileSync } = await import('node:fs');
  const flag = (name: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index >= 0 ? process.argv[index + 1] : undefined;
  };
  const install = flag('install');
  if (install) {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(readFileSync(install, 'utf8'));
    await client.end();
  }
  const results = await benchSearch({
    api: urls.api,
    dbUrl: db.url,
    anonKey: keys.anon,
    iterations: flag('iterations') ? Number(flag('iterations')) : undefined,
    fn: flag('function'),
    log: (line) => console.log(line),
  });
  const verbose = process.argv.includes('--plans');
  if (verbose) for (const result of results) console.log(`\n--- ${result.label}\n${result.plan.text}`);
  process.exitCode = benchExitCode(recordedLines());
}

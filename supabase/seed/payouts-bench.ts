// `npm run bench:payouts` (a part of `npm run bench`): the payout job over 10,000 released
// bookings, on a throwaway stack (own data dir, ports on PODIUM_BENCH_PORT_BASE, 24500 unless
// set). The scale seed writes acts, customers and bookings (most of them completed); then 10,000
// completed bookings get what a real one has by then, written straight into the database as a
// restore would: a paid Mollie payment in the payments sandbox and in public.payments, a check-in
// the customer answered 'Ja', a payout due, and an act connected to a Mollie organization whose
// onboarding is complete. process-payouts is then called as the scheduler calls it, until nothing
// is due; it routes each artist's share through the sandbox's Mollie API. Checked before any
// figure is printed: every payout paid, exactly one route per payment for exactly its amount, and
// a second run pays nothing. Prints the time for the run, payouts per second, and the p50/p95 of a
// route call at Mollie as the job timed it. `npm run bench:payouts -- --running` uses the running stack instead, which must be empty of
// bench data (a fresh `npm run reset`).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchSize, checkAnswer, recordFigure } from '@podium/shared/bench';
import pg from 'pg';
import { isolatedStackEnv, keys, mollie } from '../stack/config.ts';
import { profileIdOfKey } from '../stack/payments/wire.ts';
import { seedScale } from './scale.ts';

const PART = 'payouts';
const PAYOUTS = Number(process.env.PODIUM_BENCH_PAYOUTS ?? benchSize(10_000, 30));
const CONNECT_SCOPE = 'organizations.read onboarding.read onboarding.write balances.read payments.read';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const alphanumeric = (length: number) => Array.from(randomBytes(length), (byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[byte % 62]).join('');

/**
 * Acts, customers and bookings from the scale seed: every booking in the past (at most seven
 * 90-day slots per act), so about eight in eleven of them are completed.
 */
async function seed(dbUrl: string, log: (line: string) => void) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const bookings = Math.ceil(PAYOUTS * 1.4);
    const artists = Math.max(10, Math.ceil(bookings / 7));
    const began = performance.now();
    await seedScale(db, { artists, customers: Math.max(50, Math.ceil(bookings / 3)), bookings, messages: 0, transactions: 0, log: (line) => log(`  ${line}`) });
    log(`scale seed (${artists.toLocaleString('en')} acts, ${bookings.toLocaleString('en')} bookings) in ${((performance.now() - began) / 1000).toFixed(0)} s`);
  } finally {
    await db.end();
  }
}

/** What a released booking has by then, for PAYOUTS completed bookings; answers how many were released. */
async function release(dbUrl: string): Promise<number> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const platformProfile = profileIdOfKey(mollie.apiKey);
  try {
    await db.query('begin');
    // As pg_restore writes: the rows as they would be, without the triggers that made them.
    await db.query('set local session_replication_role = replica');
    await db.query(
      `create temp table bench_released on commit drop as
         select b.id as booking_id, b.artist_id, b.price_cents, b.total_cents, b.completed_at,
                'tr_' || substr(md5(b.id::text), 1, 10) as payment_id
           from public.bookings b
          where b.status = 'completed' and b.bands_applied_cents = 0 and b.price_cents > 0
          order by b.id limit $1`,
      [PAYOUTS],
    );
    // One Mollie organization per act, onboarded, that allowed Podium's app.
    await db.query(
      `create temp table bench_orgs on commit drop as
         select a.artist_id, 'org_' || (20000000 + row_number() over (order by a.artist_id))::text as organization_id
           from (select distinct artist_id from bench_released) a`,
    );
    const orgs = await db.query<{ artist_id: string; organization_id: string }>('select artist_id, organization_id from bench_orgs');
    for (const org of orgs.rows) {
      await db.query(
        `insert into mollie_sandbox.organizations (id, profile_id, balance_id, name, email, onboarding_status)
         values ($1, $2, $3, $4, $5, 'completed')`,
        [org.organization_id, `pfl_${org.organization_id.slice(4)}xx`, `bal_${alphanumeric(21)}`, `Bench act ${org.organization_id}`, `${org.organization_id}@bench.podium.test`],
      );
    }
    await db.query(`insert into mollie_sandbox.authorizations (organization_id, client_id, scope) select organization_id, $1, $2 from bench_orgs`, [mollie.connectClientId, CONNECT_SCOPE]);
    await db.query(
      `insert into public.mollie_connections (artist_id, organization_id, organization_name, onboarding_status, can_receive_settlements)
       select artist_id, organization_id, 'Bench act ' || organization_id, 'completed', true from bench_orgs`,
    );
    // The customer's payment, paid, on both sides.
    await db.query(
      `insert into mollie_sandbox.payments (id, profile_id, created_at, status, currency, amount_cents, description, method, redirect_url, expires_at, paid_at)
       select payment_id, $1, completed_at - interval '30 days', 'paid', 'EUR', total_cents, 'Podium boeking ' || booking_id, 'ideal',
              'http://127.0.0.1/bookings', completed_at - interval '29 days', completed_at - interval '30 days'
         from bench_released`,
      [platformProfile],
    );
    await db.query(
      `insert into public.payments (booking_id, provider, provider_payment_id, amount_cents, status, method, paid_at)
       select booking_id, 'mollie', payment_id, total_cents, 'paid', 'ideal', completed_at - interval '30 days' from bench_released`,
    );
    // The customer answered 'Ja, alles ging goed': the payout is due.
    await db.query(
      `insert into public.booking_checkins (booking_id, opened_at, closes_at, answer, answered_at, released_at, release_reason)
       select booking_id, now() - interval '1 day', now() + interval '2 days', 'ok', now(), now(), 'customer_confirmed' from bench_released`,
    );
    const released = await db.query(
      `insert into public.payouts (booking_id, artist_id, status, amount_cents, released_at, next_attempt_at)
       select booking_id, artist_id, 'due', price_cents, now(), now() from bench_released`,
    );
    await db.query('commit');
    return released.rowCount ?? 0;
  } catch (error) {
    await db.query('rollback');
    throw error;
  } finally {
    await db.end();
  }
}

/** One call of the job, as the scheduler makes it. */
async function runJob(api: string): Promise<{ paid: number; waiting: number; failed: number; routeMs: number[] }> {
  const response = await fetch(`${api}/functions/v1/process-payouts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys.serviceRole}`, apikey: keys.serviceRole, 'content-type': 'application/json' },
    body: JSON.stringify({ timings: true }),
    signal: AbortSignal.timeout(120_000),
  });
  checkAnswer('process-payouts', { status: response.status }, { status: 200 });
  return (await response.json()) as { paid: number; waiting: number; failed: number; routeMs: number[] };
}

export async function benchPayouts(options: { api: string; dbUrl: string; log?: (line: string) => void }) {
  const log = options.log ?? console.log;
  const released = await release(options.dbUrl);
  checkAnswer('released bookings', { rows: released }, { rows: PAYOUTS });
  log(`${released.toLocaleString('en')} released bookings, each with a paid payment and a connected, onboarded act`);

  const db = new pg.Client({ connectionString: options.dbUrl });
  await db.connect();
  try {
    const began = performance.now();
    let calls = 0;
    let paid = 0;
    const routeMs: number[] = [];
    for (;;) {
      const run = await runJob(options.api);
      calls += 1;
      paid += run.paid;
      routeMs.push(...run.routeMs);
      if (run.failed > 0) throw new Error(`process-payouts: ${run.failed} payouts failed`);
      const left = (await db.query<{ n: number }>(`select count(*)::int as n from public.payouts where status in ('due', 'failed', 'awaiting_connection')`)).rows[0]!.n;
      if (left === 0) break;
      if (run.paid === 0) throw new Error(`process-payouts paid nothing while ${left} payouts are due`);
    }
    const seconds = (performance.now() - began) / 1000;

    // What went out, checked before it is timed: each payout once, for its amount, to its act.
    const outcome = (
      await db.query<{ payouts: number; paid: number; routes: number; doubled: number; wrong: number; route_cents: string; owed_cents: string }>(
        `select (select count(*)::int from public.payouts) as payouts,
                (select count(*)::int from public.payouts where status = 'paid' and mollie_route_id is not null) as paid,
                (select count(*)::int from mollie_sandbox.routes) as routes,
                (select count(*)::int from (select payment_id from mollie_sandbox.routes group by payment_id having count(*) > 1) d) as doubled,
                (select count(*)::int from public.payouts o
                   join public.payments p on p.booking_id = o.booking_id
                   join mollie_sandbox.routes r on r.payment_id = p.provider_payment_id
                   join public.mollie_connections m on m.artist_id = o.artist_id
                  where r.amount_cents <> o.amount_cents or r.destination_id <> m.organization_id or r.id <> o.mollie_route_id) as wrong,
                (select coalesce(sum(amount_cents), 0)::text from mollie_sandbox.routes) as route_cents,
                (select coalesce(sum(amount_cents), 0)::text from public.payouts) as owed_cents`,
      )
    ).rows[0]!;
    log(`${outcome.paid.toLocaleString('en')} of ${outcome.payouts.toLocaleString('en')} paid in ${calls} calls; ${outcome.routes.toLocaleString('en')} routes at the sandbox`);
    if (outcome.paid !== released || outcome.routes !== released || paid !== released) {
      throw new Error(`expected ${released} payouts paid by ${released} routes; the job said ${paid}, the database ${outcome.paid}, the sandbox ${outcome.routes}`);
    }
    if (outcome.doubled > 0 || outcome.wrong > 0 || outcome.route_cents !== outcome.owed_cents) {
      throw new Error(`${outcome.doubled} payments routed twice, ${outcome.wrong} routes of the wrong amount or act; routed ${outcome.route_cents} of ${outcome.owed_cents} cents`);
    }

    // Run again: nothing is due, nothing goes out.
    const again = await runJob(options.api);
    const routesAfter = (await db.query<{ n: number }>('select count(*)::int as n from mollie_sandbox.routes')).rows[0]!.n;
    log(`a second run: paid ${again.paid}, ${routesAfter - outcome.routes} new routes`);

    if (routeMs.length !== released) throw new Error(`timed ${routeMs.length} route calls for ${released} payouts`);
    log(
      `the run: ${seconds.toFixed(1)} s, ${(released / seconds).toFixed(0)} payouts/s; a route call at Mollie (the sandbox, through the gateway) p50 ${percentile(routeMs, 50).toFixed(1)} ms, p95 ${percentile(routeMs, 95).toFixed(1)} ms`,
    );
    recordFigure({ part: PART, figure: `payout job over ${released.toLocaleString('en')} released bookings`, value: seconds, unit: 's' });
    recordFigure({ part: PART, figure: 'payout job, a route call p95', value: percentile(routeMs, 95), unit: 'ms' });
    recordFigure({ part: PART, figure: 'payouts paid twice or wrong', value: outcome.doubled + outcome.wrong, unit: '', target: 0, failures: true });
    recordFigure({ part: PART, figure: 'payouts paid by a second run', value: again.paid + (routesAfter - outcome.routes), unit: '', target: 0, failures: true });
  } finally {
    await db.end();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]) && process.argv.includes('--running')) {
  const { db, urls } = await import('../stack/config.ts');
  await seed(db.url, console.log);
  await benchPayouts({ api: urls.api, dbUrl: db.url });
} else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const base = Number(process.env.PODIUM_BENCH_PORT_BASE ?? 24500);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-payouts-bench-'));
  const env = isolatedStackEnv(dataDir, base);
  const cli = fileURLToPath(new URL('../stack/cli.ts', import.meta.url));
  const stack = (command: string) => {
    const result = spawnSync(process.execPath, [...process.execArgv, cli, command], { env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`stack ${command} failed:\n${result.stdout}\n${result.stderr}`);
  };
  console.log(`\nThe payout job over ${PAYOUTS.toLocaleString('en')} released bookings (${os.cpus().length} cores, throwaway stack on ${base}, data in ${dataDir})`);
  try {
    stack('start');
    const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${base + 2}/postgres`;
    const log = (line: string) => console.log(`  ${line}`);
    await seed(dbUrl, log);
    await benchPayouts({ api: `http://127.0.0.1:${base + 1}`, dbUrl, log });
  } finally {
    try {
      stack('stop');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

// The back office's bookings grid at scale: the first page and a lookup by customer e-mail, as
// the back office's data provider asks them (an admin signed in at aal2: password, then the code of
// their authenticator app, as the back office signs in; estimated count), timed at PostgREST
// (server time: PostgREST and the database, no gateway or network in between). Target p95 ≤ 300 ms.
// Every answer is checked before its time counts: an admin without a second factor gets no rows,
// and a fast empty answer is a broken bench, not a fast grid.
// Without enough bookings it first runs the scale seed (supabase/seed/scale.ts; 1M bookings by
// default, or PODIUM_BENCH_BOOKINGS).
// Part of `pnpm bench`; standalone against the running stack: `node --import tsx supabase/tests/backoffice-bench.ts`.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { checkAnswer, recordFigure } from '@podium/shared/bench';
import { createNodeClient } from '@podium/shared/supabase-node';
import { totpCode } from '@podium/shared/totp';
import pg from 'pg';
import { seedScale } from '../seed/scale.ts';

export interface BackofficeBenchOptions {
  /** The gateway, where the admin signs in (auth). */
  api: string;
  postgrestUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceKey: string;
  bookings?: number;
}

const SAMPLES = 100;
const PAGE_SIZE = 25;
const PAGE = `select=*&order=created_at.desc,id.desc&offset=0&limit=${PAGE_SIZE}`;

/**
 * An admin's access token at aal2, as the back office gets one: a new user promoted to admin by
 * the service role, the password sign-in, then a TOTP factor enrolled and its first code verified.
 */
export async function adminAtAal2(api: string, anonKey: string, serviceKey: string, db: pg.Client): Promise<{ id: string; accessToken: string }> {
  const email = `bench-admin-${randomUUID().slice(0, 8)}@example.nl`;
  const password = `Bench-admin-${randomUUID()}`;
  const service = createNodeClient(api, serviceKey);
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error || !created.data.user) throw new Error(`creating the bench admin: ${created.error?.message ?? 'no user'}`);
  const id = created.data.user.id;
  await db.query(`update public.profiles set role = 'admin' where id = $1`, [id]);
  const client = createNodeClient(api, anonKey);
  const step = (label: string, error: { message: string } | null) => {
    if (error) throw new Error(`${label} of the bench admin: ${error.message}`);
  };
  step('password sign-in', (await client.auth.signInWithPassword({ email, password })).error);
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', issuer: 'Podium Back office' });
  step('enrolling a factor', enrolled.error);
  step('the second factor', (await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: totpCode(enrolled.data!.totp.secret) })).error);
  const { data } = await client.auth.getSession();
  const session = data.session;
  if (!session) throw new Error('the bench admin has no session after the second factor');
  const aal = (JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as { aal?: string }).aal;
  if (aal !== 'aal2') throw new Error(`the bench admin's session is at ${aal ?? 'no aal'}, not aal2`);
  return { id, accessToken: session.access_token };
}

/** The scale seed (`pnpm seed:scale`) unless the database already holds that many bookings. */
async function ensureScaleData(db: pg.Client, wanted: number): Promise<void> {
  const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from public.bookings')).rows as [{ n: number }];
  if (n >= wanted) return;
  const began = performance.now();
  await seedScale(db, { bookings: wanted });
  console.log(`  ran the scale seed (${wanted.toLocaleString('en')} bookings) in ${((performance.now() - began) / 1000).toFixed(0)} s`);
}

export async function benchBackoffice(options: BackofficeBenchOptions): Promise<void> {
  const wanted = options.bookings ?? Number(process.env.PODIUM_BENCH_BOOKINGS ?? 1_000_000);
  const db = new pg.Client({ connectionString: options.dbUrl });
  await db.connect();
  let adminId: string;
  let accessToken: string;
  let email: string;
  let customerBookings: number;
  try {
    console.log(`\nback office bookings grid with ${wanted.toLocaleString('en')} bookings (server time at PostgREST):`);
    await ensureScaleData(db, wanted);
    ({ id: adminId, accessToken } = await adminAtAal2(options.api, options.anonKey, options.serviceKey, db));
    // A scale customer with bookings, as support would look one up (a small seed has fewer than 7,778).
    const customer = (
      await db.query<{ email: string; bookings: number }>(
        `select p.email, (select count(*)::int from public.bookings mine where mine.customer_id = p.id) as bookings from public.bookings b join public.profiles p on p.id = b.customer_id
        where p.email like 'scale-customer-%' order by b.created_at limit 1 offset least(7777, (select count(*) - 1 from public.bookings) / 2)`,
      )
    ).rows[0];
    if (!customer) throw new Error('the scale seed left no customer with bookings to look up');
    email = customer.email;
    customerBookings = customer.bookings;
  } finally {
    await db.end();
  }

  const token = accessToken;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { apikey: options.anonKey, authorization: `Bearer ${token}`, prefer: 'count=estimated', accept: 'application/json' };
  const timed = (path: string, expectedRows: number) =>
    new Promise<{ ms: number; rows: number; range: string }>((resolve, reject) => {
      const began = performance.now();
      http
        .get(`${options.postgrestUrl}${path}`, { agent, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const ms = performance.now() - began;
            const body = Buffer.concat(chunks).toString();
            try {
              const code = response.statusCode ?? 0;
              const parsed = code < 300 ? (JSON.parse(body) as unknown) : undefined;
              const rows = Array.isArray(parsed) ? parsed.length : -1;
              // 206 with the estimated count: a page of a larger whole.
              checkAnswer(`back office ${path}`, { status: code, rows }, { status: [200, 206], rows: expectedRows });
              resolve({ ms, rows, range: String(response.headers['content-range'] ?? '') });
            } catch (error) {
              reject(withBody(error, body));
            }
          });
        })
        .on('error', reject);
    });

  // What each answer must hold: a full page, and every booking of the customer looked up (up to a page).
  const cases: Record<string, [string, number]> = {
    'first page (25, newest first, estimated count)': [`/admin_bookings?${PAGE}`, PAGE_SIZE],
    [`lookup by customer e-mail (${email})`]: [`/rpc/admin_search_bookings?q=${encodeURIComponent(email)}&${PAGE}`, Math.min(PAGE_SIZE, customerBookings)],
  };
  const withBody = (error: unknown, body: string) => new Error(`${(error as Error).message}${body.startsWith('[') ? '' : ` (${body.slice(0, 200)})`}`);
  const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
  try {
    for (const [label, [path, rows]] of Object.entries(cases)) {
      const first = await timed(path, rows);
      const samples: number[] = [];
      for (let i = 0; i < SAMPLES; i += 1) samples.push((await timed(path, rows)).ms);
      samples.sort((a, b) => a - b);
      const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!;
      console.log(`  ${label}: ${first.rows} rows, Content-Range ${first.range}; first ${fmt(first.ms)}, ${SAMPLES} sequential: p50 ${fmt(at(50))}  p95 ${fmt(at(95))}  target p95 ≤ 300 ms`);
      recordFigure({ part: `back office grid, ${wanted.toLocaleString('en')} bookings`, figure: `${label.replace(/ \(.*@.*\)$/, '')} p95`, value: at(95), unit: 'ms', target: 300 });
    }
  } finally {
    agent.destroy();
    const cleanup = new pg.Client({ connectionString: options.dbUrl });
    await cleanup.connect();
    await cleanup.query('delete from auth.users where id = $1', [adminId]);
    await cleanup.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { db, keys, ports } = await import('../stack/config.ts');
  await benchBackoffice({ api: `http://127.0.0.1:${ports.gateway}`, postgrestUrl: `http://127.0.0.1:${ports.postgrest}`, dbUrl: db.url, anonKey: keys.anon, serviceKey: keys.serviceRole });
}

// The back office's bookings grid at scale: the first page and a lookup by customer e-mail, as
// the back office's data provider asks them (admin JWT, estimated count), timed at PostgREST
// (server time: PostgREST and the database, no gateway or network in between). Target p95 ≤ 300 ms.
// Without enough bookings it first runs the scale seed (supabase/seed/scale.ts; 1M bookings by
// default, or PODIUM_BENCH_BOOKINGS).
// Part of `pnpm bench`; standalone against the running stack: `node --import tsx supabase/tests/backoffice-bench.ts`.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seedScale } from '../seed/scale.ts';
import { signJWT } from '../stack/auth/jwt.ts';

export interface BackofficeBenchOptions {
  postgrestUrl: string;
  dbUrl: string;
  anonKey: string;
  jwtSecret: string;
  bookings?: number;
}

const SAMPLES = 100;
const PAGE = 'select=*&order=created_at.desc,id.desc&offset=0&limit=25';

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
  let email: string;
  try {
    console.log(`\nback office bookings grid with ${wanted.toLocaleString('en')} bookings (server time at PostgREST):`);
    await ensureScaleData(db, wanted);
    adminId = randomUUID();
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(), '{}', '{}', now(), now())`,
      [adminId, `bench-admin-${adminId.slice(0, 8)}@example.nl`],
    );
    await db.query(`update public.profiles set role = 'admin' where id = $1`, [adminId]);
    // A scale customer with bookings, as support would look one up.
    email = ((await db.query<{ email: string }>(
      `select p.email from public.bookings b join public.profiles p on p.id = b.customer_id
        where p.email like 'scale-customer-%' order by b.created_at limit 1 offset 7777`,
    )).rows[0] ?? { email: 'nobody@example.nl' }).email;
  } finally {
    await db.end();
  }

  const now = Math.floor(Date.now() / 1000);
  const token = signJWT({ sub: adminId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600, email: 'bench-admin@example.nl' }, options.jwtSecret);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { apikey: options.anonKey, authorization: `Bearer ${token}`, prefer: 'count=estimated', accept: 'application/json' };
  const timed = (path: string) =>
    new Promise<{ ms: number; rows: number; range: string }>((resolve, reject) => {
      const began = performance.now();
      http.get(`${options.postgrestUrl}${path}`, { agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const ms = performance.now() - began;
          if ((response.statusCode ?? 500) >= 300) return reject(new Error(`${path}: ${response.statusCode} ${Buffer.concat(chunks).toString()}`));
          resolve({ ms, rows: (JSON.parse(Buffer.concat(chunks).toString()) as unknown[]).length, range: String(response.headers['content-range'] ?? '') });
        });
      }).on('error', reject);
    });

  const cases = {
    'first page (25, newest first, estimated count)': `/admin_bookings?${PAGE}`,
    [`lookup by customer e-mail (${email})`]: `/rpc/admin_search_bookings?q=${encodeURIComponent(email)}&${PAGE}`,
  };
  const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
  for (const [label, path] of Object.entries(cases)) {
    const first = await timed(path);
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) samples.push((await timed(path)).ms);
    samples.sort((a, b) => a - b);
    const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!;
    console.log(`  ${label}: ${first.rows} rows, Content-Range ${first.range}; first ${fmt(first.ms)}, ${SAMPLES} sequential: p50 ${fmt(at(50))}  p95 ${fmt(at(95))}  target p95 ≤ 300 ms`);
  }
  agent.destroy();
  const cleanup = new pg.Client({ connectionString: options.dbUrl });
  await cleanup.connect();
  await cleanup.query('delete from auth.users where id = $1', [adminId]);
  await cleanup.end();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { db, keys, ports } = await import('../stack/config.ts');
  await benchBackoffice({ postgrestUrl: `http://127.0.0.1:${ports.postgrest}`, dbUrl: db.url, anonKey: keys.anon, jwtSecret: keys.jwtSecret });
}

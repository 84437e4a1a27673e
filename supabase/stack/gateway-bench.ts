// The gateway's share of a request's latency: the same request through the gateway and straight
// to the service behind it, p50/p95 each way and their ratio (target ≤ 1.2×). Each answer's
// status and body are checked before it counts, so a refused or empty answer fails the bench
// instead of timing fast.
//  - REST: one row by id, and a page of 20 with a filter, an order and RLS (PostgREST);
//  - auth: GET /user with a user's token, a database read (the auth process);
//  - functions: an invoke of `health` with verify_jwt; direct is the Deno runtime's port, which
//    relays to the function's worker, while the gateway sends a booted function's invoke to the
//    worker's own socket (docs/performance.md).
// Standalone against a running stack: `node --import tsx supabase/stack/gateway-bench.ts`.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { benchSize, median, recordFigure } from '@podium/shared/bench';

export interface GatewayBenchOptions {
  api: string;
  /** The services' own loopback URLs, as the gateway reaches them. */
  postgrestUrl: string;
  authUrl: string;
  functionsUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceKey: string;
}

interface Answer {
  status: number;
  body: string;
}

interface Probe {
  label: string;
  method: 'GET' | 'POST';
  /** Path and query after the service's mount prefix. */
  path: string;
  /** Where the gateway mounts the service, and where the service itself answers. */
  prefix: string;
  direct: string;
  headers: Record<string, string>;
  body?: string;
  /** Why an answer does not count (wrong status, empty or unexpected body), or undefined when it does. */
  wrong(answer: Answer): string | undefined;
}

// Rounds of requests taken in turns, one each way (direct, the gateway, a bare relay), each way first
// in its turn, so the machine's noise of a moment hits every side alike. The figure is the
// median over the rounds of each round's p95 ratio: one burst of noise on a shared machine moves one
// round, not the figure.
const [ROUNDS, TURNS, WARM_UP] = benchSize([9, 300, 200], [2, 10, 2]);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const sorted = (samples: number[]) => [...samples].sort((a, b) => a - b);
const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;

function send(agent: http.Agent, url: string, probe: Probe): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: probe.method, agent, headers: probe.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(probe.body);
  });
}

async function timed(agent: http.Agent, url: string, probe: Probe, samples: number[]) {
  const began = performance.now();
  const answer = await send(agent, url, probe);
  const ms = performance.now() - began;
  const wrong = probe.wrong(answer);
  if (wrong) throw new Error(`${probe.label}: ${url} answered ${answer.status} (${wrong}): ${answer.body.slice(0, 200)}`);
  samples.push(ms);
}

// A bare byte relay in a process of its own: what any proxy hop costs on this machine (two more
// socket reads and writes, two more wake-ups), printed beside the gateway as its floor.
const RELAY = `
  const net = require('node:net');
  const server = net.createServer((client) => {
    const upstream = net.connect({ port: Number(process.argv[1]), host: '127.0.0.1', noDelay: true });
    client.setNoDelay(true);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;

async function startRelay(target: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['-e', RELAY, new URL(target).port], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

type Leg = 'direct' | 'gateway' | 'relay';
const LEGS: Leg[] = ['direct', 'gateway', 'relay'];

async function compare(probe: Probe, api: string) {
  // One keep-alive connection each way, as a client talks to one host.
  const relay = await startRelay(probe.direct);
  const agents = Object.fromEntries(LEGS.map((leg) => [leg, new http.Agent({ keepAlive: true, maxSockets: 1 })])) as Record<Leg, http.Agent>;
  const urls: Record<Leg, string> = { direct: `${probe.direct}${probe.path}`, gateway: `${api}${probe.prefix}${probe.path}`, relay: `${relay.url}${probe.path}` };
  const rounds: Record<Leg, number[]>[] = [];
  try {
    for (let i = 0; i < WARM_UP; i += 1) for (const leg of LEGS) await timed(agents[leg], urls[leg], probe, []);
    for (let round = 0; round < ROUNDS; round += 1) {
      const samples: Record<Leg, number[]> = { direct: [], gateway: [], relay: [] };
      for (let turn = 0; turn < TURNS; turn += 1) {
        // Each leg takes each place in the order in turn.
        for (let i = 0; i < LEGS.length; i += 1) {
          const leg = LEGS[(turn + i) % LEGS.length]!;
          await timed(agents[leg], urls[leg], probe, samples[leg]);
        }
      }
      rounds.push(samples);
    }
  } finally {
    for (const agent of Object.values(agents)) agent.destroy();
    relay.stop();
  }
  const all = (leg: Leg) => sorted(rounds.flatMap((round) => round[leg]));
  const [d, g, r] = [all('direct'), all('gateway'), all('relay')];
  const p95s = rounds.map((round) => Object.fromEntries(LEGS.map((leg) => [leg, percentile(sorted(round[leg]), 95)])) as Record<Leg, number>);
  const ratios = p95s.map((round) => round.gateway / round.direct);
  const ratio = median(ratios);
  const relayRatio = median(p95s.map((round) => round.relay / round.direct));
  console.log(`\n${probe.label}: ${g.length} sequential keep-alive requests each way in ${ROUNDS} rounds, every answer checked`);
  console.log(`  direct:           p50 ${fmt(percentile(d, 50))}  p95 ${fmt(percentile(d, 95))}`);
  console.log(`  through gateway:  p50 ${fmt(percentile(g, 50))}  p95 ${fmt(percentile(g, 95))}`);
  console.log(`  bare byte relay:  p50 ${fmt(percentile(r, 50))}  p95 ${fmt(percentile(r, 95))}  (ratio p95 ${relayRatio.toFixed(2)}x: the floor of any proxy hop here)`);
  console.log(`  p95 ratio per round: ${ratios.map((value) => value.toFixed(2)).join(' ')}`);
  console.log(`  ratio gateway/direct: p50 ${(percentile(g, 50) / percentile(d, 50)).toFixed(2)}x  p95 ${ratio.toFixed(2)}x (median of the rounds)  target ≤ 1.2x`);
  recordFigure({ part: 'stack', figure: `gateway ÷ direct p95, ${probe.label}`, value: ratio, unit: '×', target: 1.2 });
}

const rows = (expected: number, check?: (row: Record<string, unknown>) => boolean) => (answer: Answer) => {
  if (answer.status !== 200) return 'status';
  const body = JSON.parse(answer.body) as Record<string, unknown>[];
  if (!Array.isArray(body) || body.length !== expected) return `${Array.isArray(body) ? body.length : 'no'} rows, expected ${expected}`;
  return check && !body.every(check) ? 'unexpected rows' : undefined;
};

export async function benchGateway(options: GatewayBenchOptions): Promise<void> {
  const db = new pg.Client({ connectionString: options.dbUrl });
  await db.connect();
  try {
    await db.query(`
      create table if not exists public.bench_items (id int primary key, name text not null, city text not null, price_cents int not null, published boolean not null);
      alter table public.bench_items enable row level security;
      drop policy if exists bench_items_public on public.bench_items;
      create policy bench_items_public on public.bench_items for select to anon using (published);
      insert into public.bench_items
        select g, 'artiest ' || g, (array['Amsterdam','Utrecht','Rotterdam','Gent'])[1 + g % 4], 25000 + (g * 37) % 150000, g % 10 <> 0
        from generate_series(1, 1000) g on conflict do nothing;
      grant select on public.bench_items to anon;
      notify pgrst, 'reload schema';
    `);
  } finally {
    await db.end();
  }

  const email = `gateway-bench-${Date.now()}@example.com`;
  const password = 'bench-wachtwoord';
  const created = await fetch(`${options.api}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: options.serviceKey, authorization: `Bearer ${options.serviceKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true }),
  });
  if (!created.ok) throw new Error(`creating the bench user failed: ${created.status} ${await created.text()}`);
  const login = await fetch(`${options.api}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: options.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`signing in the bench user failed: ${login.status} ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };

  const anon = { apikey: options.anonKey, authorization: `Bearer ${options.anonKey}` };
  const probes: Probe[] = [
    {
      label: 'REST one row by id',
      method: 'GET',
      prefix: '/rest/v1',
      direct: options.postgrestUrl,
      path: '/bench_items?select=id,name&id=eq.42',
      headers: anon,
      wrong: rows(1, (row) => row.id === 42),
    },
    {
      label: 'REST page of 20 (filter, order, RLS)',
      method: 'GET',
      prefix: '/rest/v1',
      direct: options.postgrestUrl,
      path: '/bench_items?select=id,name,city,price_cents&city=eq.Utrecht&order=price_cents.desc&limit=20',
      headers: anon,
      wrong: rows(20, (row) => row.city === 'Utrecht'),
    },
    {
      label: 'auth GET /user',
      method: 'GET',
      prefix: '/auth/v1',
      direct: options.authUrl,
      path: '/user',
      headers: { apikey: options.anonKey, authorization: `Bearer ${token}` },
      wrong: (answer) => (answer.status !== 200 ? 'status' : (JSON.parse(answer.body) as { email?: string }).email !== email ? 'another user' : undefined),
    },
    {
      label: 'functions invoke of health (verify_jwt)',
      method: 'POST',
      prefix: '/functions/v1',
      direct: options.functionsUrl,
      path: '/health',
      headers: { ...anon, 'content-type': 'application/json', 'x-client-info': 'podium-bench' },
      body: '{}',
      wrong: (answer) => (answer.status !== 200 ? 'status' : (JSON.parse(answer.body) as { status?: string }).status !== 'ok' ? 'not ok' : undefined),
    },
  ];
  // PostgREST picks the new table up from its schema reload.
  const first = probes[0]!;
  const deadline = Date.now() + 30_000;
  const agent = new http.Agent({ keepAlive: false });
  while (first.wrong(await send(agent, `${first.direct}${first.path}`, first).catch(() => ({ status: 0, body: '' })))) {
    if (Date.now() > deadline) throw new Error('PostgREST did not serve public.bench_items within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const probe of probes) await compare(probe, options.api);
}

async function main() {
  const { db, keys, ports, urls } = await import('./config.ts');
  await benchGateway({
    api: urls.api,
    postgrestUrl: `http://127.0.0.1:${ports.postgrest}`,
    authUrl: `http://127.0.0.1:${ports.auth}`,
    functionsUrl: `http://127.0.0.1:${ports.functions}`,
    dbUrl: db.url,
    anonKey: keys.anon,
    serviceKey: keys.serviceRole,
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}

// Edge functions as an app sees them: supabase-js's functions.invoke() through the gateway, real
// Deno running the test functions in ./fixtures. The functions service runs here on a copy of
// that folder (so the tests can edit it, as a developer would in `dev`), mounted by the real
// gateway code; the functions themselves reach the running stack (PostgREST, auth) through
// SUPABASE_URL. The last tests check the running stack's own /functions/v1 mount.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ws from 'ws';
import { signJWT } from '../auth/jwt.ts';
import { db, keys, paths, ports, urls } from '../config.ts';
import { createGateway } from '../gateway.ts';
import { anonClient, serviceClient, waitFor, withDatabase } from '../testing.ts';
import { createFunctionsService, type FunctionsService } from './service.ts';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let dir: string;
let service: FunctionsService;
let gateway: Server;
let api: string;
const logged: string[] = [];

function client(token?: string): SupabaseClient {
  return createClient(api, keys.anon, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });
}

async function errorOf(error: unknown): Promise<{ status: number; body: unknown }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  // The stack log (log.ts writes it to stdout), to see what a developer would read there.
  const write = process.stdout.write.bind(process.stdout) as (chunk: string | Uint8Array) => boolean;
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    logged.push(String(chunk));
    return write(chunk);
  });
  dir = mkdtempSync(path.join(os.tmpdir(), 'podium-functions-'));
  cpSync(fixtures, dir, { recursive: true });
  // The developer's own secret file wins over the committed example.
  writeFileSync(path.join(dir, '.env'), 'PAYMENT_PROVIDER_KEY=test_from_dotenv\nSUPABASE_SERVICE_ROLE_KEY=not-allowed\n');
  service = createFunctionsService({
    functionsDir: dir,
    configFile: path.join(dir, 'config.toml'),
    port: await freePort(),
    denoDir: paths.denoCache,
    jwtSecret: keys.jwtSecret,
    project: { apiUrl: urls.api, anonKey: keys.anon, serviceRoleKey: keys.serviceRole, dbUrl: db.url },
    watch: true,
  });
  await service.child.start();
  gateway = createGateway([{ prefix: '/functions/v1', target: service.handle, isOpen: () => true }]);
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  vi.restoreAllMocks();
  gateway?.closeAllConnections();
  await new Promise((resolve) => gateway?.close(resolve));
  await service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('verify_jwt (default true)', () => {
  it('refuses a request without Authorization with the runtime’s 401', async () => {
    const response = await fetch(`${api}/functions/v1/echo`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: 'Error: Missing authorization header' });
  });

  it('refuses a non-Bearer header, a token signed with another secret and an expired one', async () => {
    const basic = await fetch(`${api}/functions/v1/echo`, { headers: { authorization: 'Basic dXNlcjpwdw==' } });
    expect(basic.status).toBe(401);
    expect(await basic.json()).toEqual({ msg: "Error: Auth header is not 'Bearer {token}'" });

    const forged = signJWT({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 }, 'another-secret-of-at-least-32-characters!');
    const expired = signJWT({ role: 'authenticated', sub: crypto.randomUUID(), exp: Math.floor(Date.now() / 1000) - 10 }, keys.jwtSecret);
    for (const token of [forged, expired, 'not-a-jwt']) {
      const { error } = await client(token).functions.invoke('echo', { body: { x: 1 } });
      expect(await errorOf(error)).toEqual({ status: 401, body: { msg: 'Invalid JWT' } });
    }
  });

  it('serves supabase-js with the anon key: body, apikey and client info arrive', async () => {
    const { data, error } = await client().functions.invoke('echo', { body: { artist: 'De Jazzband' } });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      role: 'anon',
      apikey: true,
      contentType: 'application/json',
      body: JSON.stringify({ artist: 'De Jazzband' }),
    });
    expect(data.clientInfo).toMatch(/^supabase-js/);
  });

  it('serves a signed-in user, whose token the function can read', async () => {
    const admin = serviceClient();
    const email = `functions-${crypto.randomUUID()}@example.com`;
    const created = await admin.auth.admin.createUser({ email, password: 'geheim123', email_confirm: true });
    expect(created.error).toBeNull();
    try {
      const login = await anonClient().auth.signInWithPassword({ email, password: 'geheim123' });
      expect(login.error).toBeNull();
      const { data, error } = await client(login.data.session!.access_token).functions.invoke('echo', { method: 'GET' });
      expect(error).toBeNull();
      expect(data).toMatchObject({ method: 'GET', role: 'authenticated', sub: created.data.user!.id });
    } finally {
      await admin.auth.admin.deleteUser(created.data.user!.id);
    }
  });

  it('passes the URL as the client asked for it, sub-paths and query as /name/...', async () => {
    const response = await fetch(`${api}/functions/v1/echo/bookings/42?status=open`, { headers: { authorization: `Bearer ${keys.serviceRole}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      url: `${api}/echo/bookings/42?status=open`,
      host: new URL(api).host,
      internal: [],
      path: '/echo/bookings/42',
      query: '?status=open',
      role: 'service_role',
      apikey: false,
    });
  });
});

describe('verify_jwt = false', () => {
  it('takes a webhook form post with no headers at all', async () => {
    const response = await fetch(`${api}/functions/v1/webhook`, { method: 'POST', body: new URLSearchParams({ id: 'tr_WDqYK6vllg' }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'tr_WDqYK6vllg', authorization: null });
  });
});

describe('routing and CORS', () => {
  it('answers 404 JSON for unknown functions and for folders that are not functions', async () => {
    for (const name of ['nope', '_shared', '.env', '']) {
      const response = await fetch(`${api}/functions/v1/${name}`, { headers: { authorization: `Bearer ${keys.anon}` } });
      expect(response.status, name).toBe(404);
      expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
  });

  it('answers a browser preflight and lets the browser read the response', async () => {
    const preflight = await fetch(`${api}/functions/v1/echo`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,x-client-info,apikey,content-type' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-client-info');

    const response = await fetch(`${api}/functions/v1/echo`, { headers: { origin: 'http://localhost:3000', authorization: `Bearer ${keys.anon}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('environment and secrets', () => {
  beforeAll(async () => {
    await withDatabase(async (pg) => {
      await pg.query(`create table if not exists public.functions_probe (label text);
        alter table public.functions_probe enable row level security;
        grant select on public.functions_probe to anon, authenticated, service_role;
        truncate public.functions_probe;
        insert into public.functions_probe values ('only the service role sees this');
        notify pgrst, 'reload schema';`);
    });
  });

  afterAll(async () => {
    await withDatabase((pg) => pg.query(`drop table if exists public.functions_probe; notify pgrst, 'reload schema';`));
  });

  it('gives the project URL, keys and DB URL, the secrets, and nothing internal', async () => {
    const { data, error } = await client().functions.invoke('env');
    expect(error).toBeNull();
    expect(data.names).toEqual(expect.arrayContaining(['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_DB_URL', 'GREETING']));
    for (const internal of ['DENO_DIR', 'NO_COLOR', 'PATH', 'HOME', 'JWT_SECRET']) expect(data.names).not.toContain(internal);
    // SUPABASE_* names in the .env files are reserved: the project's own values stay.
    expect(data.url).toBe(urls.api);
    expect(data.greeting).toBe('hallo');
    expect(data.providerKey).toBe('test_from_dotenv');
  });

  it('queries PostgREST with the service key (past RLS) as the anon key cannot', async () => {
    const { data } = await waitFor(async () => {
      const result = await client().functions.invoke('env');
      return result.data?.serviceRows?.length ? result : undefined;
    });
    expect(data.serviceRows).toEqual([{ label: 'only the service role sees this' }]);
    expect(data.anonRows).toEqual([]);
    expect(data.error).toBeNull();
  });
});

describe('failures', () => {
  it('answers 500 JSON for a throwing handler, logs it, and keeps serving', async () => {
    const { error } = await client().functions.invoke('throws');
    expect(await errorOf(error)).toEqual({ status: 500, body: { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' } });
    await waitFor(async () => logged.some((line) => line.includes('kapot: the handler failed')));

    const other = await client().functions.invoke('echo', { body: 'plain text' });
    expect(other.error).toBeNull();
    expect(other.data).toMatchObject({ body: 'plain text', contentType: 'text/plain' });
    const same = await fetch(`${api}/functions/v1/throws?ok`);
    expect(await same.text()).toBe('still here');
  });

  it('answers 503 BOOT_ERROR for a function that never serves', async () => {
    const { error } = await client().functions.invoke('no-serve');
    expect(await errorOf(error)).toEqual({ status: 503, body: { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' } });
  });

  it('boots a fresh worker after one dies of an uncaught error', async () => {
    const first = (await (await fetch(`${api}/functions/v1/crash`)).json()) as { bootedAt: number };
    expect((await fetch(`${api}/functions/v1/crash?crash`)).status).toBe(200);
    const next = await waitFor(async () => {
      const body = (await (await fetch(`${api}/functions/v1/crash`)).json()) as { bootedAt: number };
      return typeof body.bootedAt === 'number' && body.bootedAt !== first.bootedAt ? body : undefined;
    });
    expect(next.bootedAt).toBeGreaterThan(first.bootedAt);
    expect(logged.some((line) => line.includes('crash: uncaught outside the handler'))).toBe(true);
  });

  it('restarts the Deno runtime when its process dies', async () => {
    const pid = service.child.pid!;
    process.kill(pid, 'SIGKILL');
    const response = await waitFor(async () => {
      const attempt = await fetch(`${api}/functions/v1/webhook`, { method: 'POST', body: new URLSearchParams({ id: 'tr_after_restart' }) });
      return attempt.status === 200 ? attempt : undefined;
    });
    expect(await response.json()).toMatchObject({ id: 'tr_after_restart' });
    expect(service.child.pid).not.toBe(pid);
    expect(service.child.restartCount).toBeGreaterThan(0);
  });
});

describe('dev mode', () => {
  it('serves an edit, a new function and a new secret on the very next request', async () => {
    const greet = path.join(dir, 'greet');
    cpSync(path.join(dir, 'throws'), greet, { recursive: true });
    const write = (text: string) => writeFileSync(path.join(greet, 'index.ts'), `Deno.serve(() => new Response(${JSON.stringify(text)}));\n`);
    write('versie 1');
    const call = async () => (await fetch(`${api}/functions/v1/greet`, { headers: { authorization: `Bearer ${keys.anon}` } })).text();
    expect(await call()).toBe('versie 1');
    write('versie 2');
    expect(await call()).toBe('versie 2');

    writeFileSync(path.join(dir, '.env'), 'PAYMENT_PROVIDER_KEY=test_rotated\n');
    const { data } = await client().functions.invoke('env');
    expect(data.providerKey).toBe('test_rotated');
  });

  it('follows verify_jwt edits in config.toml', async () => {
    const before = await fetch(`${api}/functions/v1/echo`);
    expect(before.status).toBe(401);
    writeFileSync(path.join(dir, 'config.toml'), '[functions.echo]\nverify_jwt = false\n', { flag: 'a' });
    const after = await fetch(`${api}/functions/v1/echo`);
    expect(after.status).toBe(200);
  });
});

// Outside dev mode the gateway's fast path sends an invoke straight to the socket its booted
// function listens on; the first invoke, and the first after a worker died, go through the
// runtime's main service, which boots it.
describe('the fast path to a booted function', () => {
  let fastDir: string;
  let fast: FunctionsService;
  let fastGateway: Server;
  let fastApi: string;
  let socketDir: string;

  beforeAll(async () => {
    fastDir = mkdtempSync(path.join(os.tmpdir(), 'podium-functions-fast-'));
    cpSync(fixtures, fastDir, { recursive: true });
    const port = await freePort();
    fast = createFunctionsService({
      functionsDir: fastDir,
      configFile: path.join(fastDir, 'config.toml'),
      port,
      denoDir: paths.denoCache,
      jwtSecret: keys.jwtSecret,
      project: { apiUrl: urls.api, anonKey: keys.anon, serviceRoleKey: keys.serviceRole, dbUrl: db.url },
    });
    socketDir = path.join(os.tmpdir(), `podium-fn-sockets-${port}`);
    await fast.child.start();
    fastGateway = createGateway([{ prefix: '/functions/v1', target: fast.handle, isOpen: () => true, rawDecision: fast.rawDecision }]);
    await new Promise<void>((resolve) => fastGateway.listen(0, '127.0.0.1', resolve));
    fastApi = `http://127.0.0.1:${(fastGateway.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    fastGateway?.closeAllConnections();
    await new Promise((resolve) => fastGateway?.close(resolve));
    await fast?.close();
    if (fastDir) rmSync(fastDir, { recursive: true, force: true });
  });

  it('answers the first invoke and the next ones alike, the URL as the client asked for it', async () => {
    const call = async () => {
      const response = await fetch(`${fastApi}/functions/v1/echo/bookings/42?status=open`, { headers: { authorization: `Bearer ${keys.serviceRole}` } });
      expect(response.status).toBe(200);
      return response.json();
    };
    const expected = { url: `${fastApi}/echo/bookings/42?status=open`, host: new URL(fastApi).host, internal: [], path: '/echo/bookings/42', query: '?status=open', role: 'service_role' };
    expect(await call()).toMatchObject(expected);
    expect(readdirSync(socketDir)).toContain('echo.sock');
    for (let i = 0; i < 3; i += 1) expect(await call()).toMatchObject(expected);
  });

  it('takes a webhook form post and a supabase-js invoke with a JSON body', async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${fastApi}/functions/v1/webhook`, { method: 'POST', body: new URLSearchParams({ id: `tr_fast_${i}` }) });
      expect(await response.json()).toMatchObject({ id: `tr_fast_${i}` });
    }
    const supabase = createClient(fastApi, keys.anon, { auth: { persistSession: false }, realtime: { transport: ws as never } });
    for (let i = 0; i < 2; i += 1) {
      const { data, error } = await supabase.functions.invoke('echo', { body: { n: i } });
      expect(error).toBeNull();
      expect(data).toMatchObject({ body: JSON.stringify({ n: i }), contentType: 'application/json' });
    }
  });

  it('boots a fresh worker after one dies of an uncaught error, and its socket with it', async () => {
    const bootedAt = async () => ((await (await fetch(`${fastApi}/functions/v1/crash`)).json()) as { bootedAt: number }).bootedAt;
    const first = await bootedAt();
    expect(await bootedAt()).toBe(first);
    expect(readdirSync(socketDir)).toContain('crash.sock');
    expect((await fetch(`${fastApi}/functions/v1/crash?crash`)).status).toBe(200);
    const next = await waitFor(async () => {
      const at = await bootedAt();
      return at !== first ? at : undefined;
    });
    expect(next).toBeGreaterThan(first);
    expect(await bootedAt()).toBe(next);
  });

  it('removes its sockets when the service closes', async () => {
    const port = await freePort();
    const other = createFunctionsService({
      functionsDir: fastDir,
      configFile: path.join(fastDir, 'config.toml'),
      port,
      denoDir: paths.denoCache,
      jwtSecret: keys.jwtSecret,
      project: { apiUrl: urls.api, anonKey: keys.anon, serviceRoleKey: keys.serviceRole, dbUrl: db.url },
    });
    const otherDir = path.join(os.tmpdir(), `podium-fn-sockets-${port}`);
    await other.child.start();
    expect(existsSync(otherDir)).toBe(true);
    await other.close();
    expect(existsSync(otherDir)).toBe(false);
  });
});

describe('the running stack', () => {
  it('mounts /functions/v1 open at the gateway (no apikey) and reports its runtime healthy', async () => {
    const response = await fetch(`${urls.api}/functions/v1/no-such-function`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    const health = await fetch(`http://127.0.0.1:${ports.functions}/_internal/health`);
    expect(await health.json()).toEqual({ message: 'ok' });
  });

  it('serves supabase/functions/health to supabase-js, and refuses it without a JWT', async () => {
    const { data, error } = await anonClient().functions.invoke('health');
    expect(error).toBeNull();
    expect(data).toEqual({ status: 'ok' });
    const bare = await fetch(`${urls.api}/functions/v1/health`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ msg: 'Error: Missing authorization header' });
  });
});

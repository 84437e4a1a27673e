import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID, createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, urls } from './config.ts';
import { checkApiKey, createGateway, findMount, invalidUtf8In, type Mount } from './gateway.ts';
import { anonClient, clientWithToken, serviceClient, waitForSchemaCache, withDatabase } from './testing.ts';

describe('apikey check (Kong key-auth)', () => {
  it.each([
    [undefined, 'missing'],
    ['', 'missing'],
    ['nonsense', 'invalid'],
    [`${keys.anon}x`, 'invalid'],
    [keys.anon, 'ok'],
    [keys.serviceRole, 'ok'],
  ])('%s → %s', (key, verdict) => {
    expect(checkApiKey(key)).toBe(verdict);
  });
});

describe('query strings that are not UTF-8', () => {
  it.each([
    ['title=eq.%ff', 'eq.%ff'],
    ['a=%C3%A9&b=%c3', '%c3'],
    ['name=eq.%E2%82', 'eq.%E2%82'],
    ['title=eq.caf%C3%A9', null],
    ['q=100%25&x=%zz', null],
    ['select=*', null],
  ])('%s → %s', (query, bad) => {
    expect(invalidUtf8In(query)).toBe(bad);
  });
});

describe('prefix routing', () => {
  const mounts: Mount[] = [
    { prefix: '/rest/v1', target: { port: 1 } },
    { prefix: '/auth/v1', target: { port: 2 } },
  ];
  it.each([
    ['/rest/v1', '/rest/v1'],
    ['/rest/v1/profiles', '/rest/v1'],
    ['/auth/v1/token', '/auth/v1'],
    ['/rest/v10/x', undefined],
    ['/restx', undefined],
    ['/', undefined],
  ])('%s → %s', (path, prefix) => {
    expect(findMount(mounts, path)?.prefix).toBe(prefix);
  });
});

function sign(payload: Record<string, unknown>, secret = keys.jwtSecret, alg = 'HS256') {
  const header = Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url');
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = alg === 'none' ? '' : createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

describe('gateway against the running stack', () => {
  it("answers a query string that is not UTF-8 with a 400 in PostgREST's JSON error shape, not its plain 500", async () => {
    const response = await fetch(`${urls.api}/rest/v1/news_articles?title=eq.%ff`, { headers: { apikey: keys.anon } });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ code: 'PGRST100', details: expect.stringContaining('%ff'), hint: expect.any(String), message: 'Invalid UTF-8 in the query string' });
    // Valid multi-byte UTF-8 still reaches PostgREST.
    const fine = await fetch(`${urls.api}/rest/v1/news_articles?select=slug&title=eq.${encodeURIComponent('Café – één')}`, { headers: { apikey: keys.anon } });
    expect(fine.status).toBe(200);
    expect(await fine.json()).toEqual([]);
  });

  it('refuses a request without an apikey with 401, as Supabase does', async () => {
    const response = await fetch(`${urls.api}/rest/v1/`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'No API key found in request' });
  });

  it('refuses an unknown apikey with 401', async () => {
    const response = await fetch(`${urls.api}/rest/v1/`, { headers: { apikey: 'not-a-key' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Invalid authentication credentials' });
  });

  it('answers unknown routes with a 404 JSON body', async () => {
    const response = await fetch(`${urls.api}/nowhere/v1/`, { headers: { apikey: keys.anon } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'no Route matched with those values' });
  });

  it('answers CORS preflights without an apikey, echoing the requested headers', async () => {
    const response = await fetch(`${urls.api}/rest/v1/anything`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,authorization,x-client-info' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('apikey,authorization,x-client-info');
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('lets a browser read PostgREST responses cross-origin', async () => {
    const response = await fetch(`${urls.api}/rest/v1/`, { headers: { apikey: keys.anon, origin: 'http://localhost:3000' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('rejects forged user JWTs at PostgREST: wrong signature and alg none', async () => {
    const claims = { sub: randomUUID(), role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 };
    for (const token of [sign(claims, 'wrong-secret-wrong-secret-wrong-secret'), sign(claims, '', 'none')]) {
      const response = await fetch(`${urls.api}/rest/v1/`, { headers: { apikey: keys.anon, authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { code: string }).code).toMatch(/^PGRST30/);
    }
  });

  it('rejects an expired JWT', async () => {
    const token = sign({ sub: randomUUID(), role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 60 });
    const response = await fetch(`${urls.api}/rest/v1/`, { headers: { apikey: keys.anon, authorization: `Bearer ${token}` } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toMatch(/expired/i);
  });
});

describe('REST through the gateway as anon and as a user, with RLS', () => {
  // A throwaway table with owner-only RLS, made for this test and dropped after it.
  const table = `stack_test_notes_${randomUUID().slice(0, 8)}`;
  const password = 'geheim-wachtwoord-1';
  const users: { id: string; email: string; token: string }[] = [];

  beforeAll(async () => {
    await withDatabase(async (client) => {
      await client.query(`
        create table public.${table} (id bigint generated always as identity primary key, owner uuid not null default auth.uid(), body text not null);
        alter table public.${table} enable row level security;
        revoke all on public.${table} from anon, authenticated;
        grant select, insert on public.${table} to authenticated;
        create policy owner_reads on public.${table} for select to authenticated using (owner = (select auth.uid()));
        create policy owner_writes on public.${table} for insert to authenticated with check (owner = (select auth.uid()));
        insert into public.${table} (owner, body) values ('00000000-0000-0000-0000-000000000000', 'van iemand anders');
        notify pgrst, 'reload schema';
      `);
    });
    const admin = serviceClient();
    for (let i = 0; i < 2; i += 1) {
      const email = `rest-${randomUUID()}@example.com`;
      const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
      if (error) throw error;
      const session = await anonClient().auth.signInWithPassword({ email, password });
      if (session.error) throw session.error;
      users.push({ id: data.user.id, email, token: session.data.session.access_token });
    }
    // The tests start once PostgREST's schema cache holds the table, and fail here, saying so, if it never does.
    await waitForSchemaCache(table);
  });

  afterAll(async () => {
    await withDatabase((client) => client.query(`drop table if exists public.${table}; notify pgrst, 'reload schema';`));
    const admin = serviceClient();
    for (const user of users) await admin.auth.admin.deleteUser(user.id);
  });

  it('anon has no access: PostgREST answers 401 permission denied', async () => {
    const { data, error, status } = await anonClient().from(table).select('*');
    expect(data).toBeNull();
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });

  it('a user sees only their own rows and writes rows as themselves', async () => {
    const [alice, bob] = users;
    const asAlice = clientWithToken(alice!.token);
    const inserted = await asAlice.from(table).insert({ body: 'mijn notitie' }).select().single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ owner: alice!.id, body: 'mijn notitie' });

    const aliceRows = await asAlice.from(table).select('owner, body');
    expect(aliceRows.data).toEqual([{ owner: alice!.id, body: 'mijn notitie' }]);

    const bobRows = await clientWithToken(bob!.token).from(table).select('*');
    expect(bobRows.data).toEqual([]);
  });

  it('a user cannot write a row in someone else’s name: 403 from RLS, nothing stored', async () => {
    const [alice, bob] = users;
    const { error, status } = await clientWithToken(alice!.token).from(table).insert({ owner: bob!.id, body: 'vervalst' });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    const count = await withDatabase((client) => client.query(`select count(*)::int as n from public.${table} where body = 'vervalst'`));
    expect(count.rows[0].n).toBe(0);
  });

  it('the service role bypasses RLS and sees every row', async () => {
    const { data } = await serviceClient().from(table).select('body').order('id');
    expect(data?.map((row) => row.body)).toContain('van iemand anders');
  });
});

describe.each([
  ['node:http', false],
  ['the fast path', true],
])('an upstream that answers before the request body has arrived, through %s', (_path, fastPath) => {
  // Auth answers 413 from the declared size, before reading a body the client still sends. The
  // gateway must read and drop the rest, or the client's connection stalls and the next request
  // on it is never answered (it hung until the client gave up). The upstream is a process of its
  // own, as auth is: in the gateway's own process the timing hides the stall.
  const upstreamScript = `
    const server = require('node:http').createServer((req, res) => {
      req.resume();
      if (Number(req.headers['content-length'] ?? 0) > 1000) return res.writeHead(413, { 'content-length': 2 }).end('{}');
      req.on('end', () => res.writeHead(200, { 'content-length': 2 }).end('{}'));
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  let gateway: Server;
  let upstream: ChildProcess;
  let port: number;
  beforeAll(async () => {
    upstream = spawn(process.execPath, ['-e', upstreamScript], { stdio: ['ignore', 'pipe', 'inherit'] });
    const upstreamPort = await new Promise<number>((resolve) => upstream.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
    gateway = createGateway([{ prefix: '/auth/v1', target: { port: upstreamPort }, fastPath }]);
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    port = (gateway.address() as AddressInfo).port;
  });
  afterAll(async () => {
    upstream.kill();
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
  });

  it('reads and drops the rest of the body, and answers the next request on the same connection', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const statuses = () => [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    const size = 2_000_000;
    socket.write(`POST /auth/v1/signup HTTP/1.1\r\nhost: x\r\napikey: ${keys.anon}\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n`);
    // The body comes in slowly, as over a real network: the answer is there long before its end.
    for (let sent = 0; sent < size; sent += 100_000) {
      socket.write(Buffer.alloc(100_000, 'a'));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await expect.poll(statuses).toEqual([413]);
    socket.write(`POST /auth/v1/signup HTTP/1.1\r\nhost: x\r\napikey: ${keys.anon}\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}`);
    await expect.poll(statuses, { timeout: 3000 }).toEqual([413, 200]);
    socket.destroy();
  });
});

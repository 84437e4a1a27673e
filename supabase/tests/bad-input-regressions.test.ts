// The defects the property tests of bad input found (bad-input-*.test.ts), each kept as a plain
// example: the input that failed and what it must answer now.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../stack/config.ts';
import { asCaller, call } from './bad-input.ts';
import { asUser, closePool, createUser, pool, sql, type TestUser } from './support.ts';

let customer: TestUser;

beforeAll(async () => {
  customer = await createUser('customer');
});
afterAll(closePool);

const rpc = (name: string, body: unknown, token?: string) => call('POST', `/rest/v1/rpc/${name}`, { headers: asCaller(token, { 'content-type': 'application/json' }), body: JSON.stringify(body) });

describe('"not found" from our SQL functions is a 404, not a 500', () => {
  it.each([
    ['mark_conversation_read', { conversation_id: randomUUID() }, 'Gesprek niet gevonden.'],
    ['transition_booking', { booking_id: randomUUID(), new_status: 'cancelled' }, 'Boeking niet gevonden.'],
    ['artist_dashboard_overview', {}, 'Je hebt nog geen act. Begin bij Artiest worden.'],
    ['toggle_artist_blocked_day', { day: '1712-08-21' }, 'Je hebt nog geen act. Begin bij de eerste stap.'],
  ])('%s as a customer: 404 with code P0002 and the Dutch message', async (name, body, message) => {
    const answer = await rpc(name, body, customer.token);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 'P0002', message, details: null, hint: null });
  });

  it('booking_quote as a guest with a package that does not exist', async () => {
    const answer = await rpc('booking_quote', { artist_id: randomUUID(), package_id: randomUUID() }, keys.anon);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'P0002' });
  });

  it('on a plain database connection it is still an ordinary P0002 (scheduler, SQL callers)', async () => {
    const client = await pool().connect();
    try {
      const error = await asUser(client, customer.id, () => client.query('select public.mark_conversation_read($1)', [randomUUID()])).catch((e: { code: string; message: string }) => e);
      expect(error).toMatchObject({ code: 'P0002', message: 'Gesprek niet gevonden.' });
    } finally {
      client.release();
    }
  });
});

describe('search_places', () => {
  it('a query of 100,000 characters finds nothing at once (it ran into the statement timeout: a 500)', async () => {
    const answer = await rpc('search_places', { query: "'".repeat(100_000), max_results: 0 }, keys.anon);
    expect(answer).toMatchObject({ status: 200, body: [] });
    expect(await rpc('search_places', { query: 'utrec' }, keys.anon)).toMatchObject({ status: 200, body: [{ name: 'Utrecht' }] });
  });
});

describe('storage', () => {
  it('a list with a limit or offset beyond the database integer is a 400, not a 500 (numeric out of range)', async () => {
    for (const body of [
      { prefix: '', limit: 2 ** 31 },
      { prefix: '', offset: 1e21 },
    ]) {
      const answer = await call('POST', '/storage/v1/object/list/news-covers', { headers: asCaller(undefined, { 'content-type': 'application/json' }), body: JSON.stringify(body) });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: '400', error: 'Bad Request' });
    }
  });

  it('a NUL in a key, prefix or search is a 400, not a 500 (22021, invalid byte sequence)', async () => {
    const json = (body: unknown) => ({ headers: asCaller(undefined, { 'content-type': 'application/json' }), body: JSON.stringify(body) });
    const answers = await Promise.all([
      call('POST', '/storage/v1/object/list/news-covers', json({ prefix: 'a\u0000b' })),
      call('POST', '/storage/v1/object/list/news-covers', json({ prefix: '', search: 'a\u0000b' })),
      call('POST', '/storage/v1/object/sign/news-covers/a%00b.jpg', json({ expiresIn: 60 })),
      call('GET', '/storage/v1/object/public/news-covers/a%00b.jpg', { headers: asCaller() }),
      call('DELETE', '/storage/v1/object/news-covers', json({ prefixes: ['a\u0000b'] })),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ status: 400, body: { statusCode: '400', code: 'InvalidParameter' } });
  });
});

describe('realtime REST broadcast of one event', () => {
  const broadcast = (topic: string, body: string | Buffer) =>
    call('POST', `/realtime/v1/api/broadcast/${topic}/events/x`, { headers: asCaller(customer.token, { 'content-type': 'application/json' }), body });

  it('a topic that is no valid percent-encoding is a 400, not a 500', async () => {
    expect(await broadcast('%E0%A4%A', '{}')).toMatchObject({ status: 400, body: { message: 'Invalid topic or event' } });
  });

  it('a body that is no JSON is a 400, not a 500', async () => {
    expect(await broadcast('kamer', Buffer.from([0x7b, 0x22, 0xff, 0xfe]))).toMatchObject({ status: 400, body: { message: 'Invalid JSON body' } });
  });

  it('a body over the limit is a 413, and the connection serves the next request (it gave 500, then a 502)', async () => {
    const large = JSON.stringify({ a: 'x'.repeat(5 * 1024 * 1024) });
    for (let round = 0; round < 3; round += 1) {
      expect(await broadcast('kamer', large)).toMatchObject({ status: 413, body: { message: 'Payload too large' } });
      expect((await broadcast('kamer', '{}')).status).toBe(202);
    }
  });
});

describe('contact-request', () => {
  it('a form with NUL characters is stored without them (it answered 500: PostgreSQL text cannot hold a NUL)', async () => {
    const email = `nul-${randomUUID().slice(0, 8)}@example.com`;
    const answer = await call('POST', '/functions/v1/contact-request', {
      headers: asCaller(keys.anon, { 'content-type': 'application/json' }),
      body: JSON.stringify({ kind: 'contact', name: 'Jan\u0000', email, subject: 'Vraag', message: 'Hallo daar \u0000 dit is een vraag' }),
    });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    const rows = await sql<{ name: string; message: string }>('select name, message from public.contact_requests where email = $1', [email]);
    expect(rows).toEqual([{ name: 'Jan', message: 'Hallo daar  dit is een vraag' }]);
    // Not counted against this network's hourly limit by the tests that follow.
    await sql('delete from public.contact_requests where email = $1', [email]);
  });

  it('a lone half of a surrogate pair is stored as U+FFFD (it answered 500: PostgREST refused the JSON)', async () => {
    const email = `surrogaat-${randomUUID().slice(0, 8)}@example.com`;
    const answer = await call('POST', '/functions/v1/contact-request', {
      headers: asCaller(keys.anon, { 'content-type': 'application/json' }),
      body: JSON.stringify({ kind: 'contact', name: '\ud800', email, message: 'Een vraag over \udc00 geluid' }),
    });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    const rows = await sql<{ name: string; message: string }>('select name, message from public.contact_requests where email = $1', [email]);
    expect(rows).toEqual([{ name: '\ufffd', message: 'Een vraag over \ufffd geluid' }]);
    await sql('delete from public.contact_requests where email = $1', [email]);
  });
});

describe('edge functions reading a JSON body', () => {
  it.each([
    ['create-payment', 400, 'Geef een geldige boeking op.'],
    ['delete-account', 400, 'Typ VERWIJDEREN om te bevestigen.'],
    ['instagram-link', 400, undefined],
  ])('%s with the body `null` refuses it (the worker crashed reading a field of null: a 500)', async (name, status, message) => {
    const answer = await call('POST', `/functions/v1/${name}`, { headers: asCaller(customer.token, { 'content-type': 'application/json' }), body: 'null' });
    expect(answer.status).toBe(status);
    expect(typeof (answer.body as { error: unknown }).error).toBe('string');
    if (message) expect((answer.body as { error: string }).error).toBe(message);
  });
});

describe('auth', () => {
  it('a refresh token with a NUL is a 400 validation_failed, not a 500 (22021 from the database)', async () => {
    for (const body of [{ refresh_token: '\u0000' }, { refresh_token: 'abc\u0000def' }]) {
      const answer = await call('POST', '/auth/v1/token?grant_type=refresh_token', { headers: asCaller(undefined, { 'content-type': 'application/json' }), body: JSON.stringify(body) });
      expect(answer).toMatchObject({ status: 400, body: { code: 400, error_code: 'validation_failed' } });
    }
  });
});

// Property tests of bad input over the HTTP services behind the gateway: every edge function
// (each folder of supabase/functions), the auth endpoints, the storage endpoints, and tokens that
// no service may accept (forged, expired, `alg: none`, another role or audience, garbage) on REST,
// functions, storage, realtime and auth. Every answer is a refusal in that service's own error
// shape (never a 5xx or a hang), our functions' messages are Dutch, and nothing is written.
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateEmail } from '../stack/auth/flows.ts';
import { paths, urls } from '../stack/config.ts';
import {
  anyJson,
  asCaller,
  badTokens,
  call,
  changedRows,
  changedTables,
  check,
  hostileDate,
  hostileNumber,
  hostileText,
  inTurns,
  isDutch,
  notARefusal,
  printCounts,
  rawBody,
  rowsById,
  shapes,
  snapshot,
  type Answer,
} from './bad-input.ts';
import { closePool, createArtist, createBooking, createUser, type TestUser } from './support.ts';

let customer: TestUser, artist: TestUser, other: TestUser;
let ids: string[];
let tokens: Record<string, string>;
let before: Record<string, string>;

beforeAll(async () => {
  [customer, artist, other] = await Promise.all([createUser('customer'), createUser('artist'), createUser('artist')]);
  await createArtist(artist);
  const othersAct = await createArtist(other, { approved: false });
  ids = [othersAct, await createBooking(customer, othersAct, 'pending'), other.id];
  tokens = badTokens(customer.id);
  before = await snapshot();
});
afterAll(async () => {
  printCounts('HTTP bad input');
  await closePool();
});

/** Fails with every problem the properties found, after all of them ran. */
const failures: string[] = [];
const note = (problem: string | null) => {
  if (problem) failures.push(problem);
};

const callers = () => ({ guest: undefined, customer: customer.token, artist: artist.token });
const idOrHostile = () => fc.oneof(fc.constantFrom(...ids), fc.uuid(), hostileText);

/** JSON bodies with the field names our functions read, holding hostile values; or raw bodies. */
const functionBody = () =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .dictionary(
          fc.constantFrom(
            'bookingId',
            'booking_id',
            'method',
            'decision',
            'artistIds',
            'artist_ids',
            'reason',
            'code',
            'redirectUri',
            'confirmation',
            'kind',
            'name',
            'email',
            'phone',
            'subject',
            'message',
            'eventDate',
            'eventLocation',
            'guests',
            'services',
            'id',
            'token',
            'page',
          ),
          fc.oneof(idOrHostile(), hostileNumber, hostileDate, anyJson),
          { minKeys: 1, maxKeys: 6 },
        )
        .map((body) => Buffer.from(JSON.stringify(body))),
    },
    { weight: 1, arbitrary: rawBody },
  );

// ---- Edge functions --------------------------------------------------------------------

/** Functions whose GET answers pages or data to anyone (a 2xx is fine for them); all others refuse bad input. */
const readable = new Set(['robots', 'sitemap', 'public-artist-cards']);
/** Functions a signed-in person may call without any body (they read or make their own code); nothing may be written. */
const noInput = new Set(['generate-referral-code', 'health']);
/** Functions for machines that do not read an error body (Mollie's webhook, crawlers, calendar apps): any 4xx refuses. */
const forMachines = new Set(['payment-webhook', 'robots', 'sitemap', 'artist-calendar']);
/** The gateway's own refusals of a request line or head too large to read, before any service (Node's HTTP parser). */
const tooLarge = (answer: Answer) => [413, 414, 431].includes(answer.status) && answer.text === '';

const functionNames = readdirSync(paths.functions, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name)
  .sort();

describe('every edge function refuses bad input', () => {
  it('finds the functions in supabase/functions', () => {
    expect(functionNames).toContain('create-payment');
    expect(functionNames.length).toBeGreaterThan(10);
  });

  it('as guest, customer and artist, with generated bodies, queries and methods', async () => {
    const problems = await inTurns(functionNames, (name) => {
      const input = fc.record({
        method: fc.constantFrom('POST', 'POST', 'GET', 'PUT', 'DELETE'),
        query: fc.option(fc.dictionary(fc.constantFrom('token', 'id', 'category', 'page', 'q', 'lang'), hostileText, { maxKeys: 2 })),
        body: functionBody(),
      });
      return check(`function ${name} (x3 callers)`, input, 35, async ({ method, query, body }) => {
        const search = query ? `?${new URLSearchParams(query as Record<string, string>)}` : '';
        const answers = await Promise.all(
          Object.entries(callers()).map(async ([who, token]) => {
            const answer = await call(method, `/functions/v1/${name}${search}`, { headers: asCaller(token, { 'content-type': 'application/json' }), body: method === 'GET' ? null : body });
            return [who, answer] as const;
          }),
        );
        for (const [who, answer] of answers) {
          if (tooLarge(answer)) continue;
          const shape = forMachines.has(name) ? () => true : shapes.functions;
          const problem = notARefusal(answer, shape, { successAllowed: (readable.has(name) && method === 'GET') || noInput.has(name) });
          if (problem) return `${method} ${search.slice(0, 80)} as ${who} with ${body.toString('utf8').slice(0, 200)}: ${problem}`;
          const message = (answer.body as { error?: unknown }).error;
          if (answer.status >= 400 && typeof message === 'string' && !isDutch(message)) return `${method} as ${who}: "${message}" is not Dutch`;
        }
        return null;
      });
    });
    for (const problem of problems) note(problem);
    // About a minute on a quiet machine; over two when the machine is saturated by other work.
  }, 300_000);
});

// ---- Auth ------------------------------------------------------------------------------

/**
 * Text the auth server does not take for an address. GoTrue's pattern, which it follows, takes
 * more than a person would ('a@b' has no dot): generated text it takes is a real sign-up, which
 * writes a user.
 */
const notAnEmail = hostileText.filter((text) => {
  try {
    validateEmail(text);
    return false;
  } catch {
    return true;
  }
});
const anyField = fc.oneof(hostileText, hostileNumber, anyJson);

/**
 * A JSON object with none of the fields PUT /user reads. A field sent as null counts as not sent:
 * GoTrue decodes it into an absent value (`{"password": null}` changes no password). So does an
 * empty string where GoTrue reads '' as absent (`{"email": ""}` changes no address); an empty
 * password is still a password, and refused as too weak.
 */
function readsNoUserField(body: string | Buffer): boolean {
  try {
    const parsed: unknown = JSON.parse(body.toString());
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed) &&
      !['email', 'password', 'data', 'phone', 'nonce', 'code_challenge', 'code_challenge_method'].some((key) => {
        const value = (parsed as Record<string, unknown>)[key];
        return value != null && !(value === '' && key !== 'password' && key !== 'data');
      })
    );
  } catch {
    return false;
  }
}

describe('the auth endpoints refuse bad input', () => {
  it('signup, token grants, recover, resend, otp, verify and user update', async () => {
    const requests = fc.oneof(
      fc.record({ path: fc.constant('/auth/v1/signup'), body: fc.record({ email: notAnEmail, password: anyField, data: anyJson }, { requiredKeys: [] }) }),
      fc.record({ path: fc.constant('/auth/v1/token?grant_type=password'), body: fc.record({ email: fc.oneof(notAnEmail, fc.constant(customer.email)), password: anyField }, { requiredKeys: [] }) }),
      fc.record({ path: fc.constant('/auth/v1/token?grant_type=refresh_token'), body: fc.record({ refresh_token: anyField }, { requiredKeys: [] }) }),
      fc.record({ path: fc.constant('/auth/v1/token?grant_type=pkce'), body: fc.record({ auth_code: anyField, code_verifier: anyField }, { requiredKeys: [] }) }),
      fc.record({
        path: fc.constantFrom('/auth/v1/token?grant_type=id_token', '/auth/v1/token?grant_type=' + encodeURIComponent("'; drop table auth.users; --"), '/auth/v1/token'),
        body: fc.dictionary(fc.string({ maxLength: 10 }), anyField, { maxKeys: 3 }),
      }),
      fc.record({
        path: fc.constantFrom('/auth/v1/recover', '/auth/v1/resend', '/auth/v1/otp', '/auth/v1/magiclink'),
        body: fc.record({ email: notAnEmail, type: anyField, phone: anyField }, { requiredKeys: [] }),
      }),
      fc.record({
        path: fc.constant('/auth/v1/verify'),
        body: fc.record(
          { type: fc.oneof(fc.constantFrom('signup', 'recovery', 'email', 'magiclink', 'invite', 'email_change'), hostileText), token: anyField, token_hash: anyField, email: notAnEmail },
          { requiredKeys: [] },
        ),
      }),
    );
    const input = fc.tuple(requests, fc.option(rawBody, { freq: 4 }));
    const authBefore = await snapshot();
    // Which user and column, should auth.users change: the table's digest alone cannot say (this
    // check has failed now and then, with no clue which write it was).
    const usersBefore = await rowsById('auth.users');
    note(
      await check('auth endpoints', input, 400, async ([request, raw]) => {
        const answer = await call('POST', request.path, { headers: asCaller(undefined, { 'content-type': 'application/json' }), body: raw ?? JSON.stringify(request.body) });
        const problem = notARefusal(answer, shapes.gotrue);
        return problem && `${request.path} with ${(raw ?? JSON.stringify(request.body)).toString().slice(0, 200)}: ${problem}`;
      }),
    );
    // A signed-in person's bad update: wrong types, unknown keys, malformed bodies.
    note(
      await check(
        'auth user update (PUT /user)',
        fc.oneof(
          fc
            .record(
              { email: notAnEmail, password: fc.oneof(fc.constantFrom('', 'a', '12345'), hostileNumber, anyJson), data: fc.oneof(hostileText, hostileNumber, fc.array(anyJson)) },
              { requiredKeys: [] },
            )
            .filter((body) => Object.keys(body).length > 0)
            .map((body) => JSON.stringify(body)),
          rawBody.filter((body) => body.length > 0),
        ),
        150,
        async (body) => {
          const answer = await call('PUT', '/auth/v1/user', { headers: asCaller(customer.token, { 'content-type': 'application/json' }), body });
          // GoTrue ignores keys it does not know: such a body changes nothing and may answer 200
          // (the snapshot below holds it to changing nothing).
          const problem = notARefusal(answer, shapes.gotrue, { successAllowed: readsNoUserField(body) });
          return problem && `PUT /user with ${body.toString().slice(0, 200)}: ${problem}`;
        },
      ),
    );
    const changed = changedTables(authBefore, await snapshot()).filter((table) => table !== 'auth.audit_log_entries');
    expect({ changed, users: changed.includes('auth.users') ? changedRows(usersBefore, await rowsById('auth.users')) : [] }).toEqual({ changed: [], users: [] });
  }, 120_000);
});

// ---- Storage ---------------------------------------------------------------------------

/** Text with lone surrogates replaced, so it can be percent-encoded into a path. */
const wellFormed = (text: string) => Buffer.from(text).toString();

const buckets = ['avatars', 'artist-media', 'news-covers', 'documents', 'geen-bucket'];
const hostilePath = fc.oneof(
  fc.constantFrom('../../etc/passwd', '%2e%2e/%2e%2e/x', '/', '', 'a//b', 'a\u0000b.jpg', '<script>.png', "x'; drop table storage.objects; --.jpg", 'ü'.repeat(1200)),
  fc.tuple(fc.constantFrom(...[() => other.id, () => 'public', () => 'admin']), fc.string({ maxLength: 20 })).map(([folder, name]) => `${folder()}/${name}`),
  hostileText.map((text) => encodeURIComponent(wellFormed(text.slice(0, 300)))),
);
const hostileType = fc.constantFrom(
  'text/html',
  'image/svg+xml',
  'application/x-sh',
  'application/octet-stream',
  'image/jpeg',
  'application/pdf',
  '',
  'image/png; charset=<script>',
  'multipart/form-data',
);

describe('the storage endpoints refuse bad input', () => {
  it('upload with wrong types, sizes and paths; sign; list; delete', async () => {
    const request = fc.oneof(
      fc.record({ op: fc.constant('upload' as const), bucket: fc.constantFrom(...buckets), path: hostilePath, type: hostileType, size: fc.constantFrom(0, 10, 6 * 1024 * 1024) }),
      fc.record({
        op: fc.constant('sign' as const),
        bucket: fc.constantFrom(...buckets),
        path: hostilePath,
        body: fc.record({ expiresIn: fc.oneof(hostileNumber, hostileText) }, { requiredKeys: [] }),
      }),
      fc.record({
        op: fc.constant('list' as const),
        bucket: fc.constantFrom(...buckets),
        body: fc.record(
          {
            prefix: fc.oneof(hostileText, anyJson),
            limit: hostileNumber,
            offset: hostileNumber,
            search: hostileText,
            sortBy: fc.oneof(anyJson, fc.record({ column: hostileText, order: hostileText })),
          },
          { requiredKeys: [] },
        ),
      }),
      fc.record({ op: fc.constant('delete' as const), bucket: fc.constantFrom(...buckets), body: fc.record({ prefixes: fc.oneof(fc.array(hostilePath, { maxLength: 3 }), anyJson) }) }),
    );
    const storageBefore = await snapshot();
    note(
      await check('storage endpoints (x3 callers)', fc.tuple(request, fc.constantFrom('guest', 'customer', 'artist')), 400, async ([r, who]) => {
        const token = callers()[who as 'guest'];
        let answer: Answer;
        if (r.op === 'upload') {
          answer = await call('POST', `/storage/v1/object/${r.bucket}/${r.path}`, { headers: asCaller(token, { 'content-type': r.type }), body: Buffer.alloc(r.size, 0x3c) });
        } else if (r.op === 'sign') {
          answer = await call('POST', `/storage/v1/object/sign/${r.bucket}/${r.path}`, { headers: asCaller(token, { 'content-type': 'application/json' }), body: JSON.stringify(r.body) });
        } else if (r.op === 'list') {
          answer = await call('POST', `/storage/v1/object/list/${r.bucket}`, { headers: asCaller(token, { 'content-type': 'application/json' }), body: JSON.stringify(r.body) });
        } else {
          answer = await call('DELETE', `/storage/v1/object/${r.bucket}`, { headers: asCaller(token, { 'content-type': 'application/json' }), body: JSON.stringify(r.body) });
        }
        // Listing or deleting nothing is an empty answer, not an error (storage-api does the same).
        const problem = notARefusal(answer, shapes.storage, { successAllowed: (r.op === 'list' || r.op === 'delete') && Array.isArray(answer.body) && answer.body.length === 0 });
        return problem && `${r.op} ${r.bucket}/${'path' in r ? r.path.slice(0, 80) : ''} as ${who}: ${problem}`;
      }),
    );
    expect(changedTables(storageBefore, await snapshot())).toEqual([]);
  }, 120_000);
});

// ---- Tokens ----------------------------------------------------------------------------

/** Opens a realtime socket with the given apikey; answers the HTTP status of a refused upgrade, or 101. */
function realtimeUpgrade(apikey: string): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${urls.api.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=1.0.0`);
    const timer = setTimeout(() => {
      socket.terminate();
      resolve({ status: 599, body: null, text: 'no answer within 10 s' });
    }, 10_000);
    socket.on('open', () => {
      clearTimeout(timer);
      socket.close();
      resolve({ status: 101, body: null, text: 'opened' });
    });
    socket.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        clearTimeout(timer);
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // kept as text
        }
        resolve({ status: res.statusCode ?? 0, body, text });
      });
    });
    socket.on('error', () => undefined);
  });
}

const isRealtimeError = (body: unknown) =>
  typeof body === 'object' && body !== null && (typeof (body as { message?: unknown }).message === 'string' || typeof (body as { error?: unknown }).error === 'string');

describe('tokens no service accepts', () => {
  it('forged, expired, alg none, another role, garbage: on REST, functions, storage, realtime and auth', async () => {
    const services = {
      rest: (token: string) => call('GET', '/rest/v1/bookings?select=id', { headers: asCaller(token) }).then((a) => [a, shapes.postgrest] as const),
      'rest rpc': (token: string) =>
        call('POST', '/rest/v1/rpc/my_referrals', { headers: asCaller(token, { 'content-type': 'application/json' }), body: '{}' }).then((a) => [a, shapes.postgrest] as const),
      functions: (token: string) => call('POST', '/functions/v1/generate-referral-code', { headers: asCaller(token) }).then((a) => [a, shapes.functions] as const),
      storage: (token: string) =>
        call('POST', '/storage/v1/object/list/documents', { headers: asCaller(token, { 'content-type': 'application/json' }), body: '{"prefix":""}' }).then((a) => [a, shapes.storage] as const),
      'realtime broadcast': (token: string) =>
        call('POST', '/realtime/v1/api/broadcast', { headers: asCaller(token, { 'content-type': 'application/json' }), body: '{"messages":[{"topic":"x","event":"y","payload":{}}]}' }).then(
          (a) => [a, isRealtimeError] as const,
        ),
      'realtime socket (as apikey)': (token: string) => realtimeUpgrade(token).then((a) => [a, isRealtimeError] as const),
      auth: (token: string) => call('GET', '/auth/v1/user', { headers: asCaller(token) }).then((a) => [a, shapes.gotrue] as const),
    };
    const token = fc.oneof(
      fc.constantFrom(...Object.entries(tokens)),
      fc
        .string({ minLength: 1, maxLength: 300, unit: 'binary-ascii' })
        .filter((text) => /^[\x21-\x7e]+$/.test(text))
        .map((text) => ['random', text] as const),
    );
    note(
      await check('bad tokens x services', fc.tuple(token, fc.constantFrom(...Object.keys(services))), 300, async ([[kind, value], service]) => {
        const [answer, shape] = await services[service as keyof typeof services](value);
        // A token is refused (401/403). An empty one is no token at all: the caller is a guest by the
        // anon apikey, who may read what guests read (no bookings) and broadcast on public topics.
        const asGuest = kind === 'empty' && !['realtime socket (as apikey)', 'rest rpc'].includes(service);
        const problem = notARefusal(answer, shape, { successAllowed: asGuest && (answer.text === '[]' || answer.status === 200 || answer.status === 202) });
        return problem && `${service} with the ${kind} token ${value.slice(0, 60)}: ${problem}`;
      }),
    );
  }, 120_000);

  it('realtime broadcast of one event: malformed bodies and topics with a valid token', async () => {
    note(
      await check('realtime broadcast bodies', fc.tuple(fc.oneof(hostileText, fc.constantFrom('%', '%E0%A4%A', 'a%2')), rawBody), 100, async ([topic, body]) => {
        const answer = await call('POST', `/realtime/v1/api/broadcast/${encodeURIComponent(wellFormed(topic)).replace(/%25/g, '%')}/events/x`, {
          headers: asCaller(customer.token, { 'content-type': 'application/json' }),
          body,
        });
        const problem = tooLarge(answer) ? null : notARefusal(answer, isRealtimeError, { successAllowed: answer.status === 202 });
        return problem && `topic ${topic.slice(0, 40)} body ${body.toString('utf8').slice(0, 80)}: ${problem}`;
      }),
    );
  }, 60_000);
});

describe('all of it', () => {
  it('found nothing wrong and wrote nothing', async () => {
    if (failures.length) console.log(failures.join('\n'));
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshot()).filter((table) => table !== 'auth.audit_log_entries')).toEqual([]);
  });
});

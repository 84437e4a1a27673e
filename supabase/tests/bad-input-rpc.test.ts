// Property tests of bad input over every RPC PostgREST exposes, found in its OpenAPI description
// (as the service role, so a new function is covered without a list to keep): generated bodies
// (wrong types, huge numbers, past and year-9999 dates, HTML and SQL in text, unknown keys, nulls,
// other people's ids) and raw bodies (malformed, oversized, invalid UTF-8), each sent as a guest,
// a customer and an artist. Every answer is a refusal in PostgREST's shape or a read (never a 5xx
// or a hang), a message our own SQL raises is Dutch, and no table changes.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, urls } from '../stack/config.ts';
import { asCaller, bodyFor, call, changedTables, check, inTurns, isDutch, notARefusal, printCounts, raisedByUs, rawBody, shapes, snapshot } from './bad-input.ts';
import { closePool, createArtist, createBooking, createUser, type TestUser } from './support.ts';

interface Rpc {
  name: string;
  params: Record<string, string>;
}

/** The RPCs in PostgREST's OpenAPI document, with each parameter's format. */
async function discoverRpcs(): Promise<Rpc[]> {
  const response = await fetch(`${urls.api}/rest/v1/`, { headers: { apikey: keys.serviceRole, authorization: `Bearer ${keys.serviceRole}` } });
  const doc = (await response.json()) as { paths: Record<string, { post?: { parameters?: { in: string; schema?: { properties?: Record<string, { format?: string; type?: string }> } }[] } }> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/rpc/'))
    .map(([path, item]) => {
      const properties = item.post?.parameters?.find((p) => p.in === 'body')?.schema?.properties ?? {};
      return { name: path.slice('/rpc/'.length), params: Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, s.format ?? s.type ?? 'text'])) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Runs per RPC: every run is three calls (guest, customer, artist); about a minute for all of them on two cores. */
const RUNS_PER_RPC = 50;

let rpcs: Rpc[];
let callers: Record<string, string | undefined>;
let ids: string[];

beforeAll(async () => {
  rpcs = await discoverRpcs();
  const [customer, artist, otherCustomer, otherArtist]: TestUser[] = await Promise.all([createUser('customer'), createUser('artist'), createUser('customer'), createUser('artist')]);
  await createArtist(artist!);
  // Other people's things only: nothing here may be touched by the three callers.
  const pendingAct = await createArtist(otherArtist!, { approved: false });
  const booking = await createBooking(otherCustomer!, pendingAct, 'accepted');
  ids = [pendingAct, booking, otherCustomer!.id, otherArtist!.id];
  callers = { guest: undefined, customer: customer!.token, artist: artist!.token };
});
afterAll(async () => {
  printCounts('RPC bad input');
  await closePool();
});

type Input = { kind: 'json'; body: Record<string, unknown> } | { kind: 'raw'; body: Buffer };

/** What is wrong with the three callers' answers to an input, or null. */
async function refusesOrReads(rpc: Rpc, input: Input): Promise<string | null> {
  const body = input.kind === 'json' ? JSON.stringify(input.body) : input.body;
  const malformed = input.kind === 'raw' && !parses(input.body);
  const problems = await Promise.all(
    Object.entries(callers).map(async ([who, token]) => {
      const answer = await call('POST', `/rest/v1/rpc/${rpc.name}`, { headers: asCaller(token, { 'content-type': 'application/json' }), body });
      const shown = `as ${who} with ${String(body).slice(0, 200)}`;
      const problem = notARefusal(answer, shapes.postgrest, { successAllowed: !malformed });
      if (problem) return `${shown}: ${problem}`;
      const error = answer.body as { code: string; message: string };
      if (answer.status >= 400 && raisedByUs(error) && !isDutch(error.message)) return `${shown}: "${error.message}" (${error.code}) is not Dutch`;
      return null;
    }),
  );
  return problems.find(Boolean) ?? null;
}

const parses = (bytes: Buffer) => {
  try {
    JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return true;
  } catch {
    return false;
  }
};

describe('every RPC refuses bad input', () => {
  it('finds the RPCs in the OpenAPI description', () => {
    expect(rpcs.length).toBeGreaterThan(40);
    expect(rpcs.map((rpc) => rpc.name)).toContain('request_booking');
  });

  it('as guest, customer and artist: never a 5xx, Dutch messages of our own, nothing written', async () => {
    const failures: string[] = [];
    // One snapshot around all of them: each takes the scheduler's jobs first (see snapshot()),
    // too slow to take around every function.
    const before = await snapshot();
    const problems = await inTurns(rpcs, (rpc) => {
      const input: fc.Arbitrary<Input> = fc.oneof(
        { weight: 4, arbitrary: bodyFor(rpc.params, ids).map((body) => ({ kind: 'json' as const, body })) },
        // Not the empty body (PostgREST's `{}`), nor, for a function without arguments, a JSON scalar:
        // PostgREST calls it as without arguments, a valid call.
        { weight: 1, arbitrary: rawBody.filter((body) => body.length > 0 && (Object.keys(rpc.params).length > 0 || !parses(body))).map((body) => ({ kind: 'raw' as const, body })) },
      );
      return check(`rpc ${rpc.name} (x3 callers)`, input, RUNS_PER_RPC, (value) => refusesOrReads(rpc, value));
    });
    failures.push(...problems.filter((problem): problem is string => problem !== null));
    const written = changedTables(before, await snapshot());
    if (written.length) failures.push(`the calls wrote to ${written.join(', ')}`);
    if (failures.length) console.log(failures.join('\n'));
    expect(failures).toEqual([]);
  }, 240_000);
});

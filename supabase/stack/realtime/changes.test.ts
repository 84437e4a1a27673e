import { describe, expect, it } from 'vitest';
import { encodeChecks, mergeLanes, splitIntoLanes, type CheckArgs } from './changes.ts';

const group = (sub: string, role = 'authenticated') => {
  const claims = { sub, role };
  return { role, claims, claimsKey: `${role}\u0000${JSON.stringify(claims)}` };
};

describe('encodeChecks', () => {
  it('sends each group of a batch once, and every change still names its own groups in order', () => {
    const alice = group('alice');
    const bob = group('bob');
    const guest = group('', 'anon');
    const batch: CheckArgs[] = [
      ['"public"."feed"', 'INSERT', { id: '1' }, null, [alice, bob], 10],
      ['"public"."feed"', 'UPDATE', { id: '1' }, { id: '1' }, [bob, guest, alice], 11],
    ];
    const encoded = JSON.parse(encodeChecks(batch)) as { groups: unknown[]; changes: [string, string, unknown, unknown, number[], number][] };
    expect(encoded.groups).toEqual([
      { role: 'authenticated', claims: alice.claims },
      { role: 'authenticated', claims: bob.claims },
      { role: 'anon', claims: guest.claims },
    ]);
    // What podium_apply_rls receives per change, once the indexes are resolved in SQL.
    const resolved = encoded.changes.map(([entity, action, newValues, oldValues, indexes, xid]) => [entity, action, newValues, oldValues, indexes.map((i) => encoded.groups[i]), xid]);
    expect(resolved).toEqual(batch.map(([entity, action, newValues, oldValues, groups, xid]) => [entity, action, newValues, oldValues, groups.map(({ role, claims }) => ({ role, claims })), xid]));
  });

  it('keeps two tokens of one user apart: other claims, another group', () => {
    const before = { role: 'authenticated', claims: { sub: 'alice', exp: 1 }, claimsKey: 'authenticated\u0000{"sub":"alice","exp":1}' };
    const after = { role: 'authenticated', claims: { sub: 'alice', exp: 2 }, claimsKey: 'authenticated\u0000{"sub":"alice","exp":2}' };
    const encoded = JSON.parse(encodeChecks([['"public"."feed"', 'INSERT', { id: '1' }, null, [before, after], 1]])) as { groups: unknown[] };
    expect(encoded.groups).toHaveLength(2);
  });
});

describe('splitIntoLanes and mergeLanes', () => {
  const users = Array.from({ length: 100 }, (_, i) => group(`user-${i}`));
  const change = (groups: ReturnType<typeof group>[], xid: number): CheckArgs => ['"public"."feed"', 'INSERT', { id: String(xid) }, null, groups, xid];
  /** What the database would answer for a lane's share: here, only even-numbered users may read. */
  const answer = (args: CheckArgs) => ({
    roles: { authenticated: { columns: [], record: { id: args[2]!.id } } },
    visible: args[4].map((g) => Number(String(g.claims.sub).split('-')[1]) % 2 === 0),
  });

  it('gives every subscriber of a change split over two connections exactly their own answer', () => {
    const batch = [change(users, 1), change(users.slice(0, 3), 2), change(users.slice(50), 3)];
    const lanes = splitIntoLanes(batch, 2);
    // The change for 100 groups is split; smaller ones go whole to the lane with less to do.
    expect(lanes.map((parts) => parts.map((part) => [part.index, part.args[4].length]))).toEqual([
      [
        [0, 50],
        [1, 3],
      ],
      [
        [0, 50],
        [2, 50],
      ],
    ]);
    const merged = mergeLanes(
      batch.length,
      lanes,
      lanes.map((parts) => parts.map((part) => answer(part.args))),
    );
    batch.forEach((args, i) => {
      expect(merged[i]!.visible).toEqual(args[4].map((g) => Number(String(g.claims.sub).split('-')[1]) % 2 === 0));
      expect(merged[i]!.roles).toEqual({ authenticated: { columns: [], record: { id: String(i + 1) } } });
    });
  });

  it('leaves a change without an answer when one of its lanes has none', () => {
    const batch = [change(users, 1), change(users.slice(0, 2), 2)];
    const lanes = splitIntoLanes(batch, 2);
    const answers = lanes.map((parts, lane) => parts.map((part) => (lane === 1 && part.index === 0 ? undefined : answer(part.args))));
    const merged = mergeLanes(batch.length, lanes, answers);
    expect(merged[0]).toBeUndefined();
    expect(merged[1]!.visible).toEqual([true, false]);
  });
});

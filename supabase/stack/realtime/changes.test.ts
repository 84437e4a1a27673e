import { describe, expect, it } from 'vitest';
import { encodeChecks, type CheckArgs } from './changes.ts';

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

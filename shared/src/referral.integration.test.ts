// SPEC 4.5 / 5.2 against the running stack: the pending code applied through apply_referral_code,
// cleared in every case, with the rules enforced by the database.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './database.types.ts';
import { applyPendingReferral, capturePendingReferral, pendingReferral, topBalanceLeaderboard } from './referral.ts';
import { closePool, createUser, memoryStorage, sql, type TestUser } from './stack.test-support.ts';

afterAll(closePool);

const typed = (user: TestUser) => user.client as unknown as SupabaseClient<Database>;
const codeOf = async (user: TestUser) => (await sql<{ referral_code: string }>('select referral_code from public.profiles where id = $1', [user.id]))[0]!.referral_code;
const referrerOf = async (user: TestUser) => (await sql<{ referrer_id: string | null }>('select referrer_id from public.profiles where id = $1', [user.id]))[0]!.referrer_id;

async function applyFromLink(user: TestUser, pathname: string, search = '') {
  const storage = memoryStorage();
  capturePendingReferral(storage, pathname, search);
  const outcome = await applyPendingReferral(typed(user), storage);
  expect(pendingReferral(storage), 'the pending code is cleared in every case').toBeNull();
  return outcome;
}

describe('SPEC 4.5: applying a pending referral code', () => {
  it('sets the referrer from a /ref/{code} link, matching case-insensitively', async () => {
    const [referrer, newcomer] = await Promise.all([createUser('customer'), createUser('customer')]);
    const code = await codeOf(referrer);
    expect(await applyFromLink(newcomer, `/ref/${code.toLowerCase()}`)).toBe('applied');
    expect(await referrerOf(newcomer)).toBe(referrer.id);
  });

  it('cannot replace an existing referrer', async () => {
    const [first, second, newcomer] = await Promise.all([createUser(), createUser(), createUser()]);
    expect(await applyFromLink(newcomer, '/', `?ref=${await codeOf(first)}`)).toBe('applied');
    expect(await applyFromLink(newcomer, '/', `?ref=${await codeOf(second)}`)).toBe('already_referred');
    expect(await referrerOf(newcomer)).toBe(first.id);
  });

  it("drops the user's own code and an unknown code", async () => {
    const user = await createUser();
    expect(await applyFromLink(user, '/', `?ref=${await codeOf(user)}`)).toBe('own_code');
    expect(await applyFromLink(user, '/ref/NOSUCHCODE99')).toBe('unknown_code');
    expect(await referrerOf(user)).toBeNull();
  });

  it("ignores the placeholder 'code-x-1234' without asking the server", async () => {
    const user = await createUser();
    expect(await applyFromLink(user, '/', '?ref=code-x-1234')).toBe('none');
    expect(await referrerOf(user)).toBeNull();
  });

  it('the top-balance leaderboard is readable by a signed-in user', async () => {
    const user = await createUser();
    const rows = await topBalanceLeaderboard(typed(user), 3);
    expect(rows.length).toBeLessThanOrEqual(3);
    for (const row of rows) expect(row.bands_balance_cents).toBeGreaterThan(0);
  });
});

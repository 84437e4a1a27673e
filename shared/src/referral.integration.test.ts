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

  it('the top-balance leaderboard: the highest balances in order, display names only, the reader marked', async () => {
    const [reader, leader] = await Promise.all([createUser(), createUser()]);
    // The leader outranks everybody; the reader sits just below them, so both are in the top 3.
    const [{ top }] = (await sql<{ top: number }>('select coalesce(max(bands_balance_cents), 0)::int as top from public.profiles')) as [{ top: number }];
    await sql("select private.post_bands($1, $2, 'admin_adjustment', $3, 'Testtegoed leider')", [leader.id, top + 2000, `test-${leader.id}`]);
    await sql("select private.post_bands($1, $2, 'admin_adjustment', $3, 'Testtegoed lezer')", [reader.id, top + 1000, `test-${reader.id}`]);

    const rows = await topBalanceLeaderboard(typed(reader), 3);
    const expected = await sql<{ display_name: string; bands_balance_cents: number }>(
      `select pp.display_name, p.bands_balance_cents from public.profiles p join public.public_profiles pp on pp.id = p.id
        where p.bands_balance_cents > 0 order by p.bands_balance_cents desc, p.created_at limit 3`,
    );
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => [Number(row.rank), row.display_name, row.bands_balance_cents])).toEqual(expected.map((row, i) => [i + 1, row.display_name, row.bands_balance_cents]));
    const balance = async (user: TestUser) => (await sql<{ cents: number }>('select bands_balance_cents as cents from public.profiles where id = $1', [user.id]))[0]!.cents;
    expect(rows[0]).toMatchObject({ bands_balance_cents: await balance(leader), is_current_user: false });
    expect(rows[1]).toMatchObject({ bands_balance_cents: await balance(reader), is_current_user: true });
    expect(rows[2]!.is_current_user).toBe(false);
    // Nothing beyond a display name and a photo of others: no ids, e-mail addresses or codes.
    expect(Object.keys(rows[0]!).sort()).toEqual(['avatar_path', 'bands_balance_cents', 'display_name', 'is_current_user', 'rank']);
  });
});

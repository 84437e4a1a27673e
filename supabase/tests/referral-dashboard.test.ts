// The referral dashboard's reads (supabase/migrations/20261126002000_referral_dashboard.sql):
// both leaderboards with the caller's own position, my_referrals with its statuses, the exact
// referral_count behind the signups board, and the transactions page of SPEC 7.2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  appConfig,
  closePool,
  completeBooking,
  createArtist,
  createBooking,
  createUser,
  creditBands,
  futureWindow,
  payBooking,
  refer,
  referralCodeOf,
  serviceClient,
  sql,
  type TestUser,
} from './support.ts';

afterAll(closePool);

interface BoardRow {
  rank: number | null;
  display_name: string;
  avatar_path: string | null;
  is_current_user: boolean;
}
type BalanceRow = BoardRow & { bands_balance_cents: number };
type ReferrersRow = BoardRow & { referral_count: number };
interface Referral {
  display_name: string;
  avatar_path: string | null;
  signed_up_at: string;
  first_booking_at: string | null;
  completed_at: string | null;
  bonus_cents: number;
  bonus_status: 'pending' | 'paid' | 'reversed' | 'capped';
}

const balanceBoard = async (user: TestUser, size = 10) => {
  const { data, error } = await user.client.rpc('leaderboard_top_balance', { max_results: size });
  expect(error).toBeNull();
  return data as BalanceRow[];
};
const referrersBoard = async (user: TestUser, size = 10) => {
  const { data, error } = await user.client.rpc('leaderboard_top_referrers', { max_results: size });
  expect(error).toBeNull();
  return data as ReferrersRow[];
};
const referralsOf = async (user: TestUser) => {
  const { data, error } = await user.client.rpc('my_referrals');
  expect(error).toBeNull();
  return data as Referral[];
};

// The whole board, ranked in SQL the plain way (a window over every ranked profile), to check
// the functions' ranks against.
const balanceRanks = async () =>
  new Map(
    (
      await sql<{ id: string; rank: number }>(
        `select id, (row_number() over (order by bands_balance_cents desc, created_at, id))::int as rank
           from public.profiles where bands_balance_cents > 0`,
      )
    ).map((row) => [row.id, row.rank]),
  );
const referrerRanks = async () =>
  new Map(
    (
      await sql<{ id: string; rank: number }>(
        `select id, (row_number() over (order by (select count(*) from public.profiles r where r.referrer_id = p.id) desc, created_at, id))::int as rank
           from public.profiles p where referral_code is not null`,
      )
    ).map((row) => [row.id, row.rank]),
  );
const topIds = (ranks: Map<string, number>, size: number) =>
  [...ranks]
    .filter(([, rank]) => rank <= size)
    .sort((a, b) => a[1] - b[1])
    .map(([id]) => id);
const displayNames = async (ids: string[]) => {
  const rows = await sql<{ id: string; display_name: string }>('select id, display_name from public.public_profiles where id = any($1)', [ids]);
  return ids.map((id) => rows.find((row) => row.id === id)!.display_name);
};

let window = 900;
const nextWindow = () => futureWindow(window++);

let act: string;
beforeAll(async () => {
  act = await createArtist(await createUser('artist'), { name: 'De Dashboardband' });
});

describe('leaderboard_top_balance', () => {
  it("lists the top, then the caller's own row with their real rank when they are outside it", async () => {
    const [leader, deep] = await Promise.all([createUser('customer', { first: 'Lea', last: 'Leider' }), createUser('customer', { first: 'Dirk', last: 'Diepgang' })]);
    const [{ top }] = (await sql<{ top: number }>('select coalesce(max(bands_balance_cents), 0)::int as top from public.profiles')) as [{ top: number }];
    await creditBands(leader, top + 1);
    await creditBands(deep, 1);

    const board = await balanceBoard(deep, 3);
    const ranks = await balanceRanks();
    expect(board).toHaveLength(4);
    expect(board.slice(0, 3).map((row) => row.rank)).toEqual([1, 2, 3]);
    expect(board.slice(0, 3).map((row) => row.display_name)).toEqual(await displayNames(topIds(ranks, 3)));
    expect(board[0]).toMatchObject({ display_name: 'Lea L.', bands_balance_cents: top + 1, is_current_user: false });
    expect(board[3]).toEqual({ rank: ranks.get(deep.id), display_name: 'Dirk D.', avatar_path: null, bands_balance_cents: 1, is_current_user: true });
    expect(board[3]!.rank).toBeGreaterThan(3);
  });

  it('adds no second row for a caller inside the top', async () => {
    const leader = await createUser('customer');
    const [{ top }] = (await sql<{ top: number }>('select coalesce(max(bands_balance_cents), 0)::int as top from public.profiles')) as [{ top: number }];
    await creditBands(leader, top + 1);
    const board = await balanceBoard(leader, 3);
    expect(board).toHaveLength(3);
    expect(board.filter((row) => row.is_current_user)).toEqual([expect.objectContaining({ rank: 1, bands_balance_cents: top + 1 })]);
  });

  it('ranks equal balances by sign-up, in an earlier month and within one, as the list orders them', async () => {
    const [older, earlier, later] = await Promise.all([createUser('customer'), createUser('customer'), createUser('customer')]);
    await sql(`update public.profiles set created_at = now() - interval '3 months' where id = $1`, [older.id]);
    await sql(`update public.profiles set created_at = now() - interval '1 second' where id = $1`, [earlier.id]);
    for (const user of [older, earlier, later]) await creditBands(user, 7_777);
    const ranks = await balanceRanks();
    const own = await Promise.all([older, earlier, later].map(async (user) => (await balanceBoard(user, 1)).at(-1)!.rank));
    expect(own).toEqual([older, earlier, later].map((user) => ranks.get(user.id)));
    expect(own[0]!).toBeLessThan(own[1]!);
    expect(own[1]!).toBeLessThan(own[2]!);
  });

  it('gives a caller without BANDS a null rank', async () => {
    const broke = await createUser('customer', { first: 'Bea', last: 'Blut' });
    const board = await balanceBoard(broke);
    expect(board.at(-1)).toEqual({ rank: null, display_name: 'Bea B.', avatar_path: null, bands_balance_cents: 0, is_current_user: true });
    expect(board.slice(0, -1).every((row) => row.rank !== null && !row.is_current_user)).toBe(true);
  });
});

describe('leaderboard_top_referrers', () => {
  it("ranks by exact sign-ups and appends the caller's own position outside the top", async () => {
    const inviter = await createUser('customer', { first: 'Ivo', last: 'Inviter' });
    const friends = await Promise.all(Array.from({ length: 3 }, () => createUser('customer')));
    for (const friend of friends.slice(0, 2)) expect(await refer(friend, inviter)).toBe('applied');
    // A referrer set another way (an admin's correction) counts as well.
    await sql('update public.profiles set referrer_id = $1 where id = $2', [inviter.id, friends[2]!.id]);

    const board = await referrersBoard(inviter, 2);
    const ranks = await referrerRanks();
    expect(board).toHaveLength(3);
    expect(board.slice(0, 2).map((row) => row.display_name)).toEqual(await displayNames(topIds(ranks, 2)));
    expect(board.slice(0, 2).map((row) => row.rank)).toEqual([1, 2]);
    expect(board.at(-1)).toEqual({ rank: ranks.get(inviter.id), display_name: 'Ivo I.', avatar_path: null, referral_count: 3, is_current_user: true });
    expect(ranks.get(inviter.id)).toBeGreaterThan(2);
  });

  it('gives a caller without a referral code a null rank', async () => {
    const codeless = await createUser('customer', { first: 'Cas', last: 'Codeloos' });
    await sql('update public.profiles set referral_code = null where id = $1', [codeless.id]);
    expect((await referrersBoard(codeless)).at(-1)).toEqual({ rank: null, display_name: 'Cas C.', avatar_path: null, referral_count: 0, is_current_user: true });
  });

  it('keeps referral_count exact: a code applied, a referrer changed, a profile deleted', async () => {
    const [a, b, friend] = await Promise.all([createUser('customer'), createUser('customer'), createUser('customer')]);
    const count = async (user: TestUser) => (await sql<{ n: number }>('select referral_count as n from public.profiles where id = $1', [user.id]))[0]!.n;
    expect(await refer(friend, a)).toBe('applied');
    expect([await count(a), await count(b)]).toEqual([1, 0]);
    await sql('update public.profiles set referrer_id = $1 where id = $2', [b.id, friend.id]);
    expect([await count(a), await count(b)]).toEqual([0, 1]);
    await sql('delete from public.profiles where id = $1', [friend.id]);
    expect(await count(b)).toBe(0);
    // And everywhere in the database, whatever other tests did.
    const drift = await sql<{ n: number }>('select count(*)::int as n from public.profiles p where p.referral_count <> (select count(*) from public.profiles r where r.referrer_id = p.id)');
    expect(drift[0]!.n).toBe(0);
  });

  it('keeps the rank tally equal to the boards, before and after the scheduled job folds it', async () => {
    // Differences between the profiles' positions and the tally, per (board, score, sign-up month).
    const tallyDrift = async () =>
      (
        await sql<{ n: number }>(
          `with truth as (
           select 'balance' as board, bands_balance_cents as score, private.tally_month(created_at) as month, count(*)::int as n
             from public.profiles where bands_balance_cents > 0 group by 2, 3
           union all
           select 'referrers', referral_count, private.tally_month(created_at), count(*)::int
             from public.profiles where referral_code is not null group by 2, 3),
         tally as (
           select board, score, month, sum(profiles)::int as n from private.leaderboard_tally group by 1, 2, 3 having sum(profiles) <> 0)
         select ((select count(*) from (select * from truth except select * from tally) a) + (select count(*) from (select * from tally except select * from truth) b))::int as n`,
        )
      )[0]!.n;
    const [spender, leaver] = await Promise.all([createUser('customer'), createUser('customer')]);
    await creditBands(spender, 1_500);
    await sql(`select private.post_bands($1, -1500, 'admin_adjustment', gen_random_uuid()::text, 'test')`, [spender.id]);
    await creditBands(leaver, 900);
    await sql('select private.scrub_account($1)', [leaver.id]);
    expect(await tallyDrift()).toBe(0);
    await sql('select private.compact_leaderboard_tally()');
    expect(await tallyDrift()).toBe(0);
    const keys = await sql<{ n: number }>('select count(*)::int as n from (select 1 from private.leaderboard_tally group by board, score, month having count(*) > 1) k');
    expect(keys[0]!.n).toBe(0);
  });
});

describe('my_referrals', () => {
  it("lists the caller's invitees newest first with their progress and the bonus: pending, paid, reversed, capped", async () => {
    const referrer = await createUser('customer', { first: 'Rik', last: 'Referent' });
    const bonus = await appConfig('referral_bonus_cents');
    const invite = async (first: string, minutesAgo: number) => {
      const friend = await createUser('customer', { first, last: 'Geheimachternaam' });
      await sql(`update public.profiles set created_at = now() - make_interval(mins => $2) where id = $1`, [friend.id, minutesAgo]);
      expect(await refer(friend, referrer)).toBe('applied');
      return friend;
    };
    await invite('Nieuw', 1);
    const requested = await invite('Vraagt', 2);
    const played = await invite('Speelt', 3);
    const refunded = await invite('Terug', 4);

    await createBooking(requested, act, 'pending', nextWindow());
    const playedBooking = await createBooking(played, act, 'accepted', nextWindow());
    await payBooking(playedBooking);
    await completeBooking(playedBooking);
    const refundedBooking = await createBooking(refunded, act, 'accepted', nextWindow());
    const total = await payBooking(refundedBooking);
    await completeBooking(refundedBooking);
    expect((await serviceClient().rpc('record_payment_refund', { provider_payment_id: `tr_${refundedBooking}`, refunded_cents: total })).error).toBeNull();

    const list = await referralsOf(referrer);
    expect(list.map((row) => [row.display_name, row.bonus_status, row.bonus_cents])).toEqual([
      ['Nieuw G.', 'pending', 0],
      ['Vraagt G.', 'pending', 0],
      ['Speelt G.', 'paid', bonus],
      ['Terug G.', 'reversed', 0],
    ]);
    expect(list[0]).toMatchObject({ first_booking_at: null, completed_at: null });
    expect(list[1]!.first_booking_at).not.toBeNull();
    expect(list[1]!.completed_at).toBeNull();
    expect(list[2]!.completed_at).not.toBeNull();
    expect(Date.parse(list[2]!.signed_up_at)).toBeLessThan(Date.parse(list[1]!.signed_up_at));
    expect(Object.keys(list[0]!).sort()).toEqual(['avatar_path', 'bonus_cents', 'bonus_status', 'completed_at', 'display_name', 'first_booking_at', 'signed_up_at']);
    const answer = JSON.stringify(list);
    expect(answer).not.toContain('Geheimachternaam');
    expect(answer).not.toContain('@');
    expect(answer).not.toContain(await referralCodeOf(played));

    // The invitee and anyone else see none of it.
    expect(await referralsOf(played)).toEqual([]);
    expect(await referralsOf(await createUser('customer'))).toEqual([]);
  });

  it("says capped when a completed booking paid no bonus: the month's cap, or the referrer's own act", async () => {
    const referrer = await createUser('artist', { first: 'Kees', last: 'Kapper' });
    const ownAct = await createArtist(referrer);
    const [capped, ownActFriend] = await Promise.all([createUser('customer', { first: 'Cap' }), createUser('customer', { first: 'Eigen' })]);
    await sql(`update public.profiles set created_at = created_at - interval '1 minute' where id = $1`, [ownActFriend.id]);
    for (const friend of [capped, ownActFriend]) expect(await refer(friend, referrer)).toBe('applied');

    const ownBooking = await createBooking(ownActFriend, ownAct, 'accepted', nextWindow());
    await payBooking(ownBooking);
    await completeBooking(ownBooking);
    const cap = await appConfig('referral_bonus_monthly_cap');
    for (let i = 0; i < cap; i++) await sql(`select private.post_bands($1, 1000, 'referral_bonus', gen_random_uuid()::text, 'eerder deze maand')`, [referrer.id]);
    const cappedBooking = await createBooking(capped, act, 'accepted', nextWindow());
    await payBooking(cappedBooking);
    await completeBooking(cappedBooking);

    expect((await referralsOf(referrer)).map((row) => [row.display_name, row.bonus_status, row.bonus_cents, row.completed_at !== null])).toEqual([
      ['Cap C.', 'capped', 0, true],
      ['Eigen C.', 'capped', 0, true],
    ]);
  });
});

describe('no one else’s e-mail, code or full name', () => {
  it('in either board, the own rows included', async () => {
    const [viewer, rich] = await Promise.all([createUser('customer'), createUser('customer', { first: 'Rijk', last: 'Verborgennaam' })]);
    const [{ top }] = (await sql<{ top: number }>('select coalesce(max(bands_balance_cents), 0)::int as top from public.profiles')) as [{ top: number }];
    await creditBands(rich, top + 1);
    const answers = JSON.stringify([await balanceBoard(viewer, 100), await referrersBoard(viewer, 100)]);
    expect(answers).toContain('Rijk V.');
    expect(answers).not.toContain('Verborgennaam');
    expect(answers).not.toContain('@');
    expect(answers).not.toContain(await referralCodeOf(rich));
    for (const row of [...(await balanceBoard(viewer)), ...(await referrersBoard(viewer))]) {
      expect(Object.keys(row).sort()).toEqual(expect.arrayContaining(['avatar_path', 'display_name', 'is_current_user', 'rank']));
      expect(Object.keys(row)).toHaveLength(5);
    }
  });
});

describe('guests', () => {
  it.each(['leaderboard_top_balance', 'leaderboard_top_referrers', 'my_referrals'])('are refused %s', async (fn) => {
    expect((await anonClient().rpc(fn)).error?.code).toBe('42501');
  });

  it('read no transactions', async () => {
    expect((await anonClient().from('bands_transactions').select('id, amount_cents').limit(1)).error?.code).toBe('42501');
  });
});

describe('transactions (SPEC 7.2)', () => {
  it('pages by row range, newest first, own rows only, with the spec’s columns', async () => {
    const [owner, other] = await Promise.all([createUser('customer'), createUser('customer')]);
    for (let i = 1; i <= 25; i++) {
      await sql(
        `insert into public.bands_transactions (user_id, amount_cents, type, reason, source, created_at)
         values ($1, $2, 'admin_adjustment', $3, gen_random_uuid()::text, now() - make_interval(mins => $4))`,
        [owner.id, i * 10, `Boeking ${i}`, 100 - i],
      );
    }
    await creditBands(other, 999);
    const page = async (reader: TestUser, userId: string, n: number, size = 10) => {
      const from = (n - 1) * size;
      const { data, error } = await reader.client
        .from('bands_transactions')
        .select('id, amount_cents, type, reason, created_at, booking_id')
        .eq('user_id', userId)
        .order('created_at', { ascending: false })
        .range(from, from + size - 1);
      expect(error).toBeNull();
      return data!;
    };
    const pages = [await page(owner, owner.id, 1), await page(owner, owner.id, 2), await page(owner, owner.id, 3), await page(owner, owner.id, 4)];
    expect(pages.map((rows) => rows.length)).toEqual([10, 10, 5, 0]);
    expect(pages.flat().map((row) => row.reason)).toEqual(Array.from({ length: 25 }, (_, i) => `Boeking ${25 - i}`));
    expect(Object.keys(pages[0]![0]!).sort()).toEqual(['amount_cents', 'booking_id', 'created_at', 'id', 'reason', 'type']);

    expect(await page(owner, other.id, 1)).toEqual([]);
    const unfiltered = await owner.client.from('bands_transactions').select('id, user_id');
    expect(new Set(unfiltered.data!.map((row) => row.user_id))).toEqual(new Set([owner.id]));
    // What caused an entry and who wrote it stay with the server.
    for (const column of ['source', 'created_by', '*']) {
      expect((await owner.client.from('bands_transactions').select(column).limit(1)).error?.code).toBe('42501');
    }
  });
});

// The BANDS dashboard and leaderboards: the user's code (made by generate-referral-code
// when they have none, SPEC 7.3), a page of their ledger (SPEC 7.2's row ranges) with the booking
// each entry belongs to, the people they invited (my_referrals), both leaderboards with their own
// position (SPEC 6, 9) and the programme's amounts as app_config holds them. Keys sit under
// queryKeys.profiles: the balance is a profile field, and the realtime manager refreshes profiles.
import { leaderboardDefaultSize } from '@podium/shared/constants';
import { queryKeys } from '@podium/shared/query-keys';
import {
  bandsTransactions,
  generateReferralCode,
  myReferrals,
  topBalanceLeaderboard,
  topReferrersLeaderboard,
  type BalanceRow,
  type BandsTransactionType,
  type Referral,
  type ReferrersRow,
} from '@podium/shared/referral';
import type { PrivateClient, PrivateQuery } from './private-query.ts';
import { unwrap } from '@podium/shared/unwrap';

const bandsKey = [...queryKeys.profiles, 'bands'] as const;

async function signedInId(client: PrivateClient): Promise<string | null> {
  const { data } = await client.auth.getSession();
  return data.session?.user.id ?? null;
}

/** The user's own code: the one on their profile, or a new one from generate-referral-code (SPEC 7.3, 8.6). */
export function myReferralCodeQuery(): PrivateQuery<string> {
  return {
    queryKey: [...bandsKey, 'code'],
    async fetch(client) {
      const me = await signedInId(client);
      if (me) {
        const { data, error } = await client.from('profiles').select('referral_code').eq('id', me).maybeSingle();
        if (error) throw error;
        if (data?.referral_code) return data.referral_code;
      }
      const answer = await generateReferralCode(client);
      if (answer.error !== undefined) throw new Error(answer.error);
      return answer.referralCode;
    },
  };
}

/** The programme's rules as the database applies them (20261126001000_referral_rules.sql); null where a key is missing. */
export interface ReferralRules {
  welcomeBonusCents: number | null;
  referralBonusCents: number | null;
  codeWindowDays: number | null;
  welcomeValidDays: number | null;
  monthlyCap: number | null;
}

const ruleKeys = {
  welcomeBonusCents: 'welcome_bonus_cents',
  referralBonusCents: 'referral_bonus_cents',
  codeWindowDays: 'referral_code_window_days',
  welcomeValidDays: 'welcome_credit_valid_days',
  monthlyCap: 'referral_bonus_monthly_cap',
} as const satisfies Record<keyof ReferralRules, string>;

export function referralRulesQuery(): PrivateQuery<ReferralRules> {
  return {
    queryKey: ['app-config', 'referral'],
    async fetch(client) {
      const rows = unwrap(await client.from('app_config').select('key, value_int').in('key', Object.values(ruleKeys)));
      const values = new Map(rows.map((row) => [row.key, row.value_int]));
      return Object.fromEntries(Object.entries(ruleKeys).map(([rule, key]) => [rule, values.get(key) ?? null])) as unknown as ReferralRules;
    },
  };
}

/** The booking a ledger entry belongs to, when it is one of the user's own (a friend's booking stays theirs). */
export interface TransactionBooking {
  id: string;
  starts_at: string;
  status: string;
  artist: { name: string } | null;
}

export interface BandsTransaction {
  id: string;
  amount_cents: number;
  type: BandsTransactionType | string;
  reason: string;
  created_at: string;
  booking_id: string | null;
  booking: TransactionBooking | null;
}

export interface TransactionPage {
  rows: BandsTransaction[];
  total: number;
}

/** SPEC 7.2: one page of the user's ledger, newest first, by the spec's row range. */
export function bandsTransactionsQuery(page: number, pageSize: number): PrivateQuery<TransactionPage> {
  return {
    queryKey: [...bandsKey, 'transactions', pageSize, page],
    async fetch(client) {
      const me = await signedInId(client);
      if (!me) return { rows: [], total: 0 };
      const { rows, total } = await bandsTransactions(client, me, page, pageSize);
      const bookingIds = [...new Set(rows.map((row) => row.booking_id).filter((id): id is string => id !== null))];
      const bookings = bookingIds.length ? (unwrap(await client.from('bookings').select('id, starts_at, status, artist:artists(name)').in('id', bookingIds)) as unknown as TransactionBooking[]) : [];
      const byId = new Map(bookings.map((booking) => [booking.id, booking]));
      return { rows: rows.map((row) => ({ ...row, booking: row.booking_id ? (byId.get(row.booking_id) ?? null) : null })), total };
    },
  };
}

export function myReferralsQuery(): PrivateQuery<Referral[]> {
  return {
    queryKey: [...bandsKey, 'referrals'],
    fetch: myReferrals,
  };
}

export function balanceLeaderboardQuery(size = leaderboardDefaultSize): PrivateQuery<BalanceRow[]> {
  return {
    queryKey: [...bandsKey, 'leaderboard', 'balance', size],
    fetch: (client) => topBalanceLeaderboard(client, size),
  };
}

export function referrersLeaderboardQuery(size = leaderboardDefaultSize): PrivateQuery<ReferrersRow[]> {
  return {
    queryKey: [...bandsKey, 'leaderboard', 'referrers', size],
    fetch: (client) => topReferrersLeaderboard(client, size),
  };
}

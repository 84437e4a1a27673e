-- The referral dashboard: both leaderboards with the caller's own position, the
-- people the caller invited (my_referrals), and the transactions page of SPEC 7.2. Others are
-- only ever a display name and a photo; no e-mail, code or full name leaves these functions.

-- SPEC 3: the signups leaderboard's referral_count, the number of profiles whose referrer_id is
-- this profile. Kept exact by a trigger on every change of a referrer_id (a code applied, a
-- profile deleted), so the leaderboard reads one indexed column instead of counting per profile.
alter table public.profiles add column referral_count integer not null default 0
  constraint profiles_referral_count_not_negative check (referral_count >= 0);
comment on column public.profiles.referral_count is 'Profiles whose referrer_id is this profile; kept exact by trigger (profiles_referral_count).';

update public.profiles p set referral_count = c.n
  from (select referrer_id, count(*)::integer as n from public.profiles where referrer_id is not null group by referrer_id) c
 where p.id = c.referrer_id;

create function private.profiles_referral_count() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and old.referrer_id is not distinct from new.referrer_id then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.referrer_id is not null then
    update public.profiles set referral_count = referral_count - 1 where id = old.referrer_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.referrer_id is not null then
    update public.profiles set referral_count = referral_count + 1 where id = new.referrer_id;
  end if;
  return null;
end
$$;
revoke all on function private.profiles_referral_count() from public, anon, authenticated, service_role;

create trigger profiles_referral_count after insert or delete or update of referrer_id on public.profiles
  for each row execute function private.profiles_referral_count();

-- The boards' orders, with the id as the last tie-break so a rank is one number for one person.
-- Ranked on the balance board: a balance above zero; on the signups board: a referral code.
drop index public.profiles_balance_idx;
create index profiles_balance_rank_idx on public.profiles (bands_balance_cents desc, created_at, id)
  where bands_balance_cents > 0;
create index profiles_referral_rank_idx on public.profiles (referral_count desc, created_at, id)
  where referral_code is not null;

-- SPEC 6, 7.2 leaderboards: the top N (default 10, at most 100), then, when the caller is not
-- among them, one more row for the caller with their real rank in the same order, or a null rank
-- when they are not on the board at all. Signed-in users only. The caller's rank counts who is
-- ahead through the rank index (two range scans), never the whole board.
create or replace function public.leaderboard_top_balance(max_results integer default 10)
returns table (rank bigint, display_name text, avatar_path text, bands_balance_cents integer, is_current_user boolean)
language sql stable security definer
set search_path = ''
as $$
  with top as (
    select p.id, p.bands_balance_cents,
           row_number() over (order by p.bands_balance_cents desc, p.created_at, p.id) as rank
      from public.profiles p
     where p.bands_balance_cents > 0
     order by p.bands_balance_cents desc, p.created_at, p.id
     limit least(greatest(coalesce(max_results, 10), 1), 100)
  ),
  me as (
    select case when m.bands_balance_cents > 0 then 1
             + (select count(*) from public.profiles p
                 where p.bands_balance_cents > 0 and p.bands_balance_cents > m.bands_balance_cents)
             + (select count(*) from public.profiles p
                 where p.bands_balance_cents > 0 and p.bands_balance_cents = m.bands_balance_cents
                   and (p.created_at, p.id) < (m.created_at, m.id))
           end as rank,
           m.id, m.bands_balance_cents
      from public.profiles m
     where m.id = auth.uid() and not exists (select 1 from top t where t.id = m.id)
  ),
  board as (
    select t.rank, t.id, t.bands_balance_cents, 0 as part from top t
    union all
    select me.rank, me.id, me.bands_balance_cents, 1 from me
  )
  select b.rank, pp.display_name, pp.avatar_path, b.bands_balance_cents, b.id = auth.uid()
    from board b
    join public.public_profiles pp on pp.id = b.id
   order by b.part, b.rank
$$;
revoke all on function public.leaderboard_top_balance(integer) from public, anon;
grant execute on function public.leaderboard_top_balance(integer) to authenticated;

create or replace function public.leaderboard_top_referrers(max_results integer default 10)
returns table (rank bigint, display_name text, avatar_path text, referral_count bigint, is_current_user boolean)
language sql stable security definer
set search_path = ''
as $$
  with top as (
    select p.id, p.referral_count,
           row_number() over (order by p.referral_count desc, p.created_at, p.id) as rank
      from public.profiles p
     where p.referral_code is not null
     order by p.referral_count desc, p.created_at, p.id
     limit least(greatest(coalesce(max_results, 10), 1), 100)
  ),
  me as (
    select case when m.referral_code is not null then 1
             + (select count(*) from public.profiles p
                 where p.referral_code is not null and p.referral_count > m.referral_count)
             + (select count(*) from public.profiles p
                 where p.referral_code is not null and p.referral_count = m.referral_count
                   and (p.created_at, p.id) < (m.created_at, m.id))
           end as rank,
           m.id, m.referral_count
      from public.profiles m
     where m.id = auth.uid() and not exists (select 1 from top t where t.id = m.id)
  ),
  board as (
    select t.rank, t.id, t.referral_count, 0 as part from top t
    union all
    select me.rank, me.id, me.referral_count, 1 from me
  )
  select b.rank, pp.display_name, pp.avatar_path, b.referral_count::bigint, b.id = auth.uid()
    from board b
    join public.public_profiles pp on pp.id = b.id
   order by b.part, b.rank
$$;
revoke all on function public.leaderboard_top_referrers(integer) from public, anon;
grant execute on function public.leaderboard_top_referrers(integer) to authenticated;

-- The people the caller invited, newest first: their public name and photo, when they signed up,
-- made their first booking request (any status) and had their first booking completed, and the
-- caller's net bonus for them (referral_bonus minus referral_reversal). bonus_status:
--   'reversed' a bonus was paid and taken back (the booking's payment was refunded); bonus_cents
--              is what is left of it (0, or more when the balance could not cover the reversal);
--   'paid'     the bonus was paid and stands;
--   'capped'   a booking of theirs was completed but no bonus was paid: the referrer's monthly
--              cap (referral_bonus_monthly_cap) was reached, or the act was the referrer's own.
--              A later completed booking may still pay it, and the status becomes 'paid';
--   'pending'  no completed booking yet.
create function public.my_referrals()
returns table (display_name text, avatar_path text, signed_up_at timestamptz, first_booking_at timestamptz,
               completed_at timestamptz, bonus_cents integer, bonus_status text)
language sql stable security definer
set search_path = ''
as $$
  select pp.display_name, pp.avatar_path, r.created_at, b.first_booking_at, b.completed_at,
         coalesce(bonus.amount_cents + coalesce(reversal.amount_cents, 0), 0),
         case
           when reversal.id is not null then 'reversed'
           when bonus.id is not null then 'paid'
           when b.completed_at is not null then 'capped'
           else 'pending'
         end
    from public.profiles r
    join public.public_profiles pp on pp.id = r.id
    left join lateral (
      select min(x.created_at) as first_booking_at, min(x.completed_at) as completed_at
        from public.bookings x where x.customer_id = r.id
    ) b on true
    left join public.bands_transactions bonus
      on bonus.type = 'referral_bonus' and bonus.source = r.id::text and bonus.user_id = r.referrer_id
    left join public.bands_transactions reversal
      on reversal.type = 'referral_reversal' and reversal.source = bonus.id::text and reversal.user_id = r.referrer_id
   where r.referrer_id = auth.uid()
   order by r.created_at desc, r.id desc
$$;
revoke all on function public.my_referrals() from public, anon;
grant execute on function public.my_referrals() to authenticated;

-- SPEC 7.2 transactions page: select id, amount_cents, type, reason, created_at, booking_id where
-- user_id is the caller, newest first, by row range. Signed-in users read exactly those columns
-- (and user_id to filter on) of their own rows (the policy of 20261122000500); what caused an
-- entry (source) and who wrote it stay with the server. The index serves the order and carries
-- the columns, so a deep page is an index-only walk over the user's own entries.
revoke select on public.bands_transactions from authenticated;
grant select (id, user_id, amount_cents, type, reason, created_at, booking_id) on public.bands_transactions to authenticated;
drop index public.bands_transactions_user_idx;
create index bands_transactions_user_idx on public.bands_transactions (user_id, created_at desc, id desc)
  include (amount_cents, type, reason, booking_id);

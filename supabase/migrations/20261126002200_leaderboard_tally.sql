-- Leaderboard ranks at scale: a caller's own rank is summed over a tally of ranked profiles per
-- (board, score, sign-up month) instead of counting everyone ahead of them (docs/performance.md):
--   1 + (ranked profiles with a higher score: a sum over the tally)
--     + (same score, signed up in an earlier month: a sum over the tally)
--     + (same score, same month, before the caller in the board's order: counted in the index).
-- The tally is insert-only (-1 for the old key, +1 for the new), so no writer waits on a shared
-- counter in the money path; a scheduled job folds the rows of one key into one.

create table private.leaderboard_tally (
  board text not null check (board in ('balance', 'referrers')),
  score integer not null,
  month date not null,
  profiles integer not null
);
comment on table private.leaderboard_tally is 'Ranked profiles per (board, score, sign-up month), as +1/-1 rows folded by compact_leaderboard_tally; maintained by trigger on profiles.';
create index leaderboard_tally_key_idx on private.leaderboard_tally (board, score, month) include (profiles);
alter table private.leaderboard_tally enable row level security;
revoke all on private.leaderboard_tally from public, anon, authenticated, service_role;

-- The sign-up month of a board position (UTC, so it never depends on the session's time zone).
create function private.tally_month(signed_up timestamptz) returns date
language sql immutable
set search_path = ''
as $$
  select (date_trunc('month', signed_up at time zone 'UTC'))::date
$$;

-- Who is ranked where: balance above zero on the balance board, a referral code on the signups
-- board (the boards of 20261126002000_referral_dashboard.sql).
create function private.tally_leaderboards() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into private.leaderboard_tally (board, score, month, profiles)
  select e.board, e.score, private.tally_month(e.signed_up), sum(e.delta)::integer
    from (values
      ('balance', old.bands_balance_cents, old.created_at, old.bands_balance_cents > 0, -1),
      ('balance', new.bands_balance_cents, new.created_at, new.bands_balance_cents > 0, 1),
      ('referrers', old.referral_count, old.created_at, old.referral_code is not null, -1),
      ('referrers', new.referral_count, new.created_at, new.referral_code is not null, 1)
    ) e (board, score, signed_up, ranked, delta)
   where e.ranked
   group by e.board, e.score, private.tally_month(e.signed_up)
  having sum(e.delta) <> 0;
  return null;
end
$$;
revoke all on function private.tally_leaderboards() from public, anon, authenticated, service_role;

create trigger profiles_tally_leaderboards
  after insert or delete or update of bands_balance_cents, referral_count, referral_code, created_at on public.profiles
  for each row execute function private.tally_leaderboards();

-- The tally from scratch (this migration, and the scale seed, which writes with triggers off).
create function private.rebuild_leaderboard_tally() returns void
language sql security definer
set search_path = ''
as $$
  delete from private.leaderboard_tally;
  insert into private.leaderboard_tally (board, score, month, profiles)
    select 'balance', p.bands_balance_cents, private.tally_month(p.created_at), count(*)
      from public.profiles p where p.bands_balance_cents > 0 group by 2, 3
    union all
    select 'referrers', p.referral_count, private.tally_month(p.created_at), count(*)
      from public.profiles p where p.referral_code is not null group by 2, 3;
$$;
revoke all on function private.rebuild_leaderboard_tally() from public, anon, authenticated, service_role;
select private.rebuild_leaderboard_tally();

-- One row per key again; keys that add up to nothing go. Rows written while it runs are not in
-- its snapshot and stay for the next run, so every sum is the same before, during and after.
create function private.compact_leaderboard_tally() returns integer
language sql security definer
set search_path = ''
as $$
  with folded as (
    delete from private.leaderboard_tally t
     where (t.board, t.score, t.month) in (
       select board, score, month from private.leaderboard_tally group by 1, 2, 3 having count(*) > 1 or sum(profiles) = 0)
    returning t.board, t.score, t.month, t.profiles
  ),
  merged as (
    insert into private.leaderboard_tally (board, score, month, profiles)
    select board, score, month, sum(profiles) from folded group by 1, 2, 3 having sum(profiles) <> 0
  )
  select count(*)::integer from folded
$$;
revoke all on function private.compact_leaderboard_tally() from public, anon, authenticated, service_role;

insert into private.scheduled_jobs (name, every_minutes, command) values
  ('compact-leaderboard-tally', 1, 'select private.compact_leaderboard_tally()');
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('compact-leaderboard-tally', '* * * * *', 'select private.compact_leaderboard_tally()');
  end if;
end
$$;

-- A ranked profile's position on a board: the order of the board's list (score descending, then
-- created_at, then id), counted through the tally.
create function private.leaderboard_rank(board text, score integer, signed_up timestamptz, profile uuid) returns bigint
language sql stable security definer
set search_path = ''
as $$
  select 1
    + coalesce((select sum(t.profiles) from private.leaderboard_tally t where t.board = $1 and t.score > $2), 0)
    + coalesce((select sum(t.profiles) from private.leaderboard_tally t
                 where t.board = $1 and t.score = $2 and t.month < private.tally_month($3)), 0)
    + case $1
        when 'balance' then (
          select count(*) from public.profiles p
           where p.bands_balance_cents > 0 and p.bands_balance_cents = $2
             and p.created_at >= private.tally_month($3)::timestamp at time zone 'UTC' and (p.created_at, p.id) < ($3, $4))
        else (
          select count(*) from public.profiles p
           where p.referral_code is not null and p.referral_count = $2
             and p.created_at >= private.tally_month($3)::timestamp at time zone 'UTC' and (p.created_at, p.id) < ($3, $4))
      end
$$;
revoke all on function private.leaderboard_rank(text, integer, timestamptz, uuid) from public, anon, authenticated, service_role;

-- Both boards, as before (20261126002000_referral_dashboard.sql), in one function: the top N and
-- the caller's own row, now with its rank from the tally, and each listed name looked up by id (a
-- generic plan cannot tell that the list holds at most 100 rows, and would otherwise read every
-- public profile to join them). part 0 is the list, part 1 the caller's own row.
create function private.leaderboard(board text, max_results integer)
returns table (part integer, rank bigint, display_name text, avatar_path text, score integer, is_current_user boolean)
language sql stable security definer
set search_path = ''
as $$
  with top as (
    (select p.id, p.bands_balance_cents as score,
            row_number() over (order by p.bands_balance_cents desc, p.created_at, p.id) as rank
       from public.profiles p
      where $1 = 'balance' and p.bands_balance_cents > 0
      order by p.bands_balance_cents desc, p.created_at, p.id
      limit least(greatest(coalesce($2, 10), 1), 100))
    union all
    (select p.id, p.referral_count,
            row_number() over (order by p.referral_count desc, p.created_at, p.id)
       from public.profiles p
      where $1 = 'referrers' and p.referral_code is not null
      order by p.referral_count desc, p.created_at, p.id
      limit least(greatest(coalesce($2, 10), 1), 100))
  ),
  me as (
    select m.id, m.created_at,
           case $1 when 'balance' then m.bands_balance_cents else m.referral_count end as score,
           case $1 when 'balance' then m.bands_balance_cents > 0 else m.referral_code is not null end as ranked
      from public.profiles m
     where m.id = auth.uid() and not exists (select 1 from top t where t.id = m.id)
  ),
  board as (
    select 0 as part, t.rank, t.id, t.score from top t
    union all
    select 1, case when me.ranked then private.leaderboard_rank($1, me.score, me.created_at, me.id) end, me.id, me.score from me
  )
  select b.part, b.rank, pp.display_name, pp.avatar_path, b.score, b.id = auth.uid()
    from board b
    cross join lateral (select p.display_name, p.avatar_path from public.public_profiles p where p.id = b.id offset 0) pp
$$;
revoke all on function private.leaderboard(text, integer) from public, anon, authenticated, service_role;

create or replace function public.leaderboard_top_balance(max_results integer default 10)
returns table (rank bigint, display_name text, avatar_path text, bands_balance_cents integer, is_current_user boolean)
language sql stable security definer
set search_path = ''
as $$
  select l.rank, l.display_name, l.avatar_path, l.score, l.is_current_user
    from private.leaderboard('balance', max_results) l
   order by l.part, l.rank
$$;
revoke all on function public.leaderboard_top_balance(integer) from public, anon;
grant execute on function public.leaderboard_top_balance(integer) to authenticated;

create or replace function public.leaderboard_top_referrers(max_results integer default 10)
returns table (rank bigint, display_name text, avatar_path text, referral_count bigint, is_current_user boolean)
language sql stable security definer
set search_path = ''
as $$
  select l.rank, l.display_name, l.avatar_path, l.score::bigint, l.is_current_user
    from private.leaderboard('referrers', max_results) l
   order by l.part, l.rank
$$;
revoke all on function public.leaderboard_top_referrers(integer) from public, anon;
grant execute on function public.leaderboard_top_referrers(integer) to authenticated;

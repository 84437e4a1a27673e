-- BANDS (SPEC 3, 4.5, 7.2): an append-only ledger; profiles.bands_balance_cents is its running
-- sum, never negative, and both are written by one definer function under a row lock on the
-- profile. Referral rules, leaderboards and admin adjustments sit on top of it.

create table public.bands_transactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  amount_cents integer not null check (amount_cents <> 0),
  type text not null check (type in ('welcome_bonus', 'referral_bonus', 'booking_redeem', 'refund', 'admin_adjustment')),
  reason text not null default '',
  -- What caused the entry (a user id, a booking id, an adjustment id). One entry per (type, source):
  -- a bonus, a redemption or a refund can never be written twice.
  source text not null,
  booking_id uuid,
  created_by uuid,
  created_at timestamptz not null default now(),
  constraint bands_transactions_once_per_source unique (type, source),
  constraint bands_transactions_sign check (
    case type
      when 'booking_redeem' then amount_cents < 0
      when 'admin_adjustment' then true
      else amount_cents > 0
    end)
);
comment on table public.bands_transactions is 'Append-only BANDS ledger; write through private.post_bands only.';
create index bands_transactions_user_idx on public.bands_transactions (user_id, created_at desc);
create index bands_transactions_booking_idx on public.bands_transactions (booking_id);
alter table public.bands_transactions enable row level security;

-- Append-only for every role, superusers included. Deleting a whole account (the cascade from
-- profiles) is the one exception.
create function private.bands_transactions_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and pg_trigger_depth() > 1 then
    return old;
  end if;
  raise exception 'bands_transactions is append-only' using errcode = '42501';
end
$$;

create trigger bands_transactions_append_only before update or delete on public.bands_transactions
  for each row execute function private.bands_transactions_append_only();

revoke all on public.bands_transactions from anon, authenticated, service_role;
grant select on public.bands_transactions to authenticated, service_role;

create policy "bands_transactions: own or admin" on public.bands_transactions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

-- The one writer of BANDS. Locks the profile row, refuses to go below zero, writes the ledger
-- entry and the balance together. A second entry for the same (type, source) changes nothing
-- and returns null.
create function private.post_bands(
  target_user uuid, amount integer, entry_type text, entry_source text, entry_reason text, entry_booking uuid default null
) returns public.bands_transactions
language plpgsql security definer
set search_path = ''
as $$
declare
  balance integer;
  entry public.bands_transactions;
begin
  select bands_balance_cents into balance from public.profiles where id = target_user for update;
  if not found then
    raise exception 'Profiel niet gevonden.' using errcode = 'P0002';
  end if;
  if balance + amount < 0 then
    raise exception 'Onvoldoende BANDS-saldo.' using errcode = 'P0001';
  end if;
  insert into public.bands_transactions (user_id, amount_cents, type, reason, source, booking_id, created_by)
  values (target_user, amount, entry_type, coalesce(entry_reason, ''), entry_source, entry_booking, auth.uid())
  on conflict on constraint bands_transactions_once_per_source do nothing
  returning * into entry;
  if entry.id is null then
    return null;
  end if;
  update public.profiles set bands_balance_cents = bands_balance_cents + amount where id = target_user;
  return entry;
end
$$;

-- SPEC 4.5 / 5.2: apply a pending referral code. Returns what happened, so the client can
-- clear the pending code either way: applied, ignored (placeholder or empty), already_referred,
-- unknown_code or own_code. On success the referred user gets the welcome credit.
create function public.apply_referral_code(code text) returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  current_referrer uuid;
  referrer uuid;
  normalized text := lower(trim(coalesce(code, '')));
  bonus integer;
begin
  if me is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if normalized = '' or normalized = 'code-x-1234' then
    return 'ignored';
  end if;
  select referrer_id into current_referrer from public.profiles where id = me for update;
  if not found then
    raise exception 'Profiel niet gevonden.' using errcode = 'P0002';
  end if;
  if current_referrer is not null then
    return 'already_referred';
  end if;
  select id into referrer from public.profiles where lower(referral_code) = normalized;
  if referrer is null then
    return 'unknown_code';
  end if;
  if referrer = me then
    return 'own_code';
  end if;
  update public.profiles set referrer_id = referrer where id = me;
  bonus := coalesce(private.config_int('welcome_bonus_cents'), 0);
  if bonus > 0 then
    perform private.post_bands(me, bonus, 'welcome_bonus', me::text, 'Welkomstbonus via uitnodiging');
  end if;
  return 'applied';
end
$$;
revoke all on function public.apply_referral_code(text) from public, anon;
grant execute on function public.apply_referral_code(text) to authenticated;

-- SPEC 7.3 generate-referral-code: the caller's code, created when missing.
create function public.ensure_referral_code() returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  code text;
begin
  if me is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select referral_code into code from public.profiles where id = me for update;
  if not found then
    raise exception 'Profiel niet gevonden.' using errcode = 'P0002';
  end if;
  if code is null then
    code := private.new_referral_code();
    update public.profiles set referral_code = code where id = me;
  end if;
  return code;
end
$$;
revoke all on function public.ensure_referral_code() from public, anon;
grant execute on function public.ensure_referral_code() to authenticated;

-- The referrer's bonus, when the referred customer's first booking is paid. Called by the
-- booking transition to confirmed; the (type, source = referred user) key pays it once.
create function private.grant_referral_bonus(customer uuid, paid_booking uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  referrer uuid;
  bonus integer := coalesce(private.config_int('referral_bonus_cents'), 0);
  entry public.bands_transactions;
begin
  select referrer_id into referrer from public.profiles where id = customer;
  if referrer is null or bonus <= 0 then
    return;
  end if;
  entry := private.post_bands(referrer, bonus, 'referral_bonus', customer::text, 'Uitnodigingsbonus: eerste betaalde boeking', paid_booking);
  if entry.id is not null then
    update public.profiles set referral_acquisition_bonus_uses = referral_acquisition_bonus_uses + 1 where id = referrer;
  end if;
end
$$;

-- Admins (or server code) correct a balance; the ledger keeps why.
create function public.admin_adjust_bands(target_user uuid, amount integer, reason text)
returns public.bands_transactions
language plpgsql security definer
set search_path = ''
as $$
declare
  entry public.bands_transactions;
begin
  if not (public.is_admin() or public.is_service_role()) then
    raise exception 'Alleen een beheerder kan BANDS-saldo aanpassen.' using errcode = '42501';
  end if;
  if coalesce(trim(reason), '') = '' then
    raise exception 'Geef een reden op.' using errcode = 'P0001';
  end if;
  entry := private.post_bands(target_user, amount, 'admin_adjustment', gen_random_uuid()::text, reason);
  insert into public.admin_audit_log (actor_id, action, table_name, record_id, details)
  values (auth.uid(), 'adjust_bands', 'bands_transactions', entry.id::text,
    jsonb_build_object('user_id', target_user, 'amount_cents', amount, 'reason', reason));
  return entry;
end
$$;
revoke all on function public.admin_adjust_bands(uuid, integer, text) from public, anon;
grant execute on function public.admin_adjust_bands(uuid, integer, text) to authenticated, service_role;

-- SPEC 7.2 leaderboards, server-side: a display name and the score, nothing else of anyone.
create function public.leaderboard_top_balance(max_results integer default 10)
returns table (rank bigint, display_name text, avatar_path text, bands_balance_cents integer, is_current_user boolean)
language sql stable security definer
set search_path = ''
as $$
  select row_number() over (order by p.bands_balance_cents desc, p.created_at),
         pp.display_name, pp.avatar_path, p.bands_balance_cents, p.id = auth.uid()
    from public.profiles p
    join public.public_profiles pp on pp.id = p.id
   where p.bands_balance_cents > 0
   order by p.bands_balance_cents desc, p.created_at
   limit least(greatest(coalesce(max_results, 10), 1), 100)
$$;
revoke all on function public.leaderboard_top_balance(integer) from public, anon;
grant execute on function public.leaderboard_top_balance(integer) to authenticated;

create function public.leaderboard_top_referrers(max_results integer default 10)
returns table (rank bigint, display_name text, avatar_path text, referral_count bigint, is_current_user boolean)
language sql stable security definer
set search_path = ''
as $$
  with counts as (
    select p.id, p.created_at, (select count(*) from public.profiles r where r.referrer_id = p.id) as referral_count
      from public.profiles p
     where p.referral_code is not null
  )
  select row_number() over (order by c.referral_count desc, c.created_at),
         pp.display_name, pp.avatar_path, c.referral_count, c.id = auth.uid()
    from counts c
    join public.public_profiles pp on pp.id = c.id
   order by c.referral_count desc, c.created_at
   limit least(greatest(coalesce(max_results, 10), 1), 100)
$$;
revoke all on function public.leaderboard_top_referrers(integer) from public, anon;
grant execute on function public.leaderboard_top_referrers(integer) to authenticated;

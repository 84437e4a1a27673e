-- profiles (SPEC 3): one per auth user, created only by the trigger on auth.users. Private to
-- its owner and admins; what others may see (display name, avatar) lives in public_profiles.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  role text not null default 'customer' check (role in ('customer', 'artist', 'admin')),
  email text,
  email_verified boolean not null default false,
  first_name text not null default '',
  last_name text not null default '',
  phone text,
  avatar_path text,
  referral_code text,
  bands_balance_cents integer not null default 0 constraint profiles_bands_balance_not_negative check (bands_balance_cents >= 0),
  referrer_id uuid references public.profiles (id) on delete set null,
  referral_acquisition_bonus_uses integer not null default 0 check (referral_acquisition_bonus_uses >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_no_self_referral check (referrer_id is distinct from id),
  constraint profiles_first_name_length check (char_length(first_name) <= 100),
  constraint profiles_last_name_length check (char_length(last_name) <= 100),
  constraint profiles_phone_length check (char_length(phone) <= 30)
);
comment on column public.profiles.referral_acquisition_bonus_uses is 'How many referral bonuses this profile has earned (referred users whose first booking was paid).';
-- Codes compare case-insensitively (SPEC 4.5), so they are unique case-insensitively too.
create unique index profiles_referral_code_key on public.profiles (lower(referral_code));
create index profiles_referrer_id_idx on public.profiles (referrer_id);
create index profiles_balance_idx on public.profiles (bands_balance_cents desc) where bands_balance_cents > 0;
alter table public.profiles enable row level security;

-- What anyone may know about a person: a display name and an avatar. Kept in step with
-- profiles by trigger; chat, reviews and leaderboards join this, never profiles.
create table public.public_profiles (
  id uuid primary key references public.profiles (id) on delete cascade,
  first_name text not null,
  last_name text not null,
  display_name text not null,
  avatar_path text
);
comment on table public.public_profiles is 'Public face of a profile (names, avatar); maintained by trigger from profiles.';
alter table public.public_profiles enable row level security;

-- The admin check every policy uses. Definer so it reads profiles past RLS; stable so a
-- statement evaluates it once.
create function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.profiles where id = auth.uid() and role = 'admin')
$$;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- True for the payment webhook, the scheduler and other server code using the service key.
create function public.is_service_role() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(auth.role(), '') = 'service_role'
$$;
grant execute on function public.is_service_role() to anon, authenticated, service_role;

create function private.new_referral_code() returns text
language plpgsql volatile
set search_path = ''
as $$
declare
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  candidate text;
begin
  loop
    candidate := '';
    for i in 1..8 loop
      candidate := candidate || substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1);
    end loop;
    exit when not exists (select 1 from public.profiles where lower(referral_code) = lower(candidate));
  end loop;
  return candidate;
end
$$;

create function private.display_name(first_name text, last_name text) returns text
language sql immutable
set search_path = ''
as $$
  select coalesce(nullif(trim(concat_ws(' ', nullif(trim(first_name), ''),
    case when nullif(trim(last_name), '') is not null then upper(left(trim(last_name), 1)) || '.' end)), ''), 'Podium-gebruiker')
$$;

-- New auth user → profile. Names from the signup metadata (SPEC 3); the role only when it is
-- customer or artist (metadata is user-controlled: nobody signs up as admin).
create function private.handle_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
begin
  insert into public.profiles (id, role, email, email_verified, first_name, last_name, referral_code)
  values (
    new.id,
    case when meta ->> 'role' in ('customer', 'artist') then meta ->> 'role' else 'customer' end,
    new.email,
    new.email_confirmed_at is not null,
    left(trim(coalesce(meta ->> 'first_name', '')), 100),
    left(trim(coalesce(meta ->> 'last_name', '')), 100),
    private.new_referral_code()
  );
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

create function private.sync_user_email() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.profiles
     set email = new.email,
         email_verified = new.email_confirmed_at is not null,
         updated_at = now()
   where id = new.id
     and (email is distinct from new.email or email_verified is distinct from (new.email_confirmed_at is not null));
  return new;
end
$$;

create trigger on_auth_user_email_changed after update of email, email_confirmed_at on auth.users
  for each row execute function private.sync_user_email();

-- Clients may write email_verified (SPEC 4.1 sets it after an OAuth sign-in), but it can only
-- ever say what auth.users says: the value is taken from there, whatever was sent.
create function private.profiles_before_update() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') in ('authenticated', 'anon') then
    new.email_verified := exists (select 1 from auth.users u where u.id = new.id and u.email_confirmed_at is not null);
  end if;
  new.first_name := left(trim(new.first_name), 100);
  new.last_name := left(trim(new.last_name), 100);
  new.updated_at := now();
  return new;
end
$$;

create trigger profiles_before_update before update on public.profiles
  for each row execute function private.profiles_before_update();

create function private.sync_public_profile() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.public_profiles (id, first_name, last_name, display_name, avatar_path)
  values (new.id, new.first_name, new.last_name, private.display_name(new.first_name, new.last_name), new.avatar_path)
  on conflict (id) do update
    set first_name = excluded.first_name,
        last_name = excluded.last_name,
        display_name = excluded.display_name,
        avatar_path = excluded.avatar_path;
  return new;
end
$$;

create trigger profiles_sync_public after insert or update of first_name, last_name, avatar_path on public.profiles
  for each row execute function private.sync_public_profile();

-- Grants: read your own row; edit only your own names, phone and avatar (and email_verified,
-- which the trigger above pins to the truth). Role, balance, referrer and referral code change
-- only through definer functions.
revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
grant update (first_name, last_name, phone, avatar_path, email_verified, updated_at) on public.profiles to authenticated;

create policy "profiles: own row or admin" on public.profiles
  for select to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()));

create policy "profiles: edit own row, admins any" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()))
  with check (id = (select auth.uid()) or (select public.is_admin()));

revoke all on public.public_profiles from anon, authenticated, service_role;
grant select on public.public_profiles to anon, authenticated, service_role;

create policy "public_profiles: readable by everyone" on public.public_profiles
  for select to anon, authenticated
  using (true);

-- Policies of the foundation tables, now that is_admin exists.
revoke all on public.app_config from anon, authenticated;
grant select on public.app_config to anon, authenticated;
grant update (value_int) on public.app_config to authenticated;

create policy "app_config: readable by everyone" on public.app_config
  for select to anon, authenticated
  using (true);

create policy "app_config: admins edit" on public.app_config
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

revoke all on public.admin_audit_log from anon, authenticated;
grant select on public.admin_audit_log to authenticated;

create policy "admin_audit_log: admins read" on public.admin_audit_log
  for select to authenticated
  using ((select public.is_admin()));

-- Generic audit trigger: records writes an admin makes through the API.
create function private.audit_admin_write() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  changed jsonb;
  row_id text;
begin
  if not public.is_admin() then
    return coalesce(new, old);
  end if;
  if tg_op = 'UPDATE' then
    select coalesce(jsonb_object_agg(n.key, jsonb_build_object('from', o.value, 'to', n.value)), '{}'::jsonb)
      into changed
      from jsonb_each(to_jsonb(new)) n
      join jsonb_each(to_jsonb(old)) o using (key)
     where n.value is distinct from o.value and n.key not in ('updated_at', 'search_text');
  else
    changed := to_jsonb(coalesce(new, old));
  end if;
  row_id := coalesce(to_jsonb(new), to_jsonb(old)) ->> (case when tg_table_name = 'app_config' then 'key' else 'id' end);
  insert into public.admin_audit_log (actor_id, action, table_name, record_id, details)
  values (auth.uid(), lower(tg_op), tg_table_name, row_id, changed);
  return coalesce(new, old);
end
$$;

create trigger app_config_audit after update on public.app_config
  for each row execute function private.audit_admin_write();

-- Foundation: privileges narrower than hosted Supabase's defaults, the private schema for
-- internal helpers, text and distance helpers, the config table and the admin audit log.

-- Hosted Supabase grants every new table, sequence and function in public to anon and
-- authenticated. Here nothing is granted by default: each table and function below states
-- exactly who may do what. service_role keeps its defaults (it bypasses RLS anyway), except
-- where a table revokes them explicitly.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
-- Functions are executable by PUBLIC by default, in every schema: not for this project.
alter default privileges revoke execute on functions from public;

-- Internal helpers (ledger writes, triggers) live outside the API schemas: PostgREST never
-- exposes them and the API roles cannot call them.
create schema if not exists private;
revoke all on schema private from public, anon, authenticated;
grant usage on schema private to service_role;

-- Lowercase and strip accents, so 'Café Brasserie' matches 'cafe brasserie'. immutable so it
-- can back indexes; unaccent's dictionary is named explicitly for that reason.
create function public.fold_text(value text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(value, '')))
$$;
grant execute on function public.fold_text(text) to anon, authenticated, service_role;

-- Great-circle distance in kilometres (haversine; good to a few metres at Benelux scale).
create function public.distance_km(lat1 double precision, lon1 double precision, lat2 double precision, lon2 double precision)
returns double precision
language sql immutable parallel safe
set search_path = ''
as $$
  select 2 * 6371.0088 * asin(sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2)
    + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lon2 - lon1) / 2), 2)
  ))
$$;
grant execute on function public.distance_km(double precision, double precision, double precision, double precision) to anon, authenticated, service_role;

create function private.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Business amounts and limits, one row each; the database reads them, never the client.
create table public.app_config (
  key text primary key,
  value_int integer not null,
  description text not null,
  updated_at timestamptz not null default now()
);
comment on table public.app_config is 'Business amounts (BANDS bonuses, platform fee) and limits read by SQL functions.';
alter table public.app_config enable row level security;

insert into public.app_config (key, value_int, description) values
  ('welcome_bonus_cents', 500, 'BANDS credited to a new user who signs up through a referral code'),
  ('referral_bonus_cents', 1000, 'BANDS credited to the referrer when the referred user''s first booking is paid'),
  ('platform_fee_bps', 500, 'Platform fee on top of the artist price, in basis points (500 = 5%)'),
  ('booking_request_ttl_hours', 168, 'Hours an artist has to answer a booking request before it is cancelled'),
  ('booking_payment_window_hours', 72, 'Hours a customer has to pay an accepted booking before it expires');

create trigger app_config_updated_at before update on public.app_config
  for each row execute function private.set_updated_at();

create function private.config_int(config_key text) returns integer
language sql stable
set search_path = ''
as $$
  select value_int from public.app_config where key = config_key
$$;

-- Every change an admin makes to artists, bookings, news, config or BANDS lands here.
create table public.admin_audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid,
  action text not null,
  table_name text not null,
  record_id text,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
comment on table public.admin_audit_log is 'Append-only record of admin actions, written by triggers and definer functions.';
create index admin_audit_log_created_at_idx on public.admin_audit_log (created_at desc);
create index admin_audit_log_record_idx on public.admin_audit_log (table_name, record_id);
alter table public.admin_audit_log enable row level security;
revoke all on public.admin_audit_log from service_role;
grant select, insert on public.admin_audit_log to service_role;

-- The storage schema as hosted Supabase's storage-api migrations leave it (supabase/storage
-- migrations/tenant, consolidated): storage.buckets and storage.objects with RLS on, the path
-- helpers policies use (storage.foldername/filename/extension), storage.search for listing,
-- the updated_at trigger and the guard against direct deletes. Owned by supabase_storage_admin,
-- with the grants hosted gives anon/authenticated/service_role: policies decide the rest.
-- Idempotent: the stack re-applies this file whenever it changes.

do $$
begin
  if not exists (select 1 from pg_type where typname = 'buckettype' and typnamespace = 'storage'::regnamespace) then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;

create table if not exists storage.migrations (
  id integer primary key,
  name varchar(100) unique not null,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);
alter table storage.migrations enable row level security;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets using btree (name);
alter table storage.buckets enable row level security;

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
set search_path = ''
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

create or replace function storage.get_size_by_bucket()
returns table (size bigint, bucket_id text)
language plpgsql stable
set search_path = ''
as $$
begin
  return query
    select sum((obj.metadata ->> 'size')::bigint)::bigint as size, obj.bucket_id
    from storage.objects as obj
    group by obj.bucket_id;
end
$$;

-- One level of a bucket as storage-api lists it: the files directly under `prefix` and one
-- row (id null) per sub-folder, filtered case-insensitively by `prefix || search`. Runs as the
-- caller, so RLS on storage.objects decides what is listed. `levels` is kept for signature
-- compatibility only, as in storage-api.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
)
returns table (name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  v_prefix text := coalesce(prefix, '');
  v_search text := coalesce(search, '');
  v_start text := lower(coalesce(prefix, '') || coalesce(search, ''));
  v_column text := case lower(coalesce(sortcolumn, 'name'))
    when 'updated_at' then 'updated_at'
    when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at'
    else 'name' end;
  v_order text := case when lower(coalesce(sortorder, 'asc')) = 'desc' then 'desc' else 'asc' end;
begin
  return query execute format(
    $sql$
    with matching as (
      select o.name as full_name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
             strpos(substring(o.name from length($1 || $2) + 1), '/') as slash
      from storage.objects o
      where o.bucket_id = $3
        and left(lower(o.name), length($4)) = $4
    ),
    entries as (
      select distinct substring(m.full_name from length($1) + 1 for length($2) + m.slash - 1) as name,
             null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata, 0 as kind
      from matching m where m.slash > 0
      union all
      select substring(m.full_name from length($1) + 1), m.id, m.updated_at, m.created_at,
             m.last_accessed_at, m.metadata, 1
      from matching m where m.slash = 0
    )
    select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
    from entries e
    order by %s
    limit $5 offset $6
    $sql$,
    case when v_column = 'name'
      then format('lower(e.name) collate "C" %s', v_order)
      else format('e.kind, e.%I %s, lower(e.name) collate "C"', v_column, v_order) end
  ) using v_prefix, v_search, bucketname, v_start, least(coalesce(limits, 100), 1500), greatest(coalesce(offsets, 0), 0);
end
$$;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at = now();
  return new;
end
$$;

drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- As on hosted Supabase: rows leave storage.buckets/objects only through the Storage API,
-- which sets storage.allow_delete_query, so no file is left without its row by a stray delete.
create or replace function storage.protect_delete() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;

drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

alter table storage.migrations owner to supabase_storage_admin;
alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;
alter function storage.get_size_by_bucket() owner to supabase_storage_admin;
alter function storage.search(text, text, int, int, int, text, text, text) owner to supabase_storage_admin;
alter function storage.update_updated_at_column() owner to supabase_storage_admin;
alter function storage.protect_delete() owner to supabase_storage_admin;

grant all on storage.buckets, storage.objects to postgres with grant option;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.migrations to anon, authenticated, service_role;
grant execute on all functions in schema storage to anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

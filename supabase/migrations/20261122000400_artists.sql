-- artists (SPEC 3 + ARCHITECTURE): the public listing, with packages, media, blocked dates and
-- location; favourites. Public = approved and not soft-deleted. Approval, priority, soft delete
-- and ratings are admin or system matters, guarded by trigger.

create table public.artists (
  id uuid primary key default gen_random_uuid(),
  profile_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  name text not null check (char_length(trim(name)) between 1 and 120),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  genre text not null default '',
  city text not null default '',
  categories text[] not null default '{}',
  bio text not null default '' check (char_length(bio) <= 10000),
  base_price_cents integer not null default 0 check (base_price_cents >= 0),
  place_id integer references public.places (id),
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  travel_radius_km integer check (travel_radius_km between 0 and 1000),
  avatar_path text,
  cover_path text,
  website_url text,
  approval_status text not null default 'pending' check (approval_status in ('pending', 'approved', 'rejected')),
  approved_at timestamptz,
  rejection_reason text,
  priority integer not null default 0,
  rating_avg numeric(3, 2) not null default 0 check (rating_avg between 0 and 5),
  review_count integer not null default 0 check (review_count >= 0),
  search_text text not null default '',
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on column public.artists.priority is 'Admin ranking: higher comes first in listings.';
comment on column public.artists.search_text is 'Folded name, genre, city and categories, for trigram search (maintained by trigger).';
-- One active act per profile (SPEC 4.4 reads it with .single()).
create unique index artists_one_active_per_profile on public.artists (profile_id) where deleted_at is null;
create index artists_public_idx on public.artists (priority desc, rating_avg desc) where approval_status = 'approved' and deleted_at is null;
create index artists_search_trgm_idx on public.artists using gin (search_text extensions.gin_trgm_ops);
create index artists_categories_idx on public.artists using gin (categories);
create index artists_genre_idx on public.artists (lower(genre));
create index artists_price_idx on public.artists (base_price_cents);
create index artists_place_idx on public.artists (place_id);
create index artists_created_idx on public.artists (created_at desc);
alter table public.artists enable row level security;

create function public.is_public_artist(artist uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.artists where id = artist and approval_status = 'approved' and deleted_at is null)
$$;
grant execute on function public.is_public_artist(uuid) to anon, authenticated, service_role;

-- True when the caller owns the (active) artist.
create function public.owns_artist(artist uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.artists where id = artist and profile_id = auth.uid() and deleted_at is null)
$$;
grant execute on function public.owns_artist(uuid) to authenticated, service_role;

create function private.slugify(value text) returns text
language sql immutable
set search_path = ''
as $$
  select coalesce(nullif(trim(both '-' from regexp_replace(public.fold_text(value), '[^a-z0-9]+', '-', 'g')), ''), 'artiest')
$$;

create function private.artists_before_write() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  privileged boolean := public.is_admin() or public.is_service_role() or coalesce(auth.role(), '') not in ('authenticated', 'anon');
  base_slug text;
  place record;
begin
  if tg_op = 'INSERT' then
    if not privileged then
      new.approval_status := 'pending';
      new.priority := 0;
      new.deleted_at := null;
    end if;
    new.rating_avg := 0;
    new.review_count := 0;
    if new.slug is null or new.slug = '' then
      base_slug := private.slugify(new.name);
      new.slug := base_slug;
      while exists (select 1 from public.artists where slug = new.slug) loop
        new.slug := base_slug || '-' || substr(md5(random()::text), 1, 4);
      end loop;
    end if;
  elsif not privileged and (
        new.approval_status is distinct from old.approval_status
     or new.priority is distinct from old.priority
     or new.deleted_at is distinct from old.deleted_at
     or new.profile_id is distinct from old.profile_id
     or new.approved_at is distinct from old.approved_at
     or new.rejection_reason is distinct from old.rejection_reason) then
    raise exception 'Alleen een beheerder kan goedkeuring, prioriteit of verwijdering van een artiest wijzigen.'
      using errcode = '42501';
  end if;

  if new.approval_status = 'approved' and (tg_op = 'INSERT' or old.approval_status is distinct from 'approved') then
    new.approved_at := now();
  end if;
  if new.place_id is not null and (tg_op = 'INSERT' or new.place_id is distinct from old.place_id) then
    select p.name, p.latitude, p.longitude into place from public.places p where p.id = new.place_id;
    new.latitude := place.latitude;
    new.longitude := place.longitude;
    if new.city = '' or (tg_op = 'UPDATE' and new.city = old.city) then
      new.city := place.name;
    end if;
  end if;
  new.name := trim(new.name);
  new.search_text := public.fold_text(concat_ws(' ', new.name, new.genre, new.city, array_to_string(new.categories, ' ')));
  new.updated_at := now();
  return new;
end
$$;

create trigger artists_before_write before insert or update on public.artists
  for each row execute function private.artists_before_write();

-- Onboarding a customer as an artist makes them an artist user (SPEC 4.4 artist mode).
create function private.artists_after_insert() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.profiles set role = 'artist' where id = new.profile_id and role = 'customer';
  return new;
end
$$;

create trigger artists_after_insert after insert on public.artists
  for each row execute function private.artists_after_insert();

create trigger artists_audit after insert or update or delete on public.artists
  for each row execute function private.audit_admin_write();

revoke all on public.artists from anon, authenticated;
grant select on public.artists to anon, authenticated;
grant insert (profile_id, name, slug, genre, city, categories, bio, base_price_cents, place_id, latitude, longitude,
  travel_radius_km, avatar_path, cover_path, website_url) on public.artists to authenticated;
-- approval_status, approved_at, rejection_reason, priority and deleted_at are granted for the
-- admin's sake; the trigger refuses them to everyone else.
grant update (name, genre, city, categories, bio, base_price_cents, place_id, latitude, longitude, travel_radius_km,
  avatar_path, cover_path, website_url, approval_status, approved_at, rejection_reason, priority, deleted_at)
  on public.artists to authenticated;

create policy "artists: public ones for everyone" on public.artists
  for select to anon, authenticated
  using (approval_status = 'approved' and deleted_at is null);

create policy "artists: own and admin" on public.artists
  for select to authenticated
  using (profile_id = (select auth.uid()) or (select public.is_admin()));

create policy "artists: onboard yourself" on public.artists
  for insert to authenticated
  with check (profile_id = (select auth.uid()) or (select public.is_admin()));

create policy "artists: owner or admin edits" on public.artists
  for update to authenticated
  using ((profile_id = (select auth.uid()) and deleted_at is null) or (select public.is_admin()))
  with check (profile_id = (select auth.uid()) or (select public.is_admin()));

-- Packages: what a customer books; their price is what request_booking charges.
create table public.artist_packages (
  id uuid primary key default gen_random_uuid(),
  artist_id uuid not null references public.artists (id) on delete cascade,
  name text not null check (char_length(trim(name)) between 1 and 120),
  description text not null default '' check (char_length(description) <= 4000),
  price_cents integer not null check (price_cents >= 0),
  duration_minutes integer not null default 120 check (duration_minutes between 15 and 1440),
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, artist_id)
);
create index artist_packages_artist_idx on public.artist_packages (artist_id, sort_order);
alter table public.artist_packages enable row level security;
create trigger artist_packages_updated_at before update on public.artist_packages
  for each row execute function private.set_updated_at();

-- Media: photos, videos and audio of an act (files in storage, or an external video URL).
create table public.artist_media (
  id uuid primary key default gen_random_uuid(),
  artist_id uuid not null references public.artists (id) on delete cascade,
  kind text not null check (kind in ('image', 'video', 'audio')),
  storage_path text,
  external_url text check (external_url ~ '^https://'),
  caption text not null default '' check (char_length(caption) <= 500),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  constraint artist_media_has_source check (num_nonnulls(storage_path, external_url) = 1)
);
create index artist_media_artist_idx on public.artist_media (artist_id, sort_order);
alter table public.artist_media enable row level security;

-- Days an artist is not available (holidays, gigs booked elsewhere).
create table public.artist_blocked_dates (
  id uuid primary key default gen_random_uuid(),
  artist_id uuid not null references public.artists (id) on delete cascade,
  starts_on date not null,
  ends_on date not null,
  created_at timestamptz not null default now(),
  constraint artist_blocked_dates_order check (ends_on >= starts_on)
);
create index artist_blocked_dates_artist_idx on public.artist_blocked_dates (artist_id, starts_on, ends_on);
alter table public.artist_blocked_dates enable row level security;

revoke all on public.artist_packages, public.artist_media, public.artist_blocked_dates from anon, authenticated;
grant select on public.artist_packages, public.artist_media, public.artist_blocked_dates to anon, authenticated;
grant insert (artist_id, name, description, price_cents, duration_minutes, is_active, sort_order),
  update (name, description, price_cents, duration_minutes, is_active, sort_order), delete
  on public.artist_packages to authenticated;
grant insert (artist_id, kind, storage_path, external_url, caption, sort_order), update (caption, sort_order), delete
  on public.artist_media to authenticated;
grant insert (artist_id, starts_on, ends_on), update (starts_on, ends_on), delete
  on public.artist_blocked_dates to authenticated;

create policy "artist_packages: active ones of public artists" on public.artist_packages
  for select to anon, authenticated using (is_active and public.is_public_artist(artist_id));
create policy "artist_packages: owner and admin read" on public.artist_packages
  for select to authenticated using (public.owns_artist(artist_id) or (select public.is_admin()));
create policy "artist_packages: owner and admin insert" on public.artist_packages
  for insert to authenticated with check (public.owns_artist(artist_id) or (select public.is_admin()));
create policy "artist_packages: owner and admin update" on public.artist_packages
  for update to authenticated using (public.owns_artist(artist_id) or (select public.is_admin()))
  with check (public.owns_artist(artist_id) or (select public.is_admin()));
create policy "artist_packages: owner and admin delete" on public.artist_packages
  for delete to authenticated using (public.owns_artist(artist_id) or (select public.is_admin()));

create policy "artist_media: of public artists" on public.artist_media
  for select to anon, authenticated using (public.is_public_artist(artist_id));
create policy "artist_media: owner and admin read" on public.artist_media
  for select to authenticated using (public.owns_artist(artist_id) or (select public.is_admin()));
create policy "artist_media: owner and admin insert" on public.artist_media
  for insert to authenticated with check (public.owns_artist(artist_id) or (select public.is_admin()));
create policy "artist_media: owner and admin update" on public.artist_media
  for update to authenticated using (public.owns_artist(artist_id) or (select public.is_admin()))
  with check (public.owns_artist(artist_id) or (select public.is_admin()));
create policy "artist_media: owner and admin delete" on public.artist_media
  for delete to authenticated using (public.owns_artist(artist_id) or (select public.is_admin()));

create policy "artist_blocked_dates: of public artists" on public.artist_blocked_dates
  for select to anon, authenticated using (public.is_public_artist(artist_id));
create policy "artist_blocked_dates: owner and admin read" on public.artist_blocked_dates
  for select to authenticated using (public.owns_artist(artist_id) or (select public.is_admin()));
create policy "artist_blocked_dates: owner and admin insert" on public.artist_blocked_dates
  for insert to authenticated with check (public.owns_artist(artist_id) or (select public.is_admin()));
create policy "artist_blocked_dates: owner and admin update" on public.artist_blocked_dates
  for update to authenticated using (public.owns_artist(artist_id) or (select public.is_admin()))
  with check (public.owns_artist(artist_id) or (select public.is_admin()));
create policy "artist_blocked_dates: owner and admin delete" on public.artist_blocked_dates
  for delete to authenticated using (public.owns_artist(artist_id) or (select public.is_admin()));

-- Favourites (ARCHITECTURE): a profile's hearted artists.
create table public.favorites (
  profile_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  artist_id uuid not null references public.artists (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (profile_id, artist_id)
);
create index favorites_artist_idx on public.favorites (artist_id);
alter table public.favorites enable row level security;

revoke all on public.favorites from anon, authenticated;
grant select, delete on public.favorites to authenticated;
grant insert (profile_id, artist_id) on public.favorites to authenticated;

create policy "favorites: own" on public.favorites
  for select to authenticated using (profile_id = (select auth.uid()));
create policy "favorites: add own, public artists only" on public.favorites
  for insert to authenticated with check (profile_id = (select auth.uid()) and public.is_public_artist(artist_id));
create policy "favorites: remove own" on public.favorites
  for delete to authenticated using (profile_id = (select auth.uid()));

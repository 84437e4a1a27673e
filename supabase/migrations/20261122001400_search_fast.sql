-- search_artists, fast at marketplace scale: PL/pgSQL that EXECUTEs a statement holding only the
-- active filters, so each call is planned for them (docs/performance.md says how and why).
-- total_count 1001 means "more than 1000" for broad listings; text and radius searches count
-- exactly. Same name, parameters and result columns, so PostgREST's API is unchanged.

-- Radius search: a bounding box through this index, then the exact distance.
create index if not exists artists_location_gist_idx on public.artists using gist (point(longitude, latitude))
  where approval_status = 'approved' and deleted_at is null;

create or replace function private.search_artists_impl(
  p_query text default null,
  p_category text default null,
  p_genre text default null,
  p_place_id integer default null,
  p_latitude double precision default null,
  p_longitude double precision default null,
  p_radius_km double precision default null,
  p_available_on date default null,
  p_min_price_cents integer default null,
  p_max_price_cents integer default null,
  p_min_rating numeric default null,
  p_sort text default 'priority',
  p_page integer default 1,
  p_page_size integer default 24
) returns table (
  id uuid, slug text, name text, genre text, city text, categories text[], avatar_path text, cover_path text,
  base_price_cents integer, rating_avg numeric, review_count integer, priority integer, distance_km double precision,
  created_at timestamptz, total_count bigint
)
language plpgsql stable security definer
set search_path = ''
as $fn$
#variable_conflict use_column
declare
  q text := nullif(public.fold_text(trim(p_query)), '');
  g text := nullif(public.fold_text(trim(p_genre)), '');
  lat double precision := p_latitude;
  lon double precision := p_longitude;
  size integer := least(greatest(coalesce(p_page_size, 24), 1), 100);
  skip integer := (greatest(coalesce(p_page, 1), 1) - 1) * least(greatest(coalesce(p_page_size, 24), 1), 100);
  conditions text[] := array['a.approval_status = ''approved''', 'a.deleted_at is null'];
  distance text := 'null::double precision';
  ordering text;
  total bigint;
  day_start timestamptz := p_available_on::timestamp at time zone 'Europe/Amsterdam';
  day_end timestamptz := (p_available_on + 1)::timestamp at time zone 'Europe/Amsterdam';
begin
  if p_place_id is not null then
    select p.latitude, p.longitude into lat, lon from public.places p where p.id = p_place_id;
  end if;
  if lat is not null and lon is not null then
    distance := 'public.distance_km($5, $6, a.latitude, a.longitude)';
  end if;
  if q is not null then
    -- The whole text through the trigram index, then every word, exactly or as a close match.
    conditions := conditions
      || '(a.search_text like ''%'' || $1 || ''%'' or $1 operator(extensions.<%) a.search_text)'::text
      || 'not exists (select 1 from unnest(string_to_array($1, '' '')) as word(w) where word.w <> '''' and not (a.search_text like ''%'' || word.w || ''%'' or word.w operator(extensions.<%) a.search_text))'::text;
  end if;
  if p_category is not null then
    conditions := conditions || 'a.categories @> array[$2]'::text;
  end if;
  if g is not null then
    conditions := conditions || 'public.fold_text(a.genre) like ''%'' || $3 || ''%'''::text;
  end if;
  if p_min_price_cents is not null then conditions := conditions || 'a.base_price_cents >= $7'::text; end if;
  if p_max_price_cents is not null then conditions := conditions || 'a.base_price_cents <= $8'::text; end if;
  if p_min_rating is not null then conditions := conditions || 'a.rating_avg >= $9'::text; end if;
  if p_radius_km is not null then
    if distance = 'null::double precision' then
      return;
    end if;
    -- A bounding box first (cheap, no trigonometry), then the exact distance.
    conditions := conditions
      || 'point(a.longitude, a.latitude) <@ box(point($6 - $4 / (111.0 * cos(radians($5))), $5 - $4 / 111.0), point($6 + $4 / (111.0 * cos(radians($5))), $5 + $4 / 111.0))'::text
      || (distance || ' <= $4');
  end if;
  if p_available_on is not null then
    conditions := conditions
      || 'not exists (select 1 from public.artist_blocked_dates d where d.artist_id = a.id and $10 between d.starts_on and d.ends_on)'::text
      || 'not exists (select 1 from public.bookings b where b.artist_id = a.id and b.status in (''accepted'', ''confirmed'') and tstzrange(b.starts_at, b.ends_at, ''[)'') && tstzrange($11, $12, ''[)''))'::text;
  end if;
  ordering := case p_sort
    when 'price_asc' then 'a.base_price_cents asc, '
    when 'price_desc' then 'a.base_price_cents desc, '
    when 'rating' then 'a.rating_avg desc, a.review_count desc, '
    when 'newest' then 'a.created_at desc, '
    when 'distance' then case when distance <> 'null::double precision' then distance || ' asc, ' else '' end
    else '' end || 'a.priority desc, a.rating_avg desc, a.review_count desc, a.name, a.id';

  if q is not null or p_radius_km is not null then
    -- Narrow filters match few rows: find them once, count and page them in one statement.
    return query execute format(
      'select a.id, a.slug, a.name, a.genre, a.city, a.categories, a.avatar_path, a.cover_path, a.base_price_cents, a.rating_avg,
              a.review_count, a.priority, %s, a.created_at, count(*) over ()
         from public.artists a where %s order by %s limit %s offset %s',
      distance, array_to_string(conditions, ' and '), ordering, size, skip)
      using q, lower(p_category), g, p_radius_km, lat, lon, p_min_price_cents,
            p_max_price_cents, p_min_rating, p_available_on, day_start, day_end;
    return;
  end if;
  -- Broad filters: the page walks the priority index and stops after it; the count stops at
  -- the cap (a page needs "1.000+", not the exact size of a broad match).
  execute format('select count(*) from (select 1 from public.artists a where %s limit 1001) capped', array_to_string(conditions, ' and '))
    into total
    using q, lower(p_category), g, p_radius_km, lat, lon, p_min_price_cents,
          p_max_price_cents, p_min_rating, p_available_on, day_start, day_end;
  return query execute format(
    'select a.id, a.slug, a.name, a.genre, a.city, a.categories, a.avatar_path, a.cover_path, a.base_price_cents, a.rating_avg,
            a.review_count, a.priority, %s, a.created_at, $13::bigint
       from public.artists a where %s order by %s limit %s offset %s',
    distance, array_to_string(conditions, ' and '), ordering, size, skip)
    using q, lower(p_category), g, p_radius_km, lat, lon, p_min_price_cents,
          p_max_price_cents, p_min_rating, p_available_on, day_start, day_end, total;
end
$fn$;
revoke all on function private.search_artists_impl(text, text, text, integer, double precision, double precision,
  double precision, date, integer, integer, numeric, text, integer, integer) from public, anon, authenticated, service_role;

-- PostgREST's signature: parameter names are the API, and PL/pgSQL cannot have an input and a
-- result column both named genre, so a thin SQL function forwards to the implementation.
create or replace function public.search_artists(
  query text default null, category text default null, genre text default null, place_id integer default null,
  latitude double precision default null, longitude double precision default null, radius_km double precision default null,
  available_on date default null, min_price_cents integer default null, max_price_cents integer default null,
  min_rating numeric default null, sort text default 'priority', page integer default 1, page_size integer default 24
) returns table (
  id uuid, slug text, name text, genre text, city text, categories text[], avatar_path text, cover_path text,
  base_price_cents integer, rating_avg numeric, review_count integer, priority integer, distance_km double precision,
  created_at timestamptz, total_count bigint
)
language sql stable security definer
set search_path = ''
as $$
  select * from private.search_artists_impl(search_artists.query, search_artists.category, search_artists.genre,
    search_artists.place_id, search_artists.latitude, search_artists.longitude, search_artists.radius_km,
    search_artists.available_on, search_artists.min_price_cents, search_artists.max_price_cents, search_artists.min_rating,
    search_artists.sort, search_artists.page, search_artists.page_size)
$$;

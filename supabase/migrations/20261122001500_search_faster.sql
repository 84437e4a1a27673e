-- search_artists, same name, parameters, result columns and meaning as
-- 20261122001400_search_fast.sql, with a statement that does less per row: every word its own
-- trigram condition, the distance and fold_text written inline, the day's busy artists looked
-- up once (docs/performance.md). total_count: exact for text and radius searches, capped at 1001
-- ("more than 1000") for broad listings.

-- Blocked periods covering a day: `daterange(starts_on, ends_on, '[]') @> day`.
create index if not exists artist_blocked_dates_range_idx on public.artist_blocked_dates
  using gist (daterange(starts_on, ends_on, '[]'));

-- Accepted or confirmed bookings around a day (a booking lasts at most 24 hours, see
-- bookings_max_length): the day's busy artists without touching the other bookings.
create index if not exists bookings_busy_starts_idx on public.bookings (starts_at) include (ends_at, artist_id)
  where status in ('accepted', 'confirmed');

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
  word text;
  words text[] := '{}';
  day_start timestamptz := p_available_on::timestamp at time zone 'Europe/Amsterdam';
  day_end timestamptz := (p_available_on + 1)::timestamp at time zone 'Europe/Amsterdam';
begin
  if p_place_id is not null then
    select p.latitude, p.longitude into lat, lon from public.places p where p.id = p_place_id;
  end if;
  if lat is not null and lon is not null then
    -- public.distance_km(lat, lon, a.latitude, a.longitude), inline.
    distance := '(2 * 6371.0088 * asin(sqrt(power(sin(radians(a.latitude - $5) / 2), 2)'
      || ' + cos(radians($5)) * cos(radians(a.latitude)) * power(sin(radians(a.longitude - $6) / 2), 2))))';
  end if;
  if q is not null then
    -- Every word, exactly or as a close (typo-tolerant) match: each its own condition, so the
    -- planner ANDs the trigram index's answers per word and the heap sees only rows holding all
    -- words. The whole text must match too; with more than one word it is checked on those rows
    -- only (`search_text || ''` keeps it out of the index: its trigram scan finds thousands of
    -- partial matches the words already rule out).
    foreach word in array string_to_array(q, ' ') loop
      if word <> '' and not word = any (words) then
        words := words || word;
      end if;
    end loop;
    if words = array[q] then
      conditions := conditions
        || format('(a.search_text like %L or %L operator(extensions.<%%) a.search_text)', '%' || q || '%', q);
    else
      conditions := conditions
        || format('((a.search_text || '''') like %L or %L operator(extensions.<%%) (a.search_text || ''''))', '%' || q || '%', q);
      foreach word in array words loop
        conditions := conditions
          || format('(a.search_text like %L or %L operator(extensions.<%%) a.search_text)', '%' || word || '%', word);
      end loop;
    end if;
  end if;
  if p_category is not null then
    conditions := conditions || 'a.categories @> array[$2]'::text;
  end if;
  if g is not null then
    -- public.fold_text(a.genre), inline.
    conditions := conditions
      || 'lower(extensions.unaccent(''extensions.unaccent''::regdictionary, coalesce(a.genre, ''''))) like ''%'' || $3 || ''%'''::text;
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
    -- Busy on the day: a blocked period covering it, or an accepted or confirmed booking
    -- overlapping it (such a booking starts before the day ends and, lasting at most 24 hours,
    -- less than 24 hours before it begins). Looked up once, hashed, instead of probed per row.
    conditions := conditions
      || 'a.id not in (select d.artist_id from public.artist_blocked_dates d where daterange(d.starts_on, d.ends_on, ''[]'') @> $10
                       union all
                       select b.artist_id from public.bookings b
                        where b.status in (''accepted'', ''confirmed'') and b.starts_at < $12 and b.starts_at > $11 - interval ''24 hours''
                          and tstzrange(b.starts_at, b.ends_at, ''[)'') && tstzrange($11, $12, ''[)''))'::text;
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

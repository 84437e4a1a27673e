-- One 'from' price per act, computed in one place: the lowest price of its active packages that
-- customers can see (active, not waiting for review). An act without such a package has no
-- 'from' price (null) and shows none. artists.from_price_cents holds it, kept by a trigger on
-- the packages (private.act_from_price_cents is the rule), so search_artists (the cards, the
-- landing pages, the related acts), the artist page and its sticky bar all read the same number.
-- The price filter and the price sorts of search_artists use it too (acts without a price last).
-- base_price_cents stays what it was: the act's own asking price, used when a booking names no
-- package.
--
-- The category of a search also has one rule: search_artists reads the Dutch words people use
-- for an occasion ('bruiloft') as the category the acts carry ('huwelijk'), so the list and the
-- landing pages ask the same question.

alter table public.artists add column from_price_cents integer check (from_price_cents >= 0);
comment on column public.artists.from_price_cents is
  'Lowest price of the act''s active, reviewed packages (null without one); kept by private.act_from_price_cents.';

create function private.act_from_price_cents(act uuid) returns integer
language sql stable
set search_path = ''
as $$
  select min(p.price_cents) from public.artist_packages p
   where p.artist_id = act and p.is_active and not p.pending_review
$$;
revoke all on function private.act_from_price_cents(uuid) from public, anon, authenticated, service_role;

create function private.artist_packages_refresh_from_price() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  act uuid;
begin
  for act in
    select distinct id from unnest(array[case when tg_op <> 'INSERT' then old.artist_id end,
                                         case when tg_op <> 'DELETE' then new.artist_id end]) as ids (id)
     where id is not null
  loop
    update public.artists a set from_price_cents = private.act_from_price_cents(act)
     where a.id = act and a.from_price_cents is distinct from private.act_from_price_cents(act);
  end loop;
  return null;
end
$$;
revoke all on function private.artist_packages_refresh_from_price() from public, anon, authenticated, service_role;

create trigger artist_packages_z_from_price after insert or update or delete on public.artist_packages
  for each row execute function private.artist_packages_refresh_from_price();

update public.artists a set from_price_cents = private.act_from_price_cents(a.id);

-- Guests read the public columns only (20261122004400_anon_public_columns.sql); signed-in users
-- read the table. Nobody writes it but the trigger.
grant select (from_price_cents) on public.artists to anon;

-- The public card index carries the price a broad price filter reads.
drop index if exists public.artists_public_card_idx;
create index artists_public_card_idx on public.artists
  (priority desc, rating_avg desc, review_count desc, name, id)
  include (categories, genre, from_price_cents)
  where approval_status = 'approved' and deleted_at is null;

-- A category as the acts carry it: lower case, and the Dutch word for an occasion as its slug.
create function private.search_category(value text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case lower(trim(value))
    when 'bruiloft' then 'huwelijk'
    when 'bruiloften' then 'huwelijk'
    when 'trouwen' then 'huwelijk'
    else lower(trim(value)) end
$$;
revoke all on function private.search_category(text) from public, anon, authenticated, service_role;

drop function public.search_artists(text, text, text, integer, double precision, double precision, double precision, date,
  integer, integer, numeric, text, integer, integer);
drop function private.search_artists_impl(text, text, text, integer, double precision, double precision, double precision, date,
  integer, integer, numeric, text, integer, integer);

create function private.search_artists_impl(
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
  from_price_cents integer, rating_avg numeric, review_count integer, priority integer, distance_km double precision,
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
  if p_min_price_cents is not null then conditions := conditions || 'a.from_price_cents >= $7'::text; end if;
  if p_max_price_cents is not null then conditions := conditions || 'a.from_price_cents <= $8'::text; end if;
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
    when 'price_asc' then 'a.from_price_cents asc nulls last, '
    when 'price_desc' then 'a.from_price_cents desc nulls last, '
    when 'rating' then 'a.rating_avg desc, a.review_count desc, '
    when 'newest' then 'a.created_at desc, '
    when 'distance' then case when distance <> 'null::double precision' then distance || ' asc, ' else '' end
    else '' end || 'a.priority desc, a.rating_avg desc, a.review_count desc, a.name, a.id';

  if q is not null or p_radius_km is not null then
    -- Narrow filters match few rows: find them once, count and page them in one statement.
    return query execute format(
      'select a.id, a.slug, a.name, a.genre, a.city, a.categories, a.avatar_path, a.cover_path, a.from_price_cents, a.rating_avg,
              a.review_count, a.priority, %s, a.created_at, count(*) over ()
         from public.artists a where %s order by %s limit %s offset %s',
      distance, array_to_string(conditions, ' and '), ordering, size, skip)
      using q, private.search_category(p_category), g, p_radius_km, lat, lon, p_min_price_cents,
            p_max_price_cents, p_min_rating, p_available_on, day_start, day_end;
    return;
  end if;
  -- Broad filters: the page walks the priority index and stops after it; the count stops at
  -- the cap (a page needs "1.000+", not the exact size of a broad match).
  execute format('select count(*) from (select 1 from public.artists a where %s limit 1001) capped', array_to_string(conditions, ' and '))
    into total
    using q, private.search_category(p_category), g, p_radius_km, lat, lon, p_min_price_cents,
          p_max_price_cents, p_min_rating, p_available_on, day_start, day_end;
  return query execute format(
    'select a.id, a.slug, a.name, a.genre, a.city, a.categories, a.avatar_path, a.cover_path, a.from_price_cents, a.rating_avg,
            a.review_count, a.priority, %s, a.created_at, $13::bigint
       from public.artists a where %s order by %s limit %s offset %s',
    distance, array_to_string(conditions, ' and '), ordering, size, skip)
    using q, private.search_category(p_category), g, p_radius_km, lat, lon, p_min_price_cents,
          p_max_price_cents, p_min_rating, p_available_on, day_start, day_end, total;
end
$fn$;
revoke all on function private.search_artists_impl(text, text, text, integer, double precision, double precision,
  double precision, date, integer, integer, numeric, text, integer, integer) from public, anon, authenticated, service_role;

create function public.search_artists(
  query text default null, category text default null, genre text default null, place_id integer default null,
  latitude double precision default null, longitude double precision default null, radius_km double precision default null,
  available_on date default null, min_price_cents integer default null, max_price_cents integer default null,
  min_rating numeric default null, sort text default 'priority', page integer default 1, page_size integer default 24
) returns table (
  id uuid, slug text, name text, genre text, city text, categories text[], avatar_path text, cover_path text,
  from_price_cents integer, rating_avg numeric, review_count integer, priority integer, distance_km double precision,
  created_at timestamptz, total_count bigint
)
language sql stable security definer
set search_path = ''
as $$
  select * from private.search_artists_impl(left(private.search_query_capped(search_artists.query), 100), search_artists.category,
    left(search_artists.genre, 100), search_artists.place_id, search_artists.latitude, search_artists.longitude, search_artists.radius_km,
    search_artists.available_on, search_artists.min_price_cents, search_artists.max_price_cents, search_artists.min_rating,
    search_artists.sort, search_artists.page, search_artists.page_size)
$$;
revoke all on function public.search_artists(text, text, text, integer, double precision, double precision, double precision, date,
  integer, integer, numeric, text, integer, integer) from public;
grant execute on function public.search_artists(text, text, text, integer, double precision, double precision, double precision, date,
  integer, integer, numeric, text, integer, integer) to anon, authenticated, service_role;

-- search_artists: the listing's search (text with accents folded, category, genre, distance
-- from a place, free on a date, price range, minimum rating), sorted by admin priority, rating,
-- price, distance or newest, paged. Returns the public card shape only; definer so the
-- availability check can see other customers' bookings without exposing them.

create function public.search_artists(
  query text default null,
  category text default null,
  genre text default null,
  place_id integer default null,
  latitude double precision default null,
  longitude double precision default null,
  radius_km double precision default null,
  available_on date default null,
  min_price_cents integer default null,
  max_price_cents integer default null,
  min_rating numeric default null,
  sort text default 'priority',
  page integer default 1,
  page_size integer default 24
) returns table (
  id uuid,
  slug text,
  name text,
  genre text,
  city text,
  categories text[],
  avatar_path text,
  cover_path text,
  base_price_cents integer,
  rating_avg numeric,
  review_count integer,
  priority integer,
  distance_km double precision,
  created_at timestamptz,
  total_count bigint
)
language sql stable security definer
set search_path = ''
as $$
  with origin as (
    select coalesce(p.latitude, search_artists.latitude) as lat, coalesce(p.longitude, search_artists.longitude) as lon
      from (select 1) one
      left join public.places p on p.id = search_artists.place_id
  ),
  terms as (
    select nullif(public.fold_text(trim(search_artists.query)), '') as q
  ),
  matches as (
    select a.*,
           case when o.lat is not null and a.latitude is not null
                then public.distance_km(o.lat, o.lon, a.latitude, a.longitude) end as distance
      from public.artists a, origin o, terms t
     where a.approval_status = 'approved'
       and a.deleted_at is null
       -- The whole text narrows through the trigram index; then every word must appear, exactly
       -- or as a close (typo-tolerant) word match.
       and (t.q is null or (
             (a.search_text like '%' || t.q || '%' or t.q operator(extensions.<%) a.search_text)
             and not exists (select 1 from unnest(string_to_array(t.q, ' ')) as word(w)
                              where word.w <> ''
                                and not (a.search_text like '%' || word.w || '%' or word.w operator(extensions.<%) a.search_text))))
       and (search_artists.category is null or lower(search_artists.category) = any (a.categories))
       and (search_artists.genre is null or public.fold_text(a.genre) like '%' || public.fold_text(search_artists.genre) || '%')
       and (search_artists.min_price_cents is null or a.base_price_cents >= search_artists.min_price_cents)
       and (search_artists.max_price_cents is null or a.base_price_cents <= search_artists.max_price_cents)
       and (search_artists.min_rating is null or a.rating_avg >= search_artists.min_rating)
       and (search_artists.available_on is null or (
             not exists (select 1 from public.artist_blocked_dates d
                          where d.artist_id = a.id and search_artists.available_on between d.starts_on and d.ends_on)
             and not exists (select 1 from public.bookings b
                              where b.artist_id = a.id and b.status in ('accepted', 'confirmed')
                                and tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(
                                      search_artists.available_on::timestamp at time zone 'Europe/Amsterdam',
                                      (search_artists.available_on + 1)::timestamp at time zone 'Europe/Amsterdam', '[)'))))
  ),
  in_range as (
    select * from matches m
     where search_artists.radius_km is null or (m.distance is not null and m.distance <= search_artists.radius_km)
  )
  select r.id, r.slug, r.name, r.genre, r.city, r.categories, r.avatar_path, r.cover_path, r.base_price_cents,
         r.rating_avg, r.review_count, r.priority, r.distance, r.created_at, count(*) over ()
    from in_range r
   order by
     case when search_artists.sort = 'price_asc' then r.base_price_cents end asc nulls last,
     case when search_artists.sort = 'price_desc' then r.base_price_cents end desc nulls last,
     case when search_artists.sort = 'rating' then r.rating_avg end desc nulls last,
     case when search_artists.sort = 'rating' then r.review_count end desc nulls last,
     case when search_artists.sort = 'newest' then r.created_at end desc nulls last,
     case when search_artists.sort = 'distance' then r.distance end asc nulls last,
     r.priority desc, r.rating_avg desc, r.review_count desc, r.name, r.id
   limit least(greatest(coalesce(search_artists.page_size, 24), 1), 100)
  offset (greatest(coalesce(search_artists.page, 1), 1) - 1) * least(greatest(coalesce(search_artists.page_size, 24), 1), 100)
$$;
grant execute on function public.search_artists(text, text, text, integer, double precision, double precision, double precision,
  date, integer, integer, numeric, text, integer, integer) to anon, authenticated, service_role;

-- compare_acts: up to three public acts side by side, for the favourites' compare view. Per act
-- what a customer weighs: the one 'from' price (artists.from_price_cents), the packages customers
-- can book (active, reviewed), rating and number of reviews, the distance in km from a chosen
-- place (public.places' coordinates) and whether the act is free on a chosen day (no busy day
-- by public.artist_busy_dates, the rule the artist page's calendar shows). Only approved, live
-- acts answer; the acts come back in the order asked for. More than three ids: the first three.
-- It runs as the caller: everything it reads is public (the artists' public columns, reviewed
-- active packages, places) and busy days come from artist_busy_dates, dates only.
create function public.compare_acts(ids uuid[], place_id integer default null, on_date date default null)
returns table (
  id uuid, slug text, name text, genre text, city text, avatar_path text, cover_path text,
  from_price_cents integer, rating_avg numeric, review_count integer, distance_km double precision,
  free_on_date boolean, packages jsonb
)
language sql stable security invoker
set search_path = ''
as $$
  with wanted as (
    select wanted.id, wanted.position from unnest((compare_acts.ids)[1:3]) with ordinality as wanted (id, position)
  ), origin as (
    select p.latitude, p.longitude from public.places p where p.id = compare_acts.place_id
  )
  select a.id, a.slug, a.name, a.genre, a.city, a.avatar_path, a.cover_path, a.from_price_cents, a.rating_avg, a.review_count,
         (select public.distance_km(o.latitude, o.longitude, a.latitude, a.longitude) from origin o
           where a.latitude is not null and a.longitude is not null),
         case when compare_acts.on_date is null then null
              else not exists (select 1 from public.artist_busy_dates(a.slug, compare_acts.on_date, compare_acts.on_date)) end,
         coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'price_cents', p.price_cents,
                                                       'duration_minutes', p.duration_minutes) order by p.sort_order, p.price_cents, p.id)
                     from public.artist_packages p
                    where p.artist_id = a.id and p.is_active and not p.pending_review), '[]'::jsonb)
    from (select distinct on (w.id) w.id, w.position from wanted w order by w.id, w.position) w
    join public.artists a on a.id = w.id
   where a.approval_status = 'approved' and a.deleted_at is null
   order by w.position
$$;
comment on function public.compare_acts(uuid[], integer, date) is
  'Up to three public acts side by side: from price, packages, rating, distance from a place, free on a day.';
revoke all on function public.compare_acts(uuid[], integer, date) from public;
grant execute on function public.compare_acts(uuid[], integer, date) to anon, authenticated, service_role;

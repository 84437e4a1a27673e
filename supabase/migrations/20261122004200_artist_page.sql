-- The public artist page: what a visitor may know about an act beyond its own rows.
--
-- * artist_busy_dates: the days in a range on which a public artist cannot be booked: a blocked
--   period covering the day, or an accepted or confirmed booking overlapping it (days in
--   Europe/Amsterdam, the same rule as search_artists' "available on"). Visitors cannot read
--   bookings, so this definer function answers with bare dates only: no booking, customer,
--   status or time leaves it. At most 93 days per call (a month view with its spill-over).
-- * artist_rating_distribution: how many reviews of each star a public artist has. A
--   security_invoker view, so the reviews' own RLS decides what is counted.

create function public.artist_busy_dates(artist_slug text, from_date date, to_date date)
returns setof date
language plpgsql stable security definer
set search_path = ''
as $$
declare
  target uuid;
begin
  if from_date is null or to_date is null or to_date < from_date then
    return;
  end if;
  if to_date - from_date > 92 then
    raise exception 'Vraag hoogstens 93 dagen tegelijk op.' using errcode = '22023';
  end if;
  select a.id into target from public.artists a
   where a.slug = artist_slug and a.approval_status = 'approved' and a.deleted_at is null;
  if target is null then
    return;
  end if;
  return query
    select days.day
      from (select from_date + offset_days as day from generate_series(0, to_date - from_date) as offset_days) days
     where exists (select 1 from public.artist_blocked_dates d
                    where d.artist_id = target and days.day between d.starts_on and d.ends_on)
        or exists (select 1 from public.bookings b
                    where b.artist_id = target
                      and b.status in ('accepted', 'confirmed')
                      and tstzrange(b.starts_at, b.ends_at, '[)')
                          && tstzrange(days.day::timestamp at time zone 'Europe/Amsterdam',
                                       (days.day + 1)::timestamp at time zone 'Europe/Amsterdam', '[)'))
     order by days.day;
end
$$;
comment on function public.artist_busy_dates(text, date, date) is
  'Days (Europe/Amsterdam) a public artist is blocked or has an accepted/confirmed booking; dates only.';
revoke all on function public.artist_busy_dates(text, date, date) from public;
grant execute on function public.artist_busy_dates(text, date, date) to anon, authenticated, service_role;

create view public.artist_rating_distribution
with (security_invoker = true)
as
  select a.slug as artist_slug, r.rating, count(*)::integer as review_count
    from public.reviews r
    join public.artists a on a.id = r.artist_id
   where a.approval_status = 'approved' and a.deleted_at is null
   group by a.slug, r.rating;
comment on view public.artist_rating_distribution is 'Reviews per star rating of each public artist (the reviews'' RLS applies).';
revoke all on public.artist_rating_distribution from anon, authenticated;
grant select on public.artist_rating_distribution to anon, authenticated, service_role;

-- The artist dashboard's earnings use the payout numbers ('Uitbetalingen'): a gig counts as played
-- once its check-in released it (the customer's 'Ja', the window closing, or a resolved case), at
-- the amount the artist is paid for it; a gig that has been but is still in its check-in window
-- (or held by a report) shows as 'in de controleperiode'; and this year's paid-out total comes from
-- the payouts. Otherwise as 20261125002100_artist_dashboard.sql, its missing act a 404
-- (private.raise_not_found, 20261126184500).

create or replace function public.artist_dashboard_overview() returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  act public.artists;
  local_now timestamp := now() at time zone 'Europe/Amsterdam';
  month_start timestamptz := date_trunc('month', local_now) at time zone 'Europe/Amsterdam';
  next_month timestamptz := (date_trunc('month', local_now) + interval '1 month') at time zone 'Europe/Amsterdam';
  year_start timestamptz := date_trunc('year', local_now) at time zone 'Europe/Amsterdam';
  next_year timestamptz := (date_trunc('year', local_now) + interval '1 year') at time zone 'Europe/Amsterdam';
  photos integer;
  links integer;
  packages integer;
  has_payout boolean;
begin
  select * into act from public.artists a where a.profile_id = auth.uid() and a.deleted_at is null;
  if act.id is null then
    perform private.raise_not_found('Je hebt nog geen act. Begin bij Artiest worden.');
  end if;
  select count(*) filter (where m.kind = 'image'), count(*) filter (where m.kind <> 'image')
    into photos, links from public.artist_media m where m.artist_id = act.id;
  select count(*) into packages from public.artist_packages p where p.artist_id = act.id and p.is_active;
  select exists (select 1 from public.artist_payout_details d where d.artist_id = act.id) into has_payout;

  return jsonb_build_object(
    'act', jsonb_build_object('id', act.id, 'name', act.name, 'slug', act.slug, 'approval_status', act.approval_status,
                              'rating_avg', act.rating_avg, 'review_count', act.review_count, 'cover_path', act.cover_path),
    'waiting', coalesce((
      select jsonb_agg(to_jsonb(w) order by w.response_deadline)
        from (select b.id, b.starts_at, b.response_deadline, b.event_type, b.price_cents, pp.display_name as customer_name
                from public.bookings b left join public.public_profiles pp on pp.id = b.customer_id
               where b.artist_id = act.id and b.status = 'pending' and b.response_deadline > now()
               order by b.response_deadline limit 5) w), '[]'::jsonb),
    'waiting_count', (select count(*) from public.bookings b where b.artist_id = act.id and b.status = 'pending' and b.response_deadline > now()),
    'upcoming', coalesce((
      select jsonb_agg(to_jsonb(u) order by u.starts_at)
        from (select b.id, b.starts_at, b.ends_at, b.status, b.event_type, b.event_location, b.price_cents, pp.display_name as customer_name
                from public.bookings b left join public.public_profiles pp on pp.id = b.customer_id
               where b.artist_id = act.id and b.status in ('accepted', 'confirmed') and b.starts_at > now()
               order by b.starts_at limit 5) u), '[]'::jsonb),
    'upcoming_count', (select count(*) from public.bookings b where b.artist_id = act.id and b.status in ('accepted', 'confirmed') and b.starts_at > now()),
    'earnings', (
      select jsonb_build_object(
        'month_cents', coalesce(sum(b.price_cents) filter (where b.starts_at >= month_start and b.starts_at < next_month), 0),
        'year_cents', coalesce(sum(b.price_cents) filter (where b.starts_at >= year_start and b.starts_at < next_year), 0),
        -- Played: the gig counts as having happened (its check-in released it, or it is from before
        -- check-ins), at what the artist is paid for it (less what a resolved case refunded).
        'played_cents', coalesce(sum(coalesce(o.amount_cents, b.price_cents)) filter (where b.starts_at >= year_start and b.starts_at < next_year and b.status = 'completed' and (c.booking_id is null or c.released_at is not null)), 0),
        -- The gig has been, and the customer may still report a problem (or did): not yet played.
        'checkin_cents', coalesce(sum(b.price_cents) filter (where (b.status = 'completed' and c.booking_id is not null and c.released_at is null) or (b.status = 'confirmed' and b.ends_at <= now())), 0),
        'to_come_cents', coalesce(sum(b.price_cents) filter (where b.status = 'confirmed' and b.ends_at > now()), 0))
        from public.bookings b
        left join public.booking_checkins c on c.booking_id = b.id
        left join public.payouts o on o.booking_id = b.id
       where b.artist_id = act.id and b.status in ('confirmed', 'completed') and b.starts_at >= least(year_start, now() - interval '1 day')),
    -- What reached the artist's Mollie organization this year: the same payouts 'Uitbetalingen' lists.
    'paid_out_cents', (select coalesce(sum(o.amount_cents), 0) from public.payouts o where o.artist_id = act.id and o.status = 'paid' and o.paid_at >= year_start and o.paid_at < next_year),
    'completeness', jsonb_build_array(
      jsonb_build_object('item', 'Naam, categorie en genre', 'done', act.name <> '' and cardinality(act.categories) > 0 and trim(act.genre) <> '', 'step', 'act'),
      jsonb_build_object('item', 'Een beschrijving van minstens 400 tekens', 'done', char_length(trim(act.bio)) >= 400, 'step', 'act'),
      jsonb_build_object('item', 'Woonplaats en reisafstand', 'done', act.place_id is not null and act.travel_radius_km is not null, 'step', 'locatie'),
      jsonb_build_object('item', 'Minstens 5 foto''s', 'done', photos >= 5, 'step', 'media'),
      jsonb_build_object('item', 'Een video of muziek', 'done', links > 0, 'step', 'media'),
      jsonb_build_object('item', 'Minstens 2 pakketten', 'done', packages >= 2, 'step', 'pakketten'),
      jsonb_build_object('item', 'Een website', 'done', act.website_url is not null, 'step', 'locatie'),
      jsonb_build_object('item', 'Rekeninggegevens voor de uitbetaling', 'done', has_payout, 'step', 'uitbetaling')),
    'reviews', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.created_at desc)
        from (select rv.id, rv.rating, rv.body, rv.created_at, rv.artist_reply, pp.display_name as reviewer_name
                from public.reviews rv left join public.public_profiles pp on pp.id = rv.customer_id
               where rv.artist_id = act.id order by rv.created_at desc limit 3) r), '[]'::jsonb)
  );
end
$$;

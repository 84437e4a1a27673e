-- The back office's actions and figures. All run as the caller (security invoker): RLS and the
-- artists trigger decide what an admin may change, and the audit triggers record each change
-- with the admin as actor. The explicit is_admin() check only gives a clear refusal.

-- Approve or reject artists, with a reason for a rejection. Returns who to tell: the review-artists
-- edge function calls this with the admin's JWT and then e-mails each owner.
create function public.admin_review_artists(artist_ids uuid[], decision text, reason text default null)
returns table (
  artist_id uuid,
  artist_name text,
  artist_slug text,
  approval_status text,
  rejection_reason text,
  owner_email text,
  owner_first_name text
)
language plpgsql volatile
set search_path = ''
as $$
#variable_conflict use_column
declare
  clean_reason text := nullif(trim(reason), '');
begin
  if not public.is_admin() then
    raise exception 'Alleen een beheerder kan artiesten beoordelen.' using errcode = '42501';
  end if;
  if decision not in ('approved', 'rejected') then
    raise exception 'Kies goedkeuren of afwijzen.' using errcode = '22023';
  end if;
  if decision = 'rejected' and clean_reason is null then
    raise exception 'Geef een reden voor de afwijzing.' using errcode = '22023';
  end if;
  if coalesce(cardinality(artist_ids), 0) = 0 then
    raise exception 'Kies minstens één artiest.' using errcode = '22023';
  end if;
  if char_length(clean_reason) > 2000 then
    raise exception 'De reden is te lang (maximaal 2000 tekens).' using errcode = '22023';
  end if;

  return query
  with changed as (
    update public.artists a
       set approval_status = decision,
           rejection_reason = case when decision = 'rejected' then clean_reason end
     where a.id = any (artist_ids) and a.deleted_at is null
    returning a.id, a.name, a.slug, a.approval_status, a.rejection_reason, a.profile_id
  )
  select c.id, c.name, c.slug, c.approval_status, c.rejection_reason, p.email, p.first_name
    from changed c
    left join public.profiles p on p.id = c.profile_id;
end
$$;
revoke all on function public.admin_review_artists(uuid[], text, text) from public, anon;
grant execute on function public.admin_review_artists(uuid[], text, text) to authenticated;

-- The ranking behind "recommended" and the hero categories: the given artists, top first, get
-- consecutive priorities just above every other public artist of the category (all public
-- artists when no category is given), so the list keeps its place above the artists it did not
-- show and the others keep their order. One priority per artist: reordering one category also
-- moves those artists in their other categories.
create function public.admin_reorder_artists(artist_ids uuid[], category text default null)
returns integer
language plpgsql volatile
set search_path = ''
as $$
declare
  base integer;
  changed integer;
begin
  if not public.is_admin() then
    raise exception 'Alleen een beheerder kan de volgorde van artiesten wijzigen.' using errcode = '42501';
  end if;
  if coalesce(cardinality(artist_ids), 0) = 0 then
    return 0;
  end if;
  if cardinality(artist_ids) <> (select count(distinct x) from unnest(artist_ids) x) then
    raise exception 'Een artiest staat meer dan eens in de volgorde.' using errcode = '22023';
  end if;
  select coalesce(max(a.priority), 0) into base
    from public.artists a
   where a.approval_status = 'approved' and a.deleted_at is null
     and (admin_reorder_artists.category is null or lower(admin_reorder_artists.category) = any (a.categories))
     and a.id <> all (artist_ids);
  update public.artists a
     set priority = base + (cardinality(artist_ids) - given.position + 1)::integer
    from unnest(artist_ids) with ordinality as given(id, position)
   where a.id = given.id and a.priority is distinct from base + (cardinality(artist_ids) - given.position + 1)::integer;
  get diagnostics changed = row_count;
  return changed;
end
$$;
revoke all on function public.admin_reorder_artists(uuid[], text) from public, anon;
grant execute on function public.admin_reorder_artists(uuid[], text) to authenticated;

-- The dashboard's figures over the last `weeks` weeks (ISO weeks, Amsterdam time): bookings per
-- week by status, revenue per week (paid minus refunded, and the platform's fee on paid
-- bookings), new signups per week, artists awaiting approval and the artists' average response
-- time (request to accept or decline).
create function public.admin_dashboard_stats(weeks integer default 12)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  span integer := least(greatest(coalesce(weeks, 12), 1), 104);
  since timestamptz;
  result jsonb;
begin
  if not public.is_admin() then
    raise exception 'Alleen een beheerder kan de cijfers zien.' using errcode = '42501';
  end if;
  since := (date_trunc('week', now() at time zone 'Europe/Amsterdam') - make_interval(weeks => span - 1)) at time zone 'Europe/Amsterdam';

  -- Weeks as [start, end) instants of Amsterdam Mondays; each figure is an index range scan per
  -- week rather than a time-zone conversion per row (a million bookings).
  with week_list as (
    select local_start at time zone 'Europe/Amsterdam' as week_start,
           (local_start + interval '1 week') at time zone 'Europe/Amsterdam' as week_end
      from generate_series(since at time zone 'Europe/Amsterdam', now() at time zone 'Europe/Amsterdam', interval '1 week') as local_start
  ),
  booking_weeks as (
    select w.week_start, b.status, count(*)::integer as n
      from week_list w join public.bookings b on b.created_at >= w.week_start and b.created_at < w.week_end
     group by 1, 2
  ),
  revenue_weeks as (
    select w.week_start, sum(p.amount_cents - p.refunded_cents)::bigint as net_cents, sum(p.refunded_cents)::bigint as refunded_cents
      from week_list w join public.payments p on p.status = 'paid' and p.paid_at >= w.week_start and p.paid_at < w.week_end
     group by 1
  ),
  fee_weeks as (
    select w.week_start, sum(b.platform_fee_cents)::bigint as fee_cents
      from week_list w join public.bookings b on b.confirmed_at >= w.week_start and b.confirmed_at < w.week_end
     where b.status in ('confirmed', 'completed')
     group by 1
  ),
  signup_weeks as (
    select w.week_start, count(*) filter (where p.role = 'artist')::integer as artists, count(*)::integer as total
      from week_list w join public.profiles p on p.created_at >= w.week_start and p.created_at < w.week_end
     group by 1
  )
  select jsonb_build_object(
    'since', since,
    'weeks', (
      select jsonb_agg(jsonb_build_object(
        'week_start', w.week_start,
        'bookings', coalesce((select jsonb_object_agg(bw.status, bw.n) from booking_weeks bw where bw.week_start = w.week_start), '{}'::jsonb),
        'revenue_cents', coalesce((select rw.net_cents from revenue_weeks rw where rw.week_start = w.week_start), 0),
        'refunded_cents', coalesce((select rw.refunded_cents from revenue_weeks rw where rw.week_start = w.week_start), 0),
        'fee_cents', coalesce((select fw.fee_cents from fee_weeks fw where fw.week_start = w.week_start), 0),
        'signups', coalesce((select sw.total from signup_weeks sw where sw.week_start = w.week_start), 0),
        'artist_signups', coalesce((select sw.artists from signup_weeks sw where sw.week_start = w.week_start), 0)
      ) order by w.week_start)
      from week_list w
    ),
    'pending_artists', (select count(*) from public.artists a where a.approval_status = 'pending' and a.deleted_at is null),
    'avg_response_hours', (
      select round((extract(epoch from avg(coalesce(b.accepted_at, b.declined_at) - b.created_at)) / 3600)::numeric, 1)
        from public.bookings b
       where b.created_at >= since and coalesce(b.accepted_at, b.declined_at) is not null),
    'open_requests', (select count(*) from public.bookings b where b.status = 'pending')
  ) into result;
  return result;
end
$$;
revoke all on function public.admin_dashboard_stats(integer) from public, anon;
grant execute on function public.admin_dashboard_stats(integer) to authenticated;

create index artists_pending_idx on public.artists (created_at) where approval_status = 'pending' and deleted_at is null;
create index payments_paid_idx on public.payments (paid_at) where status = 'paid';
create index bookings_confirmed_idx on public.bookings (confirmed_at) where confirmed_at is not null;
create index bookings_pending_idx on public.bookings (created_at) where status = 'pending';

-- The back office's side of money out: 'Uitbetalingen' (every payout with its booking, act and
-- customer), 'Meldingen' (every case a customer opened, with the booking and what was paid) and
-- the 'Kasboek' (ARCHITECTURE 'Money: in, held, out, and the books'). The views are
-- security_invoker with `where is_admin()`, as the other admin views; the cash book reads private
-- refund requests, so it is a definer function that checks is_admin() itself.

create view public.admin_payouts with (security_invoker = true) as
select
  o.booking_id as id,
  o.booking_id,
  upper(left(o.booking_id::text, 8)) as reference,
  o.status,
  o.amount_cents,
  o.route_cents,
  o.transfer_cents,
  o.attempts,
  o.last_error,
  o.next_attempt_at,
  o.organization_id,
  o.mollie_payment_id,
  o.mollie_route_id,
  o.mollie_transfer_id,
  o.released_at,
  o.paid_at,
  o.created_at,
  o.updated_at,
  o.artist_id,
  a.name as artist_name,
  m.onboarding_status,
  b.customer_id,
  coalesce(nullif(trim(c.first_name || ' ' || c.last_name), ''), c.email) as customer_name,
  c.email as customer_email,
  b.starts_at,
  b.price_cents,
  b.platform_fee_cents,
  b.bands_applied_cents,
  b.total_cents,
  k.status as case_status,
  k.refund_cents as case_refund_cents,
  public.fold_text(coalesce(a.name, '') || ' ' || coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '') || ' ' || coalesce(c.email, '') || ' ' || o.booking_id::text) as search_text
from public.payouts o
join public.bookings b on b.id = o.booking_id
left join public.artists a on a.id = o.artist_id
left join public.profiles c on c.id = b.customer_id
left join public.mollie_connections m on m.artist_id = o.artist_id
left join public.booking_cases k on k.booking_id = o.booking_id
where (select public.is_admin());
comment on view public.admin_payouts is 'Back office ''Uitbetalingen'': each payout with its booking, act, customer and any case; admins only.';
revoke all on public.admin_payouts from anon, authenticated;
grant select on public.admin_payouts to authenticated;

-- What the customer paid is read from payments, which admins see; a refund requested but not
-- yet made at Mollie is not counted there, so resolve_booking_case keeps the last word on the
-- largest partial refund (max_partial_refund_cents is the form's first check).
create view public.admin_booking_cases with (security_invoker = true) as
select
  k.booking_id as id,
  k.id as case_id,
  k.booking_id,
  upper(left(k.booking_id::text, 8)) as reference,
  k.reason,
  k.details,
  k.photos,
  k.artist_reply,
  k.artist_replied_at,
  k.status,
  k.resolution,
  k.refund_cents,
  k.resolution_note,
  k.resolved_at,
  coalesce(nullif(trim(r.first_name || ' ' || r.last_name), ''), r.email) as resolved_by_name,
  k.created_at,
  b.status as booking_status,
  b.starts_at,
  b.ends_at,
  b.event_type,
  b.event_location,
  b.guest_count,
  b.price_cents,
  b.platform_fee_cents,
  b.bands_applied_cents,
  b.total_cents,
  paid.paid_cents,
  paid.refunded_cents,
  greatest(least(paid.paid_cents - paid.refunded_cents, b.price_cents) - 1, 0) as max_partial_refund_cents,
  b.customer_id,
  coalesce(nullif(trim(c.first_name || ' ' || c.last_name), ''), c.email) as customer_name,
  c.email as customer_email,
  c.phone as customer_phone,
  b.artist_id,
  a.name as artist_name,
  owner.email as artist_email,
  o.status as payout_status,
  o.amount_cents as payout_cents,
  public.fold_text(coalesce(a.name, '') || ' ' || coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '') || ' ' || coalesce(c.email, '') || ' ' || k.booking_id::text) as search_text
from public.booking_cases k
join public.bookings b on b.id = k.booking_id
left join public.artists a on a.id = b.artist_id
left join public.profiles owner on owner.id = a.profile_id
left join public.profiles c on c.id = b.customer_id
left join public.profiles r on r.id = k.resolved_by
left join public.payouts o on o.booking_id = k.booking_id
cross join lateral (
  select coalesce(sum(p.amount_cents), 0)::integer as paid_cents, coalesce(sum(p.refunded_cents), 0)::integer as refunded_cents
    from public.payments p where p.booking_id = k.booking_id and p.status = 'paid'
) paid
where (select public.is_admin());
comment on view public.admin_booking_cases is 'Back office ''Meldingen'': each case with its booking, both sides, what was paid and the payout; admins only.';
revoke all on public.admin_booking_cases from anon, authenticated;
grant select on public.admin_booking_cases to authenticated;

/*
  The cash book: where every euro that came in went, per day and in total, to the cent.

    money in = refunds + paid out to artists + Podium's revenue + still held

  Each booking with a paid payment is followed from the day its (first) payment came in
  (Europe/Amsterdam), so every day's row balances by itself; a booking paid entirely with BANDS
  has no payment and is followed from its payout's release:
  - money in: its paid payments.
  - refunds: per payment what Mollie reports refunded or what has been requested, whichever is
    more (private.refundable_cents); refunds_pending_cents is the requested part not yet made.
  - paid out: a paid payout's route on the payment plus its balance transfer from Podium's balance.
  - revenue, once the gig's payout is released (the customer's 'Ja', the window closing, or a
    resolved case): the service fee less the BANDS discount, which Podium pays the artist from its
    own balance (BANDS are credit Podium gave, not money that came in), so a booking paid mostly
    with BANDS has negative revenue. A case refunded in full (payout 0) earns nothing. A booking
    that ended without a gig (cancelled, declined, expired) earns what the cancellation policy kept.
  - held: a booking whose gig has not been released (upcoming, in its check-in window, or an open
    case; also completed bookings from before check-ins, whose artist share was never paid out)
    holds what it kept after refunds; a released payout not yet paid (due, failed, waiting for the
    act's Mollie connection) holds the artist share (owed_to_artists_cents).
  difference_cents is money in less the four: 0 unless a payout, refund or fee went astray (an
  excess not refunded, a payout that is not the price less the case's refund, a route that is not
  the payout's amount).
*/
/** Each booking's line in the cash book (see above); the admin functions below add them up or list the ones that do not balance. */
create function private.cash_book_lines(from_day date, to_day date)
returns table (
  booking_id uuid, day date, money_in bigint, refunds bigint, pending bigint, routed bigint, transferred bigint,
  fee bigint, bands bigint, kept bigint, held bigint, owed bigint, difference bigint
)
language sql stable security definer
set search_path = ''
as $$
  with money as (
    select p.booking_id,
           -- A paid payment without paid_at (written before the column was kept) counts from its creation.
           (min(coalesce(p.paid_at, p.created_at)) at time zone 'Europe/Amsterdam')::date as day,
           sum(p.amount_cents)::bigint as money_in,
           sum(p.amount_cents - private.refundable_cents(p))::bigint as refunds,
           coalesce(sum((select sum(r.amount_cents) from private.refund_requests r where r.payment_id = p.id and r.done_at is null)), 0)::bigint as pending
      from public.payments p
     where p.status = 'paid'
     group by p.booking_id
  ),
  -- A payout without a payment (a booking paid entirely with BANDS) is followed from its release.
  followed as (
    select coalesce(m.booking_id, o.booking_id) as booking_id,
           coalesce(m.day, (coalesce(o.released_at, o.created_at) at time zone 'Europe/Amsterdam')::date) as day,
           coalesce(m.money_in, 0)::bigint as money_in, coalesce(m.refunds, 0)::bigint as refunds, coalesce(m.pending, 0)::bigint as pending
      from money m
      full join public.payouts o on o.booking_id = m.booking_id
  ),
  lines as (
    select m.booking_id, m.day, m.money_in, m.refunds, m.pending,
           case when o.status = 'paid' then o.route_cents else 0 end::bigint as routed,
           case when o.status = 'paid' then o.transfer_cents else 0 end::bigint as transferred,
           case when released and o.amount_cents > 0 then b.platform_fee_cents else 0 end::bigint as fee,
           case when released and o.amount_cents > 0 then b.bands_applied_cents else 0 end::bigint as bands,
           case when closed then m.money_in - m.refunds else 0 end::bigint as kept,
           (case when not released and not closed then m.money_in - m.refunds else 0 end
            + case when released and o.status <> 'paid' then o.amount_cents else 0 end)::bigint as held,
           case when released and o.status <> 'paid' then o.amount_cents else 0 end::bigint as owed
      from followed m
      join public.bookings b on b.id = m.booking_id
      left join public.payouts o on o.booking_id = m.booking_id
      cross join lateral (select coalesce(o.status in ('due', 'failed', 'awaiting_connection', 'paid', 'refunded'), false) as released) r
      cross join lateral (select o.booking_id is null and b.status in ('cancelled', 'declined', 'expired') as closed) c
     where (from_day is null or m.day >= from_day) and (to_day is null or m.day <= to_day)
  )
  select l.booking_id, l.day, l.money_in, l.refunds, l.pending, l.routed, l.transferred, l.fee, l.bands, l.kept, l.held, l.owed,
         l.money_in - l.refunds - (l.routed + l.transferred) - (l.fee - l.bands + l.kept) - l.held
    from lines l
$$;
revoke all on function private.cash_book_lines(date, date) from public, anon, authenticated, service_role;

create function public.admin_cash_book(from_day date default null, to_day date default null)
returns table (
  day date, bookings integer, money_in_cents bigint, refunds_cents bigint, refunds_pending_cents bigint,
  routed_cents bigint, transferred_cents bigint, paid_out_cents bigint,
  service_fee_cents bigint, bands_discount_cents bigint, cancellation_kept_cents bigint, revenue_cents bigint,
  held_cents bigint, owed_to_artists_cents bigint, difference_cents bigint
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Alleen een beheerder kan het kasboek bekijken.' using errcode = '42501';
  end if;
  if from_day is not null and to_day is not null and from_day > to_day then
    raise exception 'De begindatum ligt na de einddatum.' using errcode = '22023';
  end if;
  return query
  with per_day as (
    -- The total row (grouping set ()) comes also when there is nothing, with zeros.
    select x.day, count(*)::integer as bookings,
           coalesce(sum(x.money_in), 0)::bigint as money_in, coalesce(sum(x.refunds), 0)::bigint as refunds,
           coalesce(sum(x.pending), 0)::bigint as pending,
           coalesce(sum(x.routed), 0)::bigint as routed, coalesce(sum(x.transferred), 0)::bigint as transferred,
           coalesce(sum(x.fee), 0)::bigint as fee, coalesce(sum(x.bands), 0)::bigint as bands,
           coalesce(sum(x.kept), 0)::bigint as kept,
           coalesce(sum(x.held), 0)::bigint as held, coalesce(sum(x.owed), 0)::bigint as owed,
           coalesce(sum(x.difference), 0)::bigint as difference,
           grouping(x.day) = 1 as is_total
      from private.cash_book_lines(from_day, to_day) x
     group by grouping sets ((x.day), ())
  )
  select case when d.is_total then null else d.day end, d.bookings, d.money_in, d.refunds, d.pending,
         d.routed, d.transferred, d.routed + d.transferred,
         d.fee, d.bands, d.kept, d.fee - d.bands + d.kept,
         d.held, d.owed, d.difference
    from per_day d
   order by d.is_total desc, d.day desc;
end
$$;
comment on function public.admin_cash_book(date, date) is
  'Kasboek: money in (paid payments) = refunds + paid out to artists (routes + balance transfers) + Podium''s revenue (service fees of released gigs less their BANDS discount, plus what cancellations kept) + still held (unreleased gigs, and released payouts not yet paid), per day the money came in and in total (the row whose day is null); difference_cents must be 0. Admins only.';
revoke all on function public.admin_cash_book(date, date) from public, anon;
grant execute on function public.admin_cash_book(date, date) to authenticated;

-- The bookings behind a difference in the cash book, so an admin can see what went astray (a
-- payout with no payment, a refund the payout did not follow, an excess never refunded).
create function public.admin_cash_book_gaps(from_day date default null, to_day date default null)
returns table (
  booking_id uuid, reference text, day date, booking_status text, artist_name text, customer_name text,
  money_in_cents bigint, refunds_cents bigint, paid_out_cents bigint, payout_status text, payout_cents integer, difference_cents bigint
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Alleen een beheerder kan het kasboek bekijken.' using errcode = '42501';
  end if;
  if from_day is not null and to_day is not null and from_day > to_day then
    raise exception 'De begindatum ligt na de einddatum.' using errcode = '22023';
  end if;
  return query
  select x.booking_id, upper(left(x.booking_id::text, 8)), x.day, b.status, a.name,
         coalesce(nullif(trim(c.first_name || ' ' || c.last_name), ''), c.email),
         x.money_in, x.refunds, x.routed + x.transferred, o.status, o.amount_cents, x.difference
    from private.cash_book_lines(from_day, to_day) x
    join public.bookings b on b.id = x.booking_id
    left join public.artists a on a.id = b.artist_id
    left join public.profiles c on c.id = b.customer_id
    left join public.payouts o on o.booking_id = x.booking_id
   where x.difference <> 0
   order by x.day desc, x.booking_id
   limit 200;
end
$$;
comment on function public.admin_cash_book_gaps(date, date) is 'The bookings whose money does not add up in the cash book (admin_cash_book''s difference), newest day first, at most 200. Admins only.';
revoke all on function public.admin_cash_book_gaps(date, date) from public, anon;
grant execute on function public.admin_cash_book_gaps(date, date) to authenticated;

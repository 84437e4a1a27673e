-- The cash book counts chargebacks: what a customer's bank took back left Podium's balance.
--
--   money in = refunds + charged back + paid out to artists + Podium's revenue + still held
--
-- A chargeback on a booking whose gig is not released (or that ended without a gig) lowers what
-- is held (or what the cancellation kept): the payout is held from then on and never goes out. A
-- chargeback after the release is Podium's loss: the artist is paid for the gig they played, so
-- it lowers Podium's revenue (chargeback_loss_cents). A chargeback the bank reversed counts no
-- more. Otherwise as 20261207000200_backoffice_payouts_and_cash_book.sql.

drop function public.admin_cash_book(date, date);
drop function private.cash_book_lines(date, date);

create function private.cash_book_lines(from_day date, to_day date)
returns table (
  booking_id uuid, day date, money_in bigint, refunds bigint, pending bigint, routed bigint, transferred bigint,
  fee bigint, bands bigint, kept bigint, held bigint, owed bigint, difference bigint, charged_back bigint, loss bigint
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
           coalesce(sum((select sum(r.amount_cents) from private.refund_requests r where r.payment_id = p.id and r.done_at is null)), 0)::bigint as pending,
           -- What the customers' banks took back (chargebacks not reversed).
           coalesce(sum((select sum(k.amount_cents) from public.payment_chargebacks k where k.payment_id = p.id and k.reversed_at is null)), 0)::bigint as charged_back
      from public.payments p
     where p.status = 'paid'
     group by p.booking_id
  ),
  -- A payout without a payment (a booking paid entirely with BANDS) is followed from its release.
  followed as (
    select coalesce(m.booking_id, o.booking_id) as booking_id,
           coalesce(m.day, (coalesce(o.released_at, o.created_at) at time zone 'Europe/Amsterdam')::date) as day,
           coalesce(m.money_in, 0)::bigint as money_in, coalesce(m.refunds, 0)::bigint as refunds, coalesce(m.pending, 0)::bigint as pending,
           coalesce(m.charged_back, 0)::bigint as charged_back
      from money m
      full join public.payouts o on o.booking_id = m.booking_id
  ),
  lines as (
    select m.booking_id, m.day, m.money_in, m.refunds, m.pending, m.charged_back,
           case when o.status = 'paid' then o.route_cents else 0 end::bigint as routed,
           case when o.status = 'paid' then o.transfer_cents else 0 end::bigint as transferred,
           case when released and o.amount_cents > 0 then b.platform_fee_cents else 0 end::bigint as fee,
           case when released and o.amount_cents > 0 then b.bands_applied_cents else 0 end::bigint as bands,
           case when closed then m.money_in - m.refunds - m.charged_back else 0 end::bigint as kept,
           -- A chargeback after the gig was released: the artist is (or will be) paid, Podium bears it.
           case when released then m.charged_back else 0 end::bigint as loss,
           (case when not released and not closed then m.money_in - m.refunds - m.charged_back else 0 end
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
         l.money_in - l.refunds - l.charged_back - (l.routed + l.transferred) - (l.fee - l.bands + l.kept - l.loss) - l.held,
         l.charged_back, l.loss
    from lines l
$$;
revoke all on function private.cash_book_lines(date, date) from public, anon, authenticated, service_role;

create function public.admin_cash_book(from_day date default null, to_day date default null)
returns table (
  day date, bookings integer, money_in_cents bigint, refunds_cents bigint, refunds_pending_cents bigint,
  routed_cents bigint, transferred_cents bigint, paid_out_cents bigint,
  service_fee_cents bigint, bands_discount_cents bigint, cancellation_kept_cents bigint, revenue_cents bigint,
  held_cents bigint, owed_to_artists_cents bigint, difference_cents bigint,
  chargebacks_cents bigint, chargeback_loss_cents bigint
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
           coalesce(sum(x.charged_back), 0)::bigint as charged_back, coalesce(sum(x.loss), 0)::bigint as loss,
           grouping(x.day) = 1 as is_total
      from private.cash_book_lines(from_day, to_day) x
     group by grouping sets ((x.day), ())
  )
  select case when d.is_total then null else d.day end, d.bookings, d.money_in, d.refunds, d.pending,
         d.routed, d.transferred, d.routed + d.transferred,
         d.fee, d.bands, d.kept, d.fee - d.bands + d.kept - d.loss,
         d.held, d.owed, d.difference, d.charged_back, d.loss
    from per_day d
   order by d.is_total desc, d.day desc;
end
$$;
comment on function public.admin_cash_book(date, date) is
  'Kasboek: money in (paid payments) = refunds + charged back (chargebacks not reversed) + paid out to artists (routes + balance transfers) + Podium''s revenue (service fees of released gigs less their BANDS discount, plus what cancellations kept, less chargebacks after the release) + still held (unreleased gigs, and released payouts not yet paid), per day the money came in and in total (the row whose day is null); difference_cents must be 0. Admins only.';
revoke all on function public.admin_cash_book(date, date) from public, anon;
grant execute on function public.admin_cash_book(date, date) to authenticated;

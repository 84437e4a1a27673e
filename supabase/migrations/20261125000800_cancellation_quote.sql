-- What a cancellation now would give back (the customer sees the refund before
-- confirming). The same policy and sums as the refund the cancellation writes
-- (private.refund_percent, private.enqueue_payment_refunds), for the person asking: the
-- booking's customer (the policy's share), its artist or an admin (all of it). Nobody else
-- learns anything.
create function public.cancellation_quote(booking_id uuid)
returns table (paid_cents integer, refund_percent integer, refund_cents integer)
language sql stable security definer
set search_path = ''
as $$
  select coalesce(sum(p.amount_cents), 0)::integer,
         pct.percent,
         coalesce(sum(greatest(round(p.amount_cents * pct.percent / 100.0)::integer - p.refunded_cents, 0)), 0)::integer
    from public.bookings b
   cross join lateral (
     select private.refund_percent(
       case when b.customer_id = (select auth.uid()) then 'customer' when public.owns_artist(b.artist_id) then 'artist' else 'admin' end,
       b.starts_at, now()) as percent) pct
    left join public.payments p on p.booking_id = b.id and p.status = 'paid'
   where b.id = cancellation_quote.booking_id
     and (b.customer_id = (select auth.uid()) or public.owns_artist(b.artist_id) or (select public.is_admin()))
   group by pct.percent
$$;
comment on function public.cancellation_quote(uuid) is 'What cancelling the booking now would refund (paid, percentage, amount), for its customer, artist or an admin.';
revoke all on function public.cancellation_quote(uuid) from public, anon;
grant execute on function public.cancellation_quote(uuid) to authenticated, service_role;

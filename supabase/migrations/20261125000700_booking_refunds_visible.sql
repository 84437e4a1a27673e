-- Refunds visible to the people of the booking: what comes back, how much of the
-- payment (the policy's percentage), and where it stands. The refund queue itself stays private
-- (private.refund_requests); this function answers only the booking's customer, its artist and
-- admins, and nobody else learns that a booking exists.
create function public.booking_refunds(booking_id uuid)
returns table (amount_cents integer, refund_percent integer, status text, requested_at timestamptz, sent_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select r.amount_cents, r.refund_percent,
         case when r.done_at is not null then 'sent' else 'requested' end,
         r.created_at, r.done_at
    from private.refund_requests r
    join public.bookings b on b.id = r.booking_id
   where r.booking_id = booking_refunds.booking_id
     and (b.customer_id = (select auth.uid()) or public.owns_artist(b.artist_id) or (select public.is_admin()))
   order by r.created_at, r.id
$$;
comment on function public.booking_refunds(uuid) is 'The refunds of a booking (amount, percentage, requested/sent), for its customer, its artist and admins.';
revoke all on function public.booking_refunds(uuid) from public, anon;
grant execute on function public.booking_refunds(uuid) to authenticated, service_role;

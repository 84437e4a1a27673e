-- A payment refunds in full when it became paid after its booking was cancelled or expired
-- (20261122003200_booking_refunds.sql). The trigger only looked at the booking's status now, so
-- history written afterwards (the seed's paid payments of bookings cancelled later, an import)
-- counted as a late payment, and the part the policy had kept was queued for a refund that
-- Mollie could never make. A payment paid before the booking closed bought the booking: its
-- refund is the cancellation's, by policy.
create or replace function private.refund_payment_for_closed_booking() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and old.status = 'paid' then
    return null;
  end if;
  if exists (
    select 1 from public.bookings b
     where b.id = new.booking_id
       and b.status in ('cancelled', 'expired')
       and coalesce(new.paid_at, now()) >= coalesce(b.cancelled_at, b.expired_at, '-infinity'::timestamptz)
  ) then
    perform private.enqueue_payment_refunds(new.booking_id, 100, new.id);
  end if;
  return null;
end
$$;
revoke all on function private.refund_payment_for_closed_booking() from public, anon, authenticated, service_role;

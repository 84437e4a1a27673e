-- No money is stranded. A payment Mollie reports as paid is always
-- recorded, whatever it paid for:
-- * the booking waits for payment and the amount covers it: the booking is confirmed; anything
--   paid above the total (a checkout opened before BANDS lowered the total in another tab) is
--   refunded at once;
-- * the amount is less than the total (the checkout is older than a higher total): the booking
--   keeps waiting for its payment and this one is refunded in full;
-- * the booking is already paid (a second tab paid too): this payment is refunded in full;
-- * the booking was cancelled or expired meanwhile: refunded in full (payments_refund_when_closed).
-- Before, a paid amount that did not match the total raised an error, the webhook answered 200
-- and the payment was never recorded. A replayed webhook changes nothing: a payment that is
-- already recorded as paid is not handled again, and a refund request exists once per payment.

create or replace function public.record_booking_payment(
  booking_id uuid, provider_payment_id text, payment_status text, amount_cents integer, method text default null
) returns public.bookings
language plpgsql security definer
set search_path = ''
as $$
declare
  booking public.bookings;
  payment public.payments;
  previous_status text;
  excess integer;
begin
  if not public.is_service_role() then
    raise exception 'Alleen de betaalprovider kan een betaling registreren.' using errcode = '42501';
  end if;
  select * into booking from public.bookings b where b.id = record_booking_payment.booking_id for update;
  if not found then
    raise exception 'Boeking niet gevonden.' using errcode = 'P0002';
  end if;
  select p.status into previous_status from public.payments p where p.provider_payment_id = record_booking_payment.provider_payment_id;
  insert into public.payments (booking_id, provider_payment_id, amount_cents, status, method, paid_at)
  values (booking.id, record_booking_payment.provider_payment_id, record_booking_payment.amount_cents, payment_status,
    record_booking_payment.method, case when payment_status = 'paid' then now() end)
  on conflict on constraint payments_provider_payment_id_key do update
    set status = excluded.status,
        method = coalesce(excluded.method, public.payments.method),
        paid_at = coalesce(public.payments.paid_at, excluded.paid_at)
  where public.payments.booking_id = excluded.booking_id
  returning * into payment;
  if payment.id is null then
    raise exception 'Deze betaling hoort bij een andere boeking.' using errcode = 'P0001';
  end if;
  if payment_status <> 'paid' or previous_status is not distinct from 'paid' then
    return booking;
  end if;

  if booking.status = 'accepted' and payment.amount_cents >= booking.total_cents then
    booking := private.apply_booking_transition(booking.id, 'confirmed', array['system'], null, 'Betaling ontvangen');
    excess := payment.amount_cents - booking.total_cents;
    if excess > 0 then
      insert into private.refund_requests (booking_id, payment_id, provider_payment_id, amount_cents, currency, refund_percent)
      values (booking.id, payment.id, payment.provider_payment_id, excess, payment.currency,
              least(greatest(round(excess * 100.0 / payment.amount_cents)::integer, 1), 100))
      on conflict (payment_id) do nothing;
    end if;
  elsif booking.status in ('accepted', 'confirmed', 'completed') then
    -- Too little for the booking as it is now, or a second payment of a booking already paid.
    perform private.enqueue_payment_refunds(booking.id, 100, payment.id);
  end if;
  return booking;
end
$$;
revoke all on function public.record_booking_payment(uuid, text, text, integer, text) from public, anon, authenticated;
grant execute on function public.record_booking_payment(uuid, text, text, integer, text) to service_role;

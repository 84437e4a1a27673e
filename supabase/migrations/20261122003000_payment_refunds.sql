-- Refunds of a Mollie payment, as the payment webhook reads them from Mollie (amountRefunded):
-- recorded on the payments row. Mollie only ever raises the refunded amount, so a replayed or
-- late webhook cannot lower it.
create function public.record_payment_refund(provider_payment_id text, refunded_cents integer)
returns public.payments
language plpgsql security definer
set search_path = ''
as $$
declare
  payment public.payments;
begin
  if not public.is_service_role() then
    raise exception 'Alleen de betaalprovider kan een terugbetaling registreren.' using errcode = '42501';
  end if;
  if refunded_cents is null or refunded_cents < 0 then
    raise exception 'Ongeldig terugbetaald bedrag.' using errcode = 'P0001';
  end if;
  update public.payments p
     set refunded_cents = greatest(p.refunded_cents, least(record_payment_refund.refunded_cents, p.amount_cents))
   where p.provider_payment_id = record_payment_refund.provider_payment_id
  returning * into payment;
  if not found then
    raise exception 'Betaling niet gevonden.' using errcode = 'P0002';
  end if;
  return payment;
end
$$;
revoke all on function public.record_payment_refund(text, integer) from public, anon, authenticated;
grant execute on function public.record_payment_refund(text, integer) to service_role;

-- One open payment per booking: create-payment reuses it, and when two checkouts of one
-- booking race, the second one's insert fails here and it hands out the first one instead.
create unique index payments_one_open_per_booking on public.payments (booking_id) where status = 'open';

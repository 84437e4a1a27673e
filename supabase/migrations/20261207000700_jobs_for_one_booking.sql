-- process-refunds and process-payouts can be asked to handle one booking only ({ "booking_id": … },
-- as send-notifications does for mails): a support action, or a test that runs a job against an
-- unreachable Mollie, then touches that booking alone, instead of claiming (and holding for the
-- lease, or putting back with a back-off of minutes) the due refunds and payouts of every other
-- booking in the queue.
drop function public.claim_payment_refunds(integer);
create function public.claim_payment_refunds(batch_size integer default 10, only_booking uuid default null)
returns table (id bigint, booking_id uuid, provider_payment_id text, amount_cents integer, currency text, attempts integer)
language plpgsql security definer
set search_path = ''
as $$
declare
  max_attempts integer := coalesce(private.config_int('refund_max_attempts'), 8);
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server kan terugbetalingen uitvoeren.' using errcode = '42501';
  end if;
  return query
  update private.refund_requests r
     set attempts = r.attempts + 1, claimed_until = now() + interval '5 minutes'
   where r.id in (
     select q.id from private.refund_requests q
      where q.done_at is null and q.attempts < max_attempts and q.next_attempt_at <= now()
        and (q.claimed_until is null or q.claimed_until < now())
        and (only_booking is null or q.booking_id = only_booking)
      order by q.id
      limit least(greatest(coalesce(batch_size, 10), 1), 50)
      for update skip locked)
  returning r.id, r.booking_id, r.provider_payment_id, r.amount_cents, r.currency, r.attempts;
end
$$;
revoke all on function public.claim_payment_refunds(integer, uuid) from public, anon, authenticated;
grant execute on function public.claim_payment_refunds(integer, uuid) to service_role;

drop function public.claim_due_payouts(integer);
create function public.claim_due_payouts(batch_size integer default 20, only_booking uuid default null)
returns table (
  booking_id uuid, artist_id uuid, amount_cents integer, attempts integer,
  organization_id text, onboarding_status text,
  mollie_payment_id text, payment_routable_cents integer, route_cents integer, transfer_cents integer,
  mollie_route_id text, mollie_transfer_id text, description text
)
language plpgsql security definer
set search_path = ''
as $$
declare
  max_attempts integer := coalesce(private.config_int('payout_max_attempts'), 8);
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server kan uitbetalen.' using errcode = '42501';
  end if;
  return query
  with claimed as (
    update public.payouts o
       set attempts = o.attempts + 1, claimed_until = now() + interval '2 minutes', updated_at = now()
     where o.booking_id in (
       select q.booking_id from public.payouts q
        where q.status in ('due', 'failed', 'awaiting_connection') and q.attempts < max_attempts
          and coalesce(q.next_attempt_at, now()) <= now()
          and (q.claimed_until is null or q.claimed_until < now())
          and (only_booking is null or q.booking_id = only_booking)
        order by q.next_attempt_at nulls first, q.booking_id
        limit least(greatest(coalesce(batch_size, 20), 1), 200)
        for update skip locked)
    returning o.*
  )
  select c.booking_id, c.artist_id, c.amount_cents, c.attempts,
         m.organization_id, m.onboarding_status,
         pay.provider_payment_id, coalesce(private.refundable_cents(pay), 0)::integer,
         c.route_cents, c.transfer_cents, c.mollie_route_id, c.mollie_transfer_id,
         left('Podium uitbetaling ' || a.name || ' ' || to_char(b.starts_at at time zone 'Europe/Amsterdam', 'FMDD-MM-YYYY'), 255)
    from claimed c
    join public.bookings b on b.id = c.booking_id
    join public.artists a on a.id = c.artist_id
    left join public.mollie_connections m on m.artist_id = c.artist_id
    left join lateral (
      select p.* from public.payments p
       where p.booking_id = c.booking_id and p.status = 'paid' and p.provider = 'mollie'
       order by private.refundable_cents(p) desc, p.created_at limit 1
    ) pay on true
   order by c.booking_id;
end
$$;
revoke all on function public.claim_due_payouts(integer, uuid) from public, anon, authenticated;
grant execute on function public.claim_due_payouts(integer, uuid) to service_role;

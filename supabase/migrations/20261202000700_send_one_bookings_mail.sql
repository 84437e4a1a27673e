-- send-notifications may be asked to send one booking's mails now ({ "booking_id": … }): a
-- caller that just made a booking's mail (a test, an admin's 'opnieuw versturen') waits for that
-- mail alone instead of for the whole outbox, which on a busy day is longer than a request lasts.
-- The scheduler's run, without a booking, drains the outbox as before. A completed gig's mail asks
-- the customer whether it took place, until the check-in window closes (checkin_closes_at).
drop function public.claim_booking_notifications(integer);
create function public.claim_booking_notifications(batch_size integer default 20, only_booking uuid default null)
returns table (
  id bigint, recipient text, attempts integer, email text, first_name text,
  booking_id uuid, from_status text, to_status text, reason text, cancelled_by text,
  starts_at timestamptz, ends_at timestamptz, event_type text, event_location text, total_cents integer,
  payment_deadline timestamptz, response_deadline timestamptz,
  artist_name text, artist_slug text, customer_name text,
  paid_cents integer, refund_cents integer, kind text, checkin_closes_at timestamptz
)
language plpgsql security definer
set search_path = ''
as $$
declare
  max_attempts integer := coalesce(private.config_int('notification_max_attempts'), 5);
  lease integer := greatest(coalesce(private.config_int('notification_lease_seconds'), 60), 10);
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server kan meldingen versturen.' using errcode = '42501';
  end if;
  return query
  with claimed as (
    update private.notification_outbox o
       set attempts = o.attempts + 1, claimed_until = now() + make_interval(secs => lease)
     where o.id in (
       select q.id from private.notification_outbox q
        where q.sent_at is null and q.attempts < max_attempts and q.next_attempt_at <= now()
          and (q.claimed_until is null or q.claimed_until < now())
          and (only_booking is null or q.booking_id = only_booking)
        order by q.id
        limit least(greatest(coalesce(batch_size, 20), 1), 100)
        for update skip locked)
    returning o.*
  )
  select c.id, c.recipient, c.attempts,
         u.email::text, p.first_name,
         b.id, e.from_status, e.to_status, e.reason, b.cancelled_by,
         b.starts_at, b.ends_at, b.event_type, b.event_location, b.total_cents,
         b.payment_deadline, b.response_deadline,
         a.name, a.slug, trim(concat_ws(' ', cp.first_name, cp.last_name)),
         (select coalesce(sum(pay.amount_cents), 0)::integer from public.payments pay where pay.booking_id = b.id and pay.status = 'paid'),
         (select coalesce(sum(r.amount_cents), 0)::integer from private.refund_requests r where r.booking_id = b.id),
         c.kind,
         (select ci.closes_at from public.booking_checkins ci where ci.booking_id = b.id)
    from claimed c
    left join public.booking_events e on e.id = c.booking_event_id
    join public.bookings b on b.id = c.booking_id
    join public.artists a on a.id = b.artist_id
    join public.profiles cp on cp.id = b.customer_id
    join public.profiles p on p.id = case c.recipient when 'customer' then b.customer_id else a.profile_id end
    left join auth.users u on u.id = p.id
   order by c.id;
end
$$;
revoke all on function public.claim_booking_notifications(integer, uuid) from public, anon, authenticated;
grant execute on function public.claim_booking_notifications(integer, uuid) to service_role;

-- Reminder e-mails, through the same outbox as the booking steps: the artist before the
-- answer deadline, the customer before the payment deadline, both two days before the gig, and
-- the customer once more when a completed gig has no review yet. A reminder is an outbox row
-- with a kind instead of a booking event; the unique index makes each one go out at most once
-- per booking and recipient, however often enqueue_booking_reminders runs (every 5 minutes).

alter table private.notification_outbox alter column booking_event_id drop not null;
alter table private.notification_outbox add column kind text
  check (kind in ('answer_due', 'payment_due', 'gig_soon', 'review_due'));
alter table private.notification_outbox add constraint notification_outbox_event_or_kind
  check ((booking_event_id is null) <> (kind is null));
create unique index notification_outbox_reminder_once on private.notification_outbox (booking_id, recipient, kind)
  where kind is not null;

insert into public.app_config (key, value_int, description) values
  ('reminder_answer_hours', 24, 'Hours before the answer deadline the artist is reminded of an open request.'),
  ('reminder_payment_hours', 24, 'Hours before the payment deadline the customer is reminded to pay.'),
  ('reminder_gig_hours', 48, 'Hours before the gig both sides get a reminder with the details.'),
  ('reminder_review_hours', 72, 'Hours after completion the customer is reminded to write a review, if none yet.')
on conflict (key) do nothing;

-- Writes the reminders that are due now (status and moment as they are now; a booking that moved
-- on before its reminder was due gets none). Returns how many were added. Only the scheduler
-- (database owner) and the service role may run it.
create function public.enqueue_booking_reminders() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  answer_window interval := make_interval(hours => coalesce(private.config_int('reminder_answer_hours'), 24));
  payment_window interval := make_interval(hours => coalesce(private.config_int('reminder_payment_hours'), 24));
  gig_window interval := make_interval(hours => coalesce(private.config_int('reminder_gig_hours'), 48));
  review_after interval := make_interval(hours => coalesce(private.config_int('reminder_review_hours'), 72));
  added integer;
begin
  insert into private.notification_outbox (booking_id, recipient, kind)
  select b.id, due.recipient, due.kind
    from public.bookings b
    cross join lateral (values
      ('artist', 'answer_due', b.status = 'pending' and b.response_deadline > now() and b.response_deadline <= now() + answer_window),
      ('customer', 'payment_due', b.status = 'accepted' and b.payment_deadline > now() and b.payment_deadline <= now() + payment_window),
      ('customer', 'gig_soon', b.status = 'confirmed' and b.starts_at > now() and b.starts_at <= now() + gig_window),
      ('artist', 'gig_soon', b.status = 'confirmed' and b.starts_at > now() and b.starts_at <= now() + gig_window),
      ('customer', 'review_due', b.status = 'completed' and b.completed_at <= now() - review_after
         and b.completed_at > now() - review_after - interval '7 days'
         and not exists (select 1 from public.reviews r where r.booking_id = b.id))
    ) as due (recipient, kind, is_due)
   where due.is_due
  on conflict (booking_id, recipient, kind) where kind is not null do nothing;
  get diagnostics added = row_count;
  return added;
end
$$;
revoke all on function public.enqueue_booking_reminders() from public, anon, authenticated;
grant execute on function public.enqueue_booking_reminders() to service_role;

insert into private.scheduled_jobs (name, every_minutes, command) values
  ('enqueue-booking-reminders', 5, 'select public.enqueue_booking_reminders()');
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('enqueue-booking-reminders', '*/5 * * * *', 'select public.enqueue_booking_reminders()');
  end if;
end
$$;

-- claim_booking_notifications also answers the reminder's kind (null for a booking step); a
-- reminder's step columns are null.
drop function public.claim_booking_notifications(integer);
create function public.claim_booking_notifications(batch_size integer default 20)
returns table (
  id bigint, recipient text, attempts integer, email text, first_name text,
  booking_id uuid, from_status text, to_status text, reason text, cancelled_by text,
  starts_at timestamptz, ends_at timestamptz, event_type text, event_location text, total_cents integer,
  payment_deadline timestamptz, response_deadline timestamptz,
  artist_name text, artist_slug text, customer_name text,
  paid_cents integer, refund_cents integer, kind text
)
language plpgsql security definer
set search_path = ''
as $$
declare
  max_attempts integer := coalesce(private.config_int('notification_max_attempts'), 5);
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server kan meldingen versturen.' using errcode = '42501';
  end if;
  return query
  with claimed as (
    update private.notification_outbox o
       set attempts = o.attempts + 1, claimed_until = now() + interval '5 minutes'
     where o.id in (
       select q.id from private.notification_outbox q
        where q.sent_at is null and q.attempts < max_attempts and q.next_attempt_at <= now()
          and (q.claimed_until is null or q.claimed_until < now())
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
         c.kind
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
revoke all on function public.claim_booking_notifications(integer) from public, anon, authenticated;
grant execute on function public.claim_booking_notifications(integer) to service_role;

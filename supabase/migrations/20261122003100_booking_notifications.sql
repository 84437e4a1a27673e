-- E-mail for every booking step (ARCHITECTURE "Beyond the spec"). The database writes an outbox
-- row per recipient for each booking_events row (trigger), in the same transaction as the
-- transition, so no step is ever missed; the edge function send-notifications drains it:
-- claim_booking_notifications hands out rows (for update skip locked, with a lease, so
-- concurrent callers never get the same row), finish_booking_notification marks them sent or
-- schedules a retry. Who calls the function every minute: pg_cron + pg_net on hosted Supabase
-- (registered below when available), the stack's scheduler locally (an HTTP job in
-- private.scheduled_jobs).

create table private.notification_outbox (
  id bigint generated always as identity primary key,
  booking_event_id bigint not null references public.booking_events (id) on delete cascade,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  recipient text not null check (recipient in ('customer', 'artist')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  unique (booking_event_id, recipient)
);
comment on table private.notification_outbox is 'Booking e-mails to send (one row per event and recipient); drained by the send-notifications edge function.';
create index notification_outbox_due_idx on private.notification_outbox (next_attempt_at, id) where sent_at is null;
alter table private.notification_outbox enable row level security;
revoke all on private.notification_outbox from public, anon, authenticated, service_role;
create policy "notification outbox: no client access" on private.notification_outbox for all to anon, authenticated, service_role using (false);

-- How often a mail is tried before it is left for a person to look at (last_error says why).
insert into public.app_config (key, value_int, description) values
  ('notification_max_attempts', 5, 'Attempts per booking e-mail before it is left for a person (see notification_outbox.last_error).')
on conflict (key) do nothing;

create function private.enqueue_booking_notifications() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into private.notification_outbox (booking_event_id, booking_id, recipient)
  values (new.id, new.booking_id, 'customer'), (new.id, new.booking_id, 'artist')
  on conflict do nothing;
  return null;
end
$$;
revoke all on function private.enqueue_booking_notifications() from public, anon, authenticated, service_role;

-- Only live steps: history written with an old moment (seed data, imports) is not news.
create trigger booking_events_notify after insert on public.booking_events
  for each row when (new.created_at > now() - interval '1 hour')
  execute function private.enqueue_booking_notifications();

-- Hands out up to batch_size due notifications with everything a mail needs. Each row is
-- leased for 5 minutes (a caller that dies mid-batch gives it back then) and counts an attempt.
create function public.claim_booking_notifications(batch_size integer default 20)
returns table (
  id bigint, recipient text, attempts integer, email text, first_name text,
  booking_id uuid, from_status text, to_status text, reason text, cancelled_by text,
  starts_at timestamptz, ends_at timestamptz, event_type text, event_location text, total_cents integer,
  payment_deadline timestamptz, response_deadline timestamptz,
  artist_name text, artist_slug text, customer_name text
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
         a.name, a.slug, trim(concat_ws(' ', cp.first_name, cp.last_name))
    from claimed c
    join public.booking_events e on e.id = c.booking_event_id
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

-- After a send: sent (never sent again), or the error and the next try (2, 4, 8, ... minutes).
create function public.finish_booking_notification(notification_id bigint, failure text default null)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server kan meldingen versturen.' using errcode = '42501';
  end if;
  if failure is null then
    update private.notification_outbox
       set sent_at = now(), claimed_until = null, last_error = null
     where id = notification_id and sent_at is null;
  else
    update private.notification_outbox
       set last_error = left(failure, 1000), claimed_until = null,
           next_attempt_at = now() + make_interval(mins => least(power(2, attempts)::integer, 720))
     where id = notification_id and sent_at is null;
  end if;
end
$$;
revoke all on function public.finish_booking_notification(bigint, text) from public, anon, authenticated;
grant execute on function public.finish_booking_notification(bigint, text) to service_role;

-- Scheduled jobs can also be edge functions: the local scheduler POSTs to
-- /functions/v1/<function_name> with the service key, as pg_net does on hosted Supabase.
alter table private.scheduled_jobs alter column command drop not null;
alter table private.scheduled_jobs add column function_name text;
alter table private.scheduled_jobs add constraint scheduled_jobs_one_action
  check ((command is null) <> (function_name is null));
insert into private.scheduled_jobs (name, every_minutes, function_name) values
  -- Booking e-mails go out within a minute of the step.
  ('send-notifications', 1, 'send-notifications');

-- Hosted Supabase: pg_cron calls the function through pg_net, with the project URL and the
-- service key from Vault (README, deploy: `select vault.create_secret(...)` for project_url
-- and service_role_key).
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
    perform cron.schedule('send-notifications', '* * * * *', $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-notifications',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
        body := '{}'::jsonb,
        timeout_milliseconds := 30000)
    $job$);
  end if;
end
$$;

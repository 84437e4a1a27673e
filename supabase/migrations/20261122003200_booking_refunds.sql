-- Refunds at Mollie when a paid booking is cancelled (ARCHITECTURE: "`confirmed` → `cancelled`
-- (refunded per policy)"). The policy is data (app_config) and applied here, in the same
-- transaction as the cancellation: a trigger on booking_events writes one refund request per
-- paid payment into an outbox (private.refund_requests), with the amount the policy gives. The
-- edge function process-refunds drains it like send-notifications drains the mail outbox
-- (claim_payment_refunds: for update skip locked, a lease, attempts with back-off;
-- finish_payment_refund), creating each refund at Mollie once (Idempotency-Key plus a look at the
-- payment's refunds first). Mollie then calls payment-webhook, which records amountRefunded on
-- the payments row (record_payment_refund), as for refunds made in Mollie's dashboard.
--
-- Policy (published in README):
--   cancelled by the artist, by Podium (admin) or by the system → everything paid comes back;
--   cancelled by the customer ≥ 30 days before the gig → everything; ≥ 7 days → 50 %; later → nothing.
--   A payment that arrives for a booking that is already cancelled or expired comes back in full.
-- Amounts are computed from the paid payments rows minus what is already refunded. BANDS spent
-- on the booking go back in full through the ledger (apply_booking_transition), as before.

insert into public.app_config (key, value_int, description) values
  ('refund_full_days_before', 30, 'A customer who cancels at least this many days before the gig gets everything paid back.'),
  ('refund_partial_days_before', 7, 'A customer who cancels at least this many days (but under refund_full_days_before) before the gig gets refund_partial_percent back; later: nothing.'),
  ('refund_partial_percent', 50, 'Percentage of the paid amount refunded to a customer who cancels between refund_partial_days_before and refund_full_days_before days before the gig.'),
  ('refund_max_attempts', 8, 'Attempts per Mollie refund before it is left for a person (see refund_requests.last_error).')
on conflict (key) do nothing;

create table private.refund_requests (
  id bigint generated always as identity primary key,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  -- One request per payment, ever: a replayed trigger or webhook cannot refund twice.
  payment_id uuid not null unique references public.payments (id) on delete cascade,
  provider_payment_id text not null,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null,
  refund_percent integer not null check (refund_percent between 1 and 100),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_error text,
  provider_refund_id text,
  done_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table private.refund_requests is 'Refunds to create at Mollie (one per paid payment of a cancelled booking); drained by the process-refunds edge function.';
create index refund_requests_due_idx on private.refund_requests (next_attempt_at, id) where done_at is null;
create index refund_requests_booking_idx on private.refund_requests (booking_id);
alter table private.refund_requests enable row level security;
revoke all on private.refund_requests from public, anon, authenticated, service_role;
create policy "refund requests: no client access" on private.refund_requests for all to anon, authenticated, service_role using (false);

-- The share (percent) of what was paid that comes back, for a cancellation by `cancelled_by` at
-- `cancelled_at` of a gig starting at `starts_at`.
create function private.refund_percent(cancelled_by text, starts_at timestamptz, cancelled_at timestamptz)
returns integer
language sql stable security definer
set search_path = ''
as $$
  select case
    when cancelled_by is distinct from 'customer' then 100
    when starts_at - cancelled_at >= make_interval(days => coalesce(private.config_int('refund_full_days_before'), 30)) then 100
    when starts_at - cancelled_at >= make_interval(days => coalesce(private.config_int('refund_partial_days_before'), 7))
      then least(greatest(coalesce(private.config_int('refund_partial_percent'), 50), 0), 100)
    else 0
  end
$$;
revoke all on function private.refund_percent(text, timestamptz, timestamptz) from public, anon, authenticated, service_role;

-- Writes the refund requests of a booking's paid payments (or of one of them): the policy's share
-- of the paid amount, minus what Mollie has already refunded. Nothing when that is zero.
create function private.enqueue_payment_refunds(target uuid, percent integer, only_payment uuid default null)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if percent is null or percent <= 0 then
    return;
  end if;
  insert into private.refund_requests (booking_id, payment_id, provider_payment_id, amount_cents, currency, refund_percent)
  select p.booking_id, p.id, p.provider_payment_id, due.cents, p.currency, least(percent, 100)
    from public.payments p
   cross join lateral (select round(p.amount_cents * least(percent, 100) / 100.0)::integer - p.refunded_cents as cents) due
   where p.booking_id = target and p.status = 'paid' and (only_payment is null or p.id = only_payment) and due.cents > 0
  on conflict (payment_id) do nothing;
end
$$;
revoke all on function private.enqueue_payment_refunds(uuid, integer, uuid) from public, anon, authenticated, service_role;

-- A cancellation (booking_events row) refunds the booking's paid payments per policy.
create function private.enqueue_cancellation_refunds() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  starts timestamptz;
begin
  select b.starts_at into starts from public.bookings b where b.id = new.booking_id;
  perform private.enqueue_payment_refunds(new.booking_id, private.refund_percent(new.actor, starts, new.created_at));
  return null;
end
$$;
revoke all on function private.enqueue_cancellation_refunds() from public, anon, authenticated, service_role;

-- Only live cancellations: history written with an old moment (seed data, imports) is not.
create trigger booking_events_refund after insert on public.booking_events
  for each row when (new.to_status = 'cancelled' and new.created_at > now() - interval '1 hour')
  execute function private.enqueue_cancellation_refunds();

-- A payment that becomes paid after its booking was cancelled or expired (the customer paid in
-- one tab while cancelling in another, or after the deadline): it bought nothing, so all of it
-- comes back.
create function private.refund_payment_for_closed_booking() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and old.status = 'paid' then
    return null;
  end if;
  if exists (select 1 from public.bookings b where b.id = new.booking_id and b.status in ('cancelled', 'expired')) then
    perform private.enqueue_payment_refunds(new.booking_id, 100, new.id);
  end if;
  return null;
end
$$;
revoke all on function private.refund_payment_for_closed_booking() from public, anon, authenticated, service_role;

create trigger payments_refund_when_closed after insert or update of status on public.payments
  for each row when (new.status = 'paid')
  execute function private.refund_payment_for_closed_booking();

-- Hands out up to batch_size due refund requests. Each is leased for 5 minutes (a caller that
-- dies mid-batch gives it back then) and counts an attempt.
create function public.claim_payment_refunds(batch_size integer default 10)
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
      order by q.id
      limit least(greatest(coalesce(batch_size, 10), 1), 50)
      for update skip locked)
  returning r.id, r.booking_id, r.provider_payment_id, r.amount_cents, r.currency, r.attempts;
end
$$;
revoke all on function public.claim_payment_refunds(integer) from public, anon, authenticated;
grant execute on function public.claim_payment_refunds(integer) to service_role;

-- After a Mollie call: done (with Mollie's refund id, or none when nothing was left to refund),
-- or the error and the next try (2, 4, 8, ... minutes).
create function public.finish_payment_refund(refund_request_id bigint, provider_refund_id text default null, failure text default null)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server kan terugbetalingen uitvoeren.' using errcode = '42501';
  end if;
  if failure is null then
    update private.refund_requests r
       set done_at = now(), provider_refund_id = finish_payment_refund.provider_refund_id, claimed_until = null, last_error = null
     where r.id = refund_request_id and r.done_at is null;
  else
    update private.refund_requests r
       set last_error = left(failure, 1000), claimed_until = null,
           next_attempt_at = now() + make_interval(mins => least(power(2, r.attempts)::integer, 720))
     where r.id = refund_request_id and r.done_at is null;
  end if;
end
$$;
revoke all on function public.finish_payment_refund(bigint, text, text) from public, anon, authenticated;
grant execute on function public.finish_payment_refund(bigint, text, text) to service_role;

-- The cancellation mail tells the customer what comes back: claim_booking_notifications now also
-- answers what was paid and what the policy refunds (the refund requests of the booking).
drop function public.claim_booking_notifications(integer);
create function public.claim_booking_notifications(batch_size integer default 20)
returns table (
  id bigint, recipient text, attempts integer, email text, first_name text,
  booking_id uuid, from_status text, to_status text, reason text, cancelled_by text,
  starts_at timestamptz, ends_at timestamptz, event_type text, event_location text, total_cents integer,
  payment_deadline timestamptz, response_deadline timestamptz,
  artist_name text, artist_slug text, customer_name text,
  paid_cents integer, refund_cents integer
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
         (select coalesce(sum(r.amount_cents), 0)::integer from private.refund_requests r where r.booking_id = b.id)
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

insert into private.scheduled_jobs (name, every_minutes, function_name) values
  -- Refunds are created at Mollie within a minute of the cancellation.
  ('process-refunds', 1, 'process-refunds');

-- Hosted Supabase: pg_cron calls the function through pg_net (Vault secrets as for
-- send-notifications, see README).
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron')
     and exists (select 1 from pg_extension where extname = 'pg_net') then
    perform cron.schedule('process-refunds', '* * * * *', $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/process-refunds',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
        body := '{}'::jsonb,
        timeout_milliseconds := 60000)
    $job$);
  end if;
end
$$;

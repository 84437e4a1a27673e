-- Limits on requests that mail someone text a stranger typed: booking
-- requests per customer (each mails the artist) and contact and quote requests per e-mail and
-- network address (each mails the team). The numbers are data (app_config, admins tune them);
-- the counting happens in the transaction that writes the request, behind a lock on the sender,
-- so parallel requests queue and cannot all see the same count; a refused request writes nothing.

insert into public.app_config (key, value_int, description) values
  ('booking_requests_per_day_per_artist', 5, 'Booking requests one customer may send to one act per 24 hours (request_booking).'),
  ('booking_requests_per_day', 20, 'Booking requests one customer may send in all per 24 hours (request_booking).')
on conflict (key) do nothing;

create index if not exists bookings_customer_recent_idx on public.bookings (customer_id, created_at desc);

-- Refuses a customer's booking request over the limits: a trigger on the request's first event
-- (request_booking writes the booking, then its event from nothing to pending by the customer;
-- bookings an admin or an import writes have no such event and mailed no artist). It runs in
-- request_booking's transaction, so a refusal rolls the booking back too. The transaction-scoped
-- lock on the customer makes a second request of the same customer wait until the first has
-- committed (or rolled back), and the count it then reads includes it (READ COMMITTED takes a new
-- snapshot per statement). request_booking's own lock (customer and act) comes first, always in
-- that order, so two requests cannot wait for each other.
create function private.booking_request_limit() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  per_artist integer := coalesce(private.config_int('booking_requests_per_day_per_artist'), 5);
  overall integer := coalesce(private.config_int('booking_requests_per_day'), 20);
  customer uuid;
  act uuid;
  sent_to_artist integer;
  sent integer;
begin
  select b.customer_id, b.artist_id into customer, act from public.bookings b where b.id = new.booking_id;
  perform pg_advisory_xact_lock(hashtextextended('booking_request_limit:' || customer::text, 0));
  select count(*) filter (where b.artist_id = act), count(*) into sent_to_artist, sent
    from public.bookings b
   where b.customer_id = customer and b.created_at > now() - interval '24 hours'
     and exists (select 1 from public.booking_events e where e.booking_id = b.id and e.from_status is null and e.actor = 'customer');
  if sent_to_artist >= per_artist then
    raise exception 'Je hebt deze artiest de afgelopen 24 uur al % aanvragen gestuurd. Wacht op een antwoord of probeer het morgen opnieuw.', per_artist
      using errcode = 'P0001', hint = 'rate_limited';
  end if;
  if sent >= overall then
    raise exception 'Je hebt de afgelopen 24 uur al % boekingsaanvragen gestuurd. Probeer het morgen opnieuw.', overall
      using errcode = 'P0001', hint = 'rate_limited';
  end if;
  return new;
end
$$;
revoke all on function private.booking_request_limit() from public;

create trigger booking_requests_limit before insert on public.booking_events
  for each row when (new.from_status is null and new.actor = 'customer')
  execute function private.booking_request_limit();

-- Contact and quote requests: the same lock-then-count, in a trigger, so no insert of the
-- contact-request function (or a later one) can go around it. Locks are taken e-mail first,
-- network address second, always in that order (no deadlock between two senders). Security
-- definer: the inserting role (the function's service role) need not read app_config's helpers.
create function private.contact_request_limit() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  per_email integer := coalesce(private.config_int('contact_requests_per_hour_per_email'), 3);
  per_client integer := coalesce(private.config_int('contact_requests_per_hour_per_client'), 10);
begin
  perform pg_advisory_xact_lock(hashtextextended('contact_request_limit:email:' || lower(new.email), 0));
  if new.client_hash is not null then
    perform pg_advisory_xact_lock(hashtextextended('contact_request_limit:client:' || new.client_hash, 0));
  end if;
  if (select count(*) from public.contact_requests c
       where lower(c.email) = lower(new.email) and c.created_at > now() - interval '1 hour') >= per_email
     or (new.client_hash is not null
         and (select count(*) from public.contact_requests c
               where c.client_hash = new.client_hash and c.created_at > now() - interval '1 hour') >= per_client) then
    raise exception 'Je hebt het afgelopen uur al een paar berichten gestuurd. Probeer het later opnieuw of bel ons.'
      using errcode = 'P0001', hint = 'rate_limited';
  end if;
  return new;
end
$$;
revoke all on function private.contact_request_limit() from public;

create trigger contact_requests_limit before insert on public.contact_requests
  for each row execute function private.contact_request_limit();

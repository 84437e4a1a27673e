-- Limits on requests that mail someone text a stranger typed (issue 19, "Bad input"): booking
-- requests per customer (each mails the artist) and contact and quote requests per e-mail and
-- network address (each mails the team). The numbers are data (app_config, admins tune them);
-- the counting happens in the transaction that writes the request, behind a lock on the sender,
-- so parallel requests queue and cannot all see the same count; a refused request writes nothing.

insert into public.app_config (key, value_int, description) values
  ('booking_requests_per_day_per_artist', 5, 'Booking requests one customer may send to one act per 24 hours (request_booking).'),
  ('booking_requests_per_day', 20, 'Booking requests one customer may send in all per 24 hours (request_booking).')
on conflict (key) do nothing;

create index if not exists bookings_customer_recent_idx on public.bookings (customer_id, created_at desc);

-- Refuses a customer's booking request over the limits. Called by request_booking after its own
-- checks; the transaction-scoped lock on the customer makes a second request of the same
-- customer wait until the first has committed (or rolled back), and the count it then reads
-- includes it (READ COMMITTED takes a new snapshot per statement).
create function private.check_booking_request_limit(customer uuid, act uuid) returns void
language plpgsql
set search_path = ''
as $$
declare
  per_artist integer := coalesce(private.config_int('booking_requests_per_day_per_artist'), 5);
  overall integer := coalesce(private.config_int('booking_requests_per_day'), 20);
  sent_to_artist integer;
  sent integer;
begin
  perform pg_advisory_xact_lock(hashtextextended('booking_request_limit:' || customer::text, 0));
  select count(*) filter (where b.artist_id = act), count(*) into sent_to_artist, sent
    from public.bookings b
   where b.customer_id = customer and b.created_at > now() - interval '24 hours'
     -- Requests the customer sent (request_booking's first event), not bookings an admin or an
     -- import wrote for them: only the former mailed an artist.
     and exists (select 1 from public.booking_events e where e.booking_id = b.id and e.from_status is null and e.actor = 'customer');
  if sent_to_artist >= per_artist then
    raise exception 'Je hebt deze artiest de afgelopen 24 uur al % aanvragen gestuurd. Wacht op een antwoord of probeer het morgen opnieuw.', per_artist
      using errcode = 'P0001', hint = 'rate_limited';
  end if;
  if sent >= overall then
    raise exception 'Je hebt de afgelopen 24 uur al % boekingsaanvragen gestuurd. Probeer het morgen opnieuw.', overall
      using errcode = 'P0001', hint = 'rate_limited';
  end if;
end
$$;
revoke all on function private.check_booking_request_limit(uuid, uuid) from public;

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

-- request_booking with the limit per customer (above) before its insert; otherwise as in
-- 20261125001000_booking_request_form.sql.
create or replace function public.request_booking(
  artist_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  package_id uuid default null,
  event_type text default '',
  event_location text default '',
  place_id integer default null,
  guest_count integer default null,
  notes text default ''
) returns public.bookings
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  artist public.artists;
  quote record;
  booking public.bookings;
begin
  if me is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select * into artist from public.artists a
   where a.id = request_booking.artist_id and a.approval_status = 'approved' and a.deleted_at is null;
  if not found then
    raise exception 'Artiest niet gevonden.' using errcode = 'P0002';
  end if;
  if artist.profile_id = me then
    raise exception 'Je kunt jezelf niet boeken.' using errcode = 'P0001';
  end if;
  if request_booking.starts_at is null or request_booking.ends_at is null or request_booking.ends_at <= request_booking.starts_at then
    raise exception 'Kies een geldige begin- en eindtijd.' using errcode = 'P0001';
  end if;
  if request_booking.starts_at <= now() then
    raise exception 'De datum van het optreden moet in de toekomst liggen.' using errcode = 'P0001';
  end if;
  if request_booking.ends_at - request_booking.starts_at > interval '24 hours' then
    raise exception 'Een optreden duurt maximaal 24 uur.' using errcode = 'P0001';
  end if;
  if request_booking.guest_count is not null and request_booking.guest_count not between 1 and 10000 then
    raise exception 'Vul een aantal gasten in tussen 1 en 10.000.' using errcode = 'P0001';
  end if;
  if char_length(coalesce(request_booking.notes, '')) > 2000 then
    raise exception 'Je bericht is te lang: maximaal 2.000 tekens.' using errcode = 'P0001';
  end if;
  if char_length(coalesce(request_booking.event_type, '')) > 100 then
    raise exception 'Het soort feest is te lang: maximaal 100 tekens.' using errcode = 'P0001';
  end if;
  if char_length(coalesce(request_booking.event_location, '')) > 300 then
    raise exception 'Het adres is te lang: maximaal 300 tekens.' using errcode = 'P0001';
  end if;
  if request_booking.place_id is not null and not exists (select 1 from public.places p where p.id = request_booking.place_id) then
    raise exception 'Kies een plaats uit de lijst.' using errcode = 'P0001';
  end if;
  select * into quote from public.booking_quote(artist.id, request_booking.package_id);
  if quote.price_cents <= 0 then
    raise exception 'Deze artiest heeft nog geen prijs ingesteld.' using errcode = 'P0001';
  end if;
  if exists (select 1 from public.artist_blocked_dates d
              where d.artist_id = artist.id
                and daterange(d.starts_on, d.ends_on, '[]')
                    && daterange((request_booking.starts_at at time zone 'Europe/Amsterdam')::date,
                                 (request_booking.ends_at at time zone 'Europe/Amsterdam')::date, '[]'))
     or exists (select 1 from public.bookings b
                 where b.artist_id = artist.id and b.status in ('accepted', 'confirmed')
                   and tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(request_booking.starts_at, request_booking.ends_at, '[)')) then
    raise exception 'De artiest is niet beschikbaar op dit moment.' using errcode = 'P0001';
  end if;
  -- At most so many requests per customer per act and in all per 24 hours (app_config): each
  -- one mails the artist text the customer typed. Counted behind a lock on the customer.
  perform private.check_booking_request_limit(me, artist.id);
  -- One open request per customer, act and moment: a second press, a second tab or a retry
  -- after a lost answer finds the first instead of asking the artist twice.
  perform pg_advisory_xact_lock(hashtextextended(me::text || artist.id::text, 0));
  if exists (select 1 from public.bookings b
              where b.customer_id = me and b.artist_id = artist.id and b.status in ('pending', 'accepted')
                and tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(request_booking.starts_at, request_booking.ends_at, '[)')) then
    raise exception 'Je hebt al een aanvraag bij deze artiest voor dit moment. Je vindt hem bij Mijn boekingen.' using errcode = 'P0001';
  end if;

  insert into public.bookings (customer_id, artist_id, package_id, starts_at, ends_at, event_type, event_location, place_id,
    guest_count, notes, price_cents, platform_fee_cents, bands_applied_cents, total_cents, status, response_deadline)
  values (me, artist.id, request_booking.package_id, request_booking.starts_at, request_booking.ends_at,
    btrim(coalesce(request_booking.event_type, '')), btrim(coalesce(request_booking.event_location, '')),
    request_booking.place_id, request_booking.guest_count, coalesce(request_booking.notes, ''),
    quote.price_cents, quote.platform_fee_cents, 0, quote.total_cents, 'pending',
    least(now() + make_interval(hours => coalesce(private.config_int('booking_request_ttl_hours'), 168)), request_booking.starts_at))
  returning * into booking;

  insert into public.booking_events (booking_id, from_status, to_status, actor, actor_id)
  values (booking.id, null, 'pending', 'customer', me);
  return booking;
end
$$;

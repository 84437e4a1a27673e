-- The booking request form. Its price breakdown comes from the database, and
-- request_booking refuses bad input with a Dutch message instead of a constraint error or a
-- silent cut: a guest count outside 1..10.000, a message over 2.000 characters, an event type or
-- address over their limits, a gig over 24 hours, and a second open request of the same customer
-- for the same act at the same time. The limits are shared/src/booking-request.ts's, which the
-- form checks first; supabase/tests/booking-request.test.ts holds both to the same numbers.

-- What a booking of this act (and package) costs: the same numbers request_booking writes.
create function public.booking_quote(artist_id uuid, package_id uuid default null)
returns table (price_cents integer, platform_fee_cents integer, total_cents integer, platform_fee_bps integer)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  price integer;
  bps integer := coalesce(private.config_int('platform_fee_bps'), 0);
begin
  if booking_quote.package_id is not null then
    select p.price_cents into price
      from public.artist_packages p
      join public.artists a on a.id = p.artist_id
     where p.id = booking_quote.package_id and p.artist_id = booking_quote.artist_id and p.is_active
       and a.approval_status = 'approved' and a.deleted_at is null;
    if not found then
      raise exception 'Dit pakket bestaat niet (meer).' using errcode = 'P0002';
    end if;
  else
    select a.base_price_cents into price
      from public.artists a
     where a.id = booking_quote.artist_id and a.approval_status = 'approved' and a.deleted_at is null;
    if not found then
      raise exception 'Artiest niet gevonden.' using errcode = 'P0002';
    end if;
  end if;
  price_cents := price;
  platform_fee_cents := round(price * bps / 10000.0)::integer;
  total_cents := price_cents + platform_fee_cents;
  platform_fee_bps := bps;
  return next;
end
$$;
comment on function public.booking_quote(uuid, uuid) is 'The price breakdown of a booking request (package or base price, platform fee, total), as request_booking charges it.';
revoke all on function public.booking_quote(uuid, uuid) from public;
grant execute on function public.booking_quote(uuid, uuid) to anon, authenticated, service_role;

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

-- A minimum price for what a customer can book (app_config package_min_price_cents, €50 by
-- default). A package of €0,01 booked by a throwaway account used to earn a referral bonus and
-- carry a 'verified' review for next to nothing; below the minimum, a package cannot be active
-- (checked on every write that makes or keeps one active at a price) and no booking is written
-- (request_booking takes the package's or the act's own price; the check is on the booking row,
-- so it holds for every way in).

insert into public.app_config (key, value_int, description) values
  ('package_min_price_cents', 5000, 'Lowest price (in cents) of an active package, and of any booking.')
on conflict (key) do nothing;

create function private.min_booking_price_cents() returns integer
language sql stable security definer
set search_path = ''
as $$
  select greatest(coalesce(private.config_int('package_min_price_cents'), 5000), 0)
$$;
revoke all on function private.min_booking_price_cents() from public, anon, authenticated, service_role;

-- '€ 50' or '€ 49,50', as the apps write money.
create function private.dutch_euros(cents integer) returns text
language sql immutable
set search_path = ''
as $$
  select '€ ' || replace(to_char(cents / 100, 'FM999G999G990'), ',', '.')
         || case when cents % 100 = 0 then '' else ',' || lpad((cents % 100)::text, 2, '0') end
$$;
revoke all on function private.dutch_euros(integer) from public, anon, authenticated, service_role;

create function private.artist_packages_min_price() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  minimum integer := private.min_booking_price_cents();
begin
  if new.is_active and new.price_cents < minimum then
    -- 22023: a refusal written for people, which the portal's forms show as it is.
    raise exception 'Een pakket kost minimaal %.', private.dutch_euros(minimum) using errcode = '22023';
  end if;
  return new;
end
$$;
revoke all on function private.artist_packages_min_price() from public, anon, authenticated, service_role;
create trigger artist_packages_min_price before insert or update of price_cents, is_active on public.artist_packages
  for each row execute function private.artist_packages_min_price();

create function private.bookings_min_price() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  minimum integer := private.min_booking_price_cents();
begin
  if new.price_cents < minimum then
    -- P0001, as request_booking's other refusals, which the booking form shows.
    raise exception 'Deze boeking kan niet: een optreden kost via Podium minimaal %.', private.dutch_euros(minimum) using errcode = 'P0001';
  end if;
  return new;
end
$$;
revoke all on function private.bookings_min_price() from public, anon, authenticated, service_role;
create trigger bookings_min_price before insert on public.bookings
  for each row execute function private.bookings_min_price();

-- Packages already below the minimum stop being bookable; the artist sees them inactive.
update public.artist_packages set is_active = false where is_active and price_cents < private.min_booking_price_cents();

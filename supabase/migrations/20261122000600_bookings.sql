-- bookings (ARCHITECTURE): requests, acceptance, payment, completion. One function owns every
-- status transition (private.apply_booking_transition, reached through transition_booking,
-- mark_booking_paid and the timed jobs); booking_events records each one; an exclusion
-- constraint keeps accepted/confirmed bookings of one artist from overlapping. Prices come
-- from the database (request_booking), never from the client.

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.profiles (id) on delete cascade,
  artist_id uuid not null references public.artists (id) on delete restrict,
  package_id uuid references public.artist_packages (id) on delete set null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  event_type text not null default '' check (char_length(event_type) <= 100),
  event_location text not null default '' check (char_length(event_location) <= 300),
  place_id integer references public.places (id),
  guest_count integer check (guest_count between 1 and 100000),
  notes text not null default '' check (char_length(notes) <= 4000),
  price_cents integer not null check (price_cents >= 0),
  platform_fee_cents integer not null check (platform_fee_cents >= 0),
  bands_applied_cents integer not null default 0 check (bands_applied_cents >= 0),
  total_cents integer not null,
  status text not null default 'pending'
    check (status in ('pending', 'accepted', 'declined', 'confirmed', 'expired', 'cancelled', 'completed')),
  status_reason text,
  cancelled_by text check (cancelled_by in ('customer', 'artist', 'admin', 'system')),
  response_deadline timestamptz,
  payment_deadline timestamptz,
  accepted_at timestamptz,
  declined_at timestamptz,
  confirmed_at timestamptz,
  expired_at timestamptz,
  cancelled_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint bookings_time_order check (ends_at > starts_at),
  constraint bookings_max_length check (ends_at - starts_at <= interval '24 hours'),
  constraint bookings_total check (total_cents = price_cents + platform_fee_cents - bands_applied_cents and total_cents >= 0),
  -- One act cannot play two accepted or paid gigs at once, however many requests race.
  constraint bookings_no_overlap exclude using gist (
    artist_id with =, tstzrange(starts_at, ends_at, '[)') with &&
  ) where (status in ('accepted', 'confirmed'))
);
comment on table public.bookings is 'Booking requests and gigs; status changes only through transition functions.';
create index bookings_customer_idx on public.bookings (customer_id, starts_at desc);
create index bookings_artist_idx on public.bookings (artist_id, starts_at desc);
create index bookings_status_deadline_idx on public.bookings (status, payment_deadline);
create index bookings_status_ends_idx on public.bookings (status, ends_at);
alter table public.bookings enable row level security;

create table public.booking_events (
  id bigint generated always as identity primary key,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  from_status text,
  to_status text not null,
  actor text not null check (actor in ('customer', 'artist', 'admin', 'system')),
  actor_id uuid,
  reason text,
  created_at timestamptz not null default now()
);
create index booking_events_booking_idx on public.booking_events (booking_id, id);
alter table public.booking_events enable row level security;

-- The transition rules as data: who may move a booking from one status to another. 'system'
-- is server code with the service key (payment webhook, scheduler).
create table public.booking_transitions (
  from_status text not null,
  to_status text not null,
  actor text not null check (actor in ('customer', 'artist', 'admin', 'system')),
  primary key (from_status, to_status, actor)
);
comment on table public.booking_transitions is 'Allowed booking status transitions per actor; read by private.apply_booking_transition.';
alter table public.booking_transitions enable row level security;

insert into public.booking_transitions (from_status, to_status, actor) values
  ('pending', 'accepted', 'artist'), ('pending', 'accepted', 'admin'),
  ('pending', 'declined', 'artist'), ('pending', 'declined', 'admin'),
  ('pending', 'cancelled', 'customer'), ('pending', 'cancelled', 'admin'), ('pending', 'cancelled', 'system'),
  ('accepted', 'confirmed', 'system'),
  ('accepted', 'expired', 'system'),
  ('accepted', 'cancelled', 'customer'), ('accepted', 'cancelled', 'artist'), ('accepted', 'cancelled', 'admin'),
  ('confirmed', 'completed', 'system'), ('confirmed', 'completed', 'admin'),
  ('confirmed', 'cancelled', 'customer'), ('confirmed', 'cancelled', 'artist'), ('confirmed', 'cancelled', 'admin'),
  ('confirmed', 'cancelled', 'system');

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  provider text not null default 'mollie',
  provider_payment_id text not null unique,
  amount_cents integer not null check (amount_cents >= 0),
  currency text not null default 'EUR',
  status text not null default 'open' check (status in ('open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired')),
  method text,
  checkout_url text,
  refunded_cents integer not null default 0 check (refunded_cents >= 0),
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payments_refund_not_above_amount check (refunded_cents <= amount_cents)
);
comment on table public.payments is 'Provider payments (Mollie); written only by server code with the service key.';
create index payments_booking_idx on public.payments (booking_id);
alter table public.payments enable row level security;
create trigger payments_updated_at before update on public.payments
  for each row execute function private.set_updated_at();

-- Grants: bookings, events and payments are read-only through the API; every write goes
-- through the definer functions below, for the service role too.
revoke all on public.bookings, public.booking_events, public.booking_transitions from anon, authenticated, service_role;
grant select on public.bookings, public.booking_events, public.booking_transitions to authenticated, service_role;
revoke all on public.payments from anon, authenticated;
grant select on public.payments to authenticated;

create policy "bookings: customer, artist and admin" on public.bookings
  for select to authenticated
  using (customer_id = (select auth.uid()) or public.owns_artist(artist_id) or (select public.is_admin()));

create policy "booking_events: who sees the booking" on public.booking_events
  for select to authenticated
  using (exists (select 1 from public.bookings b where b.id = booking_id));

create policy "booking_transitions: readable when signed in" on public.booking_transitions
  for select to authenticated
  using (true);

create policy "payments: the booking's customer and admins" on public.payments
  for select to authenticated
  using ((select public.is_admin()) or exists (
    select 1 from public.bookings b where b.id = booking_id and b.customer_id = (select auth.uid())));

-- The BANDS ledger points at bookings.
alter table public.bands_transactions
  add constraint bands_transactions_booking_id_fkey foreign key (booking_id) references public.bookings (id);

-- The roles the caller holds towards a booking, most specific first.
create function private.booking_actors(booking public.bookings) returns text[]
language sql stable security definer
set search_path = ''
as $$
  select array_remove(array[
    case when booking.customer_id = auth.uid() then 'customer' end,
    case when exists (select 1 from public.artists a where a.id = booking.artist_id and a.profile_id = auth.uid()) then 'artist' end,
    case when public.is_admin() then 'admin' end,
    case when public.is_service_role() then 'system' end
  ], null)
$$;

-- THE transition function: checks the rule table for the given actors, moves the booking,
-- stamps the status time, records the event and runs the side effects (payment deadline,
-- referral bonus on the first payment, BANDS back on cancellation or expiry).
create function private.apply_booking_transition(target uuid, new_status text, actors text[], actor_id uuid, reason text)
returns public.bookings
language plpgsql security definer
set search_path = ''
as $$
declare
  booking public.bookings;
  old_status text;
  actor text;
begin
  select * into booking from public.bookings where id = target for update;
  if not found or cardinality(actors) = 0 then
    raise exception 'Boeking niet gevonden.' using errcode = 'P0002';
  end if;
  old_status := booking.status;
  if not exists (select 1 from public.booking_transitions t where t.from_status = old_status and t.to_status = new_status) then
    raise exception 'Deze statuswijziging is niet toegestaan.' using errcode = 'P0001';
  end if;
  select given.a into actor
    from unnest(actors) with ordinality as given(a, n)
   where exists (select 1 from public.booking_transitions t
                  where t.from_status = old_status and t.to_status = new_status and t.actor = given.a)
   order by given.n
   limit 1;
  if actor is null then
    raise exception 'Je mag deze statuswijziging niet uitvoeren.' using errcode = '42501';
  end if;

  if new_status in ('accepted', 'confirmed') then
    -- Racing acceptances of one artist queue here, so the loser meets the exclusion constraint
    -- cleanly instead of in a deadlock between two half-inserted index entries.
    perform 1 from public.artists a where a.id = booking.artist_id for no key update;
  end if;

  begin
    update public.bookings b
       set status = new_status,
           status_reason = coalesce(nullif(trim(reason), ''), b.status_reason),
           updated_at = now(),
           accepted_at = case when new_status = 'accepted' then now() else b.accepted_at end,
           payment_deadline = case when new_status = 'accepted'
             then least(now() + make_interval(hours => coalesce(private.config_int('booking_payment_window_hours'), 72)), b.starts_at)
             else b.payment_deadline end,
           declined_at = case when new_status = 'declined' then now() else b.declined_at end,
           confirmed_at = case when new_status = 'confirmed' then now() else b.confirmed_at end,
           expired_at = case when new_status = 'expired' then now() else b.expired_at end,
           cancelled_at = case when new_status = 'cancelled' then now() else b.cancelled_at end,
           cancelled_by = case when new_status = 'cancelled' then actor else b.cancelled_by end,
           completed_at = case when new_status = 'completed' then now() else b.completed_at end
     where b.id = target
     returning * into booking;
  exception when exclusion_violation then
    raise exception 'Deze artiest is in deze periode al geboekt.' using errcode = '23P01';
  end;

  insert into public.booking_events (booking_id, from_status, to_status, actor, actor_id, reason)
  values (target, old_status, new_status, actor, actor_id, nullif(trim(reason), ''));

  if new_status = 'confirmed' then
    -- The referrer's bonus comes with the referred customer's first paid booking.
    if not exists (select 1 from public.bookings o
                    where o.customer_id = booking.customer_id and o.id <> booking.id and o.confirmed_at is not null) then
      perform private.grant_referral_bonus(booking.customer_id, booking.id);
    end if;
  elsif new_status in ('cancelled', 'expired') and booking.bands_applied_cents > 0 then
    perform private.post_bands(booking.customer_id, booking.bands_applied_cents, 'refund', booking.id::text,
      'BANDS terug: boeking ' || case when new_status = 'cancelled' then 'geannuleerd' else 'verlopen' end, booking.id);
  end if;
  if actor = 'admin' then
    insert into public.admin_audit_log (actor_id, action, table_name, record_id, details)
    values (actor_id, 'transition', 'bookings', target::text,
      jsonb_build_object('from', old_status, 'to', new_status, 'reason', nullif(trim(reason), '')));
  end if;
  return booking;
end
$$;

-- Customers, artists and admins move bookings through this RPC (accept, decline, cancel,
-- complete); what each may do is in booking_transitions.
create function public.transition_booking(booking_id uuid, new_status text, reason text default null)
returns public.bookings
language plpgsql security definer
set search_path = ''
as $$
declare
  booking public.bookings;
begin
  select * into booking from public.bookings b where b.id = transition_booking.booking_id;
  if not found then
    raise exception 'Boeking niet gevonden.' using errcode = 'P0002';
  end if;
  return private.apply_booking_transition(booking.id, new_status, private.booking_actors(booking), auth.uid(), reason);
end
$$;
revoke all on function public.transition_booking(uuid, text, text) from public, anon;
grant execute on function public.transition_booking(uuid, text, text) to authenticated, service_role;

-- A customer requests a booking. The price is the package's (or the artist's base price), the
-- platform fee comes from app_config; nothing about money is taken from the client.
create function public.request_booking(
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
  package public.artist_packages;
  price integer;
  fee integer;
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
  if request_booking.package_id is not null then
    select * into package from public.artist_packages p
     where p.id = request_booking.package_id and p.artist_id = artist.id and p.is_active;
    if not found then
      raise exception 'Dit pakket bestaat niet (meer).' using errcode = 'P0002';
    end if;
    price := package.price_cents;
  else
    price := artist.base_price_cents;
  end if;
  if price <= 0 then
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
  fee := round(price * coalesce(private.config_int('platform_fee_bps'), 0) / 10000.0)::integer;

  insert into public.bookings (customer_id, artist_id, package_id, starts_at, ends_at, event_type, event_location, place_id,
    guest_count, notes, price_cents, platform_fee_cents, bands_applied_cents, total_cents, status, response_deadline)
  values (me, artist.id, request_booking.package_id, request_booking.starts_at, request_booking.ends_at,
    left(coalesce(request_booking.event_type, ''), 100), left(coalesce(request_booking.event_location, ''), 300),
    request_booking.place_id, request_booking.guest_count, left(coalesce(request_booking.notes, ''), 4000),
    price, fee, 0, price + fee, 'pending',
    least(now() + make_interval(hours => coalesce(private.config_int('booking_request_ttl_hours'), 168)), request_booking.starts_at))
  returning * into booking;

  insert into public.booking_events (booking_id, from_status, to_status, actor, actor_id)
  values (booking.id, null, 'pending', 'customer', me);
  return booking;
end
$$;
revoke all on function public.request_booking(uuid, timestamptz, timestamptz, uuid, text, text, integer, integer, text) from public, anon;
grant execute on function public.request_booking(uuid, timestamptz, timestamptz, uuid, text, text, integer, integer, text) to authenticated;

-- Checkout: spend BANDS on an accepted booking, once. The ledger debit and the booking's new
-- total are one transaction; the profile row lock serialises concurrent spends.
create function public.apply_bands_to_booking(booking_id uuid, amount_cents integer)
returns public.bookings
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  booking public.bookings;
begin
  select * into booking from public.bookings b where b.id = apply_bands_to_booking.booking_id for update;
  if not found or booking.customer_id is distinct from me then
    raise exception 'Boeking niet gevonden.' using errcode = 'P0002';
  end if;
  if booking.status <> 'accepted' then
    raise exception 'BANDS kun je alleen bij het afrekenen van een geaccepteerde boeking gebruiken.' using errcode = 'P0001';
  end if;
  if booking.bands_applied_cents > 0 then
    raise exception 'Er zijn al BANDS gebruikt voor deze boeking.' using errcode = 'P0001';
  end if;
  if amount_cents is null or amount_cents <= 0 or amount_cents > booking.price_cents + booking.platform_fee_cents then
    raise exception 'Ongeldig aantal BANDS.' using errcode = 'P0001';
  end if;
  perform private.post_bands(me, -amount_cents, 'booking_redeem', booking.id::text, 'BANDS gebruikt bij boeking', booking.id);
  update public.bookings b
     set bands_applied_cents = apply_bands_to_booking.amount_cents,
         total_cents = b.price_cents + b.platform_fee_cents - apply_bands_to_booking.amount_cents,
         updated_at = now()
   where b.id = booking.id
  returning * into booking;
  return booking;
end
$$;
revoke all on function public.apply_bands_to_booking(uuid, integer) from public, anon;
grant execute on function public.apply_bands_to_booking(uuid, integer) to authenticated;

-- The payment webhook (service key), after re-fetching the payment from the provider: records
-- the payment and, when paid in full, confirms the booking. Replays change nothing.
create function public.record_booking_payment(
  booking_id uuid, provider_payment_id text, payment_status text, amount_cents integer, method text default null
) returns public.bookings
language plpgsql security definer
set search_path = ''
as $$
declare
  booking public.bookings;
begin
  if not public.is_service_role() then
    raise exception 'Alleen de betaalprovider kan een betaling registreren.' using errcode = '42501';
  end if;
  select * into booking from public.bookings b where b.id = record_booking_payment.booking_id for update;
  if not found then
    raise exception 'Boeking niet gevonden.' using errcode = 'P0002';
  end if;
  insert into public.payments (booking_id, provider_payment_id, amount_cents, status, method, paid_at)
  values (booking.id, record_booking_payment.provider_payment_id, record_booking_payment.amount_cents, payment_status,
    record_booking_payment.method, case when payment_status = 'paid' then now() end)
  on conflict on constraint payments_provider_payment_id_key do update
    set status = excluded.status,
        method = coalesce(excluded.method, public.payments.method),
        paid_at = coalesce(public.payments.paid_at, excluded.paid_at)
  where public.payments.booking_id = excluded.booking_id;
  if payment_status = 'paid' and booking.status = 'accepted' then
    if record_booking_payment.amount_cents <> booking.total_cents then
      raise exception 'Het betaalde bedrag komt niet overeen met de boeking.' using errcode = 'P0001';
    end if;
    booking := private.apply_booking_transition(booking.id, 'confirmed', array['system'], null, 'Betaling ontvangen');
  end if;
  return booking;
end
$$;
revoke all on function public.record_booking_payment(uuid, text, text, integer, text) from public, anon, authenticated;
grant execute on function public.record_booking_payment(uuid, text, text, integer, text) to service_role;

-- Timed work, called by the scheduler (pg_cron on hosted Supabase): unpaid accepted bookings
-- expire, unanswered requests are cancelled, paid gigs that are over become completed.
create function public.expire_overdue_bookings() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  target record;
  changed integer := 0;
begin
  for target in
    select id, status from public.bookings
     where (status = 'accepted' and payment_deadline < now())
        or (status = 'pending' and (response_deadline < now() or starts_at < now()))
     order by id
     for update skip locked
  loop
    perform private.apply_booking_transition(target.id,
      case target.status when 'accepted' then 'expired' else 'cancelled' end, array['system'], null,
      case target.status when 'accepted' then 'Niet op tijd betaald' else 'Geen reactie van de artiest' end);
    changed := changed + 1;
  end loop;
  return changed;
end
$$;

create function public.complete_past_bookings() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  target record;
  changed integer := 0;
begin
  for target in
    select id from public.bookings where status = 'confirmed' and ends_at < now() order by id for update skip locked
  loop
    perform private.apply_booking_transition(target.id, 'completed', array['system'], null, 'Optreden heeft plaatsgevonden');
    changed := changed + 1;
  end loop;
  return changed;
end
$$;
revoke all on function public.expire_overdue_bookings(), public.complete_past_bookings() from public, anon, authenticated;
grant execute on function public.expire_overdue_bookings(), public.complete_past_bookings() to service_role;

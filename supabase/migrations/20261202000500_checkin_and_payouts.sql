-- Money out (ARCHITECTURE 'Money: in, held, out'). A paid gig's money stays on Podium's balance
-- until the gig has happened: when a booking becomes completed (its end passed), a check-in window
-- opens (app_config checkin_window_hours, 72 by default) in which the customer answers 'Is het
-- optreden doorgegaan?'. 'Ja, alles ging goed', or the window closing without a report, releases
-- the payout; 'Probleem melden' opens a case and holds it until an admin resolves it. The referral
-- bonus and new reviews wait for the release too.
--
-- One payout row per booking (never paid twice): the artist's share (the package price; the
-- service fee and any BANDS discount stay Podium's) goes to the artist's Mollie organization,
-- connected through Mollie Connect, by a route on the payment and, where BANDS paid part of the
-- price, a balance transfer from Podium's balance. The edge function process-payouts does the
-- Mollie calls (claim_due_payouts / finish_payout); mollie-connect keeps the connection.

insert into public.app_config (key, value_int, description) values
  ('checkin_window_hours', 72, 'Hours after a gig''s end in which the customer confirms it took place or reports a problem; then the payout is released.'),
  ('payout_max_attempts', 8, 'How often process-payouts tries a payout at Mollie before it is left for an admin (failed).')
on conflict (key) do nothing;

-- ---- the check-in ---------------------------------------------------------------------------

create table public.booking_checkins (
  booking_id uuid primary key references public.bookings (id) on delete cascade,
  opened_at timestamptz not null default now(),
  closes_at timestamptz not null,
  answer text check (answer in ('ok', 'problem')),
  answered_at timestamptz,
  -- Set when the payout is released: 'Ja', the window closing, or an admin resolving the case.
  released_at timestamptz,
  release_reason text check (release_reason in ('customer_confirmed', 'window_closed', 'case_resolved')),
  constraint booking_checkins_answer_time check ((answer is null) = (answered_at is null)),
  constraint booking_checkins_release check ((released_at is null) = (release_reason is null))
);
comment on table public.booking_checkins is 'The check-in window after a paid gig: the customer confirms it happened or reports a problem; released_at frees the payout.';
create index booking_checkins_open_idx on public.booking_checkins (closes_at) where released_at is null and answer is null;
alter table public.booking_checkins enable row level security;
revoke all on public.booking_checkins from anon, authenticated, service_role;
grant select on public.booking_checkins to authenticated, service_role;
create policy "booking_checkins: who sees the booking" on public.booking_checkins
  for select to authenticated
  using (exists (select 1 from public.bookings b where b.id = booking_id));

-- What a customer may report (the card's short list).
create table public.booking_cases (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null unique references public.bookings (id) on delete cascade,
  reason text not null check (reason in ('no_show', 'late', 'shorter', 'different', 'other')),
  details text not null check (char_length(btrim(details)) between 10 and 2000),
  photos text[] not null default '{}' check (cardinality(photos) <= 5),
  artist_reply text check (char_length(artist_reply) <= 2000),
  artist_replied_at timestamptz,
  status text not null default 'open' check (status in ('open', 'resolved')),
  resolution text check (resolution in ('pay_artist', 'partial_refund', 'full_refund')),
  refund_cents integer check (refund_cents >= 0),
  resolution_note text check (char_length(resolution_note) <= 2000),
  resolved_by uuid references public.profiles (id) on delete set null,
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  constraint booking_cases_resolved check ((status = 'resolved') = (resolution is not null and resolved_at is not null))
);
comment on table public.booking_cases is 'A customer''s report that a gig did not go as agreed; holds the payout until an admin resolves it.';
create index booking_cases_open_idx on public.booking_cases (created_at) where status = 'open';
alter table public.booking_cases enable row level security;
revoke all on public.booking_cases from anon, authenticated, service_role;
grant select on public.booking_cases to authenticated, service_role;
create policy "booking_cases: who sees the booking" on public.booking_cases
  for select to authenticated
  using (exists (select 1 from public.bookings b where b.id = booking_id));

-- ---- Mollie Connect ---------------------------------------------------------------------------

create table public.mollie_connections (
  artist_id uuid primary key references public.artists (id) on delete cascade,
  organization_id text not null check (organization_id ~ '^org_[A-Za-z0-9]+$'),
  organization_name text not null default '',
  onboarding_status text not null check (onboarding_status in ('needs-data', 'in-review', 'completed')),
  -- Where the artist finishes Mollie's onboarding (the onboarding's dashboard link).
  onboarding_url text,
  can_receive_settlements boolean not null default false,
  connected_at timestamptz not null default now(),
  checked_at timestamptz not null default now()
);
comment on table public.mollie_connections is 'The Mollie organization an act is paid to (Mollie Connect), and the onboarding status Mollie last reported. Tokens live in private.mollie_tokens.';
alter table public.mollie_connections enable row level security;
revoke all on public.mollie_connections from anon, authenticated, service_role;
grant select on public.mollie_connections to authenticated, service_role;
create policy "mollie_connections: the act's owner and admins" on public.mollie_connections
  for select to authenticated
  using (public.owns_artist(artist_id) or (select public.is_admin()));

create table private.mollie_tokens (
  artist_id uuid primary key references public.artists (id) on delete cascade,
  access_token text not null,
  refresh_token text not null,
  expires_at timestamptz not null,
  scope text not null default '',
  updated_at timestamptz not null default now()
);
comment on table private.mollie_tokens is 'OAuth tokens of each act''s Mollie organization; read only by the edge functions (service role, through definer functions).';
alter table private.mollie_tokens enable row level security;
revoke all on private.mollie_tokens from public, anon, authenticated, service_role;
create policy "mollie tokens: no client access" on private.mollie_tokens for all to anon, authenticated, service_role using (false);

-- ---- payouts ----------------------------------------------------------------------------------

create table public.payouts (
  booking_id uuid primary key references public.bookings (id) on delete restrict,
  artist_id uuid not null references public.artists (id) on delete restrict,
  status text not null default 'checkin'
    check (status in ('checkin', 'held', 'due', 'awaiting_connection', 'paid', 'failed', 'refunded')),
  -- The artist's share: the package price, less what a resolved case refunded to the customer.
  amount_cents integer not null check (amount_cents >= 0),
  -- How it went out: a route on the payment, and from Podium's balance what the payment cannot carry.
  route_cents integer not null default 0 check (route_cents >= 0),
  transfer_cents integer not null default 0 check (transfer_cents >= 0),
  organization_id text,
  mollie_payment_id text,
  mollie_route_id text,
  mollie_transfer_id text,
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  claimed_until timestamptz,
  last_error text,
  released_at timestamptz,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payouts_paid check ((status = 'paid') = (paid_at is not null)),
  constraint payouts_parts check (status <> 'paid' or route_cents + transfer_cents = amount_cents)
);
comment on table public.payouts is 'One payout per completed booking: its artist share and how it reached the artist''s Mollie organization (route, balance transfer).';
create index payouts_artist_idx on public.payouts (artist_id, created_at desc);
create index payouts_due_idx on public.payouts (next_attempt_at) where status in ('due', 'failed', 'awaiting_connection');
alter table public.payouts enable row level security;
revoke all on public.payouts from anon, authenticated, service_role;
grant select on public.payouts to authenticated, service_role;
create policy "payouts: the act's owner and admins" on public.payouts
  for select to authenticated
  using (public.owns_artist(artist_id) or (select public.is_admin()));

-- A completed booking opens its check-in and its payout (from the transition, the job or an admin).
create function private.open_checkin() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.booking_checkins (booking_id, closes_at)
  values (new.id, now() + make_interval(hours => greatest(coalesce(private.config_int('checkin_window_hours'), 72), 0)))
  on conflict (booking_id) do nothing;
  insert into public.payouts (booking_id, artist_id, amount_cents)
  values (new.id, new.artist_id, new.price_cents)
  on conflict (booking_id) do nothing;
  return null;
end
$$;
create trigger bookings_open_checkin
  after update of status on public.bookings
  for each row when (new.status = 'completed' and old.status is distinct from 'completed')
  execute function private.open_checkin();

/** Whether a completed booking's gig counts as played: released, or from before check-ins existed. */
create function private.gig_released(target uuid) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return not exists (select 1 from public.booking_checkins c where c.booking_id = target and c.released_at is null);
end
$$;
revoke all on function private.gig_released(uuid) from public, anon, authenticated, service_role;

-- The payout is free to go: the referral bonus of the gig comes now too.
create function private.release_payout(target uuid, why text) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  booking public.bookings;
begin
  update public.booking_checkins set released_at = now(), release_reason = why
   where booking_id = target and released_at is null;
  if not found then
    return;
  end if;
  update public.payouts
     set status = case when amount_cents = 0 then 'refunded' else 'due' end,
         released_at = now(), next_attempt_at = now(), updated_at = now()
   where booking_id = target and status in ('checkin', 'held');
  select * into booking from public.bookings where id = target;
  perform private.grant_referral_bonus(booking.customer_id, booking.id);
end
$$;
revoke all on function private.release_payout(uuid, text) from public, anon, authenticated, service_role;

-- As in 20261202000300, and only for a gig whose check-in has released it.
create or replace function private.grant_referral_bonus(customer uuid, paid_booking uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  referrer uuid;
  bonus integer := coalesce(private.config_int('referral_bonus_cents'), 0);
  month_start timestamptz := date_trunc('month', now() at time zone 'Europe/Amsterdam') at time zone 'Europe/Amsterdam';
  entry public.bands_transactions;
begin
  select referrer_id into referrer from public.profiles where id = customer;
  if referrer is null or bonus <= 0 then
    return;
  end if;
  if not exists (select 1 from public.bookings b where b.id = paid_booking and b.customer_id = customer and b.status = 'completed'
                    and b.total_cents >= greatest(coalesce(private.config_int('referral_min_booking_cents'), 25000), 0)) then
    return;
  end if;
  if not private.gig_released(paid_booking) then
    return;
  end if;
  if exists (select 1 from public.bookings b join public.artists a on a.id = b.artist_id
              where b.id = paid_booking and a.profile_id = referrer) then
    return;
  end if;
  -- The referrer's row lock makes the monthly count and the payment one step.
  perform 1 from public.profiles where id = referrer for update;
  if (select count(*) from public.bands_transactions t
       where t.user_id = referrer and t.type = 'referral_bonus' and t.created_at >= month_start)
     >= coalesce(private.config_int('referral_bonus_monthly_cap'), 10) then
    return;
  end if;
  entry := private.post_bands(referrer, bonus, 'referral_bonus', customer::text, 'Uitnodigingsbonus: eerste voltooide boeking', paid_booking);
  if entry.id is not null then
    update public.profiles set referral_acquisition_bonus_uses = referral_acquisition_bonus_uses + 1 where id = referrer;
  end if;
end
$$;

-- The customer's answer on the card in 'Mijn boekingen'.
create function public.answer_checkin(booking_id uuid, all_good boolean, reason text default null, details text default null, photos text[] default '{}')
returns public.booking_checkins
language plpgsql security definer
set search_path = ''
as $$
declare
  target uuid := answer_checkin.booking_id;
  checkin public.booking_checkins;
  booking public.bookings;
begin
  select * into booking from public.bookings b where b.id = target;
  if not found or booking.customer_id is distinct from auth.uid() then
    perform private.raise_not_found('Deze boeking bestaat niet.');
  end if;
  select * into checkin from public.booking_checkins c where c.booking_id = target for update;
  if not found then
    raise exception 'Bij deze boeking is niets te bevestigen.' using errcode = 'P0001';
  end if;
  if checkin.answer is not null then
    raise exception 'Je hebt al laten weten hoe het optreden ging.' using errcode = 'P0001';
  end if;
  if checkin.released_at is not null or checkin.closes_at <= now() then
    raise exception 'De termijn om een probleem te melden is voorbij.' using errcode = 'P0001';
  end if;
  if all_good then
    update public.booking_checkins c set answer = 'ok', answered_at = now() where c.booking_id = target;
    perform private.release_payout(target, 'customer_confirmed');
  else
    if reason is null or reason not in ('no_show', 'late', 'shorter', 'different', 'other') then
      raise exception 'Kies wat er misging.' using errcode = '22023';
    end if;
    if char_length(btrim(coalesce(details, ''))) < 10 then
      raise exception 'Beschrijf in minstens 10 tekens wat er misging.' using errcode = '22023';
    end if;
    if char_length(btrim(details)) > 2000 then
      raise exception 'Je beschrijving is te lang (maximaal 2000 tekens).' using errcode = '22023';
    end if;
    if cardinality(coalesce(photos, '{}')) > 5 then
      raise exception 'Je kunt maximaal 5 foto''s meesturen.' using errcode = '22023';
    end if;
    if exists (select 1 from unnest(coalesce(photos, '{}')) p where p !~ ('^' || target::text || '/[A-Za-z0-9._-]{1,120}$')) then
      raise exception 'Een foto hoort niet bij deze melding.' using errcode = '22023';
    end if;
    update public.booking_checkins c set answer = 'problem', answered_at = now() where c.booking_id = target;
    insert into public.booking_cases (booking_id, reason, details, photos)
    values (target, reason, btrim(details), coalesce(photos, '{}'));
    update public.payouts p set status = 'held', updated_at = now() where p.booking_id = target and p.status = 'checkin';
    insert into public.admin_audit_log (actor_id, action, table_name, record_id, details)
    values (auth.uid(), 'case_opened', 'booking_cases', target::text, jsonb_build_object('reason', reason));
  end if;
  select * into checkin from public.booking_checkins c where c.booking_id = target;
  return checkin;
end
$$;
revoke all on function public.answer_checkin(uuid, boolean, text, text, text[]) from public, anon;
grant execute on function public.answer_checkin(uuid, boolean, text, text, text[]) to authenticated;

-- The artist's side of a case, once.
create function public.reply_to_case(booking_id uuid, reply text) returns public.booking_cases
language plpgsql security definer
set search_path = ''
as $$
declare
  found_case public.booking_cases;
begin
  select c.* into found_case from public.booking_cases c join public.bookings b on b.id = c.booking_id
   where c.booking_id = reply_to_case.booking_id and public.owns_artist(b.artist_id) for update of c;
  if not found then
    perform private.raise_not_found('Deze melding bestaat niet.');
  end if;
  if found_case.status <> 'open' then
    raise exception 'Deze melding is al afgehandeld.' using errcode = 'P0001';
  end if;
  if char_length(btrim(coalesce(reply, ''))) not between 1 and 2000 then
    raise exception 'Schrijf een reactie van hoogstens 2000 tekens.' using errcode = '22023';
  end if;
  update public.booking_cases c set artist_reply = btrim(reply), artist_replied_at = now() where c.id = found_case.id
  returning * into found_case;
  return found_case;
end
$$;
revoke all on function public.reply_to_case(uuid, text) from public, anon;
grant execute on function public.reply_to_case(uuid, text) to authenticated;

-- Refunds may now also come from a resolved case.
alter table private.refund_requests drop constraint refund_requests_kind_check;
alter table private.refund_requests add constraint refund_requests_kind_check check (kind in ('excess', 'cancellation', 'unmatched', 'dispute'));
comment on column private.refund_requests.kind is 'excess: paid above the total; cancellation: the policy''s share; unmatched: a payment that bought nothing, all of it; dispute: what an admin''s case resolution gives back.';

/** Refunds `cents` of a booking's payments (oldest first), capped at what each can still give back. */
create function private.enqueue_amount_refund(target uuid, cents integer, why text) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  payment public.payments;
  left_cents integer := cents;
  part integer;
  total integer := 0;
begin
  for payment in
    select * from public.payments p where p.booking_id = target and p.status = 'paid' order by p.created_at, p.id for update
  loop
    exit when left_cents <= 0;
    part := least(left_cents, private.refundable_cents(payment));
    continue when part <= 0;
    insert into private.refund_requests (booking_id, payment_id, provider_payment_id, amount_cents, currency, refund_percent, kind)
    values (target, payment.id, payment.provider_payment_id, part, payment.currency,
            greatest(1, least(100, round(part * 100.0 / nullif(payment.amount_cents, 0))::integer)), why)
    on conflict on constraint refund_requests_once_per_kind do nothing;
    if found then
      left_cents := left_cents - part;
      total := total + part;
    end if;
  end loop;
  return total;
end
$$;
revoke all on function private.enqueue_amount_refund(uuid, integer, text) from public, anon, authenticated, service_role;

-- An admin resolves a case: pay the artist in full, refund part and pay the rest, or refund in full.
create function public.resolve_booking_case(booking_id uuid, resolution text, refund_cents integer default 0, note text default null)
returns public.booking_cases
language plpgsql security definer
set search_path = ''
as $$
declare
  target uuid := resolve_booking_case.booking_id;
  found_case public.booking_cases;
  booking public.bookings;
  paid integer;
  refunded integer := 0;
begin
  if not public.is_admin() then
    raise exception 'Alleen een beheerder kan een melding afhandelen.' using errcode = '42501';
  end if;
  select * into found_case from public.booking_cases c where c.booking_id = target for update;
  if not found then
    perform private.raise_not_found('Deze melding bestaat niet.');
  end if;
  if found_case.status <> 'open' then
    raise exception 'Deze melding is al afgehandeld.' using errcode = 'P0001';
  end if;
  select * into booking from public.bookings b where b.id = target;
  select coalesce(sum(private.refundable_cents(p)), 0)::integer into paid from public.payments p where p.booking_id = target and p.status = 'paid';
  if resolution = 'pay_artist' then
    null;
  elsif resolution = 'partial_refund' then
    if refund_cents is null or refund_cents <= 0 or refund_cents >= least(paid, booking.price_cents) then
      raise exception 'Kies een terugbetaling tussen € 0,01 en %.', private.dutch_euros(least(paid, booking.price_cents) - 1) using errcode = '22023';
    end if;
    refunded := private.enqueue_amount_refund(target, refund_cents, 'dispute');
    update public.payouts p set amount_cents = greatest(booking.price_cents - refunded, 0), updated_at = now() where p.booking_id = target;
  elsif resolution = 'full_refund' then
    refunded := private.enqueue_amount_refund(target, paid, 'dispute');
    update public.payouts p set amount_cents = 0, updated_at = now() where p.booking_id = target;
  else
    raise exception 'Kies hoe de melding wordt afgehandeld.' using errcode = '22023';
  end if;
  update public.booking_cases c
     set status = 'resolved', resolution = resolve_booking_case.resolution, refund_cents = refunded,
         resolution_note = nullif(btrim(coalesce(note, '')), ''), resolved_by = auth.uid(), resolved_at = now()
   where c.id = found_case.id
  returning * into found_case;
  perform private.release_payout(target, 'case_resolved');
  insert into public.admin_audit_log (actor_id, action, table_name, record_id, details)
  values (auth.uid(), 'case_resolved', 'booking_cases', target::text,
          jsonb_build_object('resolution', resolution, 'refund_cents', refunded, 'note', found_case.resolution_note));
  return found_case;
end
$$;
revoke all on function public.resolve_booking_case(uuid, text, integer, text) from public, anon;
grant execute on function public.resolve_booking_case(uuid, text, integer, text) to authenticated;

-- The job: windows that closed without a report release their payouts.
create function public.release_closed_checkins() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  target uuid;
  changed integer := 0;
begin
  for target in
    select c.booking_id from public.booking_checkins c
     where c.released_at is null and c.answer is null and c.closes_at <= now()
     order by c.closes_at for update skip locked
  loop
    perform private.release_payout(target, 'window_closed');
    changed := changed + 1;
  end loop;
  return changed;
end
$$;
revoke all on function public.release_closed_checkins() from public, anon, authenticated;
grant execute on function public.release_closed_checkins() to service_role;

-- ---- what process-payouts and mollie-connect call (service role only) -----------------------

create function public.claim_due_payouts(batch_size integer default 20)
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
revoke all on function public.claim_due_payouts(integer) from public, anon, authenticated;
grant execute on function public.claim_due_payouts(integer) to service_role;

-- What one payout's run came to: paid (with its Mollie ids), waiting for the act's connection, or
-- failed (tried again with back-off: 1, 2, 4 … minutes, capped at 6 hours).
create function public.finish_payout(
  booking_id uuid, outcome text, organization_id text default null, mollie_payment_id text default null,
  route_id text default null, route_cents integer default 0, transfer_id text default null, transfer_cents integer default 0,
  failure text default null
) returns public.payouts
language plpgsql security definer
set search_path = ''
as $$
declare
  payout public.payouts;
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server kan uitbetalen.' using errcode = '42501';
  end if;
  select * into payout from public.payouts p where p.booking_id = finish_payout.booking_id for update;
  if not found then
    perform private.raise_not_found('Deze uitbetaling bestaat niet.');
  end if;
  if payout.status = 'paid' then
    return payout;
  end if;
  update public.payouts p
     set organization_id = coalesce(finish_payout.organization_id, p.organization_id),
         mollie_payment_id = coalesce(finish_payout.mollie_payment_id, p.mollie_payment_id),
         mollie_route_id = coalesce(route_id, p.mollie_route_id),
         mollie_transfer_id = coalesce(transfer_id, p.mollie_transfer_id),
         route_cents = case when route_id is not null then finish_payout.route_cents else p.route_cents end,
         transfer_cents = case when transfer_id is not null then finish_payout.transfer_cents else p.transfer_cents end,
         status = case outcome when 'paid' then 'paid' when 'awaiting_connection' then 'awaiting_connection' else 'failed' end,
         paid_at = case when outcome = 'paid' then now() end,
         last_error = case when outcome = 'failed' then left(failure, 500) end,
         -- Waiting for a connection costs no attempt; the next connection check comes within the hour.
         attempts = case when outcome = 'awaiting_connection' then 0 else p.attempts end,
         next_attempt_at = case outcome
           when 'paid' then null
           when 'awaiting_connection' then now() + interval '1 hour'
           else now() + least(interval '6 hours', make_interval(mins => power(2, greatest(p.attempts - 1, 0))::integer)) end,
         claimed_until = null,
         updated_at = now()
   where p.booking_id = finish_payout.booking_id
  returning * into payout;
  return payout;
end
$$;
revoke all on function public.finish_payout(uuid, text, text, text, text, integer, text, integer, text) from public, anon, authenticated;
grant execute on function public.finish_payout(uuid, text, text, text, text, integer, text, integer, text) to service_role;

-- An admin's 'Opnieuw proberen' on a failed payout.
create function public.retry_payout(booking_id uuid) returns public.payouts
language plpgsql security definer
set search_path = ''
as $$
declare
  payout public.payouts;
begin
  if not public.is_admin() then
    raise exception 'Alleen een beheerder kan een uitbetaling opnieuw proberen.' using errcode = '42501';
  end if;
  update public.payouts p set attempts = 0, next_attempt_at = now(), claimed_until = null, updated_at = now()
   where p.booking_id = retry_payout.booking_id and p.status in ('failed', 'awaiting_connection')
  returning * into payout;
  if not found then
    raise exception 'Alleen een mislukte of wachtende uitbetaling kan opnieuw.' using errcode = 'P0001';
  end if;
  insert into public.admin_audit_log (actor_id, action, table_name, record_id, details)
  values (auth.uid(), 'payout_retry', 'payouts', retry_payout.booking_id::text, '{}'::jsonb);
  return payout;
end
$$;
revoke all on function public.retry_payout(uuid) from public, anon;
grant execute on function public.retry_payout(uuid) to authenticated;

-- The connection as Mollie reported it, with new tokens when the function has them.
create function public.save_mollie_connection(
  artist_id uuid, organization_id text, organization_name text, onboarding_status text, onboarding_url text,
  can_receive_settlements boolean, access_token text default null, refresh_token text default null,
  expires_at timestamptz default null, scope text default null
) returns public.mollie_connections
language plpgsql security definer
set search_path = ''
as $$
declare
  saved public.mollie_connections;
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server kan een koppeling opslaan.' using errcode = '42501';
  end if;
  insert into public.mollie_connections as m (artist_id, organization_id, organization_name, onboarding_status, onboarding_url, can_receive_settlements)
  values (save_mollie_connection.artist_id, organization_id, coalesce(organization_name, ''), onboarding_status, onboarding_url, coalesce(can_receive_settlements, false))
  on conflict on constraint mollie_connections_pkey do update
    set organization_id = excluded.organization_id, organization_name = excluded.organization_name,
        onboarding_status = excluded.onboarding_status, onboarding_url = excluded.onboarding_url,
        can_receive_settlements = excluded.can_receive_settlements, checked_at = now(),
        connected_at = case when m.organization_id = excluded.organization_id then m.connected_at else now() end
  returning * into saved;
  if access_token is not null then
    insert into private.mollie_tokens as t (artist_id, access_token, refresh_token, expires_at, scope)
    values (save_mollie_connection.artist_id, access_token, refresh_token, expires_at, coalesce(scope, ''))
    on conflict on constraint mollie_tokens_pkey do update
      set access_token = excluded.access_token, refresh_token = coalesce(excluded.refresh_token, t.refresh_token),
          expires_at = excluded.expires_at, scope = excluded.scope, updated_at = now();
  end if;
  -- A payout that waited for this connection may go now.
  if onboarding_status = 'completed' then
    update public.payouts p set next_attempt_at = now(), updated_at = now()
     where p.artist_id = save_mollie_connection.artist_id and p.status = 'awaiting_connection';
  end if;
  return saved;
end
$$;
revoke all on function public.save_mollie_connection(uuid, text, text, text, text, boolean, text, text, timestamptz, text) from public, anon, authenticated;
grant execute on function public.save_mollie_connection(uuid, text, text, text, text, boolean, text, text, timestamptz, text) to service_role;

create function public.mollie_tokens_of(artist_id uuid) returns table (access_token text, refresh_token text, expires_at timestamptz)
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server leest Mollie-tokens.' using errcode = '42501';
  end if;
  return query select t.access_token, t.refresh_token, t.expires_at from private.mollie_tokens t where t.artist_id = mollie_tokens_of.artist_id;
end
$$;
revoke all on function public.mollie_tokens_of(uuid) from public, anon, authenticated;
grant execute on function public.mollie_tokens_of(uuid) to service_role;

-- ---- photos with a report: private, in the booking's folder ------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('case-photos', 'case-photos', false, 10485760, '{image/jpeg,image/png,image/webp}')
on conflict (id) do nothing;

/** Whether the caller is the customer of the booking a case-photos folder is named after. */
create function public.is_booking_customer_folder(folder text) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return folder ~ '^[0-9a-f-]{36}$'
     and exists (select 1 from public.bookings b where b.id = folder::uuid and b.customer_id = auth.uid());
end
$$;
revoke execute on function public.is_booking_customer_folder(text) from public, anon;
grant execute on function public.is_booking_customer_folder(text) to authenticated;

/** Whether the caller sees the booking a case-photos folder is named after (customer, act owner, admin). */
create function public.sees_booking_folder(folder text) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return folder ~ '^[0-9a-f-]{36}$'
     and exists (select 1 from public.bookings b where b.id = folder::uuid
                  and (b.customer_id = auth.uid() or public.owns_artist(b.artist_id) or public.is_admin()));
end
$$;
revoke execute on function public.sees_booking_folder(text) from public, anon;
grant execute on function public.sees_booking_folder(text) to authenticated;

create policy "case-photos: the booking's customer uploads while the check-in is open" on storage.objects for insert to authenticated
  with check (bucket_id = 'case-photos' and public.is_booking_customer_folder((storage.foldername(name))[1])
              and exists (select 1 from public.booking_checkins c where c.booking_id::text = (storage.foldername(name))[1]
                           and c.answer is null and c.released_at is null and c.closes_at > now()));
create policy "case-photos: who sees the booking reads" on storage.objects for select to authenticated
  using (bucket_id = 'case-photos' and public.sees_booking_folder((storage.foldername(name))[1]));

-- ---- new reviews wait for the release -------------------------------------------------------

create function private.reviews_wait_for_checkin() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if not private.gig_released(new.booking_id) then
    raise exception 'Laat eerst weten of het optreden is doorgegaan; daarna kun je een review schrijven.' using errcode = '42501';
  end if;
  return new;
end
$$;
create trigger reviews_wait_for_checkin
  before insert on public.reviews
  for each row execute function private.reviews_wait_for_checkin();

insert into private.scheduled_jobs (name, every_minutes, command) values
  ('release-closed-checkins', 5, 'select public.release_closed_checkins()');
insert into private.scheduled_jobs (name, every_minutes, function_name) values
  ('process-payouts', 5, 'process-payouts');
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('release-closed-checkins', '*/5 * * * *', 'select public.release_closed_checkins()');
  end if;
  if exists (select 1 from pg_extension where extname = 'pg_cron') and exists (select 1 from pg_extension where extname = 'pg_net') then
    perform cron.schedule('process-payouts', '*/5 * * * *', $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/process-payouts',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
        body := '{}'::jsonb,
        timeout_milliseconds := 60000)
    $job$);
  end if;
end
$$;

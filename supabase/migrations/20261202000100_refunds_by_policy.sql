-- Money and BANDS come back by one policy, and a payment can be refunded more than once.
--
--  1. A payment may have several refunds (an excess at confirmation, then a cancellation), their
--     sum never above what was paid. Before, one refund request per payment was allowed, so a
--     cancellation after an excess refund was silently dropped although cancellation_quote had
--     promised it. Each request now has a kind, once per payment and kind (a replayed trigger or
--     webhook still cannot refund twice), and a trigger refuses a request that would take the sum
--     of a payment's requests above its amount.
--  2. The policy's share is of what the customer still has in the booking: the payment minus what
--     has been refunded or requested already (an excess of €20 on €120 paid for €100: 50 % gives
--     €50 back, not €40).
--  3. BANDS spent on a booking come back by the same policy as the money (a customer who cancels
--     after the gig started got every BANDS back before). The welcome discount becomes a discount
--     again only when everything comes back; a partial share returns the customer's own BANDS.
--  4. cancellation_quote also says how many BANDS come back, from the same functions as the
--     cancellation itself.

alter table private.refund_requests add column kind text;
update private.refund_requests set kind = 'cancellation';
alter table private.refund_requests
  alter column kind set not null,
  add constraint refund_requests_kind_check check (kind in ('excess', 'cancellation', 'unmatched')),
  drop constraint refund_requests_payment_id_key,
  add constraint refund_requests_once_per_kind unique (payment_id, kind);
comment on column private.refund_requests.kind is 'excess: paid above the total; cancellation: the policy''s share; unmatched: a payment that bought nothing, all of it.';
create index refund_requests_payment_idx on private.refund_requests (payment_id);

-- What of a payment can still be refunded: its amount minus what Mollie reports refunded or
-- what has been requested already, whichever is more (a request made here shows up at Mollie
-- later; a refund made in Mollie's dashboard has no request).
create function private.refundable_cents(payment public.payments)
returns integer
language sql stable security definer
set search_path = ''
as $$
  select greatest(payment.amount_cents - greatest(payment.refunded_cents,
           coalesce((select sum(r.amount_cents) from private.refund_requests r where r.payment_id = payment.id), 0)::integer), 0)
$$;
revoke all on function private.refundable_cents(public.payments) from public, anon, authenticated, service_role;

-- The sum of a payment's refund requests never goes above what was paid: requests of one
-- payment are written one after another (the payment row's lock), each checked against the rest.
create function private.refund_requests_within_payment() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  payment public.payments;
begin
  select * into payment from public.payments p where p.id = new.payment_id for update;
  if new.amount_cents > private.refundable_cents(payment) then
    raise exception 'Er kan niet meer worden terugbetaald dan er betaald is.' using errcode = '23514';
  end if;
  return new;
end
$$;
revoke all on function private.refund_requests_within_payment() from public, anon, authenticated, service_role;
create trigger refund_requests_within_payment before insert on private.refund_requests
  for each row execute function private.refund_requests_within_payment();

-- The refund requests of a booking's paid payments (or of one of them): the policy's share of
-- what is still refundable. Nothing when that is zero, or when this kind was requested before.
drop function private.enqueue_payment_refunds(uuid, integer, uuid);
create function private.enqueue_payment_refunds(target uuid, percent integer, kind text, only_payment uuid default null)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  payment public.payments;
  cents integer;
begin
  if percent is null or percent <= 0 then
    return;
  end if;
  for payment in
    select * from public.payments p
     where p.booking_id = target and p.status = 'paid' and (only_payment is null or p.id = only_payment)
     order by p.created_at, p.id
       for update
  loop
    cents := round(private.refundable_cents(payment) * least(percent, 100) / 100.0)::integer;
    continue when cents <= 0;
    insert into private.refund_requests (booking_id, payment_id, provider_payment_id, amount_cents, currency, refund_percent, kind)
    values (payment.booking_id, payment.id, payment.provider_payment_id, cents, payment.currency, least(percent, 100), enqueue_payment_refunds.kind)
    on conflict on constraint refund_requests_once_per_kind do nothing;
  end loop;
end
$$;
revoke all on function private.enqueue_payment_refunds(uuid, integer, text, uuid) from public, anon, authenticated, service_role;

create or replace function private.enqueue_cancellation_refunds() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  starts timestamptz;
begin
  select b.starts_at into starts from public.bookings b where b.id = new.booking_id;
  perform private.enqueue_payment_refunds(new.booking_id, private.refund_percent(new.actor, starts, new.created_at), 'cancellation');
  return null;
end
$$;

-- As in 20261124000100: a payment made after the booking closed bought nothing.
create or replace function private.refund_payment_for_closed_booking() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and old.status = 'paid' then
    return null;
  end if;
  if exists (
    select 1 from public.bookings b
     where b.id = new.booking_id
       and b.status in ('cancelled', 'expired')
       and coalesce(new.paid_at, now()) >= coalesce(b.cancelled_at, b.expired_at, '-infinity'::timestamptz)
  ) then
    perform private.enqueue_payment_refunds(new.booking_id, 100, 'unmatched', new.id);
  end if;
  return null;
end
$$;

-- As in 20261125001300 (with 20261126184500's not-found), the excess and an unmatched payment as kinds of their own.
create or replace function public.record_booking_payment(
  booking_id uuid, provider_payment_id text, payment_status text, amount_cents integer, method text default null
) returns public.bookings
language plpgsql security definer
set search_path = ''
as $$
declare
  booking public.bookings;
  payment public.payments;
  previous_status text;
  excess integer;
begin
  if not public.is_service_role() then
    raise exception 'Alleen de betaalprovider kan een betaling registreren.' using errcode = '42501';
  end if;
  select * into booking from public.bookings b where b.id = record_booking_payment.booking_id for update;
  if not found then
    perform private.raise_not_found('Boeking niet gevonden.');
  end if;
  select p.status into previous_status from public.payments p where p.provider_payment_id = record_booking_payment.provider_payment_id;
  insert into public.payments (booking_id, provider_payment_id, amount_cents, status, method, paid_at)
  values (booking.id, record_booking_payment.provider_payment_id, record_booking_payment.amount_cents, payment_status,
    record_booking_payment.method, case when payment_status = 'paid' then now() end)
  on conflict on constraint payments_provider_payment_id_key do update
    set status = excluded.status,
        method = coalesce(excluded.method, public.payments.method),
        paid_at = coalesce(public.payments.paid_at, excluded.paid_at)
  where public.payments.booking_id = excluded.booking_id
  returning * into payment;
  if payment.id is null then
    raise exception 'Deze betaling hoort bij een andere boeking.' using errcode = 'P0001';
  end if;
  if payment_status <> 'paid' or previous_status is not distinct from 'paid' then
    return booking;
  end if;

  if booking.status = 'accepted' and payment.amount_cents >= booking.total_cents then
    booking := private.apply_booking_transition(booking.id, 'confirmed', array['system'], null, 'Betaling ontvangen');
    excess := payment.amount_cents - booking.total_cents;
    if excess > 0 then
      insert into private.refund_requests (booking_id, payment_id, provider_payment_id, amount_cents, currency, refund_percent, kind)
      values (booking.id, payment.id, payment.provider_payment_id, excess, payment.currency,
              least(greatest(round(excess * 100.0 / payment.amount_cents)::integer, 1), 100), 'excess')
      on conflict on constraint refund_requests_once_per_kind do nothing;
    end if;
  elsif booking.status in ('accepted', 'confirmed', 'completed') then
    -- Too little for the booking as it is now, or a second payment of a booking already paid.
    perform private.enqueue_payment_refunds(booking.id, 100, 'unmatched', payment.id);
  end if;
  return booking;
end
$$;

-- The BANDS a closing booking gives back: the policy's share of those spent on it (all of them
-- for an expiry, or a cancellation by the artist, Podium or the system).
create function private.bands_refund_cents(booking public.bookings, percent integer)
returns integer
language sql immutable
set search_path = ''
as $$
  select case
    when booking.bands_applied_cents <= 0 or percent <= 0 then 0
    when percent >= 100 then booking.bands_applied_cents
    -- The welcome discount was never the customer's balance: a share returns their own BANDS.
    else round((booking.bands_applied_cents - booking.welcome_credit_cents) * percent / 100.0)::integer
  end
$$;
revoke all on function private.bands_refund_cents(public.bookings, integer) from public, anon, authenticated, service_role;

-- THE transition function (as in 20261126001000, with 20261126184500's not-found), with the BANDS of a
-- cancellation by the policy.
create or replace function private.apply_booking_transition(target uuid, new_status text, actors text[], actor_id uuid, reason text)
returns public.bookings
language plpgsql security definer
set search_path = ''
as $$
declare
  booking public.bookings;
  old_status text;
  actor text;
  bands_back integer;
begin
  select * into booking from public.bookings where id = target for update;
  if not found or cardinality(actors) = 0 then
    perform private.raise_not_found('Boeking niet gevonden.');
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

  if new_status = 'completed' then
    -- The referrer's bonus comes with the referred customer's first completed gig (once per
    -- referred customer: the ledger's (type, source) key).
    perform private.grant_referral_bonus(booking.customer_id, booking.id);
  elsif new_status in ('cancelled', 'expired') and booking.bands_applied_cents > 0 then
    bands_back := private.bands_refund_cents(booking,
      case when new_status = 'expired' then 100 else private.refund_percent(actor, booking.starts_at, now()) end);
    if bands_back > 0 then
      perform private.post_bands(booking.customer_id, bands_back, 'refund', booking.id::text,
        'BANDS terug: boeking ' || case when new_status = 'cancelled' then 'geannuleerd' else 'verlopen' end, booking.id);
    end if;
    if bands_back = booking.bands_applied_cents and booking.welcome_credit_cents > 0 then
      perform private.post_bands(booking.customer_id, -booking.welcome_credit_cents, 'welcome_reversal', booking.id::text,
        'Welkomstkorting weer beschikbaar voor een volgende boeking', booking.id);
    end if;
  end if;
  if actor = 'admin' then
    insert into public.admin_audit_log (actor_id, action, table_name, record_id, details)
    values (actor_id, 'transition', 'bookings', target::text,
      jsonb_build_object('from', old_status, 'to', new_status, 'reason', nullif(trim(reason), '')));
  end if;
  return booking;
end
$$;

-- What a cancellation now would give back, money and BANDS, from the functions the cancellation
-- itself uses.
drop function public.cancellation_quote(uuid);
create function public.cancellation_quote(booking_id uuid)
returns table (paid_cents integer, refund_percent integer, refund_cents integer, bands_spent_cents integer, bands_refund_cents integer)
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select sum(p.amount_cents) from public.payments p where p.booking_id = b.id and p.status = 'paid'), 0)::integer,
         pct.percent,
         coalesce((select sum(round(private.refundable_cents(p) * pct.percent / 100.0)::integer)
                     from public.payments p where p.booking_id = b.id and p.status = 'paid'), 0)::integer,
         b.bands_applied_cents,
         private.bands_refund_cents(b, pct.percent)
    from public.bookings b
   cross join lateral (
     select private.refund_percent(
       case when b.customer_id = (select auth.uid()) then 'customer' when public.owns_artist(b.artist_id) then 'artist' else 'admin' end,
       b.starts_at, now()) as percent) pct
   where b.id = cancellation_quote.booking_id
     and (b.customer_id = (select auth.uid()) or public.owns_artist(b.artist_id) or (select public.is_admin()))
$$;
comment on function public.cancellation_quote(uuid) is 'What cancelling the booking now would give back (paid, percentage, refund; BANDS spent and returned), for its customer, artist or an admin.';
revoke all on function public.cancellation_quote(uuid) from public, anon;
grant execute on function public.cancellation_quote(uuid) to authenticated, service_role;

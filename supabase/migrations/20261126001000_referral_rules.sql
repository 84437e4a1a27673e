-- BANDS that cannot be farmed. The rules, with their amounts in app_config and their
-- words on the terms page (storefront/src/pages/info/TermsPage.tsx):
--
--  1. A referral code counts only for an account younger than referral_code_window_days
--     ('too_late'), and never closes a loop: a code whose owner was referred, directly or further
--     up, by the user who enters it is refused ('loop').
--  2. The welcome credit (welcome_bonus_cents) is a discount, not a balance: it enters the ledger
--     only at checkout, spent at once on the referred customer's booking (apply_bands_to_booking),
--     within welcome_credit_valid_days of sign-up, and never on an act owned by the referrer.
--     A booking cancelled or expired gives the spent BANDS back and takes the welcome part out
--     again (welcome_reversal), so it is once more a discount for a next booking, never BANDS.
--  3. The referrer's bonus (referral_bonus_cents) comes when the referred customer's first booking
--     is completed (not when it is paid), never for a booking of an act the referrer owns, at most
--     referral_bonus_monthly_cap times per referrer per calendar month (Amsterdam), and is taken
--     back (referral_reversal) when that booking's payment is refunded. A reversal takes what the
--     balance holds, never below zero (the balance check stays absolute); the ledger shows it.
--
-- The five-step farm (a throwaway account, the artist's own code, a booking of the artist's own
-- act, paid, cancelled with a refund) therefore ends with no BANDS on either account.

insert into public.app_config (key, value_int, description) values
  ('referral_code_window_days', 14, 'A referral code counts only for an account younger than this many days.'),
  ('welcome_credit_valid_days', 90, 'A referred customer can use the welcome discount at checkout within this many days of signing up.'),
  ('referral_bonus_monthly_cap', 10, 'Referral bonuses one referrer can earn per calendar month.')
on conflict (key) do nothing;
update public.app_config set description = 'Discount (in BANDS) on a referred customer''s first booking at checkout; never a balance of its own.'
 where key = 'welcome_bonus_cents';
update public.app_config set description = 'BANDS credited to the referrer when the referred customer''s first booking is completed.'
 where key = 'referral_bonus_cents';

-- The ledger learns the two reversals.
alter table public.bands_transactions drop constraint bands_transactions_type_check;
alter table public.bands_transactions add constraint bands_transactions_type_check
  check (type in ('welcome_bonus', 'referral_bonus', 'booking_redeem', 'refund', 'admin_adjustment', 'welcome_reversal', 'referral_reversal'));
alter table public.bands_transactions drop constraint bands_transactions_sign;
alter table public.bands_transactions add constraint bands_transactions_sign check (
  case type
    when 'booking_redeem' then amount_cents < 0
    when 'welcome_reversal' then amount_cents < 0
    when 'referral_reversal' then amount_cents < 0
    when 'admin_adjustment' then true
    else amount_cents > 0
  end);

-- How much of a booking's BANDS discount was the welcome credit.
alter table public.bookings add column welcome_credit_cents integer not null default 0
  constraint bookings_welcome_credit_within_bands check (welcome_credit_cents >= 0 and welcome_credit_cents <= bands_applied_cents);
comment on column public.bookings.welcome_credit_cents is 'Part of bands_applied_cents that was the welcome discount; taken back when the booking is cancelled or expires.';

-- 1. Codes: recent accounts only, no loops, no credit at entry.
create or replace function public.apply_referral_code(code text) returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  profile public.profiles;
  referrer uuid;
  normalized text := lower(trim(coalesce(code, '')));
begin
  if me is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if normalized = '' or normalized = 'code-x-1234' then
    return 'ignored';
  end if;
  select * into profile from public.profiles where id = me for update;
  if not found then
    raise exception 'Profiel niet gevonden.' using errcode = 'P0002';
  end if;
  if profile.referrer_id is not null then
    return 'already_referred';
  end if;
  select id into referrer from public.profiles where lower(referral_code) = normalized;
  if referrer is null then
    return 'unknown_code';
  end if;
  if referrer = me then
    return 'own_code';
  end if;
  if profile.created_at < now() - make_interval(days => coalesce(private.config_int('referral_code_window_days'), 14)) then
    return 'too_late';
  end if;
  if exists (
    with recursive chain (id, depth) as (
      select p.referrer_id, 1 from public.profiles p where p.id = referrer and p.referrer_id is not null
      union all
      select p.referrer_id, c.depth + 1 from chain c join public.profiles p on p.id = c.id
       where p.referrer_id is not null and c.depth < 1000
    ) cycle id set is_cycle using path
    select 1 from chain where id = me
  ) then
    return 'loop';
  end if;
  update public.profiles set referrer_id = referrer, updated_at = now() where id = me;
  return 'applied';
end
$$;
revoke all on function public.apply_referral_code(text) from public, anon;
grant execute on function public.apply_referral_code(text) to authenticated;

-- 2. The welcome discount a customer may still use on this booking (0 when none).
create function private.welcome_credit_for(customer uuid, booking public.bookings) returns integer
language sql stable security definer
set search_path = ''
as $$
  select case
    when p.referrer_id is null then 0
    when p.created_at < now() - make_interval(days => coalesce(private.config_int('welcome_credit_valid_days'), 90)) then 0
    when exists (select 1 from public.artists a where a.id = booking.artist_id and a.profile_id = p.referrer_id) then 0
    -- Outstanding: spent on a booking and not taken back by its cancellation.
    when coalesce((select sum(t.amount_cents) from public.bands_transactions t
                    where t.user_id = p.id and t.type in ('welcome_bonus', 'welcome_reversal')), 0) > 0 then 0
    else greatest(coalesce(private.config_int('welcome_bonus_cents'), 0), 0)
  end
  from public.profiles p
  where p.id = customer
$$;
revoke all on function private.welcome_credit_for(uuid, public.bookings) from public, anon, authenticated;

-- What the checkout may offer on the caller's booking: their balance and the welcome discount.
create function public.checkout_bands(booking_id uuid)
returns table (balance_cents integer, welcome_credit_cents integer)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  booking public.bookings;
begin
  select * into booking from public.bookings b where b.id = checkout_bands.booking_id;
  if not found or booking.customer_id is distinct from auth.uid() then
    raise exception 'Boeking niet gevonden.' using errcode = 'P0002';
  end if;
  return query
    select p.bands_balance_cents, private.welcome_credit_for(p.id, booking)
      from public.profiles p where p.id = booking.customer_id;
end
$$;
revoke all on function public.checkout_bands(uuid) from public, anon;
grant execute on function public.checkout_bands(uuid) to authenticated;

-- Checkout: spend BANDS (the welcome discount first, when there is one) on an accepted booking,
-- once. Ledger and booking in one transaction; the profile row lock serialises spends.
create or replace function public.apply_bands_to_booking(booking_id uuid, amount_cents integer)
returns public.bookings
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  booking public.bookings;
  balance integer;
  welcome integer;
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
  -- The lock first: two spends at once see one balance after the other.
  select p.bands_balance_cents into balance from public.profiles p where p.id = me for update;
  welcome := least(private.welcome_credit_for(me, booking), amount_cents);
  if amount_cents > balance + welcome then
    raise exception 'Onvoldoende BANDS-saldo.' using errcode = 'P0001';
  end if;
  if welcome > 0 then
    perform private.post_bands(me, welcome, 'welcome_bonus', booking.id::text, 'Welkomstkorting via uitnodiging', booking.id);
  end if;
  perform private.post_bands(me, -amount_cents, 'booking_redeem', booking.id::text, 'BANDS gebruikt bij boeking', booking.id);
  update public.bookings b
     set bands_applied_cents = apply_bands_to_booking.amount_cents,
         welcome_credit_cents = welcome,
         total_cents = b.price_cents + b.platform_fee_cents - apply_bands_to_booking.amount_cents,
         updated_at = now()
   where b.id = booking.id
  returning * into booking;
  return booking;
end
$$;
revoke all on function public.apply_bands_to_booking(uuid, integer) from public, anon;
grant execute on function public.apply_bands_to_booking(uuid, integer) to authenticated;

-- 3. The referrer's bonus, for a completed booking of the referred customer.
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
  if not exists (select 1 from public.bookings b where b.id = paid_booking and b.customer_id = customer and b.status = 'completed') then
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
comment on column public.profiles.referral_acquisition_bonus_uses is 'How many referral bonuses this profile holds (referred customers whose first booking was completed, minus bonuses taken back).';

-- A refund of a booking that paid a referral bonus takes the bonus back, as far as the balance goes.
create function private.reverse_referral_bonus() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  bonus public.bands_transactions;
  reversal public.bands_transactions;
  balance integer;
  taken integer;
begin
  for bonus in select * from public.bands_transactions t where t.type = 'referral_bonus' and t.booking_id = new.booking_id loop
    select bands_balance_cents into balance from public.profiles where id = bonus.user_id for update;
    taken := least(bonus.amount_cents, balance);
    continue when taken <= 0;
    reversal := private.post_bands(bonus.user_id, -taken, 'referral_reversal', bonus.id::text,
      'Uitnodigingsbonus teruggeboekt: boeking terugbetaald', bonus.booking_id);
    if reversal.id is not null then
      update public.profiles set referral_acquisition_bonus_uses = greatest(referral_acquisition_bonus_uses - 1, 0) where id = bonus.user_id;
    end if;
  end loop;
  return null;
end
$$;
revoke all on function private.reverse_referral_bonus() from public, anon, authenticated;
create trigger payments_reverse_referral_bonus after update of refunded_cents on public.payments
  for each row when (new.refunded_cents > old.refunded_cents)
  execute function private.reverse_referral_bonus();

-- THE transition function (as in 20261122000600), with the referral bonus moved from the first
-- payment to the completed gig, and the welcome discount taken back on cancellation or expiry.
create or replace function private.apply_booking_transition(target uuid, new_status text, actors text[], actor_id uuid, reason text)
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

  if new_status = 'completed' then
    -- The referrer's bonus comes with the referred customer's first completed gig (once per
    -- referred customer: the ledger's (type, source) key).
    perform private.grant_referral_bonus(booking.customer_id, booking.id);
  elsif new_status in ('cancelled', 'expired') and booking.bands_applied_cents > 0 then
    perform private.post_bands(booking.customer_id, booking.bands_applied_cents, 'refund', booking.id::text,
      'BANDS terug: boeking ' || case when new_status = 'cancelled' then 'geannuleerd' else 'verlopen' end, booking.id);
    if booking.welcome_credit_cents > 0 then
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

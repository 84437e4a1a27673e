-- Chargebacks (ARCHITECTURE 'Money: …': chargebacks reverse what they touched). When a customer's
-- bank or card issuer takes a payment back, Mollie lists a chargeback on the payment and calls its
-- webhook; payment-webhook fetches the payment's chargebacks from Mollie with the server key and
-- records each once through record_chargeback, which in one transaction:
--  - marks the booking (bookings.charged_back_at: 'Teruggeboekt' in every booking list),
--  - holds the payout if it has not gone out (and keeps it held: a trigger refuses every later
--    step towards paying it), or marks a payout that already went out, so an admin sees that the
--    artist was paid for money Podium lost (Mollie has no call to take a route back),
--  - takes back the referral bonus the booking earned, by the refunds' rule (what the balance
--    holds, never below zero) and keeps a later release from paying it,
--  - queues one mail to the team (send-notifications), retried until it went.
-- Admins see every chargeback in admin_chargebacks; the customer and the act's owner see their
-- booking's rows in payment_chargebacks.

alter table public.bookings add column charged_back_at timestamptz;
comment on column public.bookings.charged_back_at is 'When a chargeback of this booking''s payment was first recorded (shown as ''Teruggeboekt''); null when none.';

alter table public.payouts add column charged_back_at timestamptz;
comment on column public.payouts.charged_back_at is 'When the booking''s payment was charged back: a payout not yet paid is held from then on; a paid one went to the artist for money Podium lost.';

create table public.payment_chargebacks (
  id uuid primary key default gen_random_uuid(),
  provider_chargeback_id text not null unique check (provider_chargeback_id ~ '^chb_[A-Za-z0-9]+$'),
  payment_id uuid not null references public.payments (id) on delete cascade,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'EUR',
  reason_code text check (char_length(reason_code) <= 40),
  reason text check (char_length(reason) <= 500),
  -- When Mollie says the chargeback happened, and when (if ever) the bank reversed it.
  created_at timestamptz not null,
  reversed_at timestamptz,
  recorded_at timestamptz not null default now(),
  -- What recording it did to the payout: held (not yet paid), already_paid (Podium's loss), or
  -- none (no payout yet: it is held once the gig completes; or nothing was owed to the artist).
  payout_action text not null check (payout_action in ('held', 'already_paid', 'none')),
  payout_status_before text,
  bands_reversed_cents integer not null default 0 check (bands_reversed_cents >= 0)
);
comment on table public.payment_chargebacks is 'Chargebacks of booking payments as Mollie reports them, one row per Mollie chargeback; written only by record_chargeback.';
create index payment_chargebacks_booking_idx on public.payment_chargebacks (booking_id);
create index payment_chargebacks_payment_idx on public.payment_chargebacks (payment_id);
create index payment_chargebacks_recorded_idx on public.payment_chargebacks (recorded_at desc);
alter table public.payment_chargebacks enable row level security;
revoke all on public.payment_chargebacks from anon, authenticated, service_role;
grant select on public.payment_chargebacks to authenticated, service_role;
create policy "payment_chargebacks: customer, act owner and admins" on public.payment_chargebacks
  for select to authenticated
  using ((select public.is_admin())
         or exists (select 1 from public.bookings b
                     where b.id = payment_chargebacks.booking_id
                       and (b.customer_id = (select auth.uid()) or public.owns_artist(b.artist_id))));

-- The team's mail about a chargeback, sent by send-notifications once, retried on failure.
create table private.chargeback_mails (
  chargeback_id uuid primary key references public.payment_chargebacks (id) on delete cascade,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table private.chargeback_mails is 'Chargebacks to mail to the team (''Terugboeking op boeking …''); drained by send-notifications.';
create index chargeback_mails_due_idx on private.chargeback_mails (next_attempt_at) where sent_at is null;
create index chargeback_mails_booking_idx on private.chargeback_mails (booking_id) where sent_at is null;
alter table private.chargeback_mails enable row level security;
revoke all on private.chargeback_mails from public, anon, authenticated, service_role;
create policy "chargeback mails: no client access" on private.chargeback_mails for all to anon, authenticated, service_role using (false);

/** Whether a chargeback of the booking's money stands (recorded and not reversed by the bank). */
create function private.is_charged_back(target uuid) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return exists (select 1 from public.payment_chargebacks c where c.booking_id = target and c.reversed_at is null);
end
$$;
revoke all on function private.is_charged_back(uuid) from public, anon, authenticated, service_role;

-- A charged-back booking's payout never moves towards paying: whatever releases, retries or
-- opens it (the check-in, a resolved case, the job's failure or waiting) leaves it held.
create function private.hold_charged_back_payout() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.status in ('checkin', 'due', 'failed', 'awaiting_connection') and private.is_charged_back(new.booking_id) then
    new.status := 'held';
    new.charged_back_at := coalesce(new.charged_back_at, now());
    new.last_error := 'Vastgehouden: de klant heeft de betaling laten terugboeken (chargeback).';
    new.next_attempt_at := null;
    new.claimed_until := null;
  end if;
  return new;
end
$$;
revoke all on function private.hold_charged_back_payout() from public, anon, authenticated, service_role;
create trigger payouts_hold_charged_back
  before insert or update of status on public.payouts
  for each row execute function private.hold_charged_back_payout();

-- Nor does a charged-back booking earn a referral bonus later (its check-in may release after).
create function private.no_bonus_for_charged_back_booking() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.type = 'referral_bonus' and new.booking_id is not null and private.is_charged_back(new.booking_id) then
    return null;
  end if;
  return new;
end
$$;
revoke all on function private.no_bonus_for_charged_back_booking() from public, anon, authenticated, service_role;
create trigger bands_transactions_no_bonus_for_charged_back
  before insert on public.bands_transactions
  for each row when (new.type = 'referral_bonus')
  execute function private.no_bonus_for_charged_back_booking();

/**
 * Takes back the referral bonus a booking earned, as far as the referrer's balance goes (never
 * below zero; the ledger shows what was taken), once per bonus; answers the BANDS taken back.
 * The refunds' trigger and record_chargeback both use it.
 */
create function private.reverse_referral_bonus_of(target uuid, why text) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  bonus public.bands_transactions;
  reversal public.bands_transactions;
  balance integer;
  taken integer;
  total integer := 0;
begin
  for bonus in select * from public.bands_transactions t where t.type = 'referral_bonus' and t.booking_id = target order by t.created_at, t.id loop
    select bands_balance_cents into balance from public.profiles where id = bonus.user_id for update;
    taken := least(bonus.amount_cents, balance);
    continue when taken <= 0;
    reversal := private.post_bands(bonus.user_id, -taken, 'referral_reversal', bonus.id::text, why, bonus.booking_id);
    if reversal.id is not null then
      update public.profiles set referral_acquisition_bonus_uses = greatest(referral_acquisition_bonus_uses - 1, 0) where id = bonus.user_id;
      total := total + taken;
    end if;
  end loop;
  return total;
end
$$;
revoke all on function private.reverse_referral_bonus_of(uuid, text) from public, anon, authenticated, service_role;

create or replace function private.reverse_referral_bonus() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.reverse_referral_bonus_of(new.booking_id, 'Uitnodigingsbonus teruggeboekt: boeking terugbetaald');
  return null;
end
$$;
revoke all on function private.reverse_referral_bonus() from public, anon, authenticated, service_role;

/**
 * A chargeback as payment-webhook read it from Mollie, recorded once per Mollie chargeback id
 * (a replay answers the row already there, and only adds a reversal Mollie reports later).
 */
create function public.record_chargeback(
  provider_chargeback_id text, provider_payment_id text, amount_cents integer,
  reason_code text default null, reason text default null,
  charged_back_at timestamptz default null, reversed_at timestamptz default null
) returns public.payment_chargebacks
language plpgsql security definer
set search_path = ''
as $$
declare
  chargeback public.payment_chargebacks;
  payment public.payments;
  payout public.payouts;
  action text := 'none';
  reversed_bands integer := 0;
  charged_before integer;
begin
  if not public.is_service_role() then
    raise exception 'Alleen de betaalprovider kan een terugboeking vastleggen.' using errcode = '42501';
  end if;
  if coalesce(record_chargeback.provider_chargeback_id, '') !~ '^chb_[A-Za-z0-9]{1,64}$' then
    raise exception 'Dit is geen geldige terugboeking van Mollie.' using errcode = '22023';
  end if;
  if coalesce(record_chargeback.provider_payment_id, '') !~ '^tr_[A-Za-z0-9]{1,64}$' then
    raise exception 'Dit is geen geldige betaling van Mollie.' using errcode = '22023';
  end if;
  if record_chargeback.amount_cents is null or record_chargeback.amount_cents <= 0 then
    raise exception 'Het bedrag van een terugboeking moet groter zijn dan € 0.' using errcode = '22023';
  end if;
  if charged_back_at is not null and (charged_back_at < timestamptz '2000-01-01' or charged_back_at > now() + interval '1 day') then
    raise exception 'De datum van de terugboeking klopt niet.' using errcode = '22023';
  end if;
  if record_chargeback.reversed_at is not null and (record_chargeback.reversed_at < timestamptz '2000-01-01' or record_chargeback.reversed_at > now() + interval '1 day') then
    raise exception 'De datum waarop de terugboeking is teruggedraaid klopt niet.' using errcode = '22023';
  end if;

  -- The payment's row lock serialises its chargebacks (Mollie may report several at once).
  select * into payment from public.payments p where p.provider_payment_id = record_chargeback.provider_payment_id for update;
  if not found then
    perform private.raise_not_found('Deze betaling bestaat niet.');
  end if;

  select * into chargeback from public.payment_chargebacks c where c.provider_chargeback_id = record_chargeback.provider_chargeback_id;
  if found then
    if chargeback.payment_id <> payment.id then
      raise exception 'Deze terugboeking hoort bij een andere betaling.' using errcode = '22023';
    end if;
    if record_chargeback.reversed_at is not null and chargeback.reversed_at is null then
      update public.payment_chargebacks c set reversed_at = record_chargeback.reversed_at where c.id = chargeback.id
      returning * into chargeback;
    end if;
    return chargeback;
  end if;

  if payment.status <> 'paid' then
    raise exception 'Alleen een betaalde betaling kan worden teruggeboekt.' using errcode = 'P0001';
  end if;
  select coalesce(sum(c.amount_cents), 0)::integer into charged_before from public.payment_chargebacks c where c.payment_id = payment.id;
  if charged_before + record_chargeback.amount_cents > payment.amount_cents then
    raise exception 'Er kan niet meer worden teruggeboekt dan er is betaald (%).', private.dutch_euros(payment.amount_cents) using errcode = '22023';
  end if;

  select * into payout from public.payouts o where o.booking_id = payment.booking_id for update;
  if found then
    action := case
      when payout.status = 'paid' then 'already_paid'
      when payout.status = 'refunded' or payout.amount_cents = 0 then 'none'
      else 'held' end;
  end if;

  insert into public.payment_chargebacks (provider_chargeback_id, payment_id, booking_id, amount_cents, currency, reason_code, reason,
                                          created_at, reversed_at, payout_action, payout_status_before)
  values (record_chargeback.provider_chargeback_id, payment.id, payment.booking_id, record_chargeback.amount_cents, payment.currency,
          left(nullif(btrim(coalesce(reason_code, '')), ''), 40), left(nullif(btrim(coalesce(reason, '')), ''), 500),
          coalesce(charged_back_at, now()), record_chargeback.reversed_at, action, payout.status)
  returning * into chargeback;

  update public.bookings b set charged_back_at = coalesce(b.charged_back_at, now()), updated_at = now() where b.id = payment.booking_id;
  if payout.booking_id is not null then
    -- Setting the status again lets the trigger above hold it (held, due, failed or waiting).
    update public.payouts o
       set charged_back_at = coalesce(o.charged_back_at, now()), status = o.status, updated_at = now()
     where o.booking_id = payment.booking_id;
  end if;

  reversed_bands := private.reverse_referral_bonus_of(payment.booking_id, 'Uitnodigingsbonus teruggeboekt: betaling teruggeboekt (chargeback)');
  if reversed_bands > 0 then
    update public.payment_chargebacks c set bands_reversed_cents = reversed_bands where c.id = chargeback.id
    returning * into chargeback;
  end if;

  insert into private.chargeback_mails (chargeback_id, booking_id) values (chargeback.id, payment.booking_id);
  return chargeback;
end
$$;
comment on function public.record_chargeback(text, text, integer, text, text, timestamptz, timestamptz) is
  'Records a Mollie chargeback of a booking payment once: marks the booking, holds (or marks an already paid) payout, takes back the referral bonus, queues the team''s mail. Service role only (payment-webhook).';
revoke all on function public.record_chargeback(text, text, integer, text, text, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.record_chargeback(text, text, integer, text, text, timestamptz, timestamptz) to service_role;

-- ---- the team's mail (send-notifications) ---------------------------------------------------

create function public.claim_chargeback_mails(batch_size integer default 1, only_booking uuid default null)
returns table (
  chargeback_id uuid, booking_id uuid, reference text, provider_chargeback_id text, provider_payment_id text,
  amount_cents integer, paid_cents integer, reason_code text, reason text, charged_back_at timestamptz,
  payout_action text, payout_status text, payout_cents integer, payout_paid_at timestamptz, bands_reversed_cents integer,
  artist_name text, customer_name text, customer_email text, starts_at timestamptz, event_type text, event_location text,
  attempts integer
)
language plpgsql security definer
set search_path = ''
as $$
declare
  max_attempts integer := coalesce(private.config_int('notification_max_attempts'), 5);
  lease integer := greatest(coalesce(private.config_int('notification_lease_seconds'), 60), 10);
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server kan meldingen versturen.' using errcode = '42501';
  end if;
  return query
  with claimed as (
    update private.chargeback_mails m
       set attempts = m.attempts + 1, claimed_until = now() + make_interval(secs => lease)
     where m.chargeback_id in (
       select q.chargeback_id from private.chargeback_mails q
        where q.sent_at is null and q.attempts < max_attempts and q.next_attempt_at <= now()
          and (q.claimed_until is null or q.claimed_until < now())
          and (only_booking is null or q.booking_id = only_booking)
        order by q.next_attempt_at, q.chargeback_id
        limit least(greatest(coalesce(batch_size, 1), 1), 100)
        for update skip locked)
    returning m.*
  )
  select m.chargeback_id, c.booking_id, upper(left(c.booking_id::text, 8)), c.provider_chargeback_id, p.provider_payment_id,
         c.amount_cents, p.amount_cents, c.reason_code, c.reason, c.created_at,
         c.payout_action, o.status, o.amount_cents, o.paid_at, c.bands_reversed_cents,
         a.name, coalesce(nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email), u.email,
         b.starts_at, b.event_type, b.event_location, m.attempts
    from claimed m
    join public.payment_chargebacks c on c.id = m.chargeback_id
    join public.payments p on p.id = c.payment_id
    join public.bookings b on b.id = c.booking_id
    join public.artists a on a.id = b.artist_id
    left join public.profiles u on u.id = b.customer_id
    left join public.payouts o on o.booking_id = c.booking_id
   order by c.recorded_at, c.id;
end
$$;
revoke all on function public.claim_chargeback_mails(integer, uuid) from public, anon, authenticated;
grant execute on function public.claim_chargeback_mails(integer, uuid) to service_role;

create function public.finish_chargeback_mail(chargeback_id uuid, failure text default null)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server kan meldingen versturen.' using errcode = '42501';
  end if;
  if failure is null then
    update private.chargeback_mails m set sent_at = now(), claimed_until = null, last_error = null
     where m.chargeback_id = finish_chargeback_mail.chargeback_id and m.sent_at is null;
  else
    update private.chargeback_mails m
       set last_error = left(failure, 1000), claimed_until = null,
           next_attempt_at = now() + make_interval(mins => least(power(2, m.attempts)::integer, 720))
     where m.chargeback_id = finish_chargeback_mail.chargeback_id and m.sent_at is null;
  end if;
end
$$;
revoke all on function public.finish_chargeback_mail(uuid, text) from public, anon, authenticated;
grant execute on function public.finish_chargeback_mail(uuid, text) to service_role;

-- ---- what the back office reads ('Meldingen': chargebacks beside the customers' cases) ----------

create view public.admin_chargebacks with (security_invoker = true) as
select
  c.id,
  c.provider_chargeback_id,
  c.booking_id,
  upper(left(c.booking_id::text, 8)) as reference,
  p.provider_payment_id,
  p.method as payment_method,
  c.amount_cents,
  p.amount_cents as paid_cents,
  c.currency,
  c.reason_code,
  c.reason,
  c.created_at,
  c.reversed_at,
  c.recorded_at,
  c.payout_action,
  c.payout_status_before,
  c.bands_reversed_cents,
  o.status as payout_status,
  o.amount_cents as payout_cents,
  o.paid_at as payout_paid_at,
  -- What Podium lost: money that went back to the customer while the artist was paid anyway.
  case when o.status = 'paid' then least(c.amount_cents, o.amount_cents) else 0 end as paid_out_anyway_cents,
  b.status as booking_status,
  b.starts_at,
  b.ends_at,
  b.event_type,
  b.event_location,
  b.price_cents,
  b.platform_fee_cents,
  b.total_cents,
  b.artist_id,
  a.name as artist_name,
  owner.email as artist_email,
  b.customer_id,
  coalesce(nullif(trim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')), ''), cu.email) as customer_name,
  cu.email as customer_email,
  public.fold_text(coalesce(a.name, '') || ' ' || coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '') || ' ' || coalesce(cu.email, '') || ' '
                   || c.booking_id::text || ' ' || c.provider_chargeback_id || ' ' || p.provider_payment_id) as search_text
from public.payment_chargebacks c
join public.payments p on p.id = c.payment_id
join public.bookings b on b.id = c.booking_id
left join public.artists a on a.id = b.artist_id
left join public.profiles owner on owner.id = a.profile_id
left join public.profiles cu on cu.id = b.customer_id
left join public.payouts o on o.booking_id = c.booking_id
where (select public.is_admin());
comment on view public.admin_chargebacks is 'Back office ''Meldingen'': each chargeback with its booking, act, customer and what happened to the payout and the referral bonus; admins only.';
revoke all on public.admin_chargebacks from anon, authenticated;
grant select on public.admin_chargebacks to authenticated;

-- The back office's booking list and page show the mark too ('Teruggeboekt'): admin_bookings as
-- in 20261122002000, with charged_back_at at the end.
create or replace view public.admin_bookings with (security_invoker = true) as
select
  b.id,
  b.id::text as id_text,
  upper(left(b.id::text, 8)) as reference,
  b.status,
  b.status_reason,
  b.cancelled_by,
  b.starts_at,
  b.ends_at,
  b.event_type,
  b.event_location,
  b.guest_count,
  b.notes,
  b.price_cents,
  b.platform_fee_cents,
  b.bands_applied_cents,
  b.total_cents,
  b.customer_id,
  trim(c.first_name || ' ' || c.last_name) as customer_name,
  c.email as customer_email,
  c.phone as customer_phone,
  b.artist_id,
  a.name as artist_name,
  a.slug as artist_slug,
  b.response_deadline,
  b.payment_deadline,
  b.accepted_at,
  b.confirmed_at,
  b.cancelled_at,
  b.completed_at,
  b.created_at,
  b.updated_at,
  b.charged_back_at
from public.bookings b
left join public.profiles c on c.id = b.customer_id
left join public.artists a on a.id = b.artist_id
where (select public.is_admin());

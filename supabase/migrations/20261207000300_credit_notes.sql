-- Credit notes (creditfacturen, ARCHITECTURE 'Money: … the books'): every refund of a booking's
-- money that was actually sent at Mollie corrects the booking's invoice with a credit note, in
-- its own series numbered without gaps per calendar year ('C2026-000001', ...), apart from the
-- invoices' series. It is issued in the same transaction that records the refund as sent
-- (finish_payment_refund sets provider_refund_id), once per refund request, so a replayed refund
-- job or webhook never makes a second one. Like an invoice, it never changes once issued.
--
-- Its lines are the invoice's (the performance at the reduced VAT rate, Podium's service fee at
-- the standard rate) with negative amounts that add up to the refund: a cancellation refunds both
-- in proportion to the invoice (the policy's share of what was paid); an admin's case refund
-- (dispute) comes out of the artist's share, so it corrects the performance and touches the fee
-- only for what is left (a full refund). Never more than the invoice, over all its credit notes.
-- Refunds of money the invoice never asked for (an excess payment, a payment that bought
-- nothing) correct no invoice and get none. The PDF is rendered on request by booking-invoice;
-- send-notifications mails it to the customer when the refund has gone out.

create table public.credit_notes (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  refund_request_id bigint not null unique references private.refund_requests (id) on delete cascade,
  -- The payment the money went back on (its method is how the customer gets it back).
  payment_id uuid not null references public.payments (id) on delete cascade,
  provider_refund_id text not null,
  reason text not null check (reason in ('cancellation', 'dispute')),
  number text not null unique,
  year integer not null,
  sequence integer not null check (sequence > 0),
  -- The invoice's lines, corrected: amounts including VAT, never positive.
  performance_cents integer not null check (performance_cents <= 0),
  service_cents integer not null check (service_cents <= 0),
  total_cents integer not null check (total_cents < 0),
  issued_at timestamptz not null default now(),
  unique (year, sequence),
  constraint credit_notes_total check (total_cents = performance_cents + service_cents)
);
comment on table public.credit_notes is 'One credit note per refund sent at Mollie, correcting the booking''s invoice; numbered per year without gaps in its own series; written only by private.issue_credit_note.';
create index credit_notes_booking_idx on public.credit_notes (booking_id);
create index credit_notes_invoice_idx on public.credit_notes (invoice_id);
alter table public.credit_notes enable row level security;
revoke all on public.credit_notes from anon, authenticated, service_role;
grant select on public.credit_notes to authenticated, service_role;

create policy "credit_notes: who sees the booking" on public.credit_notes
  for select to authenticated
  using (exists (select 1 from public.bookings b
                  where b.id = credit_notes.booking_id
                    and (b.customer_id = (select auth.uid()) or public.owns_artist(b.artist_id) or (select public.is_admin()))));

create table private.credit_note_counters (
  year integer primary key,
  last_sequence integer not null
);
comment on table private.credit_note_counters is 'The last credit note number handed out per year (the C series, apart from the invoices'').';
alter table private.credit_note_counters enable row level security;
revoke all on private.credit_note_counters from public, anon, authenticated, service_role;
create policy "credit note counters: no client access" on private.credit_note_counters for all to anon, authenticated, service_role using (false);

-- The customer's mail with the credit note, sent by send-notifications once, retried on failure.
create table private.credit_note_mails (
  credit_note_id uuid primary key references public.credit_notes (id) on delete cascade,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table private.credit_note_mails is 'Credit notes to mail to the customer (the refund mail with the PDF); drained by send-notifications.';
create index credit_note_mails_due_idx on private.credit_note_mails (next_attempt_at) where sent_at is null;
create index credit_note_mails_booking_idx on private.credit_note_mails (booking_id) where sent_at is null;
alter table private.credit_note_mails enable row level security;
revoke all on private.credit_note_mails from public, anon, authenticated, service_role;
create policy "credit note mails: no client access" on private.credit_note_mails for all to anon, authenticated, service_role using (false);

/** The credit note of a refund request that was sent, issued once; null when the refund corrects no invoice. */
create function private.issue_credit_note(refund_request_id bigint, mail boolean default true, issued_at timestamptz default now())
returns public.credit_notes
language plpgsql security definer
set search_path = ''
as $$
declare
  request private.refund_requests;
  booking public.bookings;
  invoice public.invoices;
  note public.credit_notes;
  credited_performance integer;
  credited_service integer;
  amount integer;
  performance integer;
  service integer;
  note_year integer := extract(year from issue_credit_note.issued_at at time zone 'Europe/Amsterdam')::integer;
  next_sequence integer;
begin
  select * into request from private.refund_requests r where r.id = issue_credit_note.refund_request_id;
  if not found or request.provider_refund_id is null or request.kind not in ('cancellation', 'dispute') then
    return null;
  end if;
  -- The booking's row lock: one credit note of a booking at a time, so the sums below hold.
  select * into booking from public.bookings b where b.id = request.booking_id for update;
  select * into note from public.credit_notes c where c.refund_request_id = request.id;
  if found then
    return note;
  end if;
  select * into invoice from public.invoices i where i.booking_id = request.booking_id;
  if not found then
    return null;
  end if;
  select coalesce(-sum(c.performance_cents), 0)::integer, coalesce(-sum(c.service_cents), 0)::integer
    into credited_performance, credited_service
    from public.credit_notes c where c.booking_id = booking.id;
  amount := least(request.amount_cents, greatest(booking.price_cents + booking.platform_fee_cents - credited_performance - credited_service, 0));
  if amount <= 0 then
    return null;
  end if;
  if request.kind = 'dispute' then
    performance := amount;
  else
    performance := round(amount::numeric * booking.price_cents / nullif(booking.price_cents + booking.platform_fee_cents, 0))::integer;
  end if;
  performance := least(performance, greatest(booking.price_cents - credited_performance, 0));
  service := amount - performance;
  if service > booking.platform_fee_cents - credited_service then
    service := greatest(booking.platform_fee_cents - credited_service, 0);
    performance := amount - service;
  end if;

  insert into private.credit_note_counters as c (year, last_sequence) values (note_year, 1)
  on conflict (year) do update set last_sequence = c.last_sequence + 1
  returning c.last_sequence into next_sequence;
  insert into public.credit_notes (booking_id, invoice_id, refund_request_id, payment_id, provider_refund_id, reason, number, year, sequence,
                                   performance_cents, service_cents, total_cents, issued_at)
  values (booking.id, invoice.id, request.id, request.payment_id, request.provider_refund_id, request.kind,
          format('C%s-%s', note_year, lpad(next_sequence::text, 6, '0')), note_year, next_sequence,
          -performance, -service, -amount, issue_credit_note.issued_at)
  returning * into note;
  if mail then
    insert into private.credit_note_mails (credit_note_id, booking_id) values (note.id, booking.id);
  end if;
  return note;
end
$$;
revoke all on function private.issue_credit_note(bigint, boolean, timestamptz) from public, anon, authenticated, service_role;

-- A refund is sent when process-refunds records Mollie's refund id (finish_payment_refund).
create function private.credit_note_on_refund() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.issue_credit_note(new.id);
  return null;
end
$$;
revoke all on function private.credit_note_on_refund() from public, anon, authenticated, service_role;

create trigger refund_requests_credit_note
  after update of provider_refund_id on private.refund_requests
  for each row when (old.provider_refund_id is null and new.provider_refund_id is not null)
  execute function private.credit_note_on_refund();

-- ---- the mail (send-notifications, service role only) --------------------------------------

create function public.claim_credit_note_mails(batch_size integer default 1, only_booking uuid default null)
returns table (
  credit_note_id uuid, booking_id uuid, number text, total_cents integer, reason text, attempts integer,
  email text, first_name text, artist_name text, starts_at timestamptz
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
    update private.credit_note_mails m
       set attempts = m.attempts + 1, claimed_until = now() + make_interval(secs => lease)
     where m.credit_note_id in (
       select q.credit_note_id from private.credit_note_mails q
        where q.sent_at is null and q.attempts < max_attempts and q.next_attempt_at <= now()
          and (q.claimed_until is null or q.claimed_until < now())
          and (only_booking is null or q.booking_id = only_booking)
        order by q.next_attempt_at, q.credit_note_id
        limit least(greatest(coalesce(batch_size, 1), 1), 100)
        for update skip locked)
    returning m.*
  )
  select c.credit_note_id, n.booking_id, n.number, n.total_cents, n.reason, c.attempts,
         u.email::text, p.first_name, a.name, b.starts_at
    from claimed c
    join public.credit_notes n on n.id = c.credit_note_id
    join public.bookings b on b.id = n.booking_id
    join public.artists a on a.id = b.artist_id
    join public.profiles p on p.id = b.customer_id
    left join auth.users u on u.id = p.id
   order by n.issued_at, n.id;
end
$$;
revoke all on function public.claim_credit_note_mails(integer, uuid) from public, anon, authenticated;
grant execute on function public.claim_credit_note_mails(integer, uuid) to service_role;

create function public.finish_credit_note_mail(credit_note_id uuid, failure text default null)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server kan meldingen versturen.' using errcode = '42501';
  end if;
  if failure is null then
    update private.credit_note_mails m set sent_at = now(), claimed_until = null, last_error = null
     where m.credit_note_id = finish_credit_note_mail.credit_note_id and m.sent_at is null;
  else
    update private.credit_note_mails m
       set last_error = left(failure, 1000), claimed_until = null,
           next_attempt_at = now() + make_interval(mins => least(power(2, m.attempts)::integer, 720))
     where m.credit_note_id = finish_credit_note_mail.credit_note_id and m.sent_at is null;
  end if;
end
$$;
revoke all on function public.finish_credit_note_mail(uuid, text) from public, anon, authenticated;
grant execute on function public.finish_credit_note_mail(uuid, text) to service_role;

-- Refunds sent before this migration, in the order they went out; their mails are long past.
select private.issue_credit_note(r.id, false, r.done_at)
  from private.refund_requests r
 where r.provider_refund_id is not null and r.done_at is not null and r.kind in ('cancellation', 'dispute')
 order by r.done_at, r.id;

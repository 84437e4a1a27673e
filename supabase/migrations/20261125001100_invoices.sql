-- Invoices: every booking that is paid gets one invoice, numbered without gaps per
-- calendar year ('2026-000001', ...) in the order the bookings were paid. The number is taken in
-- the same transaction that confirms the booking, so a rolled-back confirmation leaves no gap and
-- two confirmations at once never share a number. The PDF itself is rendered on request by the
-- booking-invoice edge function from these rows; an invoice, once issued, never changes.

create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null unique references public.bookings (id) on delete cascade,
  number text not null unique,
  year integer not null,
  sequence integer not null check (sequence > 0),
  issued_at timestamptz not null default now(),
  unique (year, sequence)
);
comment on table public.invoices is 'One invoice per paid booking, numbered per year without gaps; written only by private.issue_invoice.';
alter table public.invoices enable row level security;
revoke all on public.invoices from anon, authenticated, service_role;
grant select on public.invoices to authenticated, service_role;

create policy "invoices: who sees the booking" on public.invoices
  for select to authenticated
  using (exists (select 1 from public.bookings b
                  where b.id = invoices.booking_id
                    and (b.customer_id = (select auth.uid()) or public.owns_artist(b.artist_id) or (select public.is_admin()))));

create table private.invoice_counters (
  year integer primary key,
  last_sequence integer not null
);
comment on table private.invoice_counters is 'The last invoice number handed out per year.';

create function private.issue_invoice(booking_id uuid, issued_at timestamptz default now())
returns public.invoices
language plpgsql security definer
set search_path = ''
as $$
declare
  invoice public.invoices;
  invoice_year integer := extract(year from issue_invoice.issued_at at time zone 'Europe/Amsterdam')::integer;
  next_sequence integer;
begin
  select * into invoice from public.invoices i where i.booking_id = issue_invoice.booking_id;
  if found then
    return invoice;
  end if;
  insert into private.invoice_counters as c (year, last_sequence) values (invoice_year, 1)
  on conflict (year) do update set last_sequence = c.last_sequence + 1
  returning c.last_sequence into next_sequence;
  insert into public.invoices (booking_id, number, year, sequence, issued_at)
  values (issue_invoice.booking_id, format('%s-%s', invoice_year, lpad(next_sequence::text, 6, '0')), invoice_year, next_sequence, issue_invoice.issued_at)
  returning * into invoice;
  return invoice;
end
$$;
revoke all on function private.issue_invoice(uuid, timestamptz) from public;

-- Paid means confirmed (and, later, completed); seed data and admins may write either directly.
create function private.invoice_on_payment()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.issue_invoice(new.id, coalesce(new.confirmed_at, now()));
  return null;
end
$$;
revoke all on function private.invoice_on_payment() from public;

create trigger bookings_issue_invoice
  after insert or update of status on public.bookings
  for each row when (new.status in ('confirmed', 'completed'))
  execute function private.invoice_on_payment();

-- Bookings paid before this migration, in the order they were paid.
select private.issue_invoice(b.id, coalesce(b.confirmed_at, b.updated_at))
  from public.bookings b
 where b.status in ('confirmed', 'completed')
    or (b.status = 'cancelled' and b.confirmed_at is not null)
 order by coalesce(b.confirmed_at, b.updated_at), b.id;

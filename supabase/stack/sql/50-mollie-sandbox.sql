-- The payments sandbox's own state (stack/payments): what Mollie keeps on its side. A private
-- schema that only the stack's superuser pool reads: PostgREST does not expose it and the API
-- roles get no grants, so no app or edge function can reach it except through the Mollie API.
-- It lives and dies with the database (`stack reset` empties it together with the bookings that
-- point at its payment ids). Idempotent: the stack re-applies this file whenever stack/sql changes.

create schema if not exists mollie_sandbox;
revoke all on schema mollie_sandbox from public, anon, authenticated, service_role;

create table if not exists mollie_sandbox.payments (
  id text primary key check (id ~ '^tr_[A-Za-z0-9]{10}$'),
  -- Paging order: Mollie lists newest first and pages with `from=<id>`.
  seq bigint generated always as identity unique,
  -- The profile of the API key that created the payment; other keys never see it.
  profile_id text not null,
  created_at timestamptz not null default now(),
  status text not null default 'open' check (status in ('open', 'pending', 'authorized', 'paid', 'canceled', 'expired', 'failed')),
  currency text not null,
  amount_cents bigint not null check (amount_cents > 0),
  description text not null,
  method text,
  locale text,
  metadata jsonb,
  redirect_url text not null,
  cancel_url text,
  webhook_url text,
  expires_at timestamptz not null,
  paid_at timestamptz,
  canceled_at timestamptz,
  expired_at timestamptz,
  failed_at timestamptz
);
create index if not exists payments_profile_seq on mollie_sandbox.payments (profile_id, seq desc);
create index if not exists payments_open_expiry on mollie_sandbox.payments (expires_at) where status = 'open';

create table if not exists mollie_sandbox.refunds (
  id text primary key check (id ~ '^re_[A-Za-z0-9]{10}$'),
  seq bigint generated always as identity unique,
  payment_id text not null references mollie_sandbox.payments (id) on delete cascade,
  created_at timestamptz not null default now(),
  amount_cents bigint not null check (amount_cents > 0),
  description text not null default '',
  metadata jsonb,
  status text not null default 'pending' check (status in ('queued', 'pending', 'processing', 'refunded', 'failed')),
  -- When the sandbox's "bank" processes the refund (pending → refunded).
  settles_at timestamptz not null
);
create index if not exists refunds_payment_seq on mollie_sandbox.refunds (payment_id, seq desc);
create index if not exists refunds_pending on mollie_sandbox.refunds (settles_at) where status = 'pending';

-- One row per status change that Mollie announces to the payment's webhookUrl; retried on failure.
create table if not exists mollie_sandbox.webhook_deliveries (
  id bigint generated always as identity primary key,
  payment_id text not null references mollie_sandbox.payments (id) on delete cascade,
  url text not null,
  -- What changed, e.g. 'paid', 'expired', 'refund re_… refunded'.
  event text not null,
  created_at timestamptz not null default now(),
  attempts int not null default 0,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  gave_up_at timestamptz
);
create index if not exists webhook_deliveries_due on mollie_sandbox.webhook_deliveries (next_attempt_at)
  where delivered_at is null and gave_up_at is null;
create index if not exists webhook_deliveries_payment on mollie_sandbox.webhook_deliveries (payment_id);

create table if not exists mollie_sandbox.webhook_attempts (
  delivery_id bigint not null references mollie_sandbox.webhook_deliveries (id) on delete cascade,
  attempt int not null,
  at timestamptz not null default now(),
  -- The receiver's HTTP status, or null when it could not be reached (then `error` says why).
  response_status int,
  error text,
  duration_ms int not null,
  primary key (delivery_id, attempt)
);

revoke all on all tables in schema mollie_sandbox from public, anon, authenticated, service_role;

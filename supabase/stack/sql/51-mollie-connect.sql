-- Mollie Connect in the payments sandbox (stack/payments): organizations and their onboarding,
-- the local OAuth app's authorizations, codes and tokens, client links, routes, balance
-- transfers, chargebacks and the responses kept for Idempotency-Key. Private like the rest of
-- mollie_sandbox (50-mollie-sandbox.sql); idempotent.

create table if not exists mollie_sandbox.organizations (
  id text primary key check (id ~ '^org_[0-9]{5,10}$'),
  seq bigint generated always as identity unique,
  -- The website profile whose payments are this organization's: an API key's own profile for a
  -- platform organization, a profile of its own for one made on the consent page or by a client link.
  profile_id text not null unique,
  -- The organization's one EUR balance.
  balance_id text not null unique check (balance_id ~ '^bal_[A-Za-z0-9]{10,30}$'),
  created_at timestamptz not null default now(),
  name text not null,
  email text not null,
  locale text not null default 'nl_NL',
  street_and_number text,
  postal_code text,
  city text,
  country text not null default 'NL',
  registration_number text,
  vat_number text,
  onboarding_status text not null default 'needs-data' check (onboarding_status in ('needs-data', 'in-review', 'completed')),
  -- The organization of an API key (the platform itself): not offered on the consent page.
  is_platform boolean not null default false
);

-- An organization that allowed an OAuth app, with the scopes it granted (widened by a later consent).
create table if not exists mollie_sandbox.authorizations (
  organization_id text not null references mollie_sandbox.organizations (id) on delete cascade,
  client_id text not null,
  scope text not null,
  created_at timestamptz not null default now(),
  primary key (organization_id, client_id)
);

create table if not exists mollie_sandbox.oauth_codes (
  code text primary key,
  client_id text not null,
  organization_id text not null references mollie_sandbox.organizations (id) on delete cascade,
  -- The redirect_uri of the authorize request, if it named one: the token request must repeat it.
  redirect_uri text,
  scope text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create table if not exists mollie_sandbox.oauth_tokens (
  token text primary key,
  kind text not null check (kind in ('access', 'refresh')),
  client_id text not null,
  organization_id text not null references mollie_sandbox.organizations (id) on delete cascade,
  scope text not null,
  -- The code it came from: a code used twice revokes what it gave.
  code text,
  created_at timestamptz not null default now(),
  -- Null for refresh tokens, which do not expire at Mollie.
  expires_at timestamptz,
  revoked_at timestamptz
);
create index if not exists oauth_tokens_code on mollie_sandbox.oauth_tokens (code);

create table if not exists mollie_sandbox.client_links (
  id text primary key check (id ~ '^cl_[A-Za-z0-9]{10,30}$'),
  organization_id text not null references mollie_sandbox.organizations (id) on delete cascade,
  -- The organization whose access token created the link (the platform).
  created_by text not null,
  created_at timestamptz not null default now()
);

create table if not exists mollie_sandbox.routes (
  id text primary key check (id ~ '^crt_[A-Za-z0-9]{10,30}$'),
  seq bigint generated always as identity unique,
  payment_id text not null references mollie_sandbox.payments (id) on delete cascade,
  destination_id text not null references mollie_sandbox.organizations (id),
  amount_cents bigint not null check (amount_cents > 0),
  description text not null default '',
  created_at timestamptz not null default now(),
  release_date date,
  -- When the routed money moves from the destination's pending to its available amount.
  settles_at timestamptz not null
);
create index if not exists routes_payment on mollie_sandbox.routes (payment_id, seq desc);
create index if not exists routes_destination on mollie_sandbox.routes (destination_id);

create table if not exists mollie_sandbox.balance_transfers (
  id text primary key check (id ~ '^cbtr_[A-Za-z0-9]{10,30}$'),
  seq bigint generated always as identity unique,
  source_id text not null references mollie_sandbox.organizations (id),
  source_description text not null default '',
  destination_id text not null references mollie_sandbox.organizations (id),
  destination_description text not null default '',
  -- The organization that asked for it (lists show the transfers it made or took part in).
  initiator_id text not null,
  amount_cents bigint not null check (amount_cents > 0),
  description text not null default '',
  category text,
  created_at timestamptz not null default now(),
  -- created until then, succeeded from then on.
  executed_at timestamptz not null,
  check (source_id <> destination_id)
);
create index if not exists balance_transfers_source on mollie_sandbox.balance_transfers (source_id);
create index if not exists balance_transfers_destination on mollie_sandbox.balance_transfers (destination_id);

create table if not exists mollie_sandbox.chargebacks (
  id text primary key check (id ~ '^chb_[A-Za-z0-9]{10,30}$'),
  seq bigint generated always as identity unique,
  payment_id text not null references mollie_sandbox.payments (id) on delete cascade,
  amount_cents bigint not null check (amount_cents > 0),
  reason_code text not null,
  reason_description text not null,
  created_at timestamptz not null default now(),
  reversed_at timestamptz
);
create index if not exists chargebacks_payment on mollie_sandbox.chargebacks (payment_id, seq desc);

-- The first answer to a POST with an Idempotency-Key, per credential; a repeat gets it again.
create table if not exists mollie_sandbox.idempotency_keys (
  owner text not null,
  key text not null,
  request text not null,
  status int,
  body jsonb,
  created_at timestamptz not null default now(),
  primary key (owner, key)
);

revoke all on all tables in schema mollie_sandbox from public, anon, authenticated, service_role;

-- The contact page and the sound & light quote form both land in contact_requests,
-- now only through the contact-request edge function: it validates with Dutch messages, limits
-- how often one address or one network may send, stores the request with the service role and
-- mails the team. Browsers therefore lose their direct insert (granted in 20261122000900), so a
-- script cannot fill the table past those limits.

alter table public.contact_requests
  add column kind text not null default 'contact' check (kind in ('contact', 'quote')),
  add column event_date date,
  add column event_location text check (char_length(event_location) <= 200),
  add column guest_count integer check (guest_count between 1 and 100000),
  add column services text[] not null default '{}' check (cardinality(services) <= 10),
  -- A salted hash of the sender's IP address, only for rate limiting; never the address itself.
  add column client_hash text check (char_length(client_hash) <= 128),
  add column mailed_at timestamptz,
  add constraint contact_requests_quote_fields check (
    kind = 'contact' or (event_date is not null and event_location is not null and guest_count is not null)
  );

comment on column public.contact_requests.kind is 'contact: the contact page; quote: a sound & light quote request (/sound-light).';
comment on column public.contact_requests.client_hash is 'Salted SHA-256 of the sender''s IP address, for the contact-request rate limit.';
comment on column public.contact_requests.mailed_at is 'When the team''s e-mail went out; null when sending failed (the request is kept).';

-- Rate-limit look-ups of the edge function (by address and by network, over the last hour).
create index contact_requests_email_recent_idx on public.contact_requests (lower(email), created_at desc);
create index contact_requests_client_recent_idx on public.contact_requests (client_hash, created_at desc) where client_hash is not null;

revoke insert on public.contact_requests from anon, authenticated;
drop policy "contact_requests: anyone sends, as themselves" on public.contact_requests;

-- How often the contact-request function accepts a request, per hour (admins tune them in app_config).
insert into public.app_config (key, value_int, description) values
  ('contact_requests_per_hour_per_email', 3, 'Contact and quote requests accepted per e-mail address per hour (contact-request edge function).'),
  ('contact_requests_per_hour_per_client', 10, 'Contact and quote requests accepted per network address per hour (contact-request edge function).')
on conflict (key) do nothing;

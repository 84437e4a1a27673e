-- Chat reaches an artist's inbox and, unread after a quarter of an hour, their mailbox (the
-- digest carries the sender's own name and 280 of their characters). So: new conversations per
-- customer per 24 hours and messages per sender per minute are limited, and an artist can block
-- a customer (no more messages either way, no new conversation, no digest of theirs) and report
-- a conversation to the team.
--
-- The limits work as the booking-request limits (20261126191500_request_limits.sql): numbers in
-- app_config, counted in the writing transaction behind a lock on the sender, so requests sent at
-- once queue and exactly the limit passes; a refusal is Dutch and writes nothing. They limit
-- people (role authenticated), not the server's own writes (service role, seeds, imports).

insert into public.app_config (key, value_int, description) values
  ('chat_conversations_per_day', 10, 'New conversations one customer may start per 24 hours (start_conversation).'),
  ('chat_messages_per_minute', 20, 'Chat messages one person may send per minute, in all their conversations.')
on conflict (key) do nothing;

create index if not exists chat_conversations_customer_recent_idx on public.chat_conversations (customer_id, created_at desc);
create index if not exists chat_messages_sender_recent_idx on public.chat_messages (sender_id, created_at desc);

alter table public.chat_conversations
  add column blocked_at timestamptz,
  add column blocked_by uuid references public.profiles (id) on delete set null;
comment on column public.chat_conversations.blocked_at is 'When the act''s owner blocked the customer (block_conversation): nobody writes in it and the customer cannot open it again; null while not blocked.';
comment on column public.chat_conversations.blocked_by is 'Who blocked the customer (the act''s owner at the time).';

-- New conversations: a trigger, so the direct insert the grants allow counts as start_conversation
-- does. Opening a conversation that exists (start_conversation's `on conflict do nothing`) is no
-- new one and passes here; the unique key decides.
create function private.chat_conversation_limit() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  per_day integer := coalesce(private.config_int('chat_conversations_per_day'), 10);
begin
  if coalesce(auth.role(), '') <> 'authenticated' then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('chat_conversation_limit:' || new.customer_id::text, 0));
  if exists (select 1 from public.chat_conversations c where c.customer_id = new.customer_id and c.artist_id = new.artist_id) then
    return new;
  end if;
  if (select count(*) from public.chat_conversations c
       where c.customer_id = new.customer_id and c.created_at > now() - interval '24 hours') >= per_day then
    raise exception 'Je bent de afgelopen 24 uur al met % artiesten een gesprek begonnen. Ga verder in een gesprek dat je al hebt of probeer het morgen opnieuw.', per_day
      using errcode = 'P0001', hint = 'rate_limited';
  end if;
  return new;
end
$$;
revoke all on function private.chat_conversation_limit() from public;

create trigger chat_conversations_limit before insert on public.chat_conversations
  for each row execute function private.chat_conversation_limit();

-- Messages: the conversation's row lock first (block_conversation takes it too, so a message is
-- either refused by the block or stored before it, and then covered by its digest rule), then
-- the sender's lock for the count. The chat insert trigger updates the same row, so the order of
-- the two triggers does not matter. A sender who is no participant is left to the insert policy.
create function private.chat_message_limit() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  per_minute integer := coalesce(private.config_int('chat_messages_per_minute'), 20);
  customer uuid;
  owner uuid;
  blocked timestamptz;
begin
  if coalesce(auth.role(), '') <> 'authenticated' then
    return new;
  end if;
  select c.customer_id, a.profile_id into customer, owner
    from public.chat_conversations c join public.artists a on a.id = c.artist_id
   where c.id = new.conversation_id;
  if not found or new.sender_id is distinct from auth.uid()
     or (new.sender_id is distinct from customer and new.sender_id is distinct from owner) then
    return new;
  end if;
  select c.blocked_at into blocked from public.chat_conversations c where c.id = new.conversation_id for no key update;
  if blocked is not null then
    if new.sender_id = customer then
      raise exception 'Je kunt deze artiest geen berichten meer sturen.' using errcode = '42501', hint = 'blocked';
    end if;
    raise exception 'Je hebt deze klant geblokkeerd. Deblokkeer de klant om weer een bericht te sturen.' using errcode = '42501', hint = 'blocked';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('chat_message_limit:' || new.sender_id::text, 0));
  if (select count(*) from public.chat_messages m
       where m.sender_id = new.sender_id and m.created_at > now() - interval '1 minute') >= per_minute then
    raise exception 'Je hebt de afgelopen minuut al % berichten gestuurd. Wacht even en probeer het dan opnieuw.', per_minute
      using errcode = 'P0001', hint = 'rate_limited';
  end if;
  return new;
end
$$;
revoke all on function private.chat_message_limit() from public;

create trigger chat_messages_limit before insert on public.chat_messages
  for each row execute function private.chat_message_limit();

-- start_conversation as before, and not with an act that blocked the caller.
create or replace function public.start_conversation(artist uuid) returns uuid
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  found uuid;
begin
  if me is null then
    raise exception 'Log in om een bericht te sturen.' using errcode = '42501';
  end if;
  if not public.is_public_artist(artist) then
    perform private.raise_not_found('Deze artiest is niet gevonden.');
  end if;
  if public.owns_artist(artist) then
    raise exception 'Je kunt jezelf geen bericht sturen.' using errcode = '22023';
  end if;
  if exists (select 1 from public.chat_conversations c where c.customer_id = me and c.artist_id = artist and c.blocked_at is not null) then
    raise exception 'Je kunt deze artiest geen berichten meer sturen.' using errcode = '42501', hint = 'blocked';
  end if;
  insert into public.chat_conversations (customer_id, artist_id) values (me, artist)
  on conflict (customer_id, artist_id) do nothing
  returning id into found;
  if found is null then
    select c.id into found from public.chat_conversations c where c.customer_id = me and c.artist_id = artist;
  end if;
  return found;
end
$$;
revoke all on function public.start_conversation(uuid) from public, anon;
grant execute on function public.start_conversation(uuid) to authenticated;

-- Blocking: only the act's owner, in their own conversation. The customer's messages that wait
-- unread are marked as mailed, so no digest carries them (after the block no new ones come).
create function public.block_conversation(conversation uuid) returns timestamptz
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  customer uuid;
  owner uuid;
  since timestamptz;
begin
  select c.customer_id, a.profile_id into customer, owner
    from public.chat_conversations c join public.artists a on a.id = c.artist_id
   where c.id = conversation
     for no key update of c;
  if not found or me is null or (me is distinct from customer and me is distinct from owner) then
    perform private.raise_not_found('Gesprek niet gevonden.');
  end if;
  if me is distinct from owner then
    raise exception 'Alleen de artiest kan in dit gesprek iemand blokkeren. Gaat er iets mis? Meld het gesprek dan.' using errcode = '42501';
  end if;
  update public.chat_conversations c
     set blocked_at = coalesce(c.blocked_at, now()), blocked_by = coalesce(c.blocked_by, me)
   where c.id = conversation
  returning c.blocked_at into since;
  update public.chat_messages m
     set digest_sent_at = now()
   where m.conversation_id = conversation and m.sender_id = customer and not m.is_read and m.digest_sent_at is null;
  return since;
end
$$;
revoke all on function public.block_conversation(uuid) from public, anon;
grant execute on function public.block_conversation(uuid) to authenticated;
comment on function public.block_conversation(uuid) is 'The act''s owner blocks the customer of a conversation: no more messages either way, no new conversation, no digest of theirs.';

create function public.unblock_conversation(conversation uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  owner uuid;
begin
  select a.profile_id into owner
    from public.chat_conversations c join public.artists a on a.id = c.artist_id
   where c.id = conversation and (c.customer_id = me or a.profile_id = me)
     for no key update of c;
  if not found or me is null then
    perform private.raise_not_found('Gesprek niet gevonden.');
  end if;
  if me is distinct from owner then
    raise exception 'Alleen de artiest kan een blokkade opheffen.' using errcode = '42501';
  end if;
  update public.chat_conversations c set blocked_at = null, blocked_by = null where c.id = conversation;
end
$$;
revoke all on function public.unblock_conversation(uuid) from public, anon;
grant execute on function public.unblock_conversation(uuid) to authenticated;

-- Reports: either side of a conversation reports the other to the team, with a reason from a
-- short list (shared/src/chat-reports.ts has their Dutch labels) and optional words. The team
-- reads them in the back office and marks them handled. Reporting again while a report is open
-- replaces its reason and words (one open report per person per conversation).
create table public.chat_reports (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.chat_conversations (id) on delete cascade,
  reporter_id uuid not null references public.profiles (id) on delete cascade,
  reported_id uuid not null references public.profiles (id) on delete cascade,
  reason text not null check (reason in ('spam', 'harassment', 'scam', 'off_platform', 'other')),
  details text check (char_length(details) <= 1000),
  status text not null default 'open' check (status in ('open', 'handled')),
  handled_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.chat_reports is 'A participant''s report of a conversation to the team (report_conversation); admins read and handle them.';
create unique index chat_reports_one_open_idx on public.chat_reports (conversation_id, reporter_id) where status = 'open';
create index chat_reports_status_idx on public.chat_reports (status, created_at desc);
alter table public.chat_reports enable row level security;

revoke all on public.chat_reports from anon, authenticated;
grant select on public.chat_reports to authenticated;
grant update (status, handled_at) on public.chat_reports to authenticated;

create policy "chat_reports: the reporter and admins read" on public.chat_reports
  for select to authenticated
  using (reporter_id = (select auth.uid()) or (select public.is_admin()));
create policy "chat_reports: admins handle" on public.chat_reports
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create function public.report_conversation(conversation uuid, reason text, details text default null) returns uuid
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  customer uuid;
  owner uuid;
  words text := nullif(trim(coalesce(details, '')), '');
  report uuid;
begin
  select c.customer_id, a.profile_id into customer, owner
    from public.chat_conversations c join public.artists a on a.id = c.artist_id
   where c.id = conversation;
  if not found or me is null or (me is distinct from customer and me is distinct from owner) then
    perform private.raise_not_found('Gesprek niet gevonden.');
  end if;
  if reason is null or reason not in ('spam', 'harassment', 'scam', 'off_platform', 'other') then
    raise exception 'Kies een reden voor je melding.' using errcode = '22023';
  end if;
  if char_length(words) > 1000 then
    raise exception 'Je toelichting is te lang (maximaal 1000 tekens).' using errcode = '22023';
  end if;
  insert into public.chat_reports (conversation_id, reporter_id, reported_id, reason, details)
  values (conversation, me, case when me = customer then owner else customer end, reason, words)
  on conflict (conversation_id, reporter_id) where status = 'open'
  do update set reason = excluded.reason, details = excluded.details, created_at = now()
  returning id into report;
  return report;
end
$$;
revoke all on function public.report_conversation(uuid, text, text) from public, anon;
grant execute on function public.report_conversation(uuid, text, text) to authenticated;
comment on function public.report_conversation(uuid, text, text) is 'A participant reports a conversation to the team: reason spam, harassment, scam, off_platform or other, optional details (at most 1000 characters).';

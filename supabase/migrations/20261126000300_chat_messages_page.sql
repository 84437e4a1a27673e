-- The messages page: the conversation list in one call, starting (or finding) the
-- conversation with an artist, Dutch refusals for bad messages, and contact details masked
-- until a booking is confirmed.
--
-- * start_conversation(artist): the caller's conversation with a public artist, made when there
--   is none ('Stuur een bericht' on an artist page). Not with one's own act.
-- * my_conversations(): every conversation the caller is in (as customer, or as the artist of
--   the act), the other side's name (in full, as the message pop-ups show it) and photo, the last message, the unread count (the
--   other side's messages the caller has not read) and the latest booking between the two.
-- * Messages: 1 to 5000 characters, in Dutch when refused. Before a booking between the two is
--   confirmed, phone numbers and e-mail addresses are replaced on the server by '[verborgen]' and
--   the message is marked `masked`, so the page can explain why (deals taken off the platform
--   are the anchors' first complaint; a payment outside Podium is not protected).

alter table public.chat_messages add column masked boolean not null default false;
comment on column public.chat_messages.masked is 'Contact details (phone, e-mail) were hidden because no booking between the two was confirmed yet.';

-- Phone numbers (Dutch and Belgian, national or international, with spaces, dashes, dots or
-- brackets) and e-mail addresses in a text, replaced by '[verborgen]'.
create function private.mask_contact_details(body text) returns text
language sql immutable
set search_path = ''
as $$
  select regexp_replace(
           regexp_replace(body, '[[:alnum:]._%+-]+@[[:alnum:].-]+\.[[:alpha:]]{2,}', '[verborgen]', 'g'),
           '(\+|00)?[0-9](?:[ ./()-]{0,2}[0-9]){8,13}', '[verborgen]', 'g')
$$;

-- True once a booking between the conversation's customer and artist is confirmed (or played).
create function private.conversation_has_confirmed_booking(conversation uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.chat_conversations c
      join public.bookings b on b.customer_id = c.customer_id and b.artist_id = c.artist_id
     where c.id = conversation and b.status in ('confirmed', 'completed'))
$$;

create or replace function private.chat_message_inserted() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  masked_text text;
begin
  if new.message_text is null or new.message_text !~ '[^[:space:]]' then
    raise exception 'Typ eerst een bericht.' using errcode = '22023';
  end if;
  if char_length(new.message_text) > 5000 then
    raise exception 'Je bericht is te lang (maximaal 5000 tekens).' using errcode = '22023';
  end if;
  new.is_read := false;
  new.masked := false;
  if not private.conversation_has_confirmed_booking(new.conversation_id) then
    masked_text := private.mask_contact_details(new.message_text);
    if masked_text is distinct from new.message_text then
      new.message_text := masked_text;
      new.masked := true;
    end if;
  end if;
  update public.chat_conversations set last_message_at = new.created_at where id = new.conversation_id;
  return new;
end
$$;

create function public.start_conversation(artist uuid) returns uuid
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
    raise exception 'Deze artiest is niet gevonden.' using errcode = 'P0002';
  end if;
  if public.owns_artist(artist) then
    raise exception 'Je kunt jezelf geen bericht sturen.' using errcode = '22023';
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

create function public.my_conversations()
returns table (
  id uuid,
  my_role text,
  artist_id uuid,
  artist_slug text,
  other_name text,
  other_photo_bucket text,
  other_photo_path text,
  last_message text,
  last_message_at timestamptz,
  last_from_me boolean,
  unread integer,
  booking_id uuid,
  booking_status text,
  booking_starts_at timestamptz,
  created_at timestamptz
)
language sql stable security definer
set search_path = ''
as $$
  select c.id,
         case when c.customer_id = auth.uid() then 'customer' else 'artist' end,
         a.id,
         a.slug,
         case when c.customer_id = auth.uid() then a.name else coalesce(nullif(trim(pp.first_name || ' ' || pp.last_name), ''), pp.display_name, 'Klant') end,
         case when c.customer_id = auth.uid() then 'artist-media' else 'avatars' end,
         case when c.customer_id = auth.uid() then a.avatar_path else pp.avatar_path end,
         last.message_text,
         coalesce(last.created_at, c.created_at),
         last.sender_id = auth.uid(),
         (select count(*)::integer from public.chat_messages m
           where m.conversation_id = c.id and not m.is_read and m.sender_id <> auth.uid()),
         b.id,
         b.status,
         b.starts_at,
         c.created_at
    from public.chat_conversations c
    join public.artists a on a.id = c.artist_id
    left join public.public_profiles pp on pp.id = c.customer_id
    left join lateral (
      select m.message_text, m.created_at, m.sender_id from public.chat_messages m
       where m.conversation_id = c.id order by m.created_at desc limit 1
    ) last on true
    left join lateral (
      select bk.id, bk.status, bk.starts_at from public.bookings bk
       where bk.customer_id = c.customer_id and bk.artist_id = c.artist_id
       order by (bk.status in ('pending', 'accepted', 'confirmed')) desc, bk.starts_at desc limit 1
    ) b on true
   where c.customer_id = auth.uid() or a.profile_id = auth.uid()
   order by coalesce(last.created_at, c.created_at) desc
$$;
revoke all on function public.my_conversations() from public, anon;
grant execute on function public.my_conversations() to authenticated;


-- The client names each message (a UUID it makes), so a send retried after a lost answer is
-- stored once: the retry meets the primary key and the page knows the message is there.
grant insert (id) on public.chat_messages to authenticated;

-- Typing indicators: presence on the private channel 'chat:{conversation id}', for the two
-- participants only (realtime authorizes private channels by these policies, as on Supabase).
create function public.is_chat_topic_participant(topic text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select topic ~ '^chat:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and public.is_conversation_participant(substr(topic, 6)::uuid)
$$;
revoke all on function public.is_chat_topic_participant(text) from public, anon;
grant execute on function public.is_chat_topic_participant(text) to authenticated;

create policy "realtime: the participants of a conversation see who is typing" on realtime.messages
  for select to authenticated
  using (extension = 'presence' and public.is_chat_topic_participant(realtime.topic()));
create policy "realtime: the participants of a conversation say they are typing" on realtime.messages
  for insert to authenticated
  with check (extension = 'presence' and public.is_chat_topic_participant(realtime.topic()));

-- Unread messages by e-mail: whoever has not read a message within 15 minutes (and at most two
-- days old) gets one mail summarising what waits, per conversation (not one per message). send-chat-digests (every
-- 5 minutes) claims the recipients: their waiting messages are marked digest_sent_at in the
-- same statement (skip locked, so two runs never mail twice); a mail that fails is released.
alter table public.chat_messages add column digest_sent_at timestamptz;
comment on column public.chat_messages.digest_sent_at is 'When the recipient was mailed about this unread message (send-chat-digests); null while not.';
create index chat_messages_digest_idx on public.chat_messages (created_at) where not is_read and digest_sent_at is null;

create function public.claim_chat_digests(batch_size integer default 50, unread_for interval default '15 minutes')
returns table (recipient_id uuid, email text, first_name text, message_ids uuid[], conversations jsonb)
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if not public.is_service_role() and coalesce(auth.role(), '') in ('anon', 'authenticated') then
    raise exception 'Alleen de server verstuurt deze e-mails.' using errcode = '42501';
  end if;
  return query
  with waiting as (
    select m.id, m.conversation_id, m.message_text, m.created_at,
           case when m.sender_id = c.customer_id then a.profile_id else c.customer_id end as recipient,
           case when m.sender_id = c.customer_id then coalesce(nullif(trim(pp.first_name || ' ' || pp.last_name), ''), pp.display_name, 'Een klant') else a.name end as from_name
      from public.chat_messages m
      join public.chat_conversations c on c.id = m.conversation_id
      join public.artists a on a.id = c.artist_id
      left join public.public_profiles pp on pp.id = c.customer_id
     where not m.is_read and m.digest_sent_at is null and m.created_at < now() - unread_for
       -- Not about messages that were already old when mailing began (or when the stack was seeded).
       and m.created_at > now() - interval '2 days'
     for update of m skip locked
  ),
  chosen as (
    select w.recipient from waiting w group by w.recipient order by min(w.created_at) limit greatest(batch_size, 1)
  ),
  marked as (
    update public.chat_messages m set digest_sent_at = now()
      from waiting w where m.id = w.id and w.recipient in (select recipient from chosen)
    returning m.id
  ),
  per_conversation as (
    select w.recipient, w.conversation_id, w.from_name, count(*)::integer as n,
           (array_agg(w.message_text order by w.created_at desc))[1] as last_text,
           max(w.created_at) as last_at
      from waiting w
     where w.recipient in (select recipient from chosen)
     group by w.recipient, w.conversation_id, w.from_name
  )
  select pc.recipient, p.email, p.first_name,
         (select array_agg(w.id) from waiting w where w.recipient = pc.recipient),
         jsonb_agg(jsonb_build_object('conversation_id', pc.conversation_id, 'from', pc.from_name, 'count', pc.n, 'last', left(pc.last_text, 280)) order by pc.last_at desc)
    from per_conversation pc
    join public.profiles p on p.id = pc.recipient
   group by pc.recipient, p.email, p.first_name;
end
$$;
revoke all on function public.claim_chat_digests(integer, interval) from public, anon, authenticated;
grant execute on function public.claim_chat_digests(integer, interval) to service_role;

-- A digest that could not be mailed: its messages wait for the next run.
create function public.release_chat_digest(message_ids uuid[]) returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.chat_messages set digest_sent_at = null where id = any (message_ids) and not is_read;
$$;
revoke all on function public.release_chat_digest(uuid[]) from public, anon, authenticated;
grant execute on function public.release_chat_digest(uuid[]) to service_role;

insert into private.scheduled_jobs (name, every_minutes, function_name) values
  ('send-chat-digests', 5, 'send-chat-digests');

-- Hosted Supabase: pg_cron calls it through pg_net, as send-notifications (README, deploy).
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
    perform cron.schedule('send-chat-digests', '*/5 * * * *', $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-chat-digests',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
        body := '{}'::jsonb,
        timeout_milliseconds := 30000)
    $job$);
  end if;
end
$$;

-- chat (SPEC 3, 6, 7.2, 7.5): one conversation per (customer, artist). Only the two
-- participants (and admins, for support) see it; a sender must be a participant; the
-- recipient may change only is_read.

create table public.chat_conversations (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  artist_id uuid not null references public.artists (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_message_at timestamptz,
  unique (customer_id, artist_id)
);
create index chat_conversations_artist_idx on public.chat_conversations (artist_id);
alter table public.chat_conversations enable row level security;
alter table public.chat_conversations
  add constraint chat_conversations_customer_public_profile_fkey foreign key (customer_id) references public.public_profiles (id) on delete cascade;

create table public.chat_messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.chat_conversations (id) on delete cascade,
  sender_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  message_text text not null check (char_length(trim(message_text)) between 1 and 5000),
  created_at timestamptz not null default now(),
  is_read boolean not null default false
);
create index chat_messages_conversation_idx on public.chat_messages (conversation_id, created_at);
create index chat_messages_unread_idx on public.chat_messages (conversation_id) where not is_read;
alter table public.chat_messages enable row level security;
alter table public.chat_messages
  add constraint chat_messages_sender_public_profile_fkey foreign key (sender_id) references public.public_profiles (id) on delete cascade;

create function public.is_conversation_participant(conversation uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.chat_conversations c
     where c.id = conversation
       and (c.customer_id = auth.uid()
            or exists (select 1 from public.artists a where a.id = c.artist_id and a.profile_id = auth.uid())))
$$;
grant execute on function public.is_conversation_participant(uuid) to authenticated, service_role;

create function private.chat_message_inserted() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.is_read := false;
  update public.chat_conversations set last_message_at = new.created_at where id = new.conversation_id;
  return new;
end
$$;

create trigger chat_messages_before_insert before insert on public.chat_messages
  for each row execute function private.chat_message_inserted();

revoke all on public.chat_conversations, public.chat_messages from anon, authenticated;
grant select on public.chat_conversations, public.chat_messages to authenticated;
grant insert (customer_id, artist_id) on public.chat_conversations to authenticated;
grant insert (conversation_id, sender_id, message_text) on public.chat_messages to authenticated;
grant update (is_read) on public.chat_messages to authenticated;

create policy "chat_conversations: participants and admins" on public.chat_conversations
  for select to authenticated
  using (customer_id = (select auth.uid()) or public.owns_artist(artist_id) or (select public.is_admin()));
create policy "chat_conversations: customers start one with a public artist" on public.chat_conversations
  for insert to authenticated
  with check (customer_id = (select auth.uid()) and public.is_public_artist(artist_id) and not public.owns_artist(artist_id));

create policy "chat_messages: participants and admins" on public.chat_messages
  for select to authenticated
  using (public.is_conversation_participant(conversation_id) or (select public.is_admin()));
create policy "chat_messages: participants send as themselves" on public.chat_messages
  for insert to authenticated
  with check (sender_id = (select auth.uid()) and public.is_conversation_participant(conversation_id));
create policy "chat_messages: the recipient marks read" on public.chat_messages
  for update to authenticated
  using (sender_id <> (select auth.uid()) and public.is_conversation_participant(conversation_id))
  with check (sender_id <> (select auth.uid()) and public.is_conversation_participant(conversation_id));

-- SPEC 6 unread rule: an artist user counts conversations where they are the customer or the
-- artist; everyone else only those where they are the customer; own messages never count.
create function public.unread_count() returns integer
language sql stable security definer
set search_path = ''
as $$
  select count(*)::integer
    from public.chat_messages m
    join public.chat_conversations c on c.id = m.conversation_id
   where not m.is_read
     and m.sender_id <> auth.uid()
     and (c.customer_id = auth.uid()
          or (exists (select 1 from public.profiles p where p.id = auth.uid() and p.role = 'artist')
              and exists (select 1 from public.artists a where a.id = c.artist_id and a.profile_id = auth.uid())))
$$;
revoke all on function public.unread_count() from public, anon;
grant execute on function public.unread_count() to authenticated;

-- Marks the other side's messages in a conversation read; returns how many changed.
create function public.mark_conversation_read(conversation_id uuid) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  if not public.is_conversation_participant(mark_conversation_read.conversation_id) then
    raise exception 'Gesprek niet gevonden.' using errcode = 'P0002';
  end if;
  update public.chat_messages m
     set is_read = true
   where m.conversation_id = mark_conversation_read.conversation_id and m.sender_id <> auth.uid() and not m.is_read;
  get diagnostics changed = row_count;
  return changed;
end
$$;
revoke all on function public.mark_conversation_read(uuid) from public, anon;
grant execute on function public.mark_conversation_read(uuid) to authenticated;

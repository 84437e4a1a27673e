-- A removed (soft-deleted) or not (or no longer) approved act acts no more: its owner cannot
-- accept requests, and customers cannot pay it or chat with it in old conversations. The artist
-- side of a booking and of a conversation needs an approved act that is not deleted;
-- create-payment refuses to start a payment for such an act.
-- Admins keep every power over those bookings (they cancel them, with a refund). Reading stays:
-- both sides keep their bookings and messages.

create or replace function private.booking_actors(booking public.bookings) returns text[]
language sql stable security definer
set search_path = ''
as $$
  select array_remove(array[
    case when booking.customer_id = auth.uid() then 'customer' end,
    case when exists (select 1 from public.artists a
                       where a.id = booking.artist_id and a.profile_id = auth.uid()
                         and a.approval_status = 'approved' and a.deleted_at is null) then 'artist' end,
    case when public.is_admin() then 'admin' end,
    case when public.is_service_role() then 'system' end
  ], null)
$$;

-- Writing in a conversation needs the act to be active: a removed act's owner cannot answer,
-- and its customers cannot keep writing to it. Both still read what was said (their records).
create function public.can_write_in_conversation(conversation uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.chat_conversations c
      join public.artists a on a.id = c.artist_id
     where c.id = conversation
       and a.approval_status = 'approved' and a.deleted_at is null
       and (c.customer_id = auth.uid() or a.profile_id = auth.uid()))
$$;
revoke all on function public.can_write_in_conversation(uuid) from public, anon;
grant execute on function public.can_write_in_conversation(uuid) to authenticated, service_role;

drop policy "chat_messages: participants send as themselves" on public.chat_messages;
create policy "chat_messages: participants send as themselves" on public.chat_messages
  for insert to authenticated
  with check (sender_id = (select auth.uid()) and public.can_write_in_conversation(conversation_id));

-- Whether an act can be booked and paid now (create-payment asks with the service role).
create function public.is_active_artist(artist uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.artists a where a.id = artist and a.approval_status = 'approved' and a.deleted_at is null)
$$;
revoke all on function public.is_active_artist(uuid) from public, anon;
grant execute on function public.is_active_artist(uuid) to authenticated, service_role;

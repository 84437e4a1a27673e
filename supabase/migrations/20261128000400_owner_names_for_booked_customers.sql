-- An act owner's full name is for the customers they have a booking with, not for anyone who
-- opens a conversation: start_conversation is one click for any signed-in account, so a chat
-- gave every account the name of every act's owner. A conversation still shows its customer's
-- name to the act's owner (the customer chose to write to them); the customer sees the act's
-- name in chat, and the owner's full name once the act has accepted a booking of theirs.
create or replace function public.may_read_full_name(profile uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select profile = auth.uid()
      or public.is_admin()
      -- The owner of an act, about a customer who wrote to the act.
      or exists (select 1 from public.chat_conversations c join public.artists a on a.id = c.artist_id
                  where c.customer_id = profile and a.profile_id = auth.uid())
      -- The artist of a booking, about its customer.
      or exists (select 1 from public.bookings b join public.artists a on a.id = b.artist_id
                  where b.customer_id = profile and a.profile_id = auth.uid())
      -- A customer, about the owner of an act that accepted their booking.
      or exists (select 1 from public.bookings b join public.artists a on a.id = b.artist_id
                  where b.customer_id = auth.uid() and a.profile_id = profile
                    and b.status in ('accepted', 'confirmed', 'completed'))
$$;
revoke all on function public.may_read_full_name(uuid) from public, anon;
grant execute on function public.may_read_full_name(uuid) to authenticated, service_role;

comment on table public.profile_names is 'Full names of profiles, for the person, the owner of an act a customer wrote to or booked, the customer of an accepted booking, and admins; maintained by trigger from profiles.';

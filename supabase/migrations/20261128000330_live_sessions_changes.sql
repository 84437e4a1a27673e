-- Live changes are read through the tables' own policies (the realtime server checks each change
-- against every subscriber's claims). A subscription made before its session ended would keep
-- receiving a person's messages and bookings for the rest of the token's hour: these restrictive
-- policies close the per-person tables the realtime publication carries. `artists` is public
-- reading and stays open.
create policy "chat_messages: only a live session" on public.chat_messages
  as restrictive for select to authenticated
  using ((select public.session_is_live()));
create policy "chat_conversations: only a live session" on public.chat_conversations
  as restrictive for select to authenticated
  using ((select public.session_is_live()));
create policy "bookings: only a live session" on public.bookings
  as restrictive for select to authenticated
  using ((select public.session_is_live()));

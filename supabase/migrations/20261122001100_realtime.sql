-- SPEC 4.6 / 7.5: live changes on chat, bookings and artists. The realtime server filters each
-- change by the subscriber's RLS.
alter publication supabase_realtime add table public.chat_messages, public.chat_conversations, public.bookings, public.artists;

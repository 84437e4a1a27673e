-- The portal's view of one booking gives the artist two ways to reach the customer: the customer's
-- phone number, and the conversation with them.
-- * artist_booking_contact(booking): for the act's owner only. The phone number once this booking
--   holds, by the rule that unmasks contact details in the chat (20261128000200_contact_masking.sql):
--   played, or confirmed and no longer cancellable by the customer for a full refund. Before that a
--   number would let the two cancel for nothing and book around Podium. Also from when it will be
--   shown, and the conversation's id if there is one.
-- * open_booking_conversation(booking): conversations start on the customer's side
--   (start_conversation); the act's owner may open the one with a customer who asked or booked
--   them. Opening one that exists answers it (also when blocked: the thread says so).
-- * my_conversations(): the artist lists a conversation without messages too when the customer
--   has a booking with the act (one the artist opened from it, or the customer did); otherwise as
--   in 20261128000500_artist_inbox_written_conversations.sql.

create function public.artist_booking_contact(booking uuid)
returns table (customer_phone text, phone_shown_from timestamptz, conversation_id uuid)
language plpgsql stable security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  b public.bookings%rowtype;
  holds boolean;
begin
  select * into b from public.bookings bk where bk.id = booking and public.owns_artist(bk.artist_id);
  if not found then
    perform private.raise_not_found('Deze boeking bestaat niet of is niet van jou.');
  end if;
  holds := b.status = 'completed' or (b.status = 'confirmed' and private.refund_percent('customer', b.starts_at, now()) < 100);
  return query
  select case when holds then p.phone end,
         case when b.status in ('pending', 'accepted', 'confirmed')
              then b.starts_at - make_interval(days => coalesce(private.config_int('refund_full_days_before'), 30)) end,
         (select c.id from public.chat_conversations c where c.customer_id = b.customer_id and c.artist_id = b.artist_id)
    from public.profiles p
   where p.id = b.customer_id;
end
$$;
revoke all on function public.artist_booking_contact(uuid) from public, anon;
grant execute on function public.artist_booking_contact(uuid) to authenticated;

create function public.open_booking_conversation(booking uuid) returns uuid
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  b public.bookings%rowtype;
  opened uuid;
begin
  select * into b from public.bookings bk where bk.id = booking and public.owns_artist(bk.artist_id);
  if not found then
    perform private.raise_not_found('Deze boeking bestaat niet of is niet van jou.');
  end if;
  select c.id into opened from public.chat_conversations c where c.customer_id = b.customer_id and c.artist_id = b.artist_id;
  if opened is not null then
    return opened;
  end if;
  begin
    insert into public.chat_conversations (customer_id, artist_id) values (b.customer_id, b.artist_id)
    on conflict (customer_id, artist_id) do nothing
    returning id into opened;
  exception when sqlstate 'P0001' then
    -- The customer's own limit on new conversations (chat_conversation_limit) counts this one too.
    raise exception 'Het gesprek met deze klant kan nu niet worden geopend. Probeer het morgen opnieuw.' using errcode = 'P0001', hint = 'rate_limited';
  end;
  if opened is null then
    select c.id into opened from public.chat_conversations c where c.customer_id = b.customer_id and c.artist_id = b.artist_id;
  end if;
  return opened;
end
$$;
revoke all on function public.open_booking_conversation(uuid) from public, anon;
grant execute on function public.open_booking_conversation(uuid) to authenticated;

create or replace function public.my_conversations()
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
language plpgsql stable security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  me uuid := auth.uid();
begin
  return query
  select c.id,
         case when c.customer_id = me then 'customer' else 'artist' end,
         a.id,
         a.slug,
         case when c.customer_id = me then a.name else coalesce(nullif(trim(pp.first_name || ' ' || pp.last_name), ''), pp.display_name, 'Klant') end,
         case when c.customer_id = me then 'artist-media' else 'avatars' end,
         case when c.customer_id = me then a.avatar_path else pp.avatar_path end,
         last.message_text,
         coalesce(last.created_at, c.created_at),
         last.sender_id = me,
         (select count(*)::integer from public.chat_messages m
           where m.conversation_id = c.id and not m.is_read and m.sender_id <> me),
         b.id,
         b.status::text,
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
   where c.id in (select mine.id from public.chat_conversations mine where mine.customer_id = me
                  union
                  select theirs.id from public.chat_conversations theirs
                    join public.artists act on act.id = theirs.artist_id
                   where act.profile_id = me)
     and (c.customer_id = me or last.created_at is not null or b.id is not null)
   order by coalesce(last.created_at, c.created_at) desc;
end
$$;
revoke all on function public.my_conversations() from public, anon;
grant execute on function public.my_conversations() to authenticated;

-- The artist's side of 'Berichten' lists a conversation once it holds a message: a customer
-- who opens one (the artist page's 'Stuur een bericht') and never writes leaves an empty entry
-- the artist cannot act on. That customer still finds it in their own list. Otherwise
-- my_conversations() as in 20261126004500_chat_reads_indexed.sql.

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
     and (c.customer_id = me or last.created_at is not null)
   order by coalesce(last.created_at, c.created_at) desc;
end
$$;
revoke all on function public.my_conversations() from public, anon;
grant execute on function public.my_conversations() to authenticated;

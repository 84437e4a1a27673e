-- The chat reads that run after every message (SPEC 2.11: messages, conversations and the unread
-- count are refreshed on each one), on both sides of a conversation: my_conversations() and
-- unread_count() read the caller once, find their conversations through indexes (as customer;
-- through their acts as artist) and keep their plans per connection as PL/pgSQL, so they do not
-- grow with everyone else's chats (docs/performance.md). SPEC 6's unread rule applies as is.

create index if not exists artists_profile_idx on public.artists (profile_id);

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
   order by coalesce(last.created_at, c.created_at) desc;
end
$$;
revoke all on function public.my_conversations() from public, anon;
grant execute on function public.my_conversations() to authenticated;

create or replace function public.unread_count() returns integer
language plpgsql stable security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  as_artist boolean := exists (select 1 from public.profiles p where p.id = me and p.role = 'artist');
begin
  return (
    select count(*)::integer
      from public.chat_messages m
     where not m.is_read
       and m.sender_id <> me
       and m.conversation_id in (select mine.id from public.chat_conversations mine where mine.customer_id = me
                                 union
                                 select theirs.id from public.chat_conversations theirs
                                   join public.artists act on act.id = theirs.artist_id
                                  where as_artist and act.profile_id = me));
end
$$;
revoke all on function public.unread_count() from public, anon;
grant execute on function public.unread_count() to authenticated;

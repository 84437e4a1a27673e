-- Full names only where the spec needs them (privacy). public_profiles gave anyone with
-- the anon key the first and last name of every account. Now:
--  - public_profiles is what anyone may see of a person: id, display name ('Sanne D.') and photo.
--    Its first_name and last_name stay for server code (definer functions, service role) only.
--  - profile_names holds the full name, readable by the person, the other side of a chat
--    conversation (customer and the act's owner, both ways), the artist of a booking about its
--    customer (the portal names the customer on a request), and admins. Clients embed it where
--    they embedded public_profiles' names (a booking's and a conversation's customer have a
--    foreign key to it); a name the reader may not see embeds as null.

revoke select on public.public_profiles from anon, authenticated;
grant select (id, display_name, avatar_path) on public.public_profiles to anon, authenticated;

create table public.profile_names (
  id uuid primary key references public.profiles (id) on delete cascade,
  first_name text not null,
  last_name text not null
);
comment on table public.profile_names is 'Full names of profiles, for the person, their chat partners, the artists they booked and admins; maintained by trigger from profiles.';
alter table public.profile_names enable row level security;

insert into public.profile_names (id, first_name, last_name)
  select id, first_name, last_name from public.profiles;

create function private.sync_profile_names() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.profile_names (id, first_name, last_name)
  values (new.id, new.first_name, new.last_name)
  on conflict (id) do update set first_name = excluded.first_name, last_name = excluded.last_name;
  return new;
end
$$;
revoke all on function private.sync_profile_names() from public, anon, authenticated, service_role;

create trigger profiles_sync_names after insert or update of first_name, last_name on public.profiles
  for each row execute function private.sync_profile_names();

-- So clients can embed the customer's full name where the rule lets them read it.
alter table public.bookings
  add constraint bookings_customer_profile_names_fkey foreign key (customer_id) references public.profile_names (id) on delete cascade;
alter table public.chat_conversations
  add constraint chat_conversations_customer_profile_names_fkey foreign key (customer_id) references public.profile_names (id) on delete cascade;

-- Whether the caller may read this person's full name. Definer: it looks at conversations and
-- bookings past their RLS, and answers only about the caller.
create function public.may_read_full_name(profile uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select profile = auth.uid()
      or public.is_admin()
      -- The two sides of a conversation: the customer, and the owner of the act.
      or exists (select 1 from public.chat_conversations c join public.artists a on a.id = c.artist_id
                  where c.customer_id = profile and a.profile_id = auth.uid())
      or exists (select 1 from public.chat_conversations c join public.artists a on a.id = c.artist_id
                  where c.customer_id = auth.uid() and a.profile_id = profile)
      -- The artist of a booking, about its customer.
      or exists (select 1 from public.bookings b join public.artists a on a.id = b.artist_id
                  where b.customer_id = profile and a.profile_id = auth.uid())
$$;
revoke all on function public.may_read_full_name(uuid) from public, anon;
grant execute on function public.may_read_full_name(uuid) to authenticated, service_role;

revoke all on public.profile_names from anon, authenticated, service_role;
grant select on public.profile_names to authenticated, service_role;

create policy "profile_names: the person, their chat partners, the artists they booked, admins" on public.profile_names
  for select to authenticated
  using (public.may_read_full_name(id));

-- Instagram on the artist page (SPEC 2.1's /auth/instagram/callback): an artist links
-- their Instagram account in the listing editor and the public page links to it.
--
-- * artists.instagram_handle is public, like the act's other public columns. Nobody writes it
--   directly: the instagram-link edge function proves the account through Instagram's OAuth (the
--   app secret stays on the server) and stores it with link_artist_instagram, as the service role.
-- * artist_instagram_accounts keeps what only the owner and admins see: Instagram's user id (one
--   Instagram account shows on one act only) and when it was linked. No access token is kept: a
--   handle needs none once it is proven.
-- * unlink_artist_instagram lets the owner take the link away again.
-- The handle is proven by Instagram, so it applies at once, without the review name or bio need.

alter table public.artists add column instagram_handle text
  constraint artists_instagram_handle_format check (
    instagram_handle ~ '^[a-z0-9_]([a-z0-9._]{0,28}[a-z0-9_])?$' and instagram_handle !~ '\.\.'
  );
comment on column public.artists.instagram_handle is
  'The linked Instagram username (lowercase, without @), proven through Instagram''s OAuth by the instagram-link edge function; null when none is linked.';
-- Public like the other public columns (20261122004400_anon_public_columns.sql); authenticated
-- reads every column already and gets no UPDATE grant on it.
grant select (instagram_handle) on public.artists to anon;

create table public.artist_instagram_accounts (
  artist_id uuid primary key references public.artists (id) on delete cascade,
  instagram_user_id text not null check (instagram_user_id ~ '^[0-9]{1,32}$'),
  linked_at timestamptz not null default now(),
  constraint artist_instagram_accounts_one_act_per_account unique (instagram_user_id)
);
comment on table public.artist_instagram_accounts is
  'Which Instagram account (Instagram''s user id) each act linked, and when. Written by link_artist_instagram (service role) and unlink_artist_instagram only.';
alter table public.artist_instagram_accounts enable row level security;
revoke all on public.artist_instagram_accounts from anon, authenticated;
grant select on public.artist_instagram_accounts to authenticated;
create policy "artist_instagram_accounts: owner and admin read" on public.artist_instagram_accounts
  for select to authenticated using (public.owns_artist(artist_id) or (select public.is_admin()));

-- The instagram-link edge function, after Instagram answered for the account: links it to the
-- owner's active act (replacing an earlier link) in one transaction. Answers the stored handle.
create function public.link_artist_instagram(owner uuid, instagram_user_id text, username text)
returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  act_id uuid;
  handle text := lower(trim(username));
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server kan een Instagram-account koppelen.' using errcode = '42501';
  end if;
  select id into act_id from public.artists where profile_id = owner and deleted_at is null;
  if act_id is null then
    raise exception 'Je hebt nog geen act. Begin bij de eerste stap.' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.artist_instagram_accounts a where a.instagram_user_id = link_artist_instagram.instagram_user_id and a.artist_id <> act_id) then
    raise exception 'Dit Instagram-account is al gekoppeld aan een andere act op Podium.' using errcode = '23505';
  end if;
  insert into public.artist_instagram_accounts (artist_id, instagram_user_id)
  values (act_id, link_artist_instagram.instagram_user_id)
  on conflict (artist_id) do update set instagram_user_id = excluded.instagram_user_id, linked_at = now();
  update public.artists set instagram_handle = handle where id = act_id;
  return handle;
end
$$;
revoke all on function public.link_artist_instagram(uuid, text, text) from public, anon, authenticated;
grant execute on function public.link_artist_instagram(uuid, text, text) to service_role;

-- The owner takes the link away: the handle leaves the public page at once. True when there was one.
create function public.unlink_artist_instagram()
returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  act public.artists := private.own_act();
begin
  delete from public.artist_instagram_accounts where artist_id = act.id;
  update public.artists set instagram_handle = null where id = act.id and instagram_handle is not null;
  return found;
end
$$;
revoke all on function public.unlink_artist_instagram() from public, anon;
grant execute on function public.unlink_artist_instagram() to authenticated;

-- An access token is signed for an hour, but its session can end sooner: signing out, a new
-- password, a ban, admin_reset_two_factor, a deleted account (deleting the login deletes its
-- sessions). The auth server then refuses it; the database now does too. Every token the auth
-- server issues names its session (`session_id`); a token whose session is gone is refused by
-- PostgREST before the request runs (the pre-request hook below: every RPC and table write,
-- present and future), by is_admin() (which storage and realtime policies use too), and by the
-- storage and realtime policies (restrictive ones, so they hold whatever the others allow).
-- Tokens without a session (the anon and service-role keys, server-made tokens) are not asked.
-- The check is one primary-key lookup in auth.sessions.

create function public.session_is_live() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select case
    when claim.session is null then true
    when claim.session !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then false
    else exists (
      select 1 from auth.sessions s
       where s.id = claim.session::uuid
         and s.user_id = auth.uid()
         and (s.not_after is null or s.not_after > now()))
  end
  from (select nullif(auth.jwt() ->> 'session_id', '') as session) claim
$$;
revoke all on function public.session_is_live() from public;
grant execute on function public.session_is_live() to anon, authenticated, service_role;
comment on function public.session_is_live() is
  'False when the caller''s token names a session that has ended (signed out, password changed, account deleted, second factor reset); true for tokens without a session (anon and service-role keys).';

-- PostgREST calls this before each request (pgrst.db_pre_request, as on hosted Supabase). A
-- refusal is a 401, as for an expired token.
create function public.refuse_ended_session() returns void
language plpgsql stable
set search_path = ''
as $$
begin
  if not public.session_is_live() then
    raise exception 'Je bent niet meer ingelogd. Log opnieuw in.' using errcode = 'PT401', hint = 'session_ended';
  end if;
end
$$;
revoke all on function public.refuse_ended_session() from public;
grant execute on function public.refuse_ended_session() to anon, authenticated, service_role;
comment on function public.refuse_ended_session() is 'PostgREST''s pre-request hook: refuses a token whose session has ended (401).';

alter role authenticator set pgrst.db_pre_request = 'public.refuse_ended_session';
notify pgrst, 'reload config';

-- The one admin check, now also for a live session: an admin whose second factor was reset (or
-- who signed out) keeps no admin rights through a token issued before.
create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
     and exists (select 1 from public.profiles where id = auth.uid() and role = 'admin')
     and public.session_is_live()
$$;
comment on function public.is_admin() is
  'True for an admin signed in with their second factor (aal2 in the JWT) in a session that has not ended; every admin policy and function checks this.';

-- Storage and realtime do not go through PostgREST: their policies ask themselves.
create policy "storage: only a live session" on storage.objects
  as restrictive for all to authenticated
  using ((select public.session_is_live()))
  with check ((select public.session_is_live()));
create policy "realtime: only a live session" on realtime.messages
  as restrictive for all to authenticated
  using ((select public.session_is_live()))
  with check ((select public.session_is_live()));

-- A deleted account leaves nothing of the person in the contact and quote requests either: the
-- ones sent signed in, and the ones sent with the account's e-mail address (profiles.email until
-- the scrub). The message stays for the team's records.
create function private.scrub_contact_requests() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.contact_requests r
     set name = 'Verwijderde gebruiker', email = 'verwijderd@podium.invalid', phone = null, client_hash = null
   where r.profile_id = new.id
      or (old.email is not null and lower(r.email) = lower(old.email));
  return new;
end
$$;
revoke all on function private.scrub_contact_requests() from public, anon, authenticated, service_role;

create trigger profiles_scrub_contact_requests after update of deleted_at on public.profiles
  for each row when (new.deleted_at is not null)
  execute function private.scrub_contact_requests();

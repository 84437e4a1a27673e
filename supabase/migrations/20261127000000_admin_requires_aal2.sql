-- Admins act only after the second factor. is_admin() is the one admin check: every
-- admin RLS policy, admin view and admin SQL function goes through it. It now also asks for
-- aal2 in the JWT, which only the auth server's /factors/{id}/verify grants (and a refresh keeps),
-- so a session of the admin's password alone reads and changes nothing an admin may. Service-role
-- code (webhooks, the scheduler, edge functions) never relied on is_admin().
create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
     and exists (select 1 from public.profiles where id = auth.uid() and role = 'admin')
$$;
comment on function public.is_admin() is
  'True for an admin signed in with their second factor (aal2 in the JWT); every admin policy and function checks this.';

-- Only admins can be helped by admin_reset_two_factor; is_admin() now covers its aal2 check.
create or replace function public.admin_reset_two_factor(target_id uuid) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  if not public.is_admin() then
    raise exception 'Alleen een beheerder die met tweestapsverificatie is ingelogd kan die van een ander herstellen.' using errcode = '42501';
  end if;
  if target_id = auth.uid() then
    raise exception 'Je kunt je eigen tweestapsverificatie niet herstellen; vraag een andere beheerder.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.profiles where id = target_id and role = 'admin') then
    perform private.raise_not_found('Beheerder niet gevonden.');
  end if;
  delete from auth.mfa_factors where user_id = target_id;
  get diagnostics removed = row_count;
  delete from auth.sessions where user_id = target_id;
  insert into public.admin_audit_log (actor_id, action, table_name, record_id, details)
  values (auth.uid(), 'reset_two_factor', 'mfa_factors', target_id::text, jsonb_build_object('factors_removed', removed));
  return removed;
end
$$;

-- The back office's 'Beheerders' screen: every admin, whether their second factor is set up
-- (and since when) and when they last signed in, so one admin can see who needs help and give it
-- with admin_reset_two_factor. Factor secrets never leave auth.
create function public.admin_list_admins()
returns table (id uuid, first_name text, last_name text, email text, two_factor_since timestamptz, last_sign_in_at timestamptz)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Alleen beheerders kunnen de beheerders bekijken.' using errcode = '42501';
  end if;
  return query
    select p.id, p.first_name, p.last_name, p.email,
           (select min(f.updated_at) from auth.mfa_factors f where f.user_id = p.id and f.status = 'verified'),
           u.last_sign_in_at
      from public.profiles p
      join auth.users u on u.id = p.id
     where p.role = 'admin'
     order by p.last_name, p.first_name, p.id;
end
$$;
revoke execute on function public.admin_list_admins() from public, anon;
grant execute on function public.admin_list_admins() to authenticated;
comment on function public.admin_list_admins() is
  'Every admin with whether (since when) their second factor is set up and their last sign-in; aal2 admins only.';

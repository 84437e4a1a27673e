-- Two-factor sign-in for admins: an admin who lost their authenticator is helped by
-- another admin. admin_reset_two_factor removes the target admin's TOTP factors (auth.mfa_factors,
-- as the auth server's DELETE /admin/users/{id}/factors does) and ends their sessions, so their
-- next login makes them enrol again. Only an admin signed in with the second factor (aal2 in the
-- JWT) may do it, never for themselves (a stolen password must not be enough to replace a
-- factor), and it lands in the admin audit log like every other admin action.
create function public.admin_reset_two_factor(target_id uuid) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  if not public.is_admin() or coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
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
revoke execute on function public.admin_reset_two_factor(uuid) from public, anon;
grant execute on function public.admin_reset_two_factor(uuid) to authenticated;
comment on function public.admin_reset_two_factor(uuid) is
  'Removes another admin''s second factors and sessions (they enrol again at their next login); aal2 admins only, audited.';

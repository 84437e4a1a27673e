-- The helpers that policies and write triggers call on every row they look at. As SQL functions
-- with a SET clause they are never inlined and are planned on every call; as PL/pgSQL their plans
-- are kept per connection (docs/performance.md, 'Stack start'). Same answers, same grants.

-- Without a second factor there is nothing to look up: every guest and customer ends here.
create or replace function public.is_admin() returns boolean
language plpgsql
stable security definer
set search_path = ''
as $$
begin
  if coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
    return false;
  end if;
  return exists (select 1 from public.profiles where id = auth.uid() and role = 'admin') and public.session_is_live();
end
$$;

create or replace function public.is_service_role() returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return coalesce(auth.role(), '') = 'service_role';
end
$$;

-- Indexes and generated columns use it: the answer for every input stays what it was.
create or replace function public.fold_text(value text) returns text
language plpgsql
immutable parallel safe
set search_path = ''
as $$
begin
  return lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(value, '')));
end
$$;

-- "Not found" answered 500 through PostgREST. Our functions say a booking, act, conversation,
-- package or profile does not exist (or is not the caller's) with SQLSTATE P0002, and PostgREST
-- maps every P0xxx except P0001 to 500 Internal Server Error: a stranger's booking id, a customer
-- on an artist page, a deleted package all read as a server failure (found by the property tests
-- of bad input, supabase/tests/bad-input-rpc.test.ts). The clients read the code P0002 and the
-- Dutch message, so both stay; only the HTTP status becomes 404, through PostgREST's own way to
-- set it (RAISE SQLSTATE 'PGRST' with the error body as message and the status as detail).
-- Callers on a plain connection (the scheduler, SQL tests) still get an ordinary P0002: PostgREST
-- and the storage service set request.method, nothing else does.

create or replace function private.raise_not_found(message text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if coalesce(current_setting('request.method', true), '') <> '' then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'P0002', 'message', message, 'details', null, 'hint', null)::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  raise exception using message = message, errcode = 'P0002';
end;
$$;

revoke all on function private.raise_not_found(text) from public;
grant execute on function private.raise_not_found(text) to anon, authenticated, service_role;

-- Every function that raises P0002 itself, rewritten to raise it through the helper (same
-- message, same code). The definitions are the current ones, so later changes are kept.
do $$
declare
  fn record;
  definition text;
begin
  for fn in
    select p.oid
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private')
      and p.prosrc ~ $re$raise\s+exception\s+'(?:[^']|'')*'\s+using\s+errcode\s*=\s*'P0002'$re$
  loop
    definition := regexp_replace(
      pg_get_functiondef(fn.oid),
      $re$raise\s+exception\s+('(?:[^']|'')*')\s+using\s+errcode\s*=\s*'P0002'$re$,
      'perform private.raise_not_found(\1)',
      'g'
    );
    execute definition;
  end loop;
end;
$$;

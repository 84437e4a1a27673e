-- What the Realtime server (stack/realtime) needs in the database: one function that turns a
-- decoded WAL change into Supabase's postgres_changes records and tells, in a single round trip,
-- which subscriber groups (same role and claims) may see it through RLS, as Supabase's
-- realtime.apply_rls does; and realtime.messages, whose RLS authorizes private channels.

create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  primary key (id)
);
alter table realtime.messages enable row level security;
grant usage on schema realtime to postgres, anon, authenticated, service_role;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

-- The channel being authorized, for policies on realtime.messages (as on Supabase).
create or replace function realtime.topic() returns text
language sql stable
as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- What one role may see of a table's changes, from the catalog alone: its selectable columns (in
-- table order, with their types), the error Supabase reports instead of a record, and whether
-- every subscriber of that role gets the same answer without a lookup ("settled": true or false)
-- or each group's own claims decide (null). podium_apply_rls asks it per role of a change,
-- podium_apply_rls_batch once per table, action and role of a batch.
create or replace function realtime.podium_role_view(entity regclass, action text, role_name text) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  rls boolean := (select relrowsecurity from pg_catalog.pg_class where oid = entity);
  pk_columns text[] := array(
    select a.attname::text from pg_catalog.pg_index i
      join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = entity and i.indisprimary);
  allowed_columns text[];
  role_errors jsonb;
  open_role boolean;
begin
  if pg_catalog.to_regrole(role_name) is null then
    return pg_catalog.jsonb_build_object('errors', pg_catalog.jsonb_build_array('Error 401: Unauthorized'), 'settled', false);
  end if;
  allowed_columns := array(
    select a.attname::text from pg_catalog.pg_attribute a
     where a.attrelid = entity and a.attnum > 0 and not a.attisdropped
       and pg_catalog.has_column_privilege(role_name, entity, a.attname, 'SELECT')
     order by a.attnum);
  role_errors := case
    when action <> 'DELETE' and coalesce(pg_catalog.array_length(pk_columns, 1), 0) = 0 then pg_catalog.jsonb_build_array('Error 400: Bad Request, no primary key')
    when action <> 'DELETE' and not (pk_columns <@ allowed_columns) then pg_catalog.jsonb_build_array('Error 401: Unauthorized')
    else null
  end;
  -- As in podium_apply_rls: a role a permissive `using (true)` SELECT policy lets read every row,
  -- with no restrictive policy, needs no lookup.
  open_role := rls and exists (
    select 1 from pg_catalog.pg_roles r
     where r.rolname::text = role_name
       and (r.rolbypassrls or (
         exists (select 1 from pg_catalog.pg_policy p
                  where p.polrelid = entity and p.polpermissive and p.polcmd in ('r', '*')
                    and (p.polroles = '{0}' or r.oid = any(p.polroles))
                    and pg_catalog.pg_get_expr(p.polqual, p.polrelid) = 'true')
         and not exists (select 1 from pg_catalog.pg_policy p
                  where p.polrelid = entity and not p.polpermissive and p.polcmd in ('r', '*')
                    and (p.polroles = '{0}' or r.oid = any(p.polroles))))));
  return pg_catalog.jsonb_build_object(
    'rls', rls,
    'pk', pg_catalog.to_jsonb(pk_columns),
    'allowed', pg_catalog.to_jsonb(allowed_columns),
    'columns', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('name', a.attname, 'type', t.typname) order by a.attnum), '[]')
        from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
       where a.attrelid = entity and a.attnum > 0 and not a.attisdropped and a.attname::text = any(allowed_columns)),
    'errors', role_errors,
    'settled', case when role_errors is not null or not rls or action = 'DELETE' or open_role then pg_catalog.to_jsonb(true) else 'null'::jsonb end);
end
$$;

revoke all on function realtime.podium_role_view(regclass, text, text) from public;

-- A WAL tuple ({column: text value or null}, unchanged TOAST columns left out) as the table's
-- typed values, as JSON; null for none.
create or replace function realtime.podium_typed_values(entity regclass, tuple jsonb) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  typed jsonb;
begin
  if tuple is null or tuple = 'null'::jsonb then
    return null;
  end if;
  execute format('select to_jsonb(pg_catalog.jsonb_populate_record(null::%s, $1))', entity) into typed using tuple;
  return (select coalesce(pg_catalog.jsonb_object_agg(key, value), '{}') from pg_catalog.jsonb_each(typed) where tuple ? key);
end
$$;

revoke all on function realtime.podium_typed_values(regclass, jsonb) from public;

-- What a role is told of one change: from its podium_role_view, the columns, the record and old
-- record it may read, and its error.
create or replace function realtime.podium_role_answer(role_view jsonb, action text, typed_new jsonb, typed_old jsonb) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  return case when role_view ? 'allowed' then pg_catalog.jsonb_build_object(
      'columns', role_view -> 'columns',
      'record', case when role_view -> 'errors' = 'null'::jsonb and action in ('INSERT', 'UPDATE') then
        (select coalesce(pg_catalog.jsonb_object_agg(key, value), '{}') from pg_catalog.jsonb_each(typed_new) where role_view -> 'allowed' ? key) end,
      'old_record', case when role_view -> 'errors' = 'null'::jsonb and action in ('UPDATE', 'DELETE') then
        -- With RLS on, a delete cannot be checked against the (gone) row: only its key is sent.
        (select coalesce(pg_catalog.jsonb_object_agg(key, value), '{}') from pg_catalog.jsonb_each(typed_old)
          where role_view -> 'allowed' ? key and (action <> 'DELETE' or not (role_view ->> 'rls')::boolean or role_view -> 'pk' ? key)) end,
      'errors', role_view -> 'errors')
    else pg_catalog.jsonb_build_object('errors', role_view -> 'errors') end;
end
$$;

revoke all on function realtime.podium_role_answer(jsonb, text, jsonb, jsonb) from public;

-- The WAL sender can stream a commit a moment before the committing backend makes it visible to
-- new snapshots: a lookup waits for the change's transaction to end, or it would not find the row.
-- The change carries a 32-bit xid: it gets the epoch that puts it nearest to the current one. It
-- may be a little ahead of this snapshot's xmax (it committed just now), and in the first epoch
-- there is no earlier one to go back to.
create or replace function realtime.podium_await_commit(xid bigint) returns void
language plpgsql
set search_path = ''
as $$
declare
  current_xid bigint := pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())::text::bigint;
  full_xid bigint := ((current_xid >> 32) << 32) | xid;
begin
  if full_xid > current_xid + 2147483648 and full_xid >= 4294967296 then
    full_xid := full_xid - 4294967296;
  elsif full_xid < current_xid - 2147483648 then
    full_xid := full_xid + 4294967296;
  end if;
  for attempt in 1 .. 2000 loop
    exit when pg_catalog.pg_xact_status(full_xid::text::xid8) is distinct from 'in progress';
    perform pg_catalog.pg_sleep(0.0005);
  end loop;
end
$$;

revoke all on function realtime.podium_await_commit(bigint) from public;

-- change_values / old_values: the WAL tuple as {column: text value or null}, unchanged TOAST
-- columns left out. groups: [{"role": ..., "claims": {...}}]. Returns
-- {"rls": bool, "roles": {role: {columns, record, old_record, errors}}, "visible": [bool per group]}.
-- Only the row's primary key is looked up as each group, so a policy is checked exactly as a
-- PostgREST select by that user would.
drop function if exists realtime.podium_apply_rls(regclass, text, jsonb, jsonb, jsonb);
drop function if exists realtime.podium_apply_rls(regclass, text, jsonb, jsonb, jsonb, bigint, boolean);
create or replace function realtime.podium_apply_rls(
  entity regclass,
  action text,
  change_values jsonb,
  old_values jsonb,
  groups jsonb,
  xid bigint
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  typed_new jsonb := realtime.podium_typed_values(entity, change_values);
  typed_old jsonb := realtime.podium_typed_values(entity, old_values);
  role_views jsonb;
  roles jsonb;
  pk_columns text[];
  group_roles text[];
  group_claims text[];
  group_count integer;
  visible boolean[];
  settled jsonb;
  lookups boolean;
  switched_to text;
  seen boolean;
begin
  -- Unpacked once: indexing the groups document (TOASTed when large) per group would detoast it
  -- for every group.
  select coalesce(pg_catalog.array_agg(x ->> 'role' order by n), '{}'), coalesce(pg_catalog.array_agg((x -> 'claims')::text order by n), '{}')
    into group_roles, group_claims
    from pg_catalog.jsonb_array_elements(groups) with ordinality as t(x, n);
  group_count := coalesce(pg_catalog.array_length(group_roles, 1), 0);

  select coalesce(pg_catalog.jsonb_object_agg(r, realtime.podium_role_view(entity, action, r)), '{}')
    into role_views
    from (select distinct r from pg_catalog.unnest(group_roles) r) d;
  select coalesce(pg_catalog.jsonb_object_agg(r, realtime.podium_role_answer(role_views -> r, action, typed_new, typed_old)), '{}')
    into roles
    from pg_catalog.jsonb_object_keys(role_views) r;

  visible := pg_catalog.array_fill(false, array[group_count]);
  -- Only groups of a role its view does not settle are looked up, each with its own claims.
  lookups := exists (select 1 from pg_catalog.unnest(group_roles) r where role_views -> r -> 'settled' = 'null'::jsonb);
  if lookups then
    pk_columns := array(select pg_catalog.jsonb_array_elements_text(
      (select v -> 'pk' from pg_catalog.jsonb_each(role_views) e(k, v) where v ? 'pk' limit 1)));
    -- A prepared statement outlives the transaction that made it: one left by a call that failed
    -- after preparing would make every later call on this connection fail.
    if exists (select 1 from pg_catalog.pg_prepared_statements where name = 'podium_rls_check') then
      deallocate podium_rls_check;
    end if;
    execute format(
      'prepare podium_rls_check as select exists (select 1 from %s t where (%s) = (select %s from pg_catalog.jsonb_populate_record(null::%s, %L::jsonb) r))',
      entity,
      (select pg_catalog.string_agg(format('t.%I', c), ', ') from pg_catalog.unnest(pk_columns) c),
      (select pg_catalog.string_agg(format('r.%I', c), ', ') from pg_catalog.unnest(pk_columns) c),
      entity,
      change_values);
    perform realtime.podium_await_commit(xid);
  end if;

  -- By index, not by a query: a query's cursor would fetch its next rows as the switched role.
  for i in 1 .. group_count loop
    settled := role_views -> group_roles[i] -> 'settled';
    if settled <> 'null'::jsonb then
      visible[i] := settled::boolean;
      continue;
    end if;
    if group_roles[i] is distinct from switched_to then
      perform pg_catalog.set_config('role', group_roles[i], true);
      switched_to := group_roles[i];
    end if;
    perform pg_catalog.set_config('request.jwt.claims', group_claims[i], true);
    execute 'execute podium_rls_check' into seen;
    visible[i] := coalesce(seen, false);
  end loop;

  if switched_to is not null then
    perform pg_catalog.set_config('role', null, true);
  end if;
  if lookups then
    deallocate podium_rls_check;
  end if;
  return pg_catalog.jsonb_build_object('rls', (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = entity), 'roles', roles, 'visible', pg_catalog.to_jsonb(visible));
end
$$;

revoke all on function realtime.podium_apply_rls(regclass, text, jsonb, jsonb, jsonb, bigint) from public;


-- A batch of changes as one round trip, with podium_apply_rls's answer per change, in order.
-- What the catalog says comes once per table, action and role (podium_role_view), and the RLS
-- lookups go per subscriber group rather than per change: each group's role and claims are set
-- once, and one statement looks up the keys of every change of one table that group waits on.
-- A burst of changes to many users then costs a lookup per user, not one per user per change.
-- Each statement runs under one set of claims on purpose: a policy's `(select auth.uid())` is an
-- InitPlan, computed once per statement, so a single statement that switched claims between
-- users would answer every user with the first one's.
-- batch: {"groups": [{"role": ..., "claims": {...}}], "changes": [[entity, action, new values,
-- old values, [index into groups, ...], xid], ...]}.
create or replace function realtime.podium_apply_rls_batch(batch jsonb) returns jsonb
language plpgsql
set search_path = ''
-- The lookup is planned once per role, not again for every group's keys.
set plan_cache_mode = force_generic_plan
as $$
declare
  -- The groups as a value of its own, in memory: indexing the batch document (TOASTed when
  -- large) per group would detoast it every time.
  groups_doc jsonb := batch -> 'groups';
  group_roles text[];
  group_claims text[];
  -- podium_role_view per "entity action" and role.
  views jsonb := '{}';
  view_key text;
  role_views jsonb;
  change jsonb;
  entity regclass;
  action text;
  typed_new jsonb;
  typed_old jsonb;
  roles jsonb;
  n integer := 0;
  -- Per change, in order: its answer without "visible", each group's answer where its role
  -- settles it (null where a lookup decides), where its groups start in `found`, and, for the
  -- lookups, its table and new values.
  answers jsonb[] := '{}';
  seen jsonb[] := '{}';
  offsets integer[] := '{}';
  change_entities regclass[] := '{}';
  change_values jsonb[] := '{}';
  change_groups jsonb[] := '{}';
  -- Its key as text where the table's key is one column (what the lookups take), else null.
  change_keys text[] := '{}';
  -- Each group's settled answer per table, action and list of groups: a burst's changes mostly
  -- go to the same groups.
  seen_for jsonb := '{}';
  -- Each table's key columns, by its oid.
  entity_pk jsonb := '{}';
  seen_key text;
  total integer := 0;
  -- Lookups answered yes, by position (offset of the change + position of the group in it).
  found boolean[];
  -- The lookups per (table, group): the keys, and where each answer goes.
  work_entities regclass[];
  work_groups integer[];
  work_keys text[];
  work_values jsonb[];
  work_target text[];
  targets integer[];
  prepared_for regclass;
  pk_columns text[];
  pk_type text;
  switched_to text;
  group_role text;
  found_at integer[];
begin
  select coalesce(pg_catalog.array_agg(x ->> 'role' order by k), '{}'), coalesce(pg_catalog.array_agg((x -> 'claims')::text order by k), '{}')
    into group_roles, group_claims
    from pg_catalog.jsonb_array_elements(groups_doc) with ordinality as t(x, k);

  for change in select c from pg_catalog.jsonb_array_elements(batch -> 'changes') c loop
    n := n + 1;
    entity := (change ->> 0)::regclass;
    action := change ->> 1;
    view_key := entity::oid::text || ' ' || action;
    if not views ? view_key then
      views := views || pg_catalog.jsonb_build_object(view_key, (
        select coalesce(pg_catalog.jsonb_object_agg(r, realtime.podium_role_view(entity, action, r)), '{}')
          from (select distinct r from pg_catalog.unnest(group_roles) r) d));
    end if;
    role_views := views -> view_key;
    if not entity_pk ? (entity::oid::text) then
      entity_pk := entity_pk || pg_catalog.jsonb_build_object(entity::oid::text, pg_catalog.to_jsonb(array(
        select a.attname::text from pg_catalog.pg_index i
          join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
         where i.indrelid = entity and i.indisprimary)));
    end if;

    typed_new := realtime.podium_typed_values(entity, change -> 2);
    typed_old := realtime.podium_typed_values(entity, change -> 3);

    -- What each role of this change's groups is told, as podium_apply_rls tells it.
    select coalesce(pg_catalog.jsonb_object_agg(r, realtime.podium_role_answer(role_views -> r, action, typed_new, typed_old)), '{}')
      into roles
      from (select distinct group_roles[g::int + 1] as r from pg_catalog.jsonb_array_elements_text(change -> 4) g) d;
    answers := answers || pg_catalog.jsonb_build_object('rls', (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = entity), 'roles', roles);
    seen_key := view_key || ' ' || pg_catalog.md5((change -> 4)::text);
    if not seen_for ? seen_key then
      seen_for := seen_for || pg_catalog.jsonb_build_object(seen_key, (
        select coalesce(pg_catalog.jsonb_agg(role_views -> group_roles[g::int + 1] -> 'settled' order by k), '[]')
          from pg_catalog.jsonb_array_elements_text(change -> 4) with ordinality u(g, k)));
    end if;
    seen := seen || (seen_for -> seen_key);
    offsets := offsets || total;
    total := total + pg_catalog.jsonb_array_length(change -> 4);
    change_entities := change_entities || entity;
    change_values := change_values || (change -> 2);
    change_groups := change_groups || (change -> 4);
    change_keys := change_keys || case when pg_catalog.jsonb_array_length(entity_pk -> (entity::oid::text)) = 1 then change -> 2 ->> (entity_pk -> (entity::oid::text) ->> 0) end;

    -- As podium_apply_rls: a change some group must look up waits for its transaction to end.
    if seen[n] @> '[null]' then
      perform realtime.podium_await_commit((change ->> 5)::bigint);
    end if;
  end loop;

  -- The lookups still to do, per (table, group): every change that group waits on whose answer
  -- its role does not settle. A group's keys and their places in `found` are aggregated from the
  -- same rows in the same order, so they stay paired without sorting them; the groups are sorted
  -- by table and role, so each table's lookup is prepared once and each role set once.
  select pg_catalog.array_agg(w.entity order by w.entity, group_roles[w.g + 1], w.g), pg_catalog.array_agg(w.g order by w.entity, group_roles[w.g + 1], w.g),
         pg_catalog.array_agg(w.keys order by w.entity, group_roles[w.g + 1], w.g), pg_catalog.array_agg(w.vals order by w.entity, group_roles[w.g + 1], w.g),
         pg_catalog.array_agg(w.targets order by w.entity, group_roles[w.g + 1], w.g)
    into work_entities, work_groups, work_keys, work_values, work_target
    from (select c.entity, u.g::int as g,
                 -- As text, the literal the lookup takes: no JSON to build and take apart again.
                 pg_catalog.array_agg(c.key)::text as keys,
                 pg_catalog.jsonb_agg(c.vals) filter (where c.key is null) as vals,
                 pg_catalog.array_agg(c.off + u.k::int)::text as targets
            from rows from (pg_catalog.unnest(change_entities), pg_catalog.unnest(change_values), pg_catalog.unnest(seen), pg_catalog.unnest(offsets), pg_catalog.unnest(change_groups), pg_catalog.unnest(change_keys))
                   with ordinality as c(entity, vals, seen_doc, off, group_list, key, n)
            cross join lateral pg_catalog.jsonb_array_elements_text(c.group_list) with ordinality as u(g, k)
           where c.seen_doc -> (u.k::int - 1) = 'null'::jsonb
           group by c.entity, u.g) w;

  found := pg_catalog.array_fill(false, array[greatest(total, 1)]);

  -- A prepared statement outlives the transaction that made it: one left by a call that failed
  -- after preparing would make every later call on this connection fail.
  if exists (select 1 from pg_catalog.pg_prepared_statements where name = 'podium_rls_check') then
    deallocate podium_rls_check;
  end if;

  -- By index, not by a query: a query's cursor would fetch its next rows as the switched role.
  for w in 1 .. coalesce(pg_catalog.array_length(work_entities, 1), 0) loop
    if work_entities[w] is distinct from prepared_for then
      if prepared_for is not null then
        deallocate podium_rls_check;
      end if;
      pk_columns := array(select pg_catalog.jsonb_array_elements_text(entity_pk -> (work_entities[w]::oid::text)));
      pk_type := (select pg_catalog.format_type(a.atttypid, a.atttypmod) from pg_catalog.pg_attribute a
                   where a.attrelid = work_entities[w] and a.attname = pk_columns[1] and pg_catalog.array_length(pk_columns, 1) = 1);
      -- Which of the given rows (their positions) the current role and claims can read. With a
      -- one-column key the rows come as their keys, typed once per call, not row by row.
      if pk_type is not null then
        execute format(
          'prepare podium_rls_check(text[]) as select coalesce(pg_catalog.array_agg(k.n::int), ''{}'') from pg_catalog.unnest($1::%s[]) with ordinality as k(id, n)'
          ' where exists (select 1 from %s t where t.%I = k.id)',
          pk_type, work_entities[w], pk_columns[1]);
      else
        execute format(
          'prepare podium_rls_check(jsonb) as select coalesce(pg_catalog.array_agg(k.n::int), ''{}'') from pg_catalog.jsonb_array_elements($1) with ordinality as k(v, n)'
          ' where exists (select 1 from %s t where (%s) = (select %s from pg_catalog.jsonb_populate_record(null::%s, k.v) r))',
          work_entities[w],
          (select pg_catalog.string_agg(format('t.%I', c), ', ') from pg_catalog.unnest(pk_columns) c),
          (select pg_catalog.string_agg(format('r.%I', c), ', ') from pg_catalog.unnest(pk_columns) c),
          work_entities[w]);
      end if;
      prepared_for := work_entities[w];
    end if;
    group_role := group_roles[work_groups[w] + 1];
    if group_role is distinct from switched_to then
      perform pg_catalog.set_config('role', group_role, true);
      switched_to := group_role;
    end if;
    perform pg_catalog.set_config('request.jwt.claims', group_claims[work_groups[w] + 1], true);
    if pk_type is not null then
      execute format('execute podium_rls_check(%L)', work_keys[w]) into found_at;
    else
      execute format('execute podium_rls_check(%L)', work_values[w]) into found_at;
    end if;
    targets := work_target[w]::integer[];
    for k in 1 .. coalesce(pg_catalog.array_length(found_at, 1), 0) loop
      found[targets[found_at[k]]] := true;
    end loop;
  end loop;

  if switched_to is not null then
    perform pg_catalog.set_config('role', null, true);
  end if;
  if prepared_for is not null then
    deallocate podium_rls_check;
  end if;

  -- A group its role settles takes that answer; one looked up is visible where the lookup found the row.
  return (
    select coalesce(pg_catalog.jsonb_agg(
             a.answer || pg_catalog.jsonb_build_object('visible', (
               select coalesce(pg_catalog.jsonb_agg(case when s.v = 'null'::jsonb then found[offsets[a.n] + s.k::int] else s.v::boolean end order by s.k), '[]')
                 from pg_catalog.jsonb_array_elements(seen[a.n]) with ordinality as s(v, k)))
             order by a.n), '[]')
      from pg_catalog.unnest(answers) with ordinality as a(answer, n));
end
$$;

revoke all on function realtime.podium_apply_rls_batch(jsonb) from public;

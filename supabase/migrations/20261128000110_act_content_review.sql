-- Everything a customer reads on an approved act's page is either reviewed before it is public or
-- a closed choice:
-- * genre and city (free text) are held for review like name and bio; a city that follows from
--   the chosen place (the location step) is a place name and applies at once;
-- * categories come from the product's fixed list (shared/src/categories.ts), at most all of them;
-- * a package's name and description and a photo's caption are held per package / per photo in
--   the act's proposal (changes.packages.{id}, changes.captions.{id}); a new package of an
--   approved act waits, like a new photo, until an admin approves it. Prices, durations, order
--   and (de)activation of a package apply at once.
-- admin_review_artists approves or rejects all of it at once, as before.

-- The categories an act can be listed under: shared/src/categories.ts's artistCategories.
create function private.artist_categories() returns text[]
language sql immutable
set search_path = ''
as $$
  select array['bekende', 'bands', 'acts', 'international', 'huwelijk', 'bedrijfsfeest', 'coverbands', 'djs', 'duos', 'live-muziek']
$$;

-- Older free-text categories are dropped from the rows (the known ones stay).
update public.artists a
   set categories = array(select c from unnest(a.categories) with ordinality as t(c, n) where c = any (private.artist_categories()) order by n)
 where not a.categories <@ private.artist_categories();

-- An account's categories, genre and city, checked before anything is held or written.
create function private.artists_closed_choices() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if private.is_privileged_writer() then
    return new;
  end if;
  if (tg_op = 'INSERT' or new.categories is distinct from old.categories)
     and (not coalesce(new.categories, '{}') <@ private.artist_categories()
          or cardinality(new.categories) > cardinality(private.artist_categories())
          or cardinality(new.categories) <> (select count(distinct c) from unnest(new.categories) c)) then
    raise exception 'Kies je categorieën uit de lijst (elke categorie één keer).' using errcode = '22023';
  end if;
  if (tg_op = 'INSERT' or new.genre is distinct from old.genre) and char_length(coalesce(new.genre, '')) > 200 then
    raise exception 'Je genres zijn te lang (maximaal 200 tekens).' using errcode = '22023';
  end if;
  if (tg_op = 'INSERT' or new.city is distinct from old.city) and char_length(coalesce(new.city, '')) > 120 then
    raise exception 'De plaatsnaam is te lang (maximaal 120 tekens).' using errcode = '22023';
  end if;
  return new;
end
$$;
create trigger artists_a1_closed_choices before insert or update of categories, genre, city on public.artists
  for each row execute function private.artists_closed_choices();

-- A proposal's value for one reviewed column, checked as the row itself would check it.
create or replace function private.checked_proposal(field text, proposed jsonb) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
declare
  value text := proposed #>> '{}';
begin
  if field = 'name' then
    value := trim(coalesce(value, ''));
    if char_length(value) not between 1 and 120 then
      raise exception 'Geef je act een naam van 1 tot 120 tekens.' using errcode = '22023';
    end if;
    return to_jsonb(value);
  elsif field = 'bio' then
    if char_length(coalesce(value, '')) > 10000 then
      raise exception 'Je beschrijving is te lang (maximaal 10.000 tekens).' using errcode = '22023';
    end if;
    return to_jsonb(coalesce(value, ''));
  elsif field = 'website_url' then
    value := nullif(trim(coalesce(value, '')), '');
    if value is not null and (value !~* '^https?://[^[:space:]]+$' or char_length(value) > 500) then
      raise exception 'Vul een website in die met http:// of https:// begint.' using errcode = '22023';
    end if;
    return to_jsonb(value);
  elsif field in ('genre', 'city') then
    return to_jsonb(coalesce(value, ''));
  end if;
  return proposed;
end
$$;

-- An act's proposal: one value at `path` (e.g. {bio} or {packages,<id>}) proposed, or withdrawn
-- (null). Opening a proposal after a rejection starts a new one.
create function private.propose_change(artist uuid, path text[], proposed jsonb) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.artist_pending_changes as p (artist_id) values (artist)
  on conflict (artist_id) do nothing;
  if proposed is null then
    update public.artist_pending_changes p set changes = p.changes #- path where p.artist_id = artist;
  else
    update public.artist_pending_changes p
       set changes = jsonb_set(
             case when cardinality(path) > 1 and not p.changes ? path[1] then p.changes || jsonb_build_object(path[1], '{}'::jsonb) else p.changes end,
             path, proposed),
           submitted_at = case when p.changes = '{}' then now() else p.submitted_at end,
           rejection_reason = null,
           reviewed_at = null
     where p.artist_id = artist;
  end if;
  perform private.settle_pending_changes(artist);
end
$$;

-- Drops emptied groups from a proposal, and the proposal itself once nothing waits (a refusal's
-- reason stays for its owner to read).
create function private.settle_pending_changes(artist uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.artist_pending_changes p
     set changes = p.changes - array(select g from unnest(array['packages', 'captions']) g where p.changes -> g = '{}'::jsonb)
   where p.artist_id = artist and (p.changes -> 'packages' = '{}'::jsonb or p.changes -> 'captions' = '{}'::jsonb);
  delete from public.artist_pending_changes p
   where p.artist_id = artist and p.changes = '{}' and p.rejection_reason is null
     and not exists (select 1 from public.artist_media m where m.artist_id = artist and m.pending_review)
     and not exists (select 1 from public.artist_packages k where k.artist_id = artist and k.pending_review);
end
$$;

-- BEFORE UPDATE OF <column> (tg_argv[0]) on artists: hold a reviewed column's change of an
-- approved act for review.
create or replace function private.artists_hold_for_review() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  field text := tg_argv[0];
  public_value jsonb := to_jsonb(old) -> field;
  proposed jsonb := to_jsonb(new) -> field;
begin
  if old.approval_status <> 'approved' or old.deleted_at is not null or private.is_privileged_writer() then
    return new;
  end if;
  proposed := private.checked_proposal(field, proposed);
  -- A photo customers already see (or none) as the cover is not new content.
  if field in ('cover_path', 'avatar_path')
     and (proposed = 'null'::jsonb
          or exists (select 1 from public.artist_media m
                      where m.artist_id = old.id and m.storage_path = proposed #>> '{}' and not m.pending_review)) then
    if exists (select 1 from public.artist_pending_changes p where p.artist_id = old.id and p.changes ? field) then
      perform private.propose_change(old.id, array[field], null);
    end if;
    return new;
  end if;
  perform private.propose_change(old.id, array[field], case when proposed is distinct from public_value then proposed end);
  -- The public value stays.
  new := jsonb_populate_record(new, jsonb_build_object(field, public_value));
  return new;
end
$$;

create trigger artists_a_hold_genre before update of genre on public.artists
  for each row execute function private.artists_hold_for_review('genre');
create trigger artists_a_hold_city before update of city on public.artists
  for each row execute function private.artists_hold_for_review('city');

-- Packages of an approved act: new ones wait for review; a changed name or description is held.
alter table public.artist_packages add column pending_review boolean not null default false;
comment on column public.artist_packages.pending_review is 'Added to an approved act by its owner and not yet reviewed: not public, not bookable.';

drop policy "artist_packages: active ones of public artists" on public.artist_packages;
create policy "artist_packages: reviewed active ones of public artists" on public.artist_packages
  for select to anon, authenticated using (is_active and not pending_review and public.is_public_artist(artist_id));

-- Whether an owner's write to this act's content goes to review.
create function private.act_under_review(artist uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select not private.is_privileged_writer()
     and exists (select 1 from public.artists a where a.id = artist and a.approval_status = 'approved' and a.deleted_at is null)
$$;

create function private.artist_packages_hold_for_review() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  proposed jsonb;
begin
  if tg_op = 'INSERT' then
    if private.is_privileged_writer() then
      return new;
    end if;
    new.pending_review := private.act_under_review(new.artist_id);
    if new.pending_review then
      insert into public.artist_pending_changes as p (artist_id) values (new.artist_id)
      on conflict (artist_id) do update
        set submitted_at = case when p.changes = '{}' and p.rejection_reason is not null then now() else p.submitted_at end,
            rejection_reason = null,
            reviewed_at = null;
    end if;
    return new;
  end if;
  -- A package still waiting is reviewed as it is when the admin looks at it.
  if old.pending_review or not private.act_under_review(old.artist_id) then
    return new;
  end if;
  new.name := trim(new.name);
  if char_length(new.name) not between 1 and 120 then
    raise exception 'Geef het pakket een naam van 1 tot 120 tekens.' using errcode = '22023';
  end if;
  if char_length(new.description) > 4000 then
    raise exception 'De beschrijving van het pakket is te lang (maximaal 4000 tekens).' using errcode = '22023';
  end if;
  proposed := jsonb_build_object('name', new.name, 'description', new.description);
  if new.name = old.name and new.description = old.description then
    if exists (select 1 from public.artist_pending_changes p where p.artist_id = old.artist_id and p.changes -> 'packages' ? old.id::text) then
      perform private.propose_change(old.artist_id, array['packages', old.id::text], null);
    end if;
  else
    perform private.propose_change(old.artist_id, array['packages', old.id::text], proposed);
    new.name := old.name;
    new.description := old.description;
  end if;
  return new;
end
$$;
create trigger artist_packages_hold_for_review_insert before insert on public.artist_packages
  for each row execute function private.artist_packages_hold_for_review();
create trigger artist_packages_hold_for_review_update before update of name, description on public.artist_packages
  for each row execute function private.artist_packages_hold_for_review();

-- A removed package or photo takes its held text (and, if nothing else waits, the proposal) along.
create function private.artist_content_after_delete() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  grp text := tg_argv[0];
begin
  update public.artist_pending_changes p set changes = p.changes #- array[grp, old.id::text]
   where p.artist_id = old.artist_id and p.changes -> grp ? old.id::text;
  if tg_table_name = 'artist_media' and old.pending_review then
    update public.artist_pending_changes p
       set changes = p.changes - 'cover_path' - 'avatar_path'
     where p.artist_id = old.artist_id and p.changes ->> 'cover_path' = old.storage_path;
  end if;
  perform private.settle_pending_changes(old.artist_id);
  return old;
end
$$;
drop trigger artist_media_after_delete on public.artist_media;
create trigger artist_media_after_delete after delete on public.artist_media
  for each row execute function private.artist_content_after_delete('captions');
create trigger artist_packages_after_delete after delete on public.artist_packages
  for each row execute function private.artist_content_after_delete('packages');

-- A reviewed photo's caption is held; a waiting photo's caption is reviewed with the photo.
create function private.artist_media_hold_caption() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if old.pending_review or not private.act_under_review(old.artist_id) then
    return new;
  end if;
  if char_length(new.caption) > 500 then
    raise exception 'Het bijschrift is te lang (maximaal 500 tekens).' using errcode = '22023';
  end if;
  if new.caption = old.caption then
    if exists (select 1 from public.artist_pending_changes p where p.artist_id = old.artist_id and p.changes -> 'captions' ? old.id::text) then
      perform private.propose_change(old.artist_id, array['captions', old.id::text], null);
    end if;
  else
    perform private.propose_change(old.artist_id, array['captions', old.id::text], to_jsonb(new.caption));
    new.caption := old.caption;
  end if;
  return new;
end
$$;
create trigger artist_media_hold_caption before update of caption on public.artist_media
  for each row execute function private.artist_media_hold_caption();

-- The back office: whether an act waits for an admin, and for what (new packages count too).
create or replace view public.admin_artists with (security_invoker = true) as
select
  a.id,
  a.profile_id,
  a.name,
  a.slug,
  a.genre,
  a.city,
  a.categories,
  a.bio,
  a.base_price_cents,
  a.travel_radius_km,
  a.avatar_path,
  a.cover_path,
  a.website_url,
  a.approval_status,
  a.approved_at,
  a.rejection_reason,
  a.priority,
  a.rating_avg,
  a.review_count,
  a.search_text,
  a.deleted_at,
  a.deleted_at is not null as is_deleted,
  a.created_at,
  a.updated_at,
  trim(p.first_name || ' ' || p.last_name) as owner_name,
  p.email as owner_email,
  p.phone as owner_phone,
  (a.approval_status = 'pending' or (a.approval_status = 'approved' and review.waiting)) as awaiting_review,
  case when a.approval_status = 'approved' and review.waiting then 'changes' when a.approval_status = 'pending' then 'application' end as review_kind,
  case when a.approval_status = 'approved' and review.waiting then c.submitted_at else coalesce(a.submitted_at, a.created_at) end as review_requested_at,
  coalesce(c.changes, '{}') as pending_changes
from public.artists a
left join public.profiles p on p.id = a.profile_id
left join public.artist_pending_changes c on c.artist_id = a.id
cross join lateral (
  select c.rejection_reason is null
     and (coalesce(c.changes, '{}') <> '{}'
          or exists (select 1 from public.artist_media m where m.artist_id = a.id and m.pending_review)
          or exists (select 1 from public.artist_packages k where k.artist_id = a.id and k.pending_review)) as waiting
) review
where (select public.is_admin());

-- Approve or reject an application, or all of an approved act's changes at once.
create or replace function public.admin_review_artists(artist_ids uuid[], decision text, reason text default null)
returns table (
  artist_id uuid,
  artist_name text,
  artist_slug text,
  approval_status text,
  rejection_reason text,
  owner_email text,
  owner_first_name text,
  review_kind text,
  discarded_paths text[]
)
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  clean_reason text := nullif(trim(reason), '');
  act record;
  held jsonb;
  paths text[];
begin
  if not public.is_admin() then
    raise exception 'Alleen een beheerder kan artiesten beoordelen.' using errcode = '42501';
  end if;
  if decision not in ('approved', 'rejected') then
    raise exception 'Kies goedkeuren of afwijzen.' using errcode = '22023';
  end if;
  if decision = 'rejected' and clean_reason is null then
    raise exception 'Geef een reden voor de afwijzing.' using errcode = '22023';
  end if;
  if coalesce(cardinality(artist_ids), 0) = 0 then
    raise exception 'Kies minstens één artiest.' using errcode = '22023';
  end if;
  if char_length(clean_reason) > 2000 then
    raise exception 'De reden is te lang (maximaal 2000 tekens).' using errcode = '22023';
  end if;

  for act in
    select a.id, a.approval_status, v.review_kind
      from public.artists a
      join public.admin_artists v on v.id = a.id
     where a.id = any (artist_ids) and a.deleted_at is null
     order by a.created_at
  loop
    paths := '{}';
    if act.review_kind = 'changes' then
      select c.changes into held from public.artist_pending_changes c where c.artist_id = act.id;
      held := coalesce(held, '{}');
      if decision = 'approved' then
        update public.artists a
           set name = case when held ? 'name' then held ->> 'name' else a.name end,
               bio = case when held ? 'bio' then held ->> 'bio' else a.bio end,
               website_url = case when held ? 'website_url' then held ->> 'website_url' else a.website_url end,
               cover_path = case when held ? 'cover_path' then held ->> 'cover_path' else a.cover_path end,
               avatar_path = case when held ? 'avatar_path' then held ->> 'avatar_path' else a.avatar_path end,
               genre = case when held ? 'genre' then held ->> 'genre' else a.genre end,
               city = case when held ? 'city' then held ->> 'city' else a.city end
         where a.id = act.id;
        update public.artist_packages k
           set name = coalesce(held #>> array['packages', k.id::text, 'name'], k.name),
               description = coalesce(held #>> array['packages', k.id::text, 'description'], k.description)
         where k.artist_id = act.id and held -> 'packages' ? k.id::text;
        update public.artist_media m
           set caption = held #>> array['captions', m.id::text]
         where m.artist_id = act.id and held -> 'captions' ? m.id::text;
        update public.artist_media m set pending_review = false where m.artist_id = act.id and m.pending_review;
        update public.artist_packages k set pending_review = false where k.artist_id = act.id and k.pending_review;
        delete from public.artist_pending_changes c where c.artist_id = act.id;
      else
        -- The reason first: with it the proposal outlives the removal of what waited.
        insert into public.artist_pending_changes as c (artist_id, changes, rejection_reason, reviewed_at)
        values (act.id, '{}', clean_reason, now())
        on conflict (artist_id) do update set changes = '{}', rejection_reason = excluded.rejection_reason, reviewed_at = excluded.reviewed_at;
        with removed as (
          delete from public.artist_media m where m.artist_id = act.id and m.pending_review returning m.storage_path
        )
        select coalesce(array_agg(r.storage_path) filter (where r.storage_path is not null), '{}') into paths from removed r;
        -- A file the act still lists (a reviewed row or its cover naming the same file) stays.
        paths := array(select d from unnest(paths) d where not public.is_listed_artist_media(d));
        delete from public.artist_packages k where k.artist_id = act.id and k.pending_review;
        -- Touch the act so its owner's portal hears of the decision (realtime on artists).
        update public.artists a set name = a.name where a.id = act.id;
      end if;
    else
      update public.artists a
         set approval_status = decision,
             rejection_reason = case when decision = 'rejected' then clean_reason end
       where a.id = act.id;
    end if;
    return query
      select a.id, a.name, a.slug, a.approval_status,
             case when act.review_kind = 'changes' then (case when decision = 'rejected' then clean_reason end) else a.rejection_reason end,
             p.email, p.first_name, coalesce(act.review_kind, 'application'), paths
        from public.artists a
        left join public.profiles p on p.id = a.profile_id
       where a.id = act.id;
  end loop;
end
$$;

comment on table public.artist_pending_changes is
  'An approved act''s changes awaiting an admin (name, bio, website_url, cover_path, avatar_path, genre, city; packages.{id}: {name, description}; captions.{id}), or the reason the last ones were refused. Written by the content triggers and admin_review_artists only.';

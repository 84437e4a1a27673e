-- Trust: once an act is approved, what customers rely on (its name, bio, website,
-- cover photo and new media) goes back to review before it is public; prices, packages, the
-- place and the calendar apply at once.
--
-- * The owner keeps writing the artists row as before. For an approved act, a column trigger per
--   reviewed column (it fires only when that column is in the UPDATE's SET list) moves a changed
--   value into artist_pending_changes and leaves the public value in place; setting a column back
--   to its public value withdraws that part of the proposal. A cover photo that is already public
--   is not new content, so choosing it applies at once.
-- * New photos and links of an approved act are stored with pending_review; the public (and the
--   owner's view of the public page) sees only reviewed media.
-- * admin_review_artists judges an approved act's changes as it judges an application: approved
--   applies them, rejected discards them with a reason the owner sees, while the act stays online.
--   It answers with the kind of review so review-artists words the right mail, and the paths of
--   discarded photos so it removes their files.

-- Who may change an act without review: admins, the service role and the database itself.
create function private.is_privileged_writer() returns boolean
language sql stable
set search_path = ''
as $$
  select public.is_admin() or public.is_service_role() or coalesce(auth.role(), '') not in ('authenticated', 'anon')
$$;

-- Only http(s) website links (the checks the editor makes, for every client).
update public.artists set website_url = null where website_url is not null and website_url !~* '^https?://[^[:space:]]+$';
alter table public.artists add constraint artists_website_url_http
  check (website_url is null or (website_url ~* '^https?://[^[:space:]]+$' and char_length(website_url) <= 500));

create table public.artist_pending_changes (
  artist_id uuid primary key references public.artists (id) on delete cascade,
  changes jsonb not null default '{}' check (jsonb_typeof(changes) = 'object'),
  submitted_at timestamptz not null default now(),
  rejection_reason text,
  reviewed_at timestamptz
);
comment on table public.artist_pending_changes is
  'An approved act''s changes to reviewed fields (name, bio, website_url, cover_path, avatar_path) awaiting an admin, or the reason the last ones were refused. Written by the artists triggers and admin_review_artists only.';
alter table public.artist_pending_changes enable row level security;
revoke all on public.artist_pending_changes from anon, authenticated;
grant select on public.artist_pending_changes to authenticated;
create policy "artist_pending_changes: owner and admin read" on public.artist_pending_changes
  for select to authenticated using (public.owns_artist(artist_id) or (select public.is_admin()));

alter table public.artist_media add column pending_review boolean not null default false;
comment on column public.artist_media.pending_review is 'Added to an approved act by its owner and not yet reviewed: not public.';

drop policy "artist_media: of public artists" on public.artist_media;
create policy "artist_media: reviewed ones of public artists" on public.artist_media
  for select to anon, authenticated using (not pending_review and public.is_public_artist(artist_id));

-- A proposal's value for one reviewed column, checked as the row itself would check it.
create function private.checked_proposal(field text, proposed jsonb) returns jsonb
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
  end if;
  return proposed;
end
$$;

-- BEFORE UPDATE OF <column> (tg_argv[0]) on artists: hold a reviewed column's change of an
-- approved act for review.
create function private.artists_hold_for_review() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  field text := tg_argv[0];
  public_value jsonb := to_jsonb(old) -> field;
  proposed jsonb := to_jsonb(new) -> field;
  held jsonb;
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
    update public.artist_pending_changes set changes = changes - field where artist_id = old.id;
    return new;
  end if;

  insert into public.artist_pending_changes as p (artist_id) values (old.id)
  on conflict (artist_id) do nothing;
  if proposed is not distinct from public_value then
    update public.artist_pending_changes p set changes = p.changes - field where p.artist_id = old.id;
  else
    update public.artist_pending_changes p
       set changes = p.changes || jsonb_build_object(field, proposed),
           submitted_at = case when p.changes = '{}' then now() else p.submitted_at end,
           rejection_reason = null,
           reviewed_at = null
     where p.artist_id = old.id;
  end if;
  select p.changes into held from public.artist_pending_changes p where p.artist_id = old.id;
  if held = '{}' and not exists (select 1 from public.artist_media m where m.artist_id = old.id and m.pending_review) then
    delete from public.artist_pending_changes p where p.artist_id = old.id and p.rejection_reason is null;
  end if;
  -- The public value stays.
  new := jsonb_populate_record(new, jsonb_build_object(field, public_value));
  return new;
end
$$;

-- Named to sort before artists_before_write, which then sees the held row (search text, name trim).
create trigger artists_a_hold_name before update of name on public.artists
  for each row execute function private.artists_hold_for_review('name');
create trigger artists_a_hold_bio before update of bio on public.artists
  for each row execute function private.artists_hold_for_review('bio');
create trigger artists_a_hold_website_url before update of website_url on public.artists
  for each row execute function private.artists_hold_for_review('website_url');
create trigger artists_a_hold_cover_path before update of cover_path on public.artists
  for each row execute function private.artists_hold_for_review('cover_path');
create trigger artists_a_hold_avatar_path before update of avatar_path on public.artists
  for each row execute function private.artists_hold_for_review('avatar_path');

-- New media of an approved act waits for review (and makes the act show in the admins' queue).
create function private.artist_media_hold_for_review() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if private.is_privileged_writer() then
    return new;
  end if;
  new.pending_review := exists (select 1 from public.artists a where a.id = new.artist_id and a.approval_status = 'approved' and a.deleted_at is null);
  if new.pending_review then
    insert into public.artist_pending_changes as p (artist_id) values (new.artist_id)
    on conflict (artist_id) do update
      set submitted_at = case when p.changes = '{}' and p.rejection_reason is not null then now() else p.submitted_at end,
          rejection_reason = null,
          reviewed_at = null;
  end if;
  return new;
end
$$;
create trigger artist_media_hold_for_review before insert on public.artist_media
  for each row execute function private.artist_media_hold_for_review();

-- A pending photo that is removed again takes nothing to review with it.
create function private.artist_media_after_delete() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if old.pending_review then
    delete from public.artist_pending_changes p
     where p.artist_id = old.artist_id and p.changes = '{}' and p.rejection_reason is null
       and not exists (select 1 from public.artist_media m where m.artist_id = old.artist_id and m.pending_review);
    update public.artist_pending_changes p
       set changes = p.changes - 'cover_path' - 'avatar_path'
     where p.artist_id = old.artist_id and p.changes ->> 'cover_path' = old.storage_path;
  end if;
  return old;
end
$$;
create trigger artist_media_after_delete after delete on public.artist_media
  for each row execute function private.artist_media_after_delete();

-- The back office: whether an act waits for an admin, and for what.
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
     and (coalesce(c.changes, '{}') <> '{}' or exists (select 1 from public.artist_media m where m.artist_id = a.id and m.pending_review)) as waiting
) review
where (select public.is_admin());
comment on view public.admin_artists is 'Back office: artists with their owner''s contact details and what waits for review; admins only.';

-- Approve or reject: an application (pending act), or an approved act's changes. A definer now (the
-- held changes and pending media are written by nobody else), so it checks is_admin() first; the
-- audit triggers still record the admin (auth.uid() of the request) as the actor.
drop function public.admin_review_artists(uuid[], text, text);
create function public.admin_review_artists(artist_ids uuid[], decision text, reason text default null)
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
               avatar_path = case when held ? 'avatar_path' then held ->> 'avatar_path' else a.avatar_path end
         where a.id = act.id;
        update public.artist_media m set pending_review = false where m.artist_id = act.id and m.pending_review;
        delete from public.artist_pending_changes c where c.artist_id = act.id;
      else
        with removed as (
          delete from public.artist_media m where m.artist_id = act.id and m.pending_review returning m.storage_path
        )
        select coalesce(array_agg(r.storage_path) filter (where r.storage_path is not null), '{}') into paths from removed r;
        update public.artist_pending_changes c
           set changes = '{}', rejection_reason = clean_reason, reviewed_at = now()
         where c.artist_id = act.id;
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
revoke all on function public.admin_review_artists(uuid[], text, text) from public, anon;
grant execute on function public.admin_review_artists(uuid[], text, text) to authenticated;

-- An act's photos live in its own folder of the artist-media bucket (artist-media/{act id}/…), and
-- its rows may point nowhere else: a media row, cover or avatar that named another act's file
-- would let review-artists remove that file when a change is rejected, or show it on this act's
-- page when approved. The rows are checked by constraint (for every writer); accounts get a Dutch
-- refusal first. A file a listing points at cannot be replaced by its owner: a new photo is a new
-- file, reviewed as one.

-- Older data (the demo seed among it) kept an act's files in its owner's profile folder: those
-- files move to the act's folder (the bytes follow the object row), and the rows with them.
create temporary table legacy_media_paths on commit drop as
select distinct a.id as artist_id, x.path as old_path, a.id::text || substr(x.path, strpos(x.path, '/')) as new_path
  from public.artists a
  cross join lateral (
    select m.storage_path from public.artist_media m where m.artist_id = a.id and m.storage_path is not null
    union select a.cover_path union select a.avatar_path
  ) as x(path)
 where x.path is not null
   and split_part(x.path, '/', 1) = a.profile_id::text
   and a.profile_id::text <> a.id::text;

update storage.objects o
   set name = l.new_path, updated_at = now()
  from (select distinct on (old_path) old_path, new_path from legacy_media_paths order by old_path, artist_id) l
 where o.bucket_id = 'artist-media' and o.name = l.old_path
   and not exists (select 1 from storage.objects taken where taken.bucket_id = 'artist-media' and taken.name = l.new_path);

update public.artist_media m set storage_path = l.new_path
  from legacy_media_paths l where m.artist_id = l.artist_id and m.storage_path = l.old_path;
update public.artists a set cover_path = l.new_path from legacy_media_paths l where a.id = l.artist_id and a.cover_path = l.old_path;
update public.artists a set avatar_path = l.new_path from legacy_media_paths l where a.id = l.artist_id and a.avatar_path = l.old_path;
update public.artist_pending_changes c set changes = jsonb_set(c.changes, array[f.field], to_jsonb(l.new_path))
  from legacy_media_paths l, unnest(array['cover_path', 'avatar_path']) as f(field)
 where c.artist_id = l.artist_id and c.changes ->> f.field = l.old_path;

-- Whether a path names a file in the act's own folder: '{act id}/…', no empty, '.' or '..' segment.
create function private.is_act_media_path(artist uuid, path text) returns boolean
language sql immutable
set search_path = ''
as $$
  select path is null
      or (split_part(path, '/', 1) = artist::text
          and path ~ '^[^/]+(/[^/]+)+$'
          and path !~ '(^|/)\.{1,2}(/|$)')
$$;

-- What still points elsewhere belongs to another act (or to nothing): the row goes, or the
-- cover/avatar is cleared. Nothing of the other act is touched.
delete from public.artist_media m where not private.is_act_media_path(m.artist_id, m.storage_path);
update public.artists a set cover_path = null where not private.is_act_media_path(a.id, a.cover_path);
update public.artists a set avatar_path = null where not private.is_act_media_path(a.id, a.avatar_path);
update public.artist_pending_changes c set changes = c.changes - 'cover_path'
 where c.changes ? 'cover_path' and not private.is_act_media_path(c.artist_id, c.changes ->> 'cover_path');
update public.artist_pending_changes c set changes = c.changes - 'avatar_path'
 where c.changes ? 'avatar_path' and not private.is_act_media_path(c.artist_id, c.changes ->> 'avatar_path');

-- Spelled out (not through the function) so the check needs no execute right of whoever writes.
alter table public.artist_media add constraint artist_media_own_folder check (
  storage_path is null
  or (split_part(storage_path, '/', 1) = artist_id::text and storage_path ~ '^[^/]+(/[^/]+)+$' and storage_path !~ '(^|/)\.{1,2}(/|$)'));
alter table public.artists add constraint artists_cover_own_folder check (
  cover_path is null
  or (split_part(cover_path, '/', 1) = id::text and cover_path ~ '^[^/]+(/[^/]+)+$' and cover_path !~ '(^|/)\.{1,2}(/|$)'));
alter table public.artists add constraint artists_avatar_own_folder check (
  avatar_path is null
  or (split_part(avatar_path, '/', 1) = id::text and avatar_path ~ '^[^/]+(/[^/]+)+$' and avatar_path !~ '(^|/)\.{1,2}(/|$)'));

-- The same rule as a sentence for the artist, before the constraint would answer in English.
create function private.artist_media_own_folder() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if not private.is_act_media_path(new.artist_id, new.storage_path) then
    raise exception 'Deze foto staat niet in de map van je act. Upload hem opnieuw vanuit je profiel.' using errcode = '42501';
  end if;
  return new;
end
$$;
create trigger artist_media_a_own_folder before insert or update on public.artist_media
  for each row execute function private.artist_media_own_folder();

create function private.artists_own_media_paths() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if not private.is_act_media_path(new.id, new.cover_path) or not private.is_act_media_path(new.id, new.avatar_path) then
    raise exception 'Kies een omslagfoto uit de foto''s van je eigen act.' using errcode = '42501';
  end if;
  return new;
end
$$;
-- Sorts before the review triggers (artists_a_hold_*), so a foreign path is refused, not held.
create trigger artists_a0_own_media_paths before insert or update of cover_path, avatar_path on public.artists
  for each row execute function private.artists_own_media_paths();

-- Whether a listing points at this file: a media row (reviewed or waiting) or an act's cover or
-- avatar. Such a file is what an admin saw; its bytes stay as they are. In public because the
-- storage policies run as the caller.
create function public.is_listed_artist_media(name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.artist_media m where m.storage_path = name)
      or exists (select 1 from public.artists a where a.cover_path = name or a.avatar_path = name)
$$;
revoke all on function public.is_listed_artist_media(text) from public, anon;
grant execute on function public.is_listed_artist_media(text) to authenticated, service_role;
create index if not exists artists_cover_path_idx on public.artists (cover_path) where cover_path is not null;
create index if not exists artists_avatar_path_idx on public.artists (avatar_path) where avatar_path is not null;
create index if not exists artist_media_storage_path_idx on public.artist_media (storage_path) where storage_path is not null;

-- The owner uploads new files to the act's folder and removes files; replacing one (x-upsert,
-- a move onto it, or removing it and uploading again under its name while a listing points at
-- it) is not theirs. Admins keep every right.
drop policy "artist-media: owner or admin uploads" on storage.objects;
drop policy "artist-media: owner or admin replaces" on storage.objects;
create policy "artist-media: owner uploads new files, admin uploads" on storage.objects for insert to authenticated
  with check (bucket_id = 'artist-media' and (
    (public.owns_artist_folder((storage.foldername(name))[1]) and not public.is_listed_artist_media(name))
    or public.is_admin()));
create policy "artist-media: admin replaces" on storage.objects for update to authenticated
  using (bucket_id = 'artist-media' and public.is_admin())
  with check (bucket_id = 'artist-media' and public.is_admin());

-- Storage buckets and who may write where. The storage service (hosted, or supabase/stack/storage
-- locally) runs every request as the caller's role with their JWT claims, so these policies on
-- storage.objects decide access. Reads of public buckets need no policy (public URLs); the
-- select policies below are for listing and for upserts, which read before they write.
--
-- Folder conventions (the first path segment names the owner):
--   avatars/{profile id}/...        profile photos                public
--   artist-media/{artist id}/...    photos, covers, audio, video  public
--   news-covers/...                 news article covers           public
--   documents/{profile id}/...      onboarding files, booking PDFs private

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('avatars', 'avatars', true, 5242880, '{image/jpeg,image/png,image/webp,image/avif}'),
  ('artist-media', 'artist-media', true, 52428800, '{image/jpeg,image/png,image/webp,image/avif,audio/mpeg,audio/mp4,audio/ogg,video/mp4,video/webm}'),
  ('news-covers', 'news-covers', true, 10485760, '{image/jpeg,image/png,image/webp,image/avif}'),
  ('documents', 'documents', false, 20971520, '{application/pdf,image/jpeg,image/png}')
on conflict (id) do nothing;

-- True when the first folder of an object path is an artist the caller owns. Takes text, so a
-- folder that is not a uuid is simply not owned instead of an error.
create function public.owns_artist_folder(folder text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.artists
    where id::text = folder and profile_id = auth.uid() and deleted_at is null
  )
$$;
revoke execute on function public.owns_artist_folder(text) from public, anon;
grant execute on function public.owns_artist_folder(text) to authenticated, service_role;

-- avatars: each user manages their own folder.
create policy "avatars: owner reads own folder" on storage.objects for select to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "avatars: owner uploads to own folder" on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "avatars: owner replaces in own folder" on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "avatars: owner deletes from own folder" on storage.objects for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- artist-media: the owning artist's folder, and admins everywhere.
create policy "artist-media: owner or admin reads" on storage.objects for select to authenticated
  using (bucket_id = 'artist-media' and (public.owns_artist_folder((storage.foldername(name))[1]) or public.is_admin()));
create policy "artist-media: owner or admin uploads" on storage.objects for insert to authenticated
  with check (bucket_id = 'artist-media' and (public.owns_artist_folder((storage.foldername(name))[1]) or public.is_admin()));
create policy "artist-media: owner or admin replaces" on storage.objects for update to authenticated
  using (bucket_id = 'artist-media' and (public.owns_artist_folder((storage.foldername(name))[1]) or public.is_admin()))
  with check (bucket_id = 'artist-media' and (public.owns_artist_folder((storage.foldername(name))[1]) or public.is_admin()));
create policy "artist-media: owner or admin deletes" on storage.objects for delete to authenticated
  using (bucket_id = 'artist-media' and (public.owns_artist_folder((storage.foldername(name))[1]) or public.is_admin()));

-- news-covers: admins only.
create policy "news-covers: admin reads" on storage.objects for select to authenticated
  using (bucket_id = 'news-covers' and public.is_admin());
create policy "news-covers: admin uploads" on storage.objects for insert to authenticated
  with check (bucket_id = 'news-covers' and public.is_admin());
create policy "news-covers: admin replaces" on storage.objects for update to authenticated
  using (bucket_id = 'news-covers' and public.is_admin())
  with check (bucket_id = 'news-covers' and public.is_admin());
create policy "news-covers: admin deletes" on storage.objects for delete to authenticated
  using (bucket_id = 'news-covers' and public.is_admin());

-- documents: private; the owner manages their folder, admins read for support.
create policy "documents: owner or admin reads" on storage.objects for select to authenticated
  using (bucket_id = 'documents' and ((storage.foldername(name))[1] = (select auth.uid())::text or public.is_admin()));
create policy "documents: owner uploads to own folder" on storage.objects for insert to authenticated
  with check (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "documents: owner replaces in own folder" on storage.objects for update to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "documents: owner deletes from own folder" on storage.objects for delete to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text);

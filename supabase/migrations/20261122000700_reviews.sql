-- reviews (ARCHITECTURE): one per completed booking, by that booking's customer; the artist may
-- reply. Ratings roll up into artists.rating_avg / review_count.

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null unique references public.bookings (id) on delete cascade,
  artist_id uuid not null references public.artists (id) on delete cascade,
  customer_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  body text not null default '' check (char_length(body) <= 4000),
  artist_reply text check (char_length(artist_reply) <= 4000),
  artist_replied_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index reviews_artist_idx on public.reviews (artist_id, created_at desc);
create index reviews_customer_idx on public.reviews (customer_id, created_at desc);
alter table public.reviews enable row level security;
-- So clients can embed the reviewer's public name (public_profiles) next to the review.
alter table public.reviews
  add constraint reviews_customer_public_profile_fkey foreign key (customer_id) references public.public_profiles (id) on delete cascade;

-- Verified reviews only: the reviewer's own completed booking; the artist comes from it.
create function private.reviews_before_write() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  booking public.bookings;
  privileged boolean := public.is_service_role() or coalesce(auth.role(), '') not in ('authenticated', 'anon');
begin
  if tg_op = 'INSERT' then
    select * into booking from public.bookings where id = new.booking_id;
    if not found or booking.status <> 'completed' or booking.customer_id <> new.customer_id
       or (not privileged and new.customer_id is distinct from auth.uid()) then
      raise exception 'Je kunt alleen een voltooide boeking van jezelf beoordelen.' using errcode = '42501';
    end if;
    new.artist_id := booking.artist_id;
    new.artist_reply := null;
    new.artist_replied_at := null;
  else
    if not privileged and not public.is_admin() then
      if (new.rating is distinct from old.rating or new.body is distinct from old.body)
         and old.customer_id is distinct from auth.uid() then
        raise exception 'Alleen de schrijver kan deze beoordeling wijzigen.' using errcode = '42501';
      end if;
      if new.artist_reply is distinct from old.artist_reply and not public.owns_artist(old.artist_id) then
        raise exception 'Alleen de artiest kan op deze beoordeling reageren.' using errcode = '42501';
      end if;
    end if;
    if new.artist_reply is distinct from old.artist_reply then
      new.artist_replied_at := case when new.artist_reply is null then null else now() end;
    end if;
    new.updated_at := now();
  end if;
  return new;
end
$$;

create trigger reviews_before_write before insert or update on public.reviews
  for each row execute function private.reviews_before_write();

create function private.refresh_artist_rating() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  target uuid := coalesce(new.artist_id, old.artist_id);
begin
  update public.artists a
     set rating_avg = coalesce((select round(avg(r.rating)::numeric, 2) from public.reviews r where r.artist_id = target), 0),
         review_count = (select count(*) from public.reviews r where r.artist_id = target)
   where a.id = target;
  return null;
end
$$;

create trigger reviews_refresh_rating after insert or update of rating or delete on public.reviews
  for each row execute function private.refresh_artist_rating();

revoke all on public.reviews from anon, authenticated;
grant select on public.reviews to anon, authenticated;
grant insert (booking_id, customer_id, rating, body) on public.reviews to authenticated;
grant update (rating, body, artist_reply) on public.reviews to authenticated;
grant delete on public.reviews to authenticated;

create policy "reviews: of public artists for everyone" on public.reviews
  for select to anon, authenticated using (public.is_public_artist(artist_id));
create policy "reviews: own, the artist's and admin" on public.reviews
  for select to authenticated
  using (customer_id = (select auth.uid()) or public.owns_artist(artist_id) or (select public.is_admin()));
create policy "reviews: customer of a completed booking" on public.reviews
  for insert to authenticated
  with check (customer_id = (select auth.uid()) and exists (
    select 1 from public.bookings b where b.id = booking_id and b.customer_id = (select auth.uid()) and b.status = 'completed'));
create policy "reviews: the reviewer, the artist (reply) or admin" on public.reviews
  for update to authenticated
  using (customer_id = (select auth.uid()) or public.owns_artist(artist_id) or (select public.is_admin()))
  with check (customer_id = (select auth.uid()) or public.owns_artist(artist_id) or (select public.is_admin()));
create policy "reviews: admins moderate" on public.reviews
  for delete to authenticated using ((select public.is_admin()));

-- The back office's read side: list views for the data grids (security_invoker, so the caller's
-- RLS decides; each also says `where is_admin()` so a non-admin gets an empty list rather than
-- their own rows in an admin shape), the support lookup of bookings, and the indexes they need.

-- Admins read every booking. The select policy's admin test comes first, so for an admin the
-- per-row owns_artist() call is never made (OR evaluates left to right): on a million bookings
-- that call is what made an admin's count and first page slow.
alter policy "bookings: customer, artist and admin" on public.bookings
  using ((select public.is_admin()) or customer_id = (select auth.uid()) or public.owns_artist(artist_id));

-- The grid's default order, the date filter, the booking-number prefix and the customer lookup.
create index bookings_created_idx on public.bookings (created_at desc, id desc);
create index bookings_starts_idx on public.bookings (starts_at);
create index bookings_id_text_idx on public.bookings ((id::text) text_pattern_ops);
create index profiles_search_trgm_idx on public.profiles
  using gin (public.fold_text(first_name || ' ' || last_name || ' ' || coalesce(email, '')) extensions.gin_trgm_ops);
create index profiles_created_idx on public.profiles (created_at desc);

create view public.admin_bookings with (security_invoker = true) as
select
  b.id,
  b.id::text as id_text,
  upper(left(b.id::text, 8)) as reference,
  b.status,
  b.status_reason,
  b.cancelled_by,
  b.starts_at,
  b.ends_at,
  b.event_type,
  b.event_location,
  b.guest_count,
  b.notes,
  b.price_cents,
  b.platform_fee_cents,
  b.bands_applied_cents,
  b.total_cents,
  b.customer_id,
  trim(c.first_name || ' ' || c.last_name) as customer_name,
  c.email as customer_email,
  c.phone as customer_phone,
  b.artist_id,
  a.name as artist_name,
  a.slug as artist_slug,
  b.response_deadline,
  b.payment_deadline,
  b.accepted_at,
  b.confirmed_at,
  b.cancelled_at,
  b.completed_at,
  b.created_at,
  b.updated_at
from public.bookings b
left join public.profiles c on c.id = b.customer_id
left join public.artists a on a.id = b.artist_id
where (select public.is_admin());
comment on view public.admin_bookings is 'Back office: bookings with customer name and e-mail and the artist name; admins only.';

-- Support's free-text lookup: customers by name or e-mail, and artists by name, genre or city,
-- then their bookings through the customer and artist indexes. Booking numbers, dates and
-- statuses are exact filters on admin_bookings (see backoffice/src/bookings/bookingQuery.ts).
-- Security definer because under RLS the trigram indexes cannot be used (LIKE is not leakproof,
-- so it may not run before the policies), which made one lookup scan every profile. It answers
-- admins only: it checks is_admin() itself and reads admin_bookings, which checks it again.
create function public.admin_search_bookings(q text)
returns setof public.admin_bookings
language sql stable security definer
set search_path = ''
as $$
  with term as (select nullif(public.fold_text(trim(q)), '') as t)
  select v.*
    from public.admin_bookings v, term
   where term.t is not null
     and public.is_admin()
     and (v.customer_id = any (array(
            select p.id from public.profiles p
             where public.fold_text(p.first_name || ' ' || p.last_name || ' ' || coalesce(p.email, '')) like '%' || term.t || '%'
             limit 1000))
       or v.artist_id = any (array(
            select a.id from public.artists a where a.search_text like '%' || term.t || '%' limit 1000)))
$$;
revoke all on function public.admin_search_bookings(text) from public, anon;
grant execute on function public.admin_search_bookings(text) to authenticated;

-- Artists as the back office lists and previews them: with the owner's name and e-mail.
create view public.admin_artists with (security_invoker = true) as
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
  p.phone as owner_phone
from public.artists a
left join public.profiles p on p.id = a.profile_id
where (select public.is_admin());
comment on view public.admin_artists is 'Back office: artists with their owner''s contact details; admins only.';

-- The audit log with the actor's name.
create view public.admin_audit_entries with (security_invoker = true) as
select
  l.id,
  l.actor_id,
  coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), p.email) as actor_name,
  l.action,
  l.table_name,
  l.record_id,
  l.details,
  l.created_at
from public.admin_audit_log l
left join public.profiles p on p.id = l.actor_id
where (select public.is_admin());
comment on view public.admin_audit_entries is 'Back office: the admin audit log with actor names; admins only.';

revoke all on public.admin_bookings, public.admin_artists, public.admin_audit_entries from anon, authenticated;
grant select on public.admin_bookings, public.admin_artists, public.admin_audit_entries to authenticated;

-- What a guest (anon) may read of artists and reviews: the public columns only. RLS already
-- limits anon to approved, live artists and their reviews; the table-wide grants also let anon
-- read who owns an artist profile (profile_id), why it was once rejected (rejection_reason) and
-- which booking a review came from (booking_id). Signed-in users keep their grants: the artist
-- portal and the back office read those columns under their own policies.
-- reviews.customer_id stays readable: it is how a review names its author (public_profiles).
revoke select on public.artists from anon;
grant select (id, name, slug, genre, city, categories, bio, base_price_cents, place_id, latitude, longitude, travel_radius_km,
  avatar_path, cover_path, website_url, approval_status, approved_at, priority, rating_avg, review_count, search_text,
  deleted_at, created_at, updated_at) on public.artists to anon;

revoke select on public.reviews from anon;
grant select (id, artist_id, customer_id, rating, body, artist_reply, artist_replied_at, created_at, updated_at) on public.reviews to anon;

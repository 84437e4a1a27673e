-- search_artists reads at most the first 8 words and 100 characters of the query (and 100 of the
-- genre): every word becomes a trigram condition of its own, so a query of thousands of words
-- made one statement with thousands of index scans. A search box asks for a name, a genre or a
-- place; what lies past the cap is left out silently, as a search engine does, rather than
-- refused (the storefront's box stops at 100 characters too).
create or replace function private.search_query_capped(value text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select array_to_string((regexp_split_to_array(trim(left(value, 1000)), '\s+'))[1:8], ' ')
$$;
revoke all on function private.search_query_capped(text) from public, anon, authenticated, service_role;

create or replace function public.search_artists(
  query text default null, category text default null, genre text default null, place_id integer default null,
  latitude double precision default null, longitude double precision default null, radius_km double precision default null,
  available_on date default null, min_price_cents integer default null, max_price_cents integer default null,
  min_rating numeric default null, sort text default 'priority', page integer default 1, page_size integer default 24
) returns table (
  id uuid, slug text, name text, genre text, city text, categories text[], avatar_path text, cover_path text,
  base_price_cents integer, rating_avg numeric, review_count integer, priority integer, distance_km double precision,
  created_at timestamptz, total_count bigint
)
language sql stable security definer
set search_path = ''
as $$
  select * from private.search_artists_impl(left(private.search_query_capped(search_artists.query), 100), search_artists.category,
    left(search_artists.genre, 100), search_artists.place_id, search_artists.latitude, search_artists.longitude, search_artists.radius_km,
    search_artists.available_on, search_artists.min_price_cents, search_artists.max_price_cents, search_artists.min_rating,
    search_artists.sort, search_artists.page, search_artists.page_size)
$$;

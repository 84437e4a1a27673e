-- A radius search for one kind of act (DJs within 30 km of Utrecht, the landing pages' search)
-- reads the location index of that kind alone: the one over all acts held 7,630 entries in
-- that box at 95k acts, of which 1,273 DJs, and reading them took most of the search's 10 ms.
-- One partial copy of artists_location_gist_idx per kind of act; an occasion (huwelijk,
-- bedrijfsfeest) is on half the acts and keeps the full index. search_artists passes the
-- category as a parameter of a one-shot plan, so the planner sees its value and picks the copy.
-- `latitude is not null` keeps a copy to radius searches (their box implies it): without it the
-- planner read the whole bands copy for 'bands free on a Saturday' (15.6 ms, not 3.5 ms).
do $$
declare
  kind text;
begin
  foreach kind in array array['bands', 'coverbands', 'djs', 'duos', 'acts', 'live-muziek'] loop
    execute format(
      'create index %I on public.artists using gist (point(longitude, latitude))
         include (latitude, longitude, categories, genre, from_price_cents, rating_avg, priority, review_count, name, id)
         where approval_status = ''approved'' and deleted_at is null and categories @> %L and latitude is not null',
      'artists_location_' || replace(kind, '-', '_') || '_idx', array[kind]);
  end loop;
end
$$;

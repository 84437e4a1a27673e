-- search_places with a very long query (100,000 quotes, from the property tests of bad input,
-- supabase/tests/bad-input-rpc.test.ts) folded and matched the whole text against every place
-- until the statement timeout: a 500 (57014) for a guest, and a core busy for seconds per call.
-- No place name is longer than a few dozen characters, so a query of more than 200 characters
-- matches nothing: answered at once, without reading a row. Otherwise the same search.

create or replace function public.search_places(query text, max_results integer default 10)
returns setof public.places
language sql stable
set search_path = ''
as $$
  select p.*
    from public.places p
   where char_length(query) <= 200
     and p.name_folded like '%' || public.fold_text(trim(query)) || '%'
   order by (p.name_folded like public.fold_text(trim(query)) || '%') desc, p.population desc, p.name
   limit least(greatest(coalesce(max_results, 10), 1), 50)
$$;

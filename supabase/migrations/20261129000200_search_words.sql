-- A word of a search is looked up among the words of the acts' texts (some 40,000 at 95k acts,
-- with the pairs below) before the acts: the trigram scan of every text for one word ('gouden'
-- and its close matches) read some 2,000 index entries per word and took most of a text
-- search's 20 ms at 95k acts.
--
-- A word of a search matches an act when one of its text's words contains it or is close to it
-- (pg_trgm's word similarity: 'goudn' finds Gouden), or when it is two neighbouring words
-- written as one ('goudentijgers' finds De Gouden Tijgers, 'rockklassiekers' Rock klassiekers).
-- The trigram condition over the whole text found more: chance matches across words ('dalen'
-- in 'berg en dal'). A word that matches nothing in the dictionary still goes through it, as
-- do one that matches very many words and one of one or two letters.
--
-- * private.search_words_of(search_text): a text's words and its neighbouring pairs written as
--   one, which a GIN index on the acts serves;
-- * private.search_words: every such word an act's text has held, a pair with its two words (a
--   trigger adds new ones; one no act holds any more matches no row and does no harm).

-- A text's words as a search splits a query, and each two neighbours written as one (with the
-- two words it joins; a single word has '' as both).
create function private.search_word_rows(search_text text) returns table (word text, head text, tail text)
language sql immutable parallel safe
set search_path = ''
as $$
  select distinct w, '', '' from unnest(array_remove(string_to_array(search_text, ' '), '')) w
  union
  select t.w[i] || t.w[i + 1], t.w[i], t.w[i + 1]
    from (select array_remove(string_to_array(search_text, ' '), '') as w) t, generate_subscripts(t.w, 1) i
   where i < cardinality(t.w)
$$;

revoke all on function private.search_word_rows(text) from public, anon, authenticated, service_role;

-- The words of search_word_rows, split the same way here: an index expression runs as whoever
-- writes the row, and a role without use of the private schema cannot call one function of it
-- from another. Every role that writes acts may call this one.
create function private.search_words_of(search_text text) returns text[]
language sql immutable parallel safe
set search_path = ''
as $$
  select t.w || coalesce((select array_agg(t.w[i] || t.w[i + 1] order by i) from generate_subscripts(t.w, 1) i where i < cardinality(t.w)), '{}')
    from (select array_remove(string_to_array(search_text, ' '), '') as w) t
$$;
revoke all on function private.search_words_of(text) from public;
grant execute on function private.search_words_of(text) to anon, authenticated, service_role;

create index artists_search_words_idx on public.artists using gin (private.search_words_of(search_text))
  where approval_status = 'approved' and deleted_at is null;

-- A single word has '' as its head and tail; a pair, the two words it joins.
create table private.search_words (
  word text not null,
  head text not null default '',
  tail text not null default '',
  primary key (word, head)
);
alter table private.search_words enable row level security;
create policy "search words: no client access" on private.search_words for all to anon, authenticated, service_role using (false);
revoke all on private.search_words from public, anon, authenticated, service_role;
create index search_words_trgm_idx on private.search_words using gin (word extensions.gin_trgm_ops);

insert into private.search_words (word, head, tail)
  select distinct r.word, r.head, r.tail from public.artists a, private.search_word_rows(a.search_text) r
on conflict do nothing;

-- The dictionary's words a word of a search matches: single words containing it or close to it,
-- pairs only where it runs from one word into the next and holds one of them whole ('kbe' in
-- 'kokberg' is chance; a pair holding it within one of its words adds no act that word does
-- not). Through the trigram index always: the planner would rather read every row of a table
-- this small, computing the similarity of each (5 ms at 95k acts) where the index finds the few
-- candidates (0.1 ms).
create function private.search_word_matches(query_word text) returns text[]
language sql stable
set search_path = ''
set enable_seqscan = off
set enable_indexscan = off
set enable_indexonlyscan = off
as $$
  select array_agg(distinct d.word) from private.search_words d
   where (d.word like '%' || query_word || '%' or query_word operator(extensions.<%) d.word)
     and (d.head = ''
          or (strpos(d.word, query_word) > 0 and strpos(d.head, query_word) = 0 and strpos(d.tail, query_word) = 0
              and (strpos(query_word, d.head) > 0 or strpos(query_word, d.tail) > 0)))
$$;
revoke all on function private.search_word_matches(text) from public, anon, authenticated, service_role;

create function private.artists_collect_search_words() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into private.search_words (word, head, tail) select r.word, r.head, r.tail from private.search_word_rows(new.search_text) r
  on conflict do nothing;
  return null;
end
$$;
revoke all on function private.artists_collect_search_words() from public, anon, authenticated, service_role;
create trigger artists_search_words_insert after insert on public.artists
  for each row execute function private.artists_collect_search_words();
create trigger artists_search_words_update after update on public.artists
  for each row when (old.search_text is distinct from new.search_text) execute function private.artists_collect_search_words();

create or replace function private.search_artists_impl(
  p_query text default null,
  p_category text default null,
  p_genre text default null,
  p_place_id integer default null,
  p_latitude double precision default null,
  p_longitude double precision default null,
  p_radius_km double precision default null,
  p_available_on date default null,
  p_min_price_cents integer default null,
  p_max_price_cents integer default null,
  p_min_rating numeric default null,
  p_sort text default 'priority',
  p_page integer default 1,
  p_page_size integer default 24
) returns table (
  id uuid, slug text, name text, genre text, city text, categories text[], avatar_path text, cover_path text,
  from_price_cents integer, rating_avg numeric, review_count integer, priority integer, distance_km double precision,
  created_at timestamptz, total_count bigint
)
language plpgsql stable security definer
set search_path = ''
as $fn$
#variable_conflict use_column
declare
  q text := nullif(public.fold_text(trim(p_query)), '');
  g text := nullif(public.fold_text(trim(p_genre)), '');
  lat double precision := p_latitude;
  lon double precision := p_longitude;
  size integer := least(greatest(coalesce(p_page_size, 24), 1), 100);
  skip integer := (greatest(coalesce(p_page, 1), 1) - 1) * least(greatest(coalesce(p_page_size, 24), 1), 100);
  conditions text[] := array['a.approval_status = ''approved''', 'a.deleted_at is null'];
  distance text := 'null::double precision';
  ordering text;
  matched_order text;
  matched text;
  word text;
  words text[] := '{}';
  word_matches text[];
  day_start timestamptz := p_available_on::timestamp at time zone 'Europe/Amsterdam';
  day_end timestamptz := (p_available_on + 1)::timestamp at time zone 'Europe/Amsterdam';
begin
  if p_place_id is not null then
    select p.latitude, p.longitude into lat, lon from public.places p where p.id = p_place_id;
  end if;
  if lat is not null and lon is not null then
    -- public.distance_km(lat, lon, a.latitude, a.longitude), inline.
    distance := '(2 * 6371.0088 * asin(sqrt(power(sin(radians(a.latitude - $5) / 2), 2)'
      || ' + cos(radians($5)) * cos(radians(a.latitude)) * power(sin(radians(a.longitude - $6) / 2), 2))))';
  end if;
  if q is not null then
    -- Every word, exactly or as a close (typo-tolerant) match: each its own condition, so the
    -- heap sees only rows holding all words. A word is looked up in the dictionary first (see
    -- above); the acts holding a word it matches come from the word index. One matching none
    -- there or very many takes the trigram scan over every text. With more than one word the
    -- whole text must match too, checked on those rows only (`search_text || ''` keeps it out
    -- of the trigram index).
    foreach word in array string_to_array(q, ' ') loop
      if word <> '' and not word = any (words) then
        words := words || word;
      end if;
    end loop;
    if words <> array[q] then
      conditions := conditions
        || format('((a.search_text || '''') like %L or %L operator(extensions.<%%) (a.search_text || ''''))', '%' || q || '%', q);
    end if;
    foreach word in array words loop
      -- A word of one or two letters has no trigram of its own to look it up by.
      word_matches := case when char_length(word) >= 3 then private.search_word_matches(word) end;
      if coalesce(cardinality(word_matches), 0) between 1 and 200 then
        conditions := conditions || format('private.search_words_of(a.search_text) && %L::text[]', word_matches);
      else
        conditions := conditions
          || format('(a.search_text like %L or %L operator(extensions.<%%) a.search_text)', '%' || word || '%', word);
      end if;
    end loop;
  end if;
  if p_category is not null then
    conditions := conditions || 'a.categories @> array[$2]'::text;
  end if;
  if g is not null then
    -- public.fold_text(a.genre), inline.
    conditions := conditions
      || 'lower(extensions.unaccent(''extensions.unaccent''::regdictionary, coalesce(a.genre, ''''))) like ''%'' || $3 || ''%'''::text;
  end if;
  if p_min_price_cents is not null then conditions := conditions || 'a.from_price_cents >= $7'::text; end if;
  if p_max_price_cents is not null then conditions := conditions || 'a.from_price_cents <= $8'::text; end if;
  if p_min_rating is not null then conditions := conditions || 'a.rating_avg >= $9'::text; end if;
  if p_radius_km is not null then
    if distance = 'null::double precision' then
      return;
    end if;
    -- A bounding box first (cheap, no trigonometry), then the exact distance.
    conditions := conditions
      || 'point(a.longitude, a.latitude) <@ box(point($6 - $4 / (111.0 * cos(radians($5))), $5 - $4 / 111.0), point($6 + $4 / (111.0 * cos(radians($5))), $5 + $4 / 111.0))'::text
      || (distance || ' <= $4');
  end if;
  if p_available_on is not null then
    -- Busy on the day: a blocked period covering it, or an accepted or confirmed booking
    -- overlapping it (such a booking starts before the day ends and, lasting at most 24 hours,
    -- less than 24 hours before it begins). Looked up once, hashed, instead of probed per row.
    conditions := conditions
      || 'a.id not in (select d.artist_id from public.artist_blocked_dates d where daterange(d.starts_on, d.ends_on, ''[]'') @> $10
                       union all
                       select b.artist_id from public.bookings b
                        where b.status in (''accepted'', ''confirmed'') and b.starts_at < $12 and b.starts_at > $11 - interval ''24 hours''
                          and tstzrange(b.starts_at, b.ends_at, ''[)'') && tstzrange($11, $12, ''[)''))'::text;
  end if;
  ordering := case p_sort
    when 'price_asc' then 'a.from_price_cents asc nulls last, '
    when 'price_desc' then 'a.from_price_cents desc nulls last, '
    when 'rating' then 'a.rating_avg desc, a.review_count desc, '
    when 'newest' then 'a.created_at desc, '
    when 'distance' then case when distance <> 'null::double precision' then distance || ' asc, ' else '' end
    else '' end || 'a.priority desc, a.rating_avg desc, a.review_count desc, a.name, a.id';
  -- The same order over the matched rows, which carry only the columns it reads.
  matched_order := case p_sort
    when 'price_asc' then 'm.from_price_cents asc nulls last, '
    when 'price_desc' then 'm.from_price_cents desc nulls last, '
    when 'rating' then 'm.rating_avg desc, m.review_count desc, '
    when 'newest' then 'm.created_at desc, '
    when 'distance' then case when distance <> 'null::double precision' then 'm.distance_km asc, ' else '' end
    else '' end || 'm.priority desc, m.rating_avg desc, m.review_count desc, m.name, m.id';
  -- Only what the filters and the order read, so a covering index answers without the table;
  -- the card's other columns are read for the rows of the page alone.
  matched := 'a.id, a.priority, a.rating_avg, a.review_count, a.name, ' || distance || ' as distance_km'
    || case when p_sort in ('price_asc', 'price_desc') then ', a.from_price_cents' else '' end
    || case when p_sort = 'newest' then ', a.created_at' else '' end;

  if q is not null or p_radius_km is not null then
    -- Narrow filters match few rows: find them once, count and page them in one statement.
    return query execute format(
      'with page as (
         select m.id, m.distance_km, count(*) over () as total, row_number() over (order by %3$s) as n
           from (select %1$s from public.artists a where %2$s) m
          order by %3$s limit %4$s offset %5$s)
       select a.id, a.slug, a.name, a.genre, a.city, a.categories, a.avatar_path, a.cover_path, a.from_price_cents, a.rating_avg,
              a.review_count, a.priority, p.distance_km, a.created_at, p.total
         from page p join public.artists a on a.id = p.id order by p.n',
      matched, array_to_string(conditions, ' and '), matched_order, size, skip)
      using q, private.search_category(p_category), g, p_radius_km, lat, lon, p_min_price_cents,
            p_max_price_cents, p_min_rating, p_available_on, day_start, day_end;
    return;
  end if;
  -- Broad filters: the matches are walked in order (the priority order is the public card
  -- index's) only as far as the page and the count need; the count stops at the cap (a page
  -- needs "1.000+", not the exact size of a broad match). One statement, so the artists busy on
  -- a date are looked up once.
  return query execute format(
    'with page as (
       select m.id, m.distance_km, least(count(*) over (), 1001) as total, row_number() over (order by %3$s) as n
         from (select %1$s from public.artists a where %2$s order by %6$s limit %7$s) m
        order by %3$s limit %4$s offset %5$s)
     select a.id, a.slug, a.name, a.genre, a.city, a.categories, a.avatar_path, a.cover_path, a.from_price_cents, a.rating_avg,
            a.review_count, a.priority, p.distance_km, a.created_at, p.total
       from page p join public.artists a on a.id = p.id order by p.n',
    matched, array_to_string(conditions, ' and '), matched_order, size, skip, ordering, greatest(1001, skip + size))
    using q, private.search_category(p_category), g, p_radius_km, lat, lon, p_min_price_cents,
          p_max_price_cents, p_min_rating, p_available_on, day_start, day_end;
end
$fn$;

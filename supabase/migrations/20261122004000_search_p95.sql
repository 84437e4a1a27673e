-- search_artists within p95 ≤ 20 ms in SQL at 100k artists (`pnpm bench:search`). The function
-- is unchanged (20261122001500_search_faster.sql); what changed is what its statements find:
--
-- * Broad listings (no text, no radius): the capped count ("1000+") walked the categories GIN
--   index and then one heap page per candidate row (about 1,800 pages for "bands free on a day
--   under €3000"). The public card order is now one index that also carries the columns a broad
--   filter reads (categories, genre, price; rating, id are keys), so the count is an index-only
--   scan that stops at the cap, and the page walks the same index in the exact sort order (no
--   incremental sort). It replaces artists_public_idx, a prefix of it.
-- * Text: planning cost more than a millisecond per search. The trigram operators (`<%`, LIKE)
--   estimate their selectivity by running the operator over every histogram entry of
--   search_text, per condition (a search for two words has five). Ten entries are enough to
--   pick the trigram index, which is the only plan that fits these conditions anyway.
-- * Radius: unchanged (location GiST AND categories GIN, then the exact distance).

create index if not exists artists_public_card_idx on public.artists
  (priority desc, rating_avg desc, review_count desc, name, id)
  include (categories, genre, base_price_cents)
  where approval_status = 'approved' and deleted_at is null;

drop index if exists public.artists_public_idx;

alter table public.artists alter column search_text set statistics 10;
analyze public.artists (search_text);

-- search_artists' statements find less: broad listings walk one covering index in the card
-- order (an index-only capped count), and search_text's small statistics target keeps the trigram
-- operators' planning cheap (docs/performance.md). The function is that of
-- 20261122001500_search_faster.sql.

create index if not exists artists_public_card_idx on public.artists
  (priority desc, rating_avg desc, review_count desc, name, id)
  include (categories, genre, base_price_cents)
  where approval_status = 'approved' and deleted_at is null;

drop index if exists public.artists_public_idx;

alter table public.artists alter column search_text set statistics 10;
analyze public.artists (search_text);

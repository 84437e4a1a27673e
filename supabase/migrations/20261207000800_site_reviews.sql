-- The footer's review block on every storefront page: Podium's own verified reviews (written only
-- by the customer of a completed booking) instead of a third-party widget that no configuration
-- switched on. One call answers the average over all reviews of public acts, their number, and
-- the two most recent reviews that say something (four or five stars, a sentence or more), each
-- with its act. Security invoker: what anon may read (public acts, their reviews, public names).

create index reviews_recent_idx on public.reviews (created_at desc, id);

create function public.site_reviews()
returns jsonb
language sql stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'review_count', coalesce(sum(a.review_count), 0)::integer,
    'rating_avg', case when coalesce(sum(a.review_count), 0) = 0 then null
                       else round(sum(a.rating_avg * a.review_count) / sum(a.review_count), 1) end,
    'quotes', coalesce((
      select jsonb_agg(q order by q.created_at desc)
        from (select r.id, r.rating, r.body, r.created_at,
                     coalesce(pp.display_name, 'Podium-gebruiker') as reviewer,
                     ra.name as artist_name, ra.slug as artist_slug
                from public.reviews r
                join public.artists ra on ra.id = r.artist_id
                left join public.public_profiles pp on pp.id = r.customer_id
               where r.rating >= 4 and char_length(btrim(r.body)) >= 40
               order by r.created_at desc, r.id
               limit 2) q), '[]'::jsonb))
    from public.artists a
   where a.review_count > 0
$$;
comment on function public.site_reviews() is 'The storefront footer''s review block: average, count and two recent quotes of public acts'' reviews.';
revoke all on function public.site_reviews() from public;
grant execute on function public.site_reviews() to anon, authenticated;

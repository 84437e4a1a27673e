-- The sitemap function's last answer, kept in the database: it read every published article and
-- every public act on each request, so anyone could make the database page through all of them
-- as fast as they could ask. Now one request per lifetime (the function says how long) builds
-- it, one at a time, and every other request reads this row: a fresh copy as it is, a stale one
-- while the request that claimed the rebuild is at work. Edge function instances on hosted
-- Supabase are short-lived, so the copy lives here rather than in a function's memory.
create table public.sitemap_cache (
  id boolean primary key default true check (id),
  xml text,
  generated_at timestamptz not null default '-infinity',
  -- A rebuild in progress since; another may claim it when this one has not finished in a minute.
  refresh_claimed_at timestamptz
);
comment on table public.sitemap_cache is 'The sitemap function''s last built sitemap.xml and when it was built; service role only.';
alter table public.sitemap_cache enable row level security;
revoke all on public.sitemap_cache from anon, authenticated;
create policy "sitemap cache: no client access" on public.sitemap_cache for all to anon, authenticated using (false);
insert into public.sitemap_cache (id) values (true);

-- The copy and whether it is fresh (younger than max_age_seconds); when it is not, claimed tells
-- the one caller that should build a new one (store_sitemap), all others serve the stale copy.
create function public.sitemap_from_cache(max_age_seconds integer)
returns table (xml text, fresh boolean, claimed boolean)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  cached public.sitemap_cache;
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server leest de sitemap uit de cache.' using errcode = '42501';
  end if;
  select * into cached from public.sitemap_cache where id;
  if cached.generated_at > now() - make_interval(secs => max_age_seconds) then
    return query select cached.xml, true, false;
    return;
  end if;
  update public.sitemap_cache c set refresh_claimed_at = now()
   where c.id and (c.refresh_claimed_at is null or c.refresh_claimed_at < now() - interval '1 minute');
  return query select cached.xml, false, found;
end
$$;
revoke all on function public.sitemap_from_cache(integer) from public, anon, authenticated;
grant execute on function public.sitemap_from_cache(integer) to service_role;

create function public.store_sitemap(xml text)
returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.sitemap_cache set xml = store_sitemap.xml, generated_at = now(), refresh_claimed_at = null
   where id and public.is_service_role();
$$;
revoke all on function public.store_sitemap(text) from public, anon, authenticated;
grant execute on function public.store_sitemap(text) to service_role;

-- The artist's calendar: block or free a day with one tap, block the days of an
-- imported .ics file, and a private iCal feed of the gigs (a secret address that can be
-- renewed; the artist-calendar edge function serves it). Blocked days already keep an act out of
-- 'free on that date' search, off the booking calendar and out of request_booking.

-- One tap: a free day becomes blocked; a blocked day (alone or inside a longer block) becomes
-- free, splitting the block around it. Days in the past are history and stay as they are.
create function public.toggle_artist_blocked_day(day date)
returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  act public.artists := private.own_act();
  block public.artist_blocked_dates;
  today date := (now() at time zone 'Europe/Amsterdam')::date;
begin
  if day is null or day < today then
    raise exception 'Een dag in het verleden kun je niet meer blokkeren of vrijgeven.' using errcode = '22023';
  end if;
  if day > today + 3 * 365 then
    raise exception 'Je kunt tot drie jaar vooruit blokkeren.' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('blocked-days:' || act.id::text, 0));
  select * into block from public.artist_blocked_dates d
   where d.artist_id = act.id and day between d.starts_on and d.ends_on
   limit 1;
  if block.id is null then
    insert into public.artist_blocked_dates (artist_id, starts_on, ends_on) values (act.id, day, day);
    return true;
  end if;
  delete from public.artist_blocked_dates where id = block.id;
  if block.starts_on < day then
    insert into public.artist_blocked_dates (artist_id, starts_on, ends_on) values (act.id, block.starts_on, day - 1);
  end if;
  if block.ends_on > day then
    insert into public.artist_blocked_dates (artist_id, starts_on, ends_on) values (act.id, day + 1, block.ends_on);
  end if;
  return false;
end
$$;
revoke all on function public.toggle_artist_blocked_day(date) from public, anon;
grant execute on function public.toggle_artist_blocked_day(date) to authenticated;

-- An imported calendar: each range [starts_on, ends_on] is blocked, past days left out, days
-- already blocked not blocked twice. Returns how many days became blocked.
create function public.block_artist_days(ranges jsonb)
returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  act public.artists := private.own_act();
  today date := (now() at time zone 'Europe/Amsterdam')::date;
  item jsonb;
  first_day date;
  last_day date;
  added integer := 0;
  day date;
begin
  if jsonb_typeof(ranges) is distinct from 'array' then
    raise exception 'Geef een lijst met periodes.' using errcode = '22023';
  end if;
  if jsonb_array_length(ranges) > 1000 then
    raise exception 'Dit bestand heeft te veel afspraken (hoogstens 1000 tegelijk).' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('blocked-days:' || act.id::text, 0));
  for item in select value from jsonb_array_elements(ranges) loop
    begin
      first_day := (item ->> 'starts_on')::date;
      last_day := (item ->> 'ends_on')::date;
    exception when others then
      raise exception 'Een periode in dit bestand heeft geen geldige datum.' using errcode = '22023';
    end;
    if first_day is null or last_day is null or last_day < first_day then
      raise exception 'Een periode in dit bestand heeft geen geldige datum.' using errcode = '22023';
    end if;
    first_day := greatest(first_day, today);
    last_day := least(last_day, today + 3 * 365);
    continue when last_day < first_day;
    for day in select generate_series(first_day, last_day, interval '1 day')::date loop
      if not exists (select 1 from public.artist_blocked_dates d where d.artist_id = act.id and day between d.starts_on and d.ends_on) then
        insert into public.artist_blocked_dates (artist_id, starts_on, ends_on) values (act.id, day, day);
        added := added + 1;
      end if;
    end loop;
  end loop;
  return added;
end
$$;
revoke all on function public.block_artist_days(jsonb) from public, anon;
grant execute on function public.block_artist_days(jsonb) to authenticated;

-- The feed's secret: whoever has the address sees the gigs (times, kind of party, place), so it
-- is long, random, readable only by its owner, and renewed on request (the old address then
-- answers 404).
create table public.artist_calendar_feeds (
  artist_id uuid primary key references public.artists (id) on delete cascade,
  token text not null unique check (token ~ '^[0-9a-f]{48}$'),
  created_at timestamptz not null default now()
);
comment on table public.artist_calendar_feeds is 'The secret token of each act''s iCal feed (artist-calendar edge function).';
alter table public.artist_calendar_feeds enable row level security;
revoke all on public.artist_calendar_feeds from anon, authenticated;
grant select on public.artist_calendar_feeds to authenticated;
create policy "artist_calendar_feeds: owner reads" on public.artist_calendar_feeds
  for select to authenticated using (public.owns_artist(artist_id));

create function public.renew_artist_calendar_feed()
returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  act public.artists := private.own_act();
  -- gen_random_uuid() draws from the server's strong random source: two of them, 48 hex digits.
  fresh text := left(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 48);
begin
  insert into public.artist_calendar_feeds (artist_id, token) values (act.id, fresh)
  on conflict (artist_id) do update set token = excluded.token, created_at = now();
  return fresh;
end
$$;
revoke all on function public.renew_artist_calendar_feed() from public, anon;
grant execute on function public.renew_artist_calendar_feed() to authenticated;

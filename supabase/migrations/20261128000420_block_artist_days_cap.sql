-- block_artist_days blocks at most as many days as its window holds (today up to three years
-- ahead: 1096) in one call. Each range was clipped to the window, but a thousand ranges each
-- covering the whole window looped over a million days, checking each, in one request. An
-- honest file never gets there: the portal sends each day once, in ranges that do not overlap.
create or replace function public.block_artist_days(ranges jsonb)
returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  act public.artists := private.own_act();
  today date := (now() at time zone 'Europe/Amsterdam')::date;
  horizon date := (now() at time zone 'Europe/Amsterdam')::date + 3 * 365;
  item jsonb;
  first_day date;
  last_day date;
  periods daterange[] := '{}';
  period daterange;
  days integer := 0;
  added integer := 0;
  day date;
begin
  if jsonb_typeof(ranges) is distinct from 'array' then
    raise exception 'Geef een lijst met periodes.' using errcode = '22023';
  end if;
  if jsonb_array_length(ranges) > 1000 then
    raise exception 'Dit bestand heeft te veel afspraken (hoogstens 1000 tegelijk).' using errcode = '22023';
  end if;
  -- Every range checked and counted before anything is written.
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
    last_day := least(last_day, horizon);
    continue when last_day < first_day;
    days := days + (last_day - first_day + 1);
    if days > horizon - today + 1 then
      raise exception 'Dit bestand heeft te veel dagen (hoogstens % tegelijk).', horizon - today + 1 using errcode = '22023';
    end if;
    periods := periods || daterange(first_day, last_day, '[]');
  end loop;
  perform pg_advisory_xact_lock(hashtextextended('blocked-days:' || act.id::text, 0));
  foreach period in array periods loop
    for day in select generate_series(lower(period), upper(period) - 1, interval '1 day')::date loop
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

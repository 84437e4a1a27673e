-- Becoming an artist. A new act starts as a draft that only its owner sees; the owner
-- fills it in step by step (act, location, media, packages, payout details) and submits it with
-- submit_artist_application(), which checks it is complete and puts it in the admins' approval
-- queue ('pending'). A rejected act is fixed and submitted again the same way. Payout details
-- (account holder, IBAN checked by its checksum, KvK number) are in a table of their own that
-- only the owner and admins read, written through save_artist_payout_details().

alter table public.artists drop constraint artists_approval_status_check;
alter table public.artists add constraint artists_approval_status_check
  check (approval_status in ('draft', 'pending', 'approved', 'rejected'));
alter table public.artists add column submitted_at timestamptz;
comment on column public.artists.submitted_at is 'When the owner last submitted the act for approval (submit_artist_application).';
comment on column public.artists.approval_status is 'draft (being filled in by its owner), pending (in the approval queue), approved (public), rejected (with rejection_reason; fixed and resubmitted).';

-- The address an act with this name gets: its name made into a slug, with a short suffix when
-- another act has it already.
create function private.free_artist_slug(name text, own_id uuid default null) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  base_slug text := private.slugify(name);
  candidate text := base_slug;
begin
  while exists (select 1 from public.artists a where a.slug = candidate and a.id is distinct from own_id) loop
    candidate := base_slug || '-' || substr(md5(random()::text), 1, 4);
  end loop;
  return candidate;
end
$$;

-- What the onboarding shows under the name field: the address a draft with this name would get.
create function public.artist_slug_preview(name text) returns text
language plpgsql stable security definer
set search_path = ''
as $$
declare
  own uuid := (select a.id from public.artists a where a.profile_id = auth.uid() and a.deleted_at is null);
  base_slug text := private.slugify(left(coalesce(name, ''), 120));
begin
  if not exists (select 1 from public.artists a where a.slug = base_slug and a.id is distinct from own) then
    return base_slug;
  end if;
  return base_slug || '-…';
end
$$;
revoke all on function public.artist_slug_preview(text) from public, anon;
grant execute on function public.artist_slug_preview(text) to authenticated;

-- The one way a non-admin changes approval_status: submit_artist_application sets this flag for
-- its own transaction; the trigger lets exactly draft/rejected -> pending through with it.
create or replace function private.artists_before_write() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  privileged boolean := public.is_admin() or public.is_service_role() or coalesce(auth.role(), '') not in ('authenticated', 'anon');
  submitting boolean := coalesce(current_setting('podium.submitting_artist', true), '') = 'on';
  base_slug text;
  place record;
begin
  if tg_op = 'INSERT' then
    if not privileged then
      new.approval_status := 'draft';
      new.priority := 0;
      new.deleted_at := null;
      new.submitted_at := null;
    end if;
    new.rating_avg := 0;
    new.review_count := 0;
    if new.slug is null or new.slug = '' then
      new.slug := private.free_artist_slug(new.name, new.id);
    end if;
  elsif not privileged and submitting
        and old.approval_status in ('draft', 'rejected') and new.approval_status = 'pending'
        and new.priority is not distinct from old.priority
        and new.deleted_at is not distinct from old.deleted_at
        and new.profile_id is not distinct from old.profile_id then
    null;
  elsif not privileged and (
        new.approval_status is distinct from old.approval_status
     or new.priority is distinct from old.priority
     or new.deleted_at is distinct from old.deleted_at
     or new.profile_id is distinct from old.profile_id
     or new.approved_at is distinct from old.approved_at
     or new.rejection_reason is distinct from old.rejection_reason
     or new.submitted_at is distinct from old.submitted_at) then
    raise exception 'Alleen een beheerder kan goedkeuring, prioriteit of verwijdering van een artiest wijzigen.'
      using errcode = '42501';
  end if;

  -- A draft's public address follows its name until it is first submitted.
  if tg_op = 'UPDATE' and old.approval_status = 'draft' and old.submitted_at is null and new.name is distinct from old.name then
    new.slug := private.free_artist_slug(new.name, new.id);
  end if;
  if new.approval_status = 'approved' and (tg_op = 'INSERT' or old.approval_status is distinct from 'approved') then
    new.approved_at := now();
  end if;
  if new.place_id is not null and (tg_op = 'INSERT' or new.place_id is distinct from old.place_id) then
    select p.name, p.latitude, p.longitude into place from public.places p where p.id = new.place_id;
    new.latitude := place.latitude;
    new.longitude := place.longitude;
    if new.city = '' or (tg_op = 'UPDATE' and new.city = old.city) then
      new.city := place.name;
    end if;
  end if;
  new.name := trim(new.name);
  new.search_text := public.fold_text(concat_ws(' ', new.name, new.genre, new.city, array_to_string(new.categories, ' ')));
  new.updated_at := now();
  return new;
end
$$;

-- IBAN by ISO 13616: country, check digits, the account; the mod-97 remainder of the rearranged
-- number is 1. Dutch and Belgian IBANs also have their fixed length.
create function private.is_valid_iban(value text) returns boolean
language plpgsql immutable
set search_path = ''
as $$
declare
  iban text := upper(regexp_replace(coalesce(value, ''), '\s', '', 'g'));
  rearranged text;
  remainder integer := 0;
  ch text;
begin
  if iban !~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$' then return false; end if;
  if left(iban, 2) = 'NL' and length(iban) <> 18 then return false; end if;
  if left(iban, 2) = 'BE' and length(iban) <> 16 then return false; end if;
  rearranged := substr(iban, 5) || left(iban, 4);
  for i in 1 .. length(rearranged) loop
    ch := substr(rearranged, i, 1);
    if ch between '0' and '9' then
      remainder := (remainder * 10 + ascii(ch) - 48) % 97;
    else
      remainder := (remainder * 100 + ascii(ch) - 55) % 97;
    end if;
  end loop;
  return remainder = 1;
end
$$;

create table public.artist_payout_details (
  artist_id uuid primary key references public.artists (id) on delete cascade,
  account_holder text not null check (char_length(account_holder) between 2 and 120),
  iban text not null check (private.is_valid_iban(iban)),
  kvk_number text check (kvk_number ~ '^[0-9]{8}$'),
  updated_at timestamptz not null default now()
);
comment on table public.artist_payout_details is 'Where an act is paid: never public; the owner and admins read it, the owner writes it through save_artist_payout_details.';
alter table public.artist_payout_details enable row level security;
revoke all on public.artist_payout_details from anon, authenticated;
grant select on public.artist_payout_details to authenticated;
create policy "artist_payout_details: owner and admin read" on public.artist_payout_details
  for select to authenticated using (public.owns_artist(artist_id) or (select public.is_admin()));

-- The caller's active act, or a Dutch refusal.
create function private.own_act() returns public.artists
language plpgsql stable security definer
set search_path = ''
as $$
declare
  act public.artists;
begin
  select * into act from public.artists where profile_id = auth.uid() and deleted_at is null;
  if act.id is null then
    raise exception 'Je hebt nog geen act. Begin bij de eerste stap.' using errcode = 'P0002';
  end if;
  return act;
end
$$;

create function public.save_artist_payout_details(account_holder text, iban text, kvk_number text default null)
returns public.artist_payout_details
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  act public.artists := private.own_act();
  holder text := regexp_replace(trim(coalesce(account_holder, '')), '\s+', ' ', 'g');
  clean_iban text := upper(regexp_replace(coalesce(iban, ''), '\s', '', 'g'));
  kvk text := nullif(regexp_replace(coalesce(kvk_number, ''), '\s', '', 'g'), '');
  saved public.artist_payout_details;
begin
  if char_length(holder) < 2 or char_length(holder) > 120 then
    raise exception 'Vul de naam van de rekeninghouder in (2 tot 120 tekens).' using errcode = '22023';
  end if;
  if clean_iban = '' then
    raise exception 'Vul je IBAN in.' using errcode = '22023';
  end if;
  if not private.is_valid_iban(clean_iban) then
    raise exception 'Dit IBAN klopt niet. Controleer het nummer op je bankpas of in je bankapp.' using errcode = '22023';
  end if;
  if kvk is not null and kvk !~ '^[0-9]{8}$' then
    raise exception 'Een KvK-nummer heeft 8 cijfers.' using errcode = '22023';
  end if;
  insert into public.artist_payout_details as d (artist_id, account_holder, iban, kvk_number)
  values (act.id, holder, clean_iban, kvk)
  on conflict (artist_id) do update
    set account_holder = excluded.account_holder, iban = excluded.iban, kvk_number = excluded.kvk_number, updated_at = now()
  returning d.* into saved;
  return saved;
end
$$;
revoke all on function public.save_artist_payout_details(text, text, text) from public, anon;
grant execute on function public.save_artist_payout_details(text, text, text) to authenticated;

-- What an act still lacks before it can be submitted, in the order of the onboarding's steps:
-- (step, Dutch text). The portal shows the same list; shared/src/artist-onboarding.ts holds the
-- numbers.
create function public.artist_application_gaps(artist uuid)
returns table (step text, missing text)
language sql stable security definer
set search_path = ''
as $$
  with act as (
    select a.* from public.artists a
     where a.id = artist and a.deleted_at is null
       and (a.profile_id = auth.uid() or public.is_admin() or public.is_service_role())
  )
  select gap.step, gap.missing from act, lateral (values
    (1, 'act', case when char_length(act.name) < 2 then 'Een naam voor je act' end),
    (2, 'act', case when cardinality(act.categories) = 0 then 'Minstens één categorie' end),
    (3, 'act', case when trim(act.genre) = '' then 'Minstens één genre' end),
    (4, 'act', case when char_length(trim(act.bio)) < 150 then 'Een beschrijving van minstens 150 tekens' end),
    (5, 'locatie', case when act.place_id is null then 'Je woonplaats of standplaats' end),
    (6, 'locatie', case when act.travel_radius_km is null then 'Hoe ver je wilt reizen' end),
    (7, 'media', case when not exists (select 1 from public.artist_media m where m.artist_id = act.id and m.kind = 'image') then 'Minstens één foto' end),
    (8, 'media', case when act.cover_path is null then 'Een omslagfoto' end),
    (9, 'pakketten', case when not exists (select 1 from public.artist_packages p where p.artist_id = act.id and p.is_active) then 'Minstens één pakket' end),
    (10, 'uitbetaling', case when not exists (select 1 from public.artist_payout_details d where d.artist_id = act.id) then 'Je rekeninggegevens voor de uitbetaling' end)
  ) as gap(n, step, missing)
  where gap.missing is not null
  order by gap.n
$$;
revoke all on function public.artist_application_gaps(uuid) from public, anon;
grant execute on function public.artist_application_gaps(uuid) to authenticated, service_role;

create function public.submit_artist_application()
returns table (approval_status text, submitted_at timestamptz)
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  act public.artists := private.own_act();
  gaps text;
begin
  if act.approval_status = 'pending' then
    raise exception 'Je aanmelding is al verstuurd en wacht op beoordeling.' using errcode = '22023';
  end if;
  if act.approval_status = 'approved' then
    raise exception 'Je act is al goedgekeurd.' using errcode = '22023';
  end if;
  select string_agg(lower(left(g.missing, 1)) || substr(g.missing, 2), ', ') into gaps from public.artist_application_gaps(act.id) g;
  if gaps is not null then
    raise exception 'Je aanmelding is nog niet compleet. Nog nodig: %.', gaps using errcode = '22023';
  end if;
  perform set_config('podium.submitting_artist', 'on', true);
  update public.artists a
     set approval_status = 'pending', submitted_at = now(), rejection_reason = null
   where a.id = act.id;
  perform set_config('podium.submitting_artist', '', true);
  return query select a.approval_status, a.submitted_at from public.artists a where a.id = act.id;
end
$$;
revoke all on function public.submit_artist_application() from public, anon;
grant execute on function public.submit_artist_application() to authenticated;

-- The customer's profile and account. Terms: profiles.terms_accepted_at,
-- set at sign-up from the metadata or by accept_terms() (clients cannot write it). Phone: Dutch
-- numbers as typed, stored as E.164 (the rule of shared/src/phone.ts). Names: Dutch refusals.
-- Deleting an account (edge function delete-account) leaves a tombstone: profiles.id no longer
-- references auth.users, so the login can go while the profile row stays under the same id,
-- scrubbed ('Verwijderde gebruiker', no e-mail, phone, avatar or referral code) and marked
-- deleted_at. Bookings, invoices, reviews, conversations, messages and the BANDS ledger keep
-- pointing at it, so the other side and the books keep their history and every policy works
-- unchanged; a tombstone's id never has a login again, so nobody can act as it or claim its rows.
-- Steps: anonymize_account (checks, scrub, the files to remove; one transaction, idempotent),
-- the files through the storage API, the login last (auth.admin.deleteUser). A login deleted
-- any other way leaves a tombstone too (trigger on auth.users). Details at each part below.

alter table public.profiles
  add column terms_accepted_at timestamptz,
  add column deleted_at timestamptz;
comment on column public.profiles.terms_accepted_at is 'When the person accepted the terms and privacy policy; null: not yet (e.g. an OAuth sign-up). Written only by the sign-up trigger and public.accept_terms().';
comment on column public.profiles.deleted_at is 'Set when the account was deleted: the row is then a scrubbed tombstone that keeps the person''s bookings, reviews and messages attached.';

-- The login goes, the profile stays (see above).
alter table public.profiles drop constraint profiles_id_fkey;

-- Terms

update public.profiles p
   set terms_accepted_at = u.created_at
  from auth.users u
 where u.id = p.id and p.terms_accepted_at is null and u.raw_user_meta_data ->> 'terms_accepted' = 'true';

create or replace function private.handle_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
begin
  insert into public.profiles (id, role, email, email_verified, first_name, last_name, referral_code, terms_accepted_at)
  values (
    new.id,
    case when meta ->> 'role' in ('customer', 'artist') then meta ->> 'role' else 'customer' end,
    new.email,
    new.email_confirmed_at is not null,
    left(trim(coalesce(meta ->> 'first_name', '')), 100),
    left(trim(coalesce(meta ->> 'last_name', '')), 100),
    private.new_referral_code(),
    case when meta ->> 'terms_accepted' = 'true' then coalesce(new.created_at, now()) end
  );
  return new;
end
$$;

-- The signed-in person accepts the terms (the /complete-profile step); answers when they did.
-- Accepting again changes nothing.
create function public.accept_terms() returns timestamptz
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  accepted timestamptz;
begin
  if auth.uid() is null then
    raise exception 'Je bent niet ingelogd.' using errcode = '42501';
  end if;
  update public.profiles p set terms_accepted_at = now()
   where p.id = auth.uid() and p.deleted_at is null and p.terms_accepted_at is null
  returning p.terms_accepted_at into accepted;
  if accepted is null then
    select p.terms_accepted_at into accepted from public.profiles p where p.id = auth.uid() and p.deleted_at is null;
  end if;
  if accepted is null then
    raise exception 'Profiel niet gevonden.' using errcode = 'P0002';
  end if;
  return accepted;
end
$$;
revoke all on function public.accept_terms() from public, anon;
grant execute on function public.accept_terms() to authenticated;

-- Phone numbers

-- A Dutch number as typed, as E.164 (+31 and the 9 digits after the trunk 0), or null when it is
-- none. Separators (spaces, dots, dashes, slashes, brackets) are ignored; +31 and 0031 may be
-- followed by a (0) or 0. The rule of shared/src/phone.ts, step for step.
create function private.normalize_dutch_phone(input text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  separators constant text := '[ ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13) || chr(160) || chr(8239) || chr(8211) || './-]';
  compact text := regexp_replace(coalesce(input, ''), separators, '', 'g');
  national text;
begin
  compact := regexp_replace(compact, '^(\+31|0031)\(0\)', '\1');
  compact := translate(compact, '()', '');
  if compact ~ '^(\+31|0031)' then
    national := regexp_replace(compact, '^(\+31|0031)', '');
    if national ~ '^0[1-9][0-9]{8}$' then
      national := substr(national, 2);
    end if;
  elsif compact ~ '^0[1-9]' then
    national := substr(compact, 2);
  else
    return null;
  end if;
  if national !~ '^[1-9][0-9]{8}$' then
    return null;
  end if;
  return '+31' || national;
end
$$;

update public.profiles set phone = private.normalize_dutch_phone(phone)
 where phone is not null and phone is distinct from private.normalize_dutch_phone(phone);

create function private.profiles_normalize_phone() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  normalized text;
begin
  if new.phone is null or new.phone !~ '[^[:space:]]' then
    new.phone := null;
    return new;
  end if;
  normalized := private.normalize_dutch_phone(new.phone);
  if normalized is null then
    raise exception 'Vul een geldig Nederlands telefoonnummer in, bijvoorbeeld 06 12345678.' using errcode = '22023';
  end if;
  new.phone := normalized;
  return new;
end
$$;
revoke all on function private.profiles_normalize_phone() from public, anon, authenticated, service_role;

create trigger profiles_normalize_phone before insert or update of phone on public.profiles
  for each row execute function private.profiles_normalize_phone();

-- Names, and no client changes to a tombstone

create or replace function private.profiles_before_update() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  by_client constant boolean := coalesce(auth.role(), '') in ('authenticated', 'anon');
begin
  if by_client and old.deleted_at is not null then
    raise exception 'Dit account is verwijderd.' using errcode = '42501';
  end if;
  -- Clients may write email_verified (SPEC 4.1 sets it after an OAuth sign-in), but it can only
  -- ever say what auth.users says.
  if by_client then
    new.email_verified := exists (select 1 from auth.users u where u.id = new.id and u.email_confirmed_at is not null);
  end if;
  if new.first_name is distinct from old.first_name then
    new.first_name := regexp_replace(new.first_name, '^[[:space:]]+|[[:space:]]+$', '', 'g');
    if coalesce(new.first_name, '') = '' then
      raise exception 'Vul je voornaam in.' using errcode = '22023';
    end if;
    if char_length(new.first_name) > 100 then
      raise exception 'Je voornaam mag maximaal 100 tekens lang zijn.' using errcode = '22023';
    end if;
  end if;
  if new.last_name is distinct from old.last_name then
    new.last_name := regexp_replace(new.last_name, '^[[:space:]]+|[[:space:]]+$', '', 'g');
    if coalesce(new.last_name, '') = '' then
      raise exception 'Vul je achternaam in.' using errcode = '22023';
    end if;
    if char_length(new.last_name) > 100 then
      raise exception 'Je achternaam mag maximaal 100 tekens lang zijn.' using errcode = '22023';
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;

-- Deleting an account: the tombstone
-- Until now profiles.id referenced auth.users on delete cascade, and everything else cascaded
-- from the profile, so deleting a login deleted the other side's bookings and messages. Nothing
-- is re-pointed to a shared placeholder either: each deleted person stays one person in the
-- others' lists (one conversation per customer and act still holds). A user created on purpose
-- with a tombstone's id fails in handle_new_user (the profile id is taken); clients cannot change
-- a tombstone (profiles_before_update) nor write in its conversations.

alter table public.profiles add constraint profiles_deleted_scrubbed
  check (deleted_at is null or (email is null and phone is null and avatar_path is null and referral_code is null));

-- The public face of a deleted account is 'Verwijderde gebruiker'.
create or replace function private.sync_public_profile() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.public_profiles (id, first_name, last_name, display_name, avatar_path)
  values (new.id, new.first_name, new.last_name,
          case when new.deleted_at is null then private.display_name(new.first_name, new.last_name) else 'Verwijderde gebruiker' end,
          new.avatar_path)
  on conflict (id) do update
    set first_name = excluded.first_name,
        last_name = excluded.last_name,
        display_name = excluded.display_name,
        avatar_path = excluded.avatar_path;
  return new;
end
$$;

drop trigger profiles_sync_public on public.profiles;
create trigger profiles_sync_public after insert or update of first_name, last_name, avatar_path, deleted_at on public.profiles
  for each row execute function private.sync_public_profile();

-- The scrub itself, without checks. Idempotent: a tombstone is scrubbed again to the same
-- result. The tombstone keeps its id, role, created_at, referral history and deleted_at; names
-- become 'Verwijderde' 'gebruiker' (so bookings, reviews, my_conversations, message senders, the
-- back office and the mails to the other side say 'Verwijderde gebruiker'). Favourites go; a
-- BANDS balance is forfeited by one ledger entry (balance = sum of the ledger still holds);
-- pending requests from or to the person are cancelled; unsent mails to them are dropped. An
-- act is unpublished (deleted_at) without photos, bio, links, Instagram, calendar feed or blocked
-- days; its name, packages, past bookings and reviews stay for its customers, and its payout
-- details for the books (the payout of a gig already played).
create function private.scrub_account(account uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  balance integer;
  pending record;
  acts uuid[];
begin
  update public.profiles p
     set deleted_at = coalesce(p.deleted_at, now()),
         email = null, email_verified = false, phone = null, avatar_path = null, referral_code = null,
         first_name = 'Verwijderde', last_name = 'gebruiker'
   where p.id = account
  returning p.bands_balance_cents into balance;
  if not found then
    return;
  end if;
  select coalesce(array_agg(a.id), '{}') into acts from public.artists a where a.profile_id = account;

  delete from public.favorites f where f.profile_id = account;

  if balance > 0 then
    perform private.post_bands(account, -balance, 'admin_adjustment', 'account_deleted:' || account::text,
      'Account verwijderd: het BANDS-saldo is vervallen.');
  end if;

  -- Open requests from or to the person end; the other side hears it by mail.
  for pending in
    select b.id from public.bookings b
     where b.status = 'pending' and (b.customer_id = account or b.artist_id = any (acts))
     order by b.id
  loop
    perform private.apply_booking_transition(pending.id, 'cancelled', array['system'], null, 'Het account is verwijderd.');
  end loop;

  update public.artists a
     set deleted_at = coalesce(a.deleted_at, now()),
         avatar_path = null, cover_path = null, bio = '', website_url = null, instagram_handle = null
   where a.id = any (acts);
  delete from public.artist_media m where m.artist_id = any (acts);
  delete from public.artist_instagram_accounts i where i.artist_id = any (acts);
  delete from public.artist_calendar_feeds c where c.artist_id = any (acts);
  delete from public.artist_pending_changes c where c.artist_id = any (acts);
  delete from public.artist_blocked_dates d where d.artist_id = any (acts);

  -- No mail about messages the person will never read, and none queued for them.
  update public.chat_messages m
     set digest_sent_at = now()
    from public.chat_conversations c
   where m.conversation_id = c.id and (c.customer_id = account or c.artist_id = any (acts))
     and m.sender_id <> account and not m.is_read and m.digest_sent_at is null;
  delete from private.notification_outbox o
   using public.bookings b
   where o.booking_id = b.id and o.sent_at is null
     and ((o.recipient = 'customer' and b.customer_id = account) or (o.recipient = 'artist' and b.artist_id = any (acts)));
end
$$;
revoke all on function private.scrub_account(uuid) from public, anon, authenticated, service_role;

-- Step 1 of the delete-account edge function (service role only), one transaction: refuses an
-- admin, an upcoming accepted or confirmed gig (as customer or as owner of an act) and a refund
-- not yet sent to the payment provider (P0001, hint = the 409 reason); scrubs; answers the
-- person's files (avatars/{id}/, documents/{id}/, artist-media/{act id}/). Step 2 removes them
-- through the storage API, step 3 deletes the login: last, so a failed step can be retried. On a
-- tombstone the checks are skipped and the scrub runs again, so a retry finishes the job.
create function public.anonymize_account(account_id uuid)
returns table (bucket text, path text)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  person public.profiles;
begin
  if not public.is_service_role() and coalesce(auth.role(), '') in ('anon', 'authenticated') then
    raise exception 'Alleen de server kan een account verwijderen.' using errcode = '42501';
  end if;
  select * into person from public.profiles p where p.id = account_id for update;
  if not found then
    raise exception 'Account niet gevonden.' using errcode = 'P0002';
  end if;
  if person.role = 'admin' then
    raise exception 'Een beheerdersaccount kun je niet zelf verwijderen. Neem contact op met een andere beheerder.' using errcode = '42501';
  end if;

  if person.deleted_at is null then
    -- Held until commit, so no request is accepted or paid between the check and the scrub.
    perform 1 from public.bookings b
     where (b.customer_id = account_id or b.artist_id in (select a.id from public.artists a where a.profile_id = account_id))
       and b.status in ('pending', 'accepted', 'confirmed')
       for update;
    if exists (
      select 1 from public.bookings b
       where (b.customer_id = account_id or b.artist_id in (select a.id from public.artists a where a.profile_id = account_id))
         and b.status in ('accepted', 'confirmed') and b.ends_at > now()) then
      raise exception 'Je kunt je account nog niet verwijderen: er staat nog een geaccepteerde of bevestigde boeking gepland. Annuleer die eerst of wacht tot het optreden voorbij is.'
        using errcode = 'P0001', hint = 'upcoming_gigs';
    end if;
    if exists (
      select 1 from private.refund_requests r
        join public.bookings b on b.id = r.booking_id
       where b.customer_id = account_id and r.done_at is null) then
      raise exception 'Je kunt je account nog niet verwijderen: we betalen je nog geld terug. Zodra de terugbetaling is verstuurd, kun je je account verwijderen.'
        using errcode = 'P0001', hint = 'unpaid_refunds';
    end if;
  end if;

  perform private.scrub_account(account_id);

  return query
    select o.bucket_id::text, o.name::text
      from storage.objects o
     where (o.bucket_id in ('avatars', 'documents') and (storage.foldername(o.name))[1] = account_id::text)
        or (o.bucket_id = 'artist-media'
            and (storage.foldername(o.name))[1] in (select a.id::text from public.artists a where a.profile_id = account_id))
     order by 1, 2;
end
$$;
comment on function public.anonymize_account(uuid) is 'Step 1 of deleting an account (delete-account edge function, service role): refuses upcoming gigs and unsent refunds, turns the profile into a tombstone, answers the storage files to remove.';
revoke all on function public.anonymize_account(uuid) from public, anon, authenticated;
grant execute on function public.anonymize_account(uuid) to service_role;

-- However the login goes, the profile stays behind as a tombstone.
create function private.auth_user_deleted() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.scrub_account(old.id);
  return old;
end
$$;
revoke all on function private.auth_user_deleted() from public, anon, authenticated, service_role;

create trigger on_auth_user_deleted after delete on auth.users
  for each row execute function private.auth_user_deleted();

-- No mail is queued for a deleted account (its bookings can still be completed or cancelled by
-- an admin; the other side is still told).
create function private.notification_outbox_skip_deleted() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if exists (
    select 1 from public.bookings b
      join public.artists a on a.id = b.artist_id
      join public.profiles p on p.id = case new.recipient when 'customer' then b.customer_id else a.profile_id end
     where b.id = new.booking_id and p.deleted_at is not null) then
    return null;
  end if;
  return new;
end
$$;
revoke all on function private.notification_outbox_skip_deleted() from public, anon, authenticated, service_role;

create trigger notification_outbox_skip_deleted before insert on private.notification_outbox
  for each row execute function private.notification_outbox_skip_deleted();

-- Nobody writes in a conversation with a deleted customer (a deleted act is already inactive).
create or replace function public.can_write_in_conversation(conversation uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.chat_conversations c
      join public.artists a on a.id = c.artist_id
      join public.profiles customer on customer.id = c.customer_id
     where c.id = conversation
       and a.approval_status = 'approved' and a.deleted_at is null
       and customer.deleted_at is null
       and (c.customer_id = auth.uid() or a.profile_id = auth.uid()))
$$;

-- Review details: besides the overall stars the customer rates the music, the
-- professionalism and the communication (1 to 5 each), writes a text (10 to 4000 characters,
-- shared/src/reviews.ts holds the same rule for the form) and may change the review for
-- review_edit_days (14) after posting; editable_until records that moment, so the form can say
-- until when. Every refusal is Dutch: 42501 for who may (someone else's or an unfinished booking,
-- a closed edit window), 23505 for a second review, 22023 for what was written. The database
-- owner and the service role (seed, imports) are trusted with the content, as before.

insert into public.app_config (key, value_int, description) values
  ('review_edit_days', 14, 'Days after posting during which the customer may still change a review.')
on conflict (key) do nothing;

alter table public.reviews
  add column music_rating smallint check (music_rating between 1 and 5),
  add column professionalism_rating smallint check (professionalism_rating between 1 and 5),
  add column communication_rating smallint check (communication_rating between 1 and 5),
  add column editable_until timestamptz;

comment on column public.reviews.music_rating is 'Stars (1-5) for the music; null on reviews written before these aspects were rated.';
comment on column public.reviews.professionalism_rating is 'Stars (1-5) for professionalism; null on reviews written before these aspects were rated.';
comment on column public.reviews.communication_rating is 'Stars (1-5) for communication; null on reviews written before these aspects were rated.';
comment on column public.reviews.editable_until is 'Until when the reviewer may change the review (created_at + review_edit_days); set by reviews_before_write.';

-- Existing reviews get their window from their own date; the write trigger stays out of it so
-- updated_at keeps its meaning.
alter table public.reviews disable trigger reviews_before_write;
update public.reviews
   set editable_until = created_at + make_interval(days => coalesce(private.config_int('review_edit_days'), 14));
alter table public.reviews enable trigger reviews_before_write;
alter table public.reviews alter column editable_until set not null;
-- The trigger sets it on every insert; the default only tells clients (and generated types) they need not.
alter table public.reviews alter column editable_until set default (now() + interval '14 days');

-- What a client writes: every rating 1 to 5, a text of 10 to 4000 characters (trimmed).
create function private.check_review_content(review public.reviews) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if review.rating is null or review.rating not between 1 and 5
     or review.music_rating is null or review.music_rating not between 1 and 5
     or review.professionalism_rating is null or review.professionalism_rating not between 1 and 5
     or review.communication_rating is null or review.communication_rating not between 1 and 5 then
    raise exception 'Geef elk onderdeel 1 tot 5 sterren.' using errcode = '22023';
  end if;
  if char_length(btrim(coalesce(review.body, ''))) < 10 then
    raise exception 'Schrijf minstens 10 tekens over het optreden.' using errcode = '22023';
  end if;
  if char_length(btrim(review.body)) > 4000 then
    raise exception 'Je review mag hoogstens 4000 tekens lang zijn.' using errcode = '22023';
  end if;
end
$$;
revoke all on function private.check_review_content(public.reviews) from public;

create or replace function private.reviews_before_write() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  booking public.bookings;
  privileged boolean := public.is_service_role() or coalesce(auth.role(), '') not in ('authenticated', 'anon');
  edit_days integer := coalesce(private.config_int('review_edit_days'), 14);
  content_changed boolean;
begin
  if tg_op = 'INSERT' then
    select * into booking from public.bookings where id = new.booking_id;
    -- Someone else's booking and a booking that does not exist look the same: nothing leaks.
    if not found or booking.customer_id is distinct from new.customer_id
       or (not privileged and new.customer_id is distinct from auth.uid()) then
      raise exception 'Je kunt alleen je eigen boekingen beoordelen.' using errcode = '42501';
    end if;
    if booking.status <> 'completed' then
      raise exception 'Je kunt een boeking pas beoordelen als het optreden is afgerond.' using errcode = '42501';
    end if;
    if exists (select 1 from public.reviews r where r.booking_id = new.booking_id) then
      raise exception 'Je hebt deze boeking al beoordeeld. Je kunt je review wel aanpassen.' using errcode = '23505';
    end if;
    if not privileged then
      new.body := btrim(coalesce(new.body, ''));
      perform private.check_review_content(new);
      new.created_at := now();
    end if;
    new.artist_id := booking.artist_id;
    new.artist_reply := null;
    new.artist_replied_at := null;
    new.editable_until := new.created_at + make_interval(days => edit_days);
  else
    content_changed := new.rating is distinct from old.rating or new.body is distinct from old.body
      or new.music_rating is distinct from old.music_rating
      or new.professionalism_rating is distinct from old.professionalism_rating
      or new.communication_rating is distinct from old.communication_rating;
    if not privileged and not public.is_admin() then
      if content_changed then
        if old.customer_id is distinct from auth.uid() then
          raise exception 'Alleen de schrijver kan deze beoordeling wijzigen.' using errcode = '42501';
        end if;
        if now() > old.editable_until then
          raise exception 'Je kunt een review tot % dagen na het plaatsen aanpassen; die termijn is voorbij.', edit_days using errcode = '42501';
        end if;
        new.body := btrim(coalesce(new.body, ''));
        perform private.check_review_content(new);
      end if;
      if new.artist_reply is distinct from old.artist_reply and not public.owns_artist(old.artist_id) then
        raise exception 'Alleen de artiest kan op deze beoordeling reageren.' using errcode = '42501';
      end if;
    end if;
    new.editable_until := old.editable_until;
    if new.artist_reply is distinct from old.artist_reply then
      new.artist_replied_at := case when new.artist_reply is null then null else now() end;
    end if;
    new.updated_at := now();
  end if;
  return new;
end
$$;

grant insert (music_rating, professionalism_rating, communication_rating) on public.reviews to authenticated;
grant update (music_rating, professionalism_rating, communication_rating) on public.reviews to authenticated;
-- Guests see the sub-ratings on the artist page; editable_until is the reviewer's business.
grant select (music_rating, professionalism_rating, communication_rating) on public.reviews to anon;

-- The artist page's averages per aspect, over the reviews that rated it (the reviews' RLS applies).
create view public.artist_rating_aspects
with (security_invoker = true)
as
  select a.slug as artist_slug,
         round(avg(r.music_rating)::numeric, 2) as music_avg,
         round(avg(r.professionalism_rating)::numeric, 2) as professionalism_avg,
         round(avg(r.communication_rating)::numeric, 2) as communication_avg,
         count(r.music_rating)::integer as rated_count
    from public.reviews r
    join public.artists a on a.id = r.artist_id
   where a.approval_status = 'approved' and a.deleted_at is null and r.music_rating is not null
   group by a.slug;
comment on view public.artist_rating_aspects is 'Average stars per aspect (music, professionalism, communication) of each public artist (the reviews'' RLS applies).';
revoke all on public.artist_rating_aspects from anon, authenticated;
grant select on public.artist_rating_aspects to anon, authenticated, service_role;

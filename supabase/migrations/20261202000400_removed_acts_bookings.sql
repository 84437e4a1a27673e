-- A removed act's open and paid bookings are cancelled by a job, instead of waiting for an admin
-- to notice: its owner can no longer answer or play them (20261125001200_inactive_acts.sql), so a
-- request would wait for its deadline and a paid customer for a gig that will not happen. An
-- hour after the act's removal (time for an admin to undo a mistaken removal), every upcoming
-- booking that is requested or paid is cancelled by the system (the refund policy gives a system
-- cancellation everything back, money and BANDS), and one that is accepted but not paid expires
-- (the system's only move from accepted in the rule table; its BANDS come back, and a payment
-- arriving later is refunded in full). Both sides get the mail with the reason.

create function public.cancel_bookings_of_removed_acts() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  target record;
  changed integer := 0;
begin
  for target in
    select b.id, b.status from public.bookings b
      join public.artists a on a.id = b.artist_id
     where a.deleted_at < now() - interval '1 hour'
       and b.status in ('pending', 'accepted', 'confirmed')
       and b.starts_at > now()
     order by b.id
     for update of b skip locked
  loop
    perform private.apply_booking_transition(target.id, case when target.status = 'accepted' then 'expired' else 'cancelled' end,
      array['system'], null, 'De artiest is niet meer beschikbaar via Podium');
    changed := changed + 1;
  end loop;
  return changed;
end
$$;
revoke all on function public.cancel_bookings_of_removed_acts() from public, anon, authenticated;
grant execute on function public.cancel_bookings_of_removed_acts() to service_role;

insert into private.scheduled_jobs (name, every_minutes, command) values
  ('cancel-bookings-of-removed-acts', 15, 'select public.cancel_bookings_of_removed_acts()');
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('cancel-bookings-of-removed-acts', '*/15 * * * *', 'select public.cancel_bookings_of_removed_acts()');
  end if;
end
$$;

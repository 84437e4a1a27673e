-- The referrer's bonus only for a booking the referred customer paid at least
-- referral_min_booking_cents for in money (€250 by default; BANDS spent do not count). With the
-- minimum package price alone, an act that refers its own throwaway customers to someone else's
-- €50 gig still came out ahead: €52,50 paid, €50 paid out to the artist, €10 bonus. At €250 the
-- service fee (5 %, €12,50) is above the bonus, so a booking made for the bonus costs more than
-- it earns. Everything else as in 20261126001000.

insert into public.app_config (key, value_int, description) values
  ('referral_min_booking_cents', 25000, 'A referral bonus is paid only for a booking of which the referred customer paid at least this much in money (cents).')
on conflict (key) do nothing;

create or replace function private.grant_referral_bonus(customer uuid, paid_booking uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  referrer uuid;
  bonus integer := coalesce(private.config_int('referral_bonus_cents'), 0);
  month_start timestamptz := date_trunc('month', now() at time zone 'Europe/Amsterdam') at time zone 'Europe/Amsterdam';
  entry public.bands_transactions;
begin
  select referrer_id into referrer from public.profiles where id = customer;
  if referrer is null or bonus <= 0 then
    return;
  end if;
  if not exists (select 1 from public.bookings b where b.id = paid_booking and b.customer_id = customer and b.status = 'completed'
                    and b.total_cents >= greatest(coalesce(private.config_int('referral_min_booking_cents'), 25000), 0)) then
    return;
  end if;
  if exists (select 1 from public.bookings b join public.artists a on a.id = b.artist_id
              where b.id = paid_booking and a.profile_id = referrer) then
    return;
  end if;
  -- The referrer's row lock makes the monthly count and the payment one step.
  perform 1 from public.profiles where id = referrer for update;
  if (select count(*) from public.bands_transactions t
       where t.user_id = referrer and t.type = 'referral_bonus' and t.created_at >= month_start)
     >= coalesce(private.config_int('referral_bonus_monthly_cap'), 10) then
    return;
  end if;
  entry := private.post_bands(referrer, bonus, 'referral_bonus', customer::text, 'Uitnodigingsbonus: eerste voltooide boeking', paid_booking);
  if entry.id is not null then
    update public.profiles set referral_acquisition_bonus_uses = referral_acquisition_bonus_uses + 1 where id = referrer;
  end if;
end
$$;

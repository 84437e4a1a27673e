-- The artist sees who asks (the portal's bookings page): a booking's customer as the
-- public face of their profile (public_profiles: names, no e-mail or phone), embeddable from
-- bookings as reviews and chat already are. Rows stay behind bookings' own RLS.
alter table public.bookings
  add constraint bookings_customer_public_profile_fkey foreign key (customer_id) references public.public_profiles (id) on delete cascade;

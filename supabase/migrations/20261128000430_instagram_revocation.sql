-- Meta's deauthorize and data-deletion callbacks (an app with Instagram Login must answer both):
-- when an artist removes Podium in Instagram, or asks for their data to be deleted, the
-- instagram-deauthorize / instagram-data-deletion functions verify Meta's signed request and
-- call forget_instagram_account with the Instagram user id it names. The act keeps no handle and
-- no link to that account (no token was ever stored). A deletion request leaves a confirmation
-- code and its time, nothing that names the person, so the status address Meta shows them can
-- say that it was done.

create table public.instagram_data_deletions (
  confirmation_code text primary key check (confirmation_code ~ '^[0-9a-f]{32}$'),
  requested_at timestamptz not null default now()
);
comment on table public.instagram_data_deletions is
  'Instagram data-deletion requests handled (Meta''s callback): the confirmation code given to Meta and when. Service role only.';
alter table public.instagram_data_deletions enable row level security;
revoke all on public.instagram_data_deletions from anon, authenticated;
create policy "instagram data deletions: no client access" on public.instagram_data_deletions for all to anon, authenticated using (false);

-- Service role only (the two callbacks). Unlinks every act linked to this Instagram account; with
-- deletion, answers a new confirmation code (else null).
create function public.forget_instagram_account(instagram_user_id text, deletion boolean default false)
returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  code text;
begin
  if not public.is_service_role() then
    raise exception 'Alleen de server kan een Instagram-koppeling intrekken.' using errcode = '42501';
  end if;
  with gone as (
    delete from public.artist_instagram_accounts a
     where a.instagram_user_id = forget_instagram_account.instagram_user_id
    returning a.artist_id
  )
  update public.artists set instagram_handle = null where id in (select artist_id from gone);
  if deletion then
    code := replace(gen_random_uuid()::text, '-', '');
    insert into public.instagram_data_deletions (confirmation_code) values (code);
  end if;
  return code;
end
$$;
revoke all on function public.forget_instagram_account(text, boolean) from public, anon, authenticated;
grant execute on function public.forget_instagram_account(text, boolean) to service_role;

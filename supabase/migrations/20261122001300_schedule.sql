-- Timed work, declared once. On hosted Supabase pg_cron runs these jobs (registered below when
-- the extension is available); the local stack has no pg_cron, so its scheduler
-- (supabase/stack/scheduler.ts) reads this table and runs the same commands.
create table private.scheduled_jobs (
  name text primary key,
  every_minutes integer not null check (every_minutes between 1 and 1440),
  command text not null
);
alter table private.scheduled_jobs enable row level security;
revoke all on private.scheduled_jobs from public, anon, authenticated, service_role;
-- Only the database owner (pg_cron, the local scheduler) reads it; spelled out as a policy.
create policy "scheduled jobs: no client access" on private.scheduled_jobs for all to anon, authenticated, service_role using (false);

insert into private.scheduled_jobs (name, every_minutes, command) values
  -- Unpaid accepted bookings expire and unanswered requests are cancelled soon after their deadline.
  ('expire-overdue-bookings', 5, 'select public.expire_overdue_bookings()'),
  -- Paid gigs that are over become completed, which opens them for a review.
  ('complete-past-bookings', 15, 'select public.complete_past_bookings()');

do $$
declare
  job record;
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    for job in select * from private.scheduled_jobs loop
      perform cron.schedule(job.name,
        case when job.every_minutes % 60 = 0 then format('0 */%s * * *', job.every_minutes / 60)
             else format('*/%s * * * *', job.every_minutes) end,
        job.command);
    end loop;
  end if;
end
$$;

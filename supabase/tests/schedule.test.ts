// Timed work: the jobs a migration declares, run by the local scheduler as pg_cron runs them on
// hosted Supabase. A customer who never pays loses the slot; a gig that happened is completed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDue, startScheduler, type Scheduler } from '../stack/scheduler.ts';
import { closePool, createArtist, createBooking, createUser, pool, sql, type TestUser } from './support.ts';

let customer: TestUser;
let artistId: string;
let scheduler: Scheduler;
const statusOf = async (id: string) => (await sql<{ status: string }>('select status from public.bookings where id = $1', [id]))[0]!.status;

beforeAll(async () => {
  [customer] = await Promise.all([createUser('customer')]);
  artistId = await createArtist(await createUser('artist'));
  // A long interval: the test drives the ticks itself.
  scheduler = startScheduler(pool(), { intervalMs: 3_600_000 });
});
afterAll(async () => {
  await scheduler.close();
  await closePool();
});

describe('scheduled jobs', () => {
  it('are declared once, for pg_cron and the local scheduler alike', async () => {
    const jobs = await sql<{ name: string }>('select name from private.scheduled_jobs order by name');
    expect(jobs.map((job) => job.name)).toEqual(['complete-past-bookings', 'expire-overdue-bookings']);
  });

  it('expire an accepted booking whose payment deadline has passed, and leave others alone', async () => {
    const overdue = await createBooking(customer, artistId, 'accepted');
    const onTime = await createBooking(customer, artistId, 'accepted');
    await sql(`update public.bookings set payment_deadline = now() - interval '1 minute' where id = $1`, [overdue]);
    await scheduler.tick();
    expect(await statusOf(overdue)).toBe('expired');
    expect(await statusOf(onTime)).toBe('accepted');
    const events = await sql<{ to_status: string }>('select to_status from public.booking_events where booking_id = $1', [overdue]);
    expect(events.map((event) => event.to_status)).toContain('expired');
  });

  it('complete a paid booking once the event is over', async () => {
    const past = { startsAt: new Date(Date.now() - 5 * 3_600_000), endsAt: new Date(Date.now() - 2 * 3_600_000) };
    const gig = await createBooking(customer, artistId, 'confirmed', past);
    await scheduler.tick();
    expect(await statusOf(gig)).toBe('completed');
  });

  it.each([
    [5, 5 * 1_000_003, true],
    [5, 5 * 1_000_003 + 1, false],
    [15, 15 * 7, true],
    [15, 15 * 7 + 5, false],
    [15, undefined, true],
  ])('a job every %i minutes is due at minute %s: %s', (everyMinutes, minute, due) => {
    expect(isDue({ every_minutes: everyMinutes }, minute)).toBe(due);
  });
});

// Timed work: the jobs a migration declares, run by the local scheduler as pg_cron runs them on
// hosted Supabase. A customer who never pays loses the slot; a gig that happened is completed.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDue, reportsWork, startScheduler, type Scheduler } from '../stack/scheduler.ts';
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
    const jobs = await sql<{ name: string; command: string | null; function_name: string | null }>('select name, command, function_name from private.scheduled_jobs order by name');
    expect(jobs.map((job) => job.name)).toEqual([
      'cancel-bookings-of-removed-acts',
      'compact-leaderboard-tally',
      'complete-past-bookings',
      'enqueue-booking-reminders',
      'expire-overdue-bookings',
      'process-payouts',
      'process-refunds',
      'release-closed-checkins',
      'send-chat-digests',
      'send-notifications',
    ]);
    expect(jobs.find((job) => job.name === 'enqueue-booking-reminders')).toMatchObject({ command: 'select public.enqueue_booking_reminders()', function_name: null });
    expect(jobs.find((job) => job.name === 'send-notifications')).toMatchObject({ command: null, function_name: 'send-notifications' });
    expect(jobs.find((job) => job.name === 'process-refunds')).toMatchObject({ command: null, function_name: 'process-refunds' });
    expect(jobs.find((job) => job.name === 'send-chat-digests')).toMatchObject({ command: null, function_name: 'send-chat-digests' });
    expect(jobs.find((job) => job.name === 'process-payouts')).toMatchObject({ command: null, function_name: 'process-payouts' });
    expect(jobs.find((job) => job.name === 'release-closed-checkins')).toMatchObject({ command: 'select public.release_closed_checkins()', function_name: null });
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

  it('plan a reminder once its moment has come', async () => {
    const soon = { startsAt: new Date(Date.now() + 30 * 3_600_000), endsAt: new Date(Date.now() + 33 * 3_600_000) };
    const gig = await createBooking(customer, artistId, 'confirmed', soon);
    await scheduler.tick();
    const planned = await sql<{ recipient: string; kind: string }>('select recipient, kind from private.notification_outbox where booking_id = $1 and kind is not null order by recipient', [gig]);
    expect(planned).toEqual([
      { recipient: 'artist', kind: 'gig_soon' },
      { recipient: 'customer', kind: 'gig_soon' },
    ]);
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

  it('call an edge function job with the service key, as pg_net does on hosted Supabase', async () => {
    const calls: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        calls.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"sent":0,"failed":0}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const functionsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1`;
    const own = startScheduler(pool(), { intervalMs: 3_600_000, functionsUrl, serviceRoleKey: 'service-key-for-test' });
    try {
      await own.tick();
      // The first tick at start and this one: every job runs on both.
      const notify = calls.filter((call) => call.url === '/functions/v1/send-notifications');
      expect(notify.length).toBeGreaterThanOrEqual(1);
      expect(notify[0]).toMatchObject({ method: 'POST', body: '{}' });
      expect(notify[0]!.headers.authorization).toBe('Bearer service-key-for-test');
      const refunds = calls.filter((call) => call.url === '/functions/v1/process-refunds');
      expect(refunds.length).toBeGreaterThanOrEqual(1);
      expect(refunds[0]!.headers.authorization).toBe('Bearer service-key-for-test');
      const digests = calls.filter((call) => call.url === '/functions/v1/send-chat-digests');
      expect(digests.length).toBeGreaterThanOrEqual(1);
      // Only the job table's functions are called.
      const payouts = calls.filter((call) => call.url === '/functions/v1/process-payouts');
      expect(payouts.length).toBeGreaterThanOrEqual(1);
      const jobFunctions = ['/functions/v1/send-notifications', '/functions/v1/process-refunds', '/functions/v1/send-chat-digests', '/functions/v1/process-payouts'];
      expect(calls.every((call) => jobFunctions.includes(call.url ?? ''))).toBe(true);
    } finally {
      await own.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.each([
    [{ sent: 0, failed: 0 }, false],
    [{ sent: 2, failed: 0 }, true],
    ['ok', false],
  ])('a function answer %j is worth a log line: %s', (body, worth) => {
    expect(reportsWork(body)).toBe(worth);
  });
});

// The local stand-in for pg_cron: runs the jobs of `private.scheduled_jobs` (declared by a
// migration, which registers the same jobs with pg_cron on hosted Supabase) on their minute
// schedule, as the database superuser, as pg_cron does. Every job also runs once at start, so
// deadlines that passed while the stack was down are handled straight away.
import type pg from 'pg';
import { log } from './log.ts';

interface Job {
  name: string;
  every_minutes: number;
  command: string;
}

/** Whether a job runs at `minute` (minutes since the epoch); without a minute, every job runs. */
export function isDue(job: Pick<Job, 'every_minutes'>, minute?: number): boolean {
  return minute === undefined || minute % job.every_minutes === 0;
}

export interface Scheduler {
  /** Runs every job that is due at `minute` (minutes since the epoch), or all of them. */
  tick(minute?: number): Promise<void>;
  close(): Promise<void>;
}

export function startScheduler(pool: pg.Pool, { intervalMs = 60_000 } = {}): Scheduler {
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const runDue = async (minute?: number) => {
    const jobs = await pool
      .query<Job>('select name, every_minutes, command from private.scheduled_jobs order by name')
      .then((result) => result.rows)
      // Before the migrations that declare jobs, there is nothing to run.
      .catch((error: { code?: string }) => (error.code === '42P01' || error.code === '3F000' ? [] : Promise.reject(error)));
    for (const job of jobs) {
      if (!isDue(job, minute)) continue;
      try {
        const { rows } = await pool.query<Record<string, unknown>>(job.command);
        const result = rows[0] ? Object.values(rows[0])[0] : undefined;
        if (result) log('scheduler', `${job.name}: ${String(result)}`);
      } catch (error) {
        log('scheduler', `${job.name} failed: ${(error as Error).message}`);
      }
    }
  };

  const tick = (minute?: number) => {
    running = running.then(() => runDue(minute)).catch((error: Error) => log('scheduler', error.message));
    return running;
  };

  void tick();
  const timer = setInterval(() => {
    if (!closed) void tick(Math.floor(Date.now() / 60_000));
  }, intervalMs);
  timer.unref();

  return {
    tick,
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}

// The local stand-in for pg_cron: runs the jobs of `private.scheduled_jobs` (declared by a
// migration, which registers the same jobs with pg_cron on hosted Supabase) on their minute
// schedule, as the database superuser, as pg_cron does. Every job also runs once at start, so
// deadlines that passed while the stack was down are handled straight away.
// A job is either SQL (`command`) or an edge function (`function_name`): that one is POSTed to
// /functions/v1/<name> with the service key, as pg_cron + pg_net do on hosted Supabase.
import type pg from 'pg';
import { keys, urls } from './config.ts';
import { log } from './log.ts';

interface Job {
  name: string;
  every_minutes: number;
  command: string | null;
  function_name: string | null;
}

export interface SchedulerOptions {
  intervalMs?: number;
  /** Where function jobs are POSTed: `${functionsUrl}/<function_name>`. */
  functionsUrl?: string;
  serviceRoleKey?: string;
  /** How long a function job may take before it counts as failed. */
  functionTimeoutMs?: number;
}

/** Whether a function's JSON answer reports work done (any non-zero number), worth a log line. */
export function reportsWork(body: unknown): boolean {
  if (typeof body === 'number') return body !== 0;
  if (body && typeof body === 'object') return Object.values(body).some(reportsWork);
  return false;
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

export function startScheduler(pool: pg.Pool, options: SchedulerOptions = {}): Scheduler {
  const { intervalMs = 60_000, functionsUrl = `${urls.api}/functions/v1`, serviceRoleKey = keys.serviceRole, functionTimeoutMs = 55_000 } = options;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const runFunction = async (name: string): Promise<string | undefined> => {
    const response = await fetch(`${functionsUrl}/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey, 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(functionTimeoutMs),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`HTTP ${response.status} ${text.slice(0, 200)}`);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: report it as it is.
    }
    return reportsWork(body) ? text.slice(0, 200) : undefined;
  };

  const runDue = async (minute?: number) => {
    const jobs = await pool
      .query<Job>('select name, every_minutes, command, function_name from private.scheduled_jobs order by name')
      .then((result) => result.rows)
      // Before the migrations that declare jobs, there is nothing to run.
      .catch((error: { code?: string }) => (error.code === '42P01' || error.code === '3F000' ? [] : Promise.reject(error)));
    for (const job of jobs) {
      if (!isDue(job, minute)) continue;
      try {
        if (job.function_name) {
          const result = await runFunction(job.function_name);
          if (result) log('scheduler', `${job.name}: ${result}`);
          continue;
        }
        const { rows } = await pool.query<Record<string, unknown>>(job.command!);
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

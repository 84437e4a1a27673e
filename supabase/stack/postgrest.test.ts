import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keys, paths, urls } from './config.ts';
import type { StackState } from './supervisor.ts';
import { randomUUID } from 'node:crypto';
import { anonClient, waitFor, withDatabase } from './testing.ts';

const state = () => JSON.parse(readFileSync(paths.stateFile, 'utf8')) as StackState;
const restOk = async () => (await fetch(`${urls.api}/rest/v1/`, { headers: { apikey: keys.anon } })).status === 200;

describe('schema cache', () => {
  it('picks up DDL without a manual reload, as after a migration on hosted Supabase', async () => {
    const table = `schema_probe_${randomUUID().slice(0, 8)}`;
    // No NOTIFY here: the event triggers of stack/sql/10-base.sql send it.
    await withDatabase((client) => client.query(`create table public.${table} (id int primary key); alter table public.${table} enable row level security; grant select on public.${table} to anon;`));
    try {
      const found = await waitFor(
        async () => {
          const { error, status } = await anonClient().from(table).select('id');
          return error === null && status === 200;
        },
        { timeoutMs: 10_000 },
      );
      expect(found).toBe(true);
    } finally {
      await withDatabase((client) => client.query(`drop table public.${table}`));
    }
    // And forgets a dropped table: PostgREST 12.0 answers 42P01 for an unknown relation.
    await waitFor(async () => (await anonClient().from(table).select('id')).error?.code === '42P01', { timeoutMs: 10_000 });
  });
});

describe('supervision', () => {
  it('restarts a killed PostgREST, reports it, and REST answers again', async () => {
    const before = state();
    const pid = before.children.rest!;
    expect(await restOk()).toBe(true);

    process.kill(pid, 'SIGKILL');

    const after = await waitFor(
      async () => {
        const current = state();
        return current.children.rest !== pid && current.restarts.rest! > (before.restarts.rest ?? 0) ? current : undefined;
      },
      { timeoutMs: 20_000 },
    );
    expect(after.children.rest).toBeGreaterThan(0);
    expect(await waitFor(restOk, { timeoutMs: 10_000 })).toBe(true);
    expect(readFileSync(paths.logFile, 'utf8')).toContain(`rest      | exited unexpectedly`);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keys, paths, urls } from './config.ts';
import type { StackState } from './supervisor.ts';
import { waitFor } from './testing.ts';

const state = () => JSON.parse(readFileSync(paths.stateFile, 'utf8')) as StackState;
const restOk = async () => (await fetch(`${urls.api}/rest/v1/`, { headers: { apikey: keys.anon } })).status === 200;

describe('supervision', () => {
  it('restarts a killed PostgREST, reports it, and REST answers again', async () => {
    const before = state();
    const pid = before.children.rest!;
    expect(await restOk()).toBe(true);

    process.kill(pid, 'SIGKILL');

    const after = await waitFor(async () => {
      const current = state();
      return current.children.rest !== pid && current.restarts.rest! > (before.restarts.rest ?? 0) ? current : undefined;
    }, { timeoutMs: 20_000 });
    expect(after.children.rest).toBeGreaterThan(0);
    expect(await waitFor(restOk, { timeoutMs: 10_000 })).toBe(true);
    expect(readFileSync(paths.logFile, 'utf8')).toContain(`rest      | exited unexpectedly`);
  });
});

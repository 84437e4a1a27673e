import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning } from './child.ts';
import { isolatedStackEnv } from './config.ts';
import type { StackState } from './supervisor.ts';

// A second stack of our own (own data dir, own ports), so the shared one is left alone.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-cli-test-'));
// Ports from 25300 unless PODIUM_CLI_TEST_PORT_BASE names others (a second checkout's run beside this one).
const BASE = Number(process.env.PODIUM_CLI_TEST_PORT_BASE ?? 25300);
const env = isolatedStackEnv(dataDir, BASE);
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const stack = (command: string) => spawnSync(process.execPath, ['--import', 'tsx', cli, command], { env, encoding: 'utf8', timeout: 120_000 });
const state = () => JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8')) as StackState;
const alive = isRunning;
const pidsOf = (s: StackState) => [s.pid, ...Object.values(s.children)].filter((pid): pid is number => pid !== undefined);

afterAll(() => {
  stack('stop');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('stack CLI lifecycle', () => {
  it('starts from an empty data dir, prints URLs and keys, and every service is healthy', () => {
    const result = stack('start');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain(`API URL: http://127.0.0.1:${BASE + 1}`);
    expect(result.stdout).toContain(`DB URL: postgresql://postgres:postgres@127.0.0.1:${BASE + 2}/postgres`);
    expect(result.stdout).toContain('anon key: eyJ');
    expect(result.stdout).toContain('service_role key: eyJ');
    // The README's word for it: Inbucket is what `supabase start` runs, not this stack.
    expect(result.stdout).toMatch(/Mail catcher URL: http:\/\/127\.0\.0\.1:\d+/);
    expect(result.stdout).not.toContain('Inbucket');
    for (const service of ['db', 'rest', 'auth', 'mail']) expect(result.stdout).toMatch(new RegExp(`${service}: healthy`));
  }, 120_000);

  it('is idempotent: a second start reports the running stack', () => {
    const before = state();
    const result = stack('start');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(state().pid).toBe(before.pid);
  }, 60_000);

  it('status prints the health of each service', () => {
    const result = stack('status');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/rest: healthy/);
  }, 30_000);

  it('cleans up after a supervisor that was killed, and starts again', () => {
    const dead = state();
    process.kill(dead.pid, 'SIGKILL');
    const result = stack('start');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    for (const pid of pidsOf(dead)) expect(alive(pid)).toBe(false);
    expect(state().pid).not.toBe(dead.pid);
  }, 120_000);

  it('stop leaves no process behind', () => {
    const running = state();
    expect(pidsOf(running).every(alive)).toBe(true);
    const result = stack('stop');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    for (const pid of pidsOf(running)) expect(alive(pid)).toBe(false);
    expect(stack('status').status).toBe(1);
  }, 60_000);
});

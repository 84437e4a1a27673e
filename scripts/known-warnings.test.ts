// supabase-js's Node 20 notice shows once per test run; other warnings are never hidden.
import { describe, expect, it } from 'vitest';
import { quietPlaywrightWorker, showKnownWarningsOnce } from './known-warnings.ts';

const nodeNotice =
  '⚠️  Node.js 20 and below are deprecated and will no longer be supported in future versions of @supabase/supabase-js. Please upgrade to Node.js 22 or later. For more information, visit: https://github.com/orgs/supabase/discussions/45715\n';

describe('showKnownWarningsOnce', () => {
  it("shows supabase-js's Node 20 notice the first time and drops its repeats", () => {
    const onConsoleLog = showKnownWarningsOnce();
    expect(onConsoleLog(nodeNotice)).toBeUndefined();
    for (let file = 0; file < 68; file++) expect(onConsoleLog(nodeNotice)).toBe(false);
  });

  it('leaves every other warning and log line alone, repeated or not', () => {
    const onConsoleLog = showKnownWarningsOnce();
    onConsoleLog(nodeNotice);
    for (const line of ['Warning: An update to Zoeken inside a test was not wrapped in act(...)', 'Node.js 18 is old', 'deprecated: something else']) {
      expect(onConsoleLog(line)).toBeUndefined();
      expect(onConsoleLog(line)).toBeUndefined();
    }
  });

  it('counts per run: a new run shows the notice again', () => {
    showKnownWarningsOnce()(nodeNotice);
    expect(showKnownWarningsOnce()(nodeNotice)).toBeUndefined();
  });
});

describe('quietPlaywrightWorker', () => {
  it("in a worker drops the notice the runner's main process shows, and nothing else", () => {
    const shown: unknown[][] = [];
    const console = { warn: (...args: unknown[]) => void shown.push(args) };
    const env: NodeJS.ProcessEnv = { TEST_WORKER_INDEX: '0', NO_COLOR: '1', FORCE_COLOR: '1' };
    quietPlaywrightWorker(env, console);
    console.warn(nodeNotice);
    console.warn('Node.js 18 is old');
    expect(shown).toEqual([['Node.js 18 is old']]);
    expect(env.FORCE_COLOR).toBe('0');
  });

  it('leaves the main process and a run with colours alone', () => {
    const shown: unknown[][] = [];
    const console = { warn: (...args: unknown[]) => void shown.push(args) };
    const env: NodeJS.ProcessEnv = { FORCE_COLOR: '1' };
    quietPlaywrightWorker(env, console);
    console.warn(nodeNotice);
    expect(shown).toEqual([[nodeNotice]]);
    const worker: NodeJS.ProcessEnv = { TEST_WORKER_INDEX: '1', FORCE_COLOR: '1' };
    quietPlaywrightWorker(worker, { warn: () => {} });
    expect(worker.FORCE_COLOR).toBe('1');
  });
});

// The bench runner over tiny stand-in parts: a crash does not stop the parts after it, and the
// summary fails the run on a crash or a missed target.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { benchExitCode, summaryTable } from '../shared/src/bench.ts';
import { runBench } from './bench.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-bench-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const part = (name: string, body: string) => {
  // .mts: an ES module (for its top-level await) outside any package.
  const file = path.join(dir, `${name}.mts`);
  writeFileSync(file, `import { recordFigure, runPart, checkAnswer } from '${fileURLToPath(new URL('../shared/src/bench.ts', import.meta.url))}';\n${body}\n`);
  return file;
};

const scripts = {
  fast: part('fast', `recordFigure({ part: 'fast', figure: 'grid p95', value: 4.4, unit: 'ms', target: 300 });`),
  crash: part('crash', `recordFigure({ part: 'crash', figure: 'before the crash', value: 1, unit: 'ms', target: 5 });\nthrow new Error('no booking card');`),
  silent: part('silent', `console.log('all fast');`),
  slow: part('slow', `recordFigure({ part: 'slow', figure: 'cold start', value: 8400, unit: 'ms', target: 5000 });`),
  empty: part(
    'empty',
    `await runPart('empty grid', async () => { checkAnswer('grid', { status: 200, rows: 0 }); recordFigure({ part: 'empty', figure: 'never', value: 1, unit: 'ms', target: 300 }); });\nrecordFigure({ part: 'empty', figure: 'after it', value: 2, unit: 'ms', target: 300 });`,
  ),
};

describe('npm run bench', () => {
  it('runs every part to the end and fails on a crash, a missed target or an empty answer', () => {
    const lines = runBench(['fast', 'crash', 'silent', 'slow', 'empty'], scripts);
    const table = summaryTable(lines);
    expect(table).toMatch(/fast: grid p95 +\| ≤ 300 ms +\| 4\.40 ms +\| ok/);
    expect(table).toMatch(/crash: before the crash .*\| ok/);
    expect(table).toMatch(/\| crash +\| +\| exited with 1 .*\| crashed/);
    expect(table).toMatch(/\| silent +\| +\| measured nothing: it recorded no figure +\| crashed/);
    expect(table).toMatch(/slow: cold start +\| ≤ 5000 ms +\| 8400 ms +\| missed/);
    expect(table).toMatch(/empty grid +\| +\| grid: got 0 rows, expected at least 1.*\| crashed/);
    expect(table).toMatch(/empty: after it .*\| ok/);
    expect(table).not.toContain('never');
    expect(benchExitCode(lines)).toBe(1);
  }, 60_000);

  it('passes when every figure is ok', () => {
    const lines = runBench(['fast'], scripts);
    expect(benchExitCode(lines)).toBe(0);
  }, 30_000);

  it('exits non-zero when a figure misses its target; a smoke run holds no figure to it', () => {
    const bench = (extra: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./bench.ts', import.meta.url))], {
        env: { ...process.env, PODIUM_BENCH_SMOKE: '', ...extra, PODIUM_BENCH_PARTS: scripts.slow },
        encoding: 'utf8',
      });
    const full = bench({});
    expect(full.stdout).toMatch(/slow: cold start +\| ≤ 5000 ms +\| 8400 ms +\| missed/);
    expect(full.stdout).toContain('the bench failed');
    expect(full.status).toBe(1);
    const smoke = bench({ PODIUM_BENCH_SMOKE: '1' });
    expect(smoke.stdout).toContain('smoke run');
    expect(smoke.stdout).toContain('every part ran to its end');
    expect(smoke.status).toBe(0);
  }, 60_000);

  it('names a part that does not exist as crashed', () => {
    expect(summaryTable(runBench(['nope'], scripts))).toMatch(/nope .*no bench part 'nope'.*crashed/);
  });
});

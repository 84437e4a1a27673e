// `npm run bench`: every part, one after another, each in a process of its own, to the end even
// when one crashes; then one summary table of the figures the parts recorded (figure, target,
// value, ok/missed/crashed). Exits non-zero when a part crashed, measured nothing, or a figure
// missed its target. `PODIUM_BENCH_PARTS=storefront,bands` runs only the parts named (a name may
// also be the path of a script of one's own). PODIUM_BENCH_SMOKE=1 runs each part at tiny sizes
// (shared/src/bench.ts): every answer still checked, no figure held to its target.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchExitCode, benchSmoke, parseResults, summaryTable, type BenchLine } from '../shared/src/bench.ts';

const root = fileURLToPath(new URL('../', import.meta.url));

/** The parts, by a short name, and the script each runs. */
export const parts: Record<string, string> = {
  stack: 'supabase/stack/bench.ts',
  storefront: 'storefront/bench.ts',
  bundles: 'scripts/app-bundles.ts',
  bands: 'supabase/seed/bands-bench.ts',
  payouts: 'supabase/seed/payouts-bench.ts',
  load: 'supabase/load/bench.ts',
  faults: 'supabase/stack/faults.ts',
};

/** Runs the named parts and returns what they recorded, with a crash line for each part that failed. */
export function runBench(names: string[], scripts: Record<string, string> = parts, env: NodeJS.ProcessEnv = process.env): BenchLine[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-bench-results-'));
  const lines: BenchLine[] = [];
  try {
    for (const [index, name] of names.entries()) {
      const script = scripts[name];
      if (!script) {
        lines.push({ kind: 'crash', part: name, error: `no bench part '${name}' (there are: ${Object.keys(scripts).join(', ')})` });
        continue;
      }
      // By position: a name may be a path.
      const results = path.join(dir, `${index}.jsonl`);
      writeFileSync(results, '');
      console.log(`\n=== bench part: ${name} (${script}) ===`);
      const began = performance.now();
      const run = spawnSync(process.execPath, ['--import', 'tsx', path.resolve(root, script)], {
        cwd: root,
        stdio: 'inherit',
        env: { ...env, PODIUM_BENCH_RESULTS: results },
      });
      const seconds = ((performance.now() - began) / 1000).toFixed(0);
      const recorded = parseResults(readFileSync(results, 'utf8'));
      lines.push(...recorded);
      if (run.status !== 0) {
        lines.push({ kind: 'crash', part: name, error: `exited with ${run.status ?? run.signal} after ${seconds} s` });
      } else if (!recorded.some((line) => line.kind === 'figure')) {
        lines.push({ kind: 'crash', part: name, error: 'measured nothing: it recorded no figure' });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.env.PODIUM_BENCH_PARTS ? process.env.PODIUM_BENCH_PARTS.split(',').map((name) => name.trim()) : Object.keys(parts);
  const scripts = { ...parts, ...Object.fromEntries(names.filter((name) => !parts[name] && existsSync(name)).map((name) => [name, path.resolve(name)])) };
  const lines = runBench(names, scripts);
  console.log(
    `\nbench summary${benchSmoke() ? ' (smoke run: tiny sizes, figures not held to their targets)' : ''} (${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}):\n${summaryTable(lines)}`,
  );
  const code = benchExitCode(lines);
  console.log(code !== 0 ? '\nthe bench failed: a part crashed or a figure missed its target' : benchSmoke() ? '\nevery part ran to its end' : '\nevery figure ok');
  process.exit(code);
}

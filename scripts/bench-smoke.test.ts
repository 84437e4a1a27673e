// Every part of `npm run bench` in smoke mode (PODIUM_BENCH_SMOKE=1: tiny sizes, seconds), so a
// change that breaks a bench fails here the day it lands rather than at the next full run. No
// figure is held to its target, but each part still checks every timed answer (rows, status) and
// throws on a wrong one; a part that crashes or records no figure fails. The parts that boot a
// throwaway stack do so one after another on ports from 24900, with data dirs of their own, so
// the suite's stack is left alone. The fault drill is not run again here: faults.test.ts runs it
// in `npm test` already.
//
// The parts that build the storefront (storefront, load) build it for their own stack into a
// folder of their own: storefront/dist holds the user's build, made for their stack and served
// on :3000, and a bench that replaced it once left the product talking to a stopped API. So
// storefront/dist must come out of each part byte for byte as it went in.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { summaryTable } from '../shared/src/bench.ts';
import { parts, runBench } from './bench.ts';

const userBuild = fileURLToPath(new URL('../storefront/dist', import.meta.url));

/** Every file under `dir` with a hash of its bytes; undefined when there is no such folder. */
function contents(dir: string): Record<string, string> | undefined {
  if (!existsSync(dir)) return undefined;
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return files;
}

/** A terminal's environment: without what vitest adds (NODE_ENV=test would build React's development bundle). */
const env: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(VITEST.*|VITE_.*|NODE_ENV|TEST|MODE|DEV|PROD|SSR|BASE_URL)$/.test(name))),
  PODIUM_BENCH_SMOKE: '1',
  PODIUM_BENCH_PORT_BASE: '24900',
};

describe('npm run bench in smoke mode', () => {
  it.each(Object.keys(parts).filter((name) => name !== 'faults'))(
    '%s runs to its end, every answer it timed checked',
    (name) => {
      const before = contents(userBuild);
      const lines = runBench([name], parts, env);
      const table = summaryTable(lines);
      expect(
        lines.filter((line) => line.kind === 'crash'),
        table,
      ).toEqual([]);
      expect(lines.filter((line) => line.kind === 'figure').length, table).toBeGreaterThan(0);
      expect(
        lines.every((line) => line.kind === 'figure' && Number.isFinite(line.value)),
        table,
      ).toBe(true);
      expect(contents(userBuild), 'storefront/dist, the user’s build').toEqual(before);
    },
    // A guard against a hang, not a speed limit: a part builds an app and boots a stack of its own,
    // which takes minutes on a busy 2-core machine.
    1_800_000,
  );
});

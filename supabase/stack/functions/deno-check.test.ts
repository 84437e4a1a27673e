// The Deno side is outside tsc's reach (Deno globals, npm: imports): `deno check` type-checks the
// runtime, the test functions and every function in supabase/functions, as `supabase functions
// deploy` would have them compile.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { it } from 'vitest';
import { paths } from '../config.ts';
import { denoBinary } from './service.ts';

const here = fileURLToPath(new URL('./', import.meta.url));
const entrypoints = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'index.ts')))
    .map((entry) => path.join(dir, entry.name, 'index.ts'));

it('type-checks the runtime and the functions under Deno', async () => {
  const run = (config: string, files: string[]) =>
    files.length === 0
      ? Promise.resolve()
      : promisify(execFile)(denoBinary(), ['check', '--quiet', `--config=${config}`, ...files], {
          env: { ...process.env, DENO_DIR: paths.denoCache, NO_COLOR: '1' },
        });
  // A type error makes deno exit non-zero, which rejects with its diagnostics.
  await run(path.join(here, 'fixtures', 'deno.json'), [path.join(here, 'runtime', 'main.ts'), path.join(here, 'runtime', 'worker.ts'), ...entrypoints(path.join(here, 'fixtures'))]);
  await run(path.join(paths.functions, 'deno.json'), entrypoints(paths.functions));
}, 120_000);

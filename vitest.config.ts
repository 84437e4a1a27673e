import os from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import artistPortal from './artist-portal/vite.config.ts';
import backoffice from './backoffice/vitest.config.ts';
import scripts from './scripts/vitest.config.ts';
import shared from './shared/vitest.config.ts';
import storefront from './storefront/vitest.config.ts';
import supabase from './supabase/vitest.config.ts';
import { showKnownWarningsOnce } from './scripts/known-warnings.ts';

// One run over every package's tests, in four parts (PODIUM_TEST_PART; unset, all of them one file
// at a time, so `vitest run --project supabase <file>` works as it always did):
//   unit      needs no stack and no build: pure functions and components, many files side by side;
//   alone     needs the running stack to itself: kills or restarts one of its services (PostgREST,
//             realtime, Deno), reloads PostgREST's schema, runs `npm start` again, checks that bad
//             input changed no row of any table, or compares whole result lists with SQL's: one file at a time, while nothing else uses
//             that stack (`npm test` runs it before the journeys);
//   stack     talks to the running stack or reads the apps' build in dist/ and leaves both as they
//             are: one file at a time beside the journeys, so the shared stack carries two
//             journeys and one file at once;
//   drills    boot stacks of their own (own data dir and ports, see isolatedStackEnv; the benches'
//             smoke run too) and leave the shared one alone, so they run beside the others, in a
//             process of their own.
// A file needing the stack or the build and not listed under alone or stack fails in the unit
// part when no stack runs (`npm run test:unit` with nothing started shows it).
const stackFiles: Record<string, string[]> = {
  supabase: [
    'tests/**/*.test.ts',
    'stack/**/*.integration.test.ts',
    'stack/advisors.test.ts',
    'stack/migrate.test.ts',
    'stack/payments/payments.test.ts',
    'stack/payments/connect.test.ts',
    'seed/sql.test.ts',
    'seed/upload.test.ts',
  ],
  shared: ['src/**/*.integration.test.ts'],
  // entry-server renders the prerendered pages with the running stack's data.
  storefront: ['src/**/*.integration.test.{ts,tsx}', 'src/entry-server.test.ts'],
  backoffice: ['src/login/login-bundle.test.ts'],
  'artist-portal': ['src/bundle.test.ts'],
};
const aloneFiles: Record<string, string[]> = {
  supabase: [
    'tests/bad-input-*.test.ts',
    'stack/postgrest.test.ts',
    'stack/gateway.test.ts',
    'stack/gateway-raw.test.ts',
    'stack/functions/functions.integration.test.ts',
    'stack/realtime/realtime.integration.test.ts',
  ],
  // Compares whole result lists with what SQL says: a journey adding an act in between would differ.
  storefront: ['src/data/discovery.integration.test.ts'],
  scripts: ['run.test.ts'],
};
const drillFiles: Record<string, string[]> = {
  supabase: ['stack/backup.test.ts', 'stack/cli.test.ts', 'stack/faults.test.ts', 'stack/web-dev.test.ts'],
  scripts: ['bench-smoke.test.ts'],
};

const part = process.env.PODIUM_TEST_PART;
if (part !== undefined && !['unit', 'alone', 'stack', 'drills'].includes(part)) throw new Error(`PODIUM_TEST_PART is unit, alone, stack or drills, not '${part}'`);
// Side by side: on a 2-core machine vitest's default (cores - 1) would be one file at a time.
const unitWorkers = Math.max(2, os.availableParallelism());
// The unit files share each worker's module cache instead of importing React, Chakra, MUI and
// react-admin again for every file: 3.8 times less CPU for the part (320 → 84 CPU-s here). They
// also share the worker's page, so the packages' setup files leave address and storage as they
// found them after each test; no file relies on a module's state being new.
const unitPool = { maxWorkers: unitWorkers, isolate: false };
// The stack part's files, one after another, share one worker the same way (223 → 146 CPU-s for
// the part here, the stack's own CPU included): each makes its own users and data, and the
// database pool its helpers share is made again after a file closes it.
const partPool = part === 'unit' ? unitPool : part === 'stack' ? { isolate: false } : {};

/** A package's own config (so its plugins, environment and setup files hold here too), narrowed to this part's files. */
function project(dir: string, config: TestProjectInlineConfiguration): TestProjectInlineConfiguration {
  const own = config.test ?? {};
  const alone = aloneFiles[dir] ?? [];
  const stack = stackFiles[dir] ?? [];
  const drills = drillFiles[dir] ?? [];
  const include = part === 'alone' ? alone : part === 'stack' ? stack : part === 'drills' ? drills : (own.include ?? configDefaults.include);
  const exclude = [...(own.exclude ?? configDefaults.exclude), ...(part === 'unit' ? [...alone, ...stack, ...drills] : part === 'stack' ? alone : [])];
  return {
    ...config,
    root: `./${dir}`,
    test: { ...own, include, exclude, fileParallelism: part === 'unit', ...partPool },
  };
}

export default defineConfig({
  test: {
    projects: [
      project('supabase', supabase),
      project('shared', shared),
      project('storefront', storefront),
      project('backoffice', backoffice),
      project('artist-portal', { ...artistPortal, test: { name: '@podium/artist-portal' } }),
      project('scripts', scripts),
    ],
    passWithNoTests: true,
    fileParallelism: part === 'unit',
    ...partPool,
    // supabase-js's Node 20 notice once per run instead of once per test file; nothing else hidden.
    onConsoleLog: showKnownWarningsOnce(),
  },
});

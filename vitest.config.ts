import { defineConfig } from 'vitest/config';
import { showKnownWarningsOnce } from './scripts/known-warnings.ts';

// One run over every package's tests; the integration tests expect the local stack running
// (`npm test` starts it).
export default defineConfig({
  test: {
    projects: ['supabase', 'shared', 'storefront', 'backoffice', 'artist-portal', 'scripts'],
    passWithNoTests: true,
    // Integration files share one running stack and some restart parts of it: one file at a time.
    fileParallelism: false,
    // supabase-js's Node 20 notice once per run instead of once per test file; nothing else hidden.
    onConsoleLog: showKnownWarningsOnce(),
  },
});

import { defineConfig } from 'vitest/config';

// One run over every package's tests; the integration tests expect the local stack running
// (`npm test` starts it).
export default defineConfig({
  test: {
    projects: ['supabase', 'shared', 'storefront', 'backoffice', 'artist-portal', 'scripts'],
    passWithNoTests: true,
    // Integration files share one running stack and some restart parts of it: one file at a time.
    fileParallelism: false,
  },
});

import { defineConfig } from 'vitest/config';

// The stack's tests: unit tests and integration tests against the running stack (`npm test` starts it).
export default defineConfig({
  test: {
    name: 'supabase',
    include: ['stack/**/*.test.ts', 'tests/**/*.test.ts', 'seed/**/*.test.ts'],
    testTimeout: 30_000,
    // One file at a time: some files restart PostgREST or start a second stack, which must not
    // pull the ground from under integration tests running beside them.
    fileParallelism: false,
    hookTimeout: 60_000,
  },
});

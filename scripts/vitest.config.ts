import { defineConfig } from 'vitest/config';

// Checks over the whole repository (its README, its import boundaries, the runner's order).
// Its own config, so `vitest` run here does not pick up the root's multi-project one.
export default defineConfig({
  test: { name: 'repo', include: ['**/*.test.ts'], testTimeout: 30_000 },
});

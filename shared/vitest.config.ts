import { defineConfig } from 'vitest/config';

// Its own config, so `vitest` run here does not pick up the root's multi-project one.
export default defineConfig({
  test: { name: 'shared', include: ['src/**/*.test.ts'] },
});

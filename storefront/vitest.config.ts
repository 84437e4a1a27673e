import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component tests in jsdom. Its own config, so `vitest` run here does not pick up the root's
// multi-project one; the root lists this folder as a project.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'storefront',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // The machine running these is shared and slow; typing through user-event takes its time.
    testTimeout: 30_000,
  },
});

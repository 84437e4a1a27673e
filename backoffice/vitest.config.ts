import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component tests of the back office's screens in jsdom, with react-admin's real contexts and
// an in-memory data provider.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'backoffice',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
  },
});

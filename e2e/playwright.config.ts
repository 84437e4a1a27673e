// Journeys across the three apps on one origin, against the local stack. The test command starts
// the stack (web server included) first, so there is no webServer block here.
import { defineConfig, devices } from '@playwright/test';
import { localUrls } from '@podium/shared/local-stack';

export default defineConfig({
  testDir: './tests',
  // The JSON report feeds the one-line summary of `npm test`.
  reporter: [['list'], ['json', { outputFile: '../.data/test-results/e2e.json' }]],
  forbidOnly: !!process.env.CI,
  // No retries: a journey that passes only the second time hides a bug (CI once stayed green
  // that way while a fresh clone failed).
  retries: 0,
  use: {
    // The stack's web origin (PODIUM_PORT_BASE applies), unless BASE_URL names another host.
    baseURL: process.env.BASE_URL ?? localUrls(process.env).site,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // The system Chromium: browsers are never downloaded here.
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});

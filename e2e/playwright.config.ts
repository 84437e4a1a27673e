// Journeys across the three apps on one origin, against the local stack. The test command starts
// the stack (web server included) first, so there is no webServer block here.
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { localUrls } from '@podium/shared/local-stack';
import { quietPlaywrightWorker } from '../scripts/known-warnings.ts';

quietPlaywrightWorker();

export default defineConfig({
  testDir: './tests',
  // The JSON report feeds the one-line summary of `npm test`.
  reporter: [['list'], ['json', { outputFile: '../.data/test-results/e2e.json' }]],
  forbidOnly: !!process.env.CI,
  // No retries: a journey that passes only the second time hides a bug (CI once stayed green
  // that way while a fresh clone failed).
  retries: 0,
  // Waits, not speed limits (benches measure speed): two journeys, the stack and the vitest files
  // beside them share two cores, where a page can take seconds to show what it shows.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Two workers, CI included: every journey makes its own users, acts and bookings (fixtures/);
  // the few that change or count what the whole site shows run on their own (project 'site-wide').
  workers: 2,
  use: {
    // The stack's web origin (PODIUM_PORT_BASE applies), unless BASE_URL names another host.
    baseURL: process.env.BASE_URL ?? localUrls(process.env).site,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    // No trace by default: recording one for every journey (to keep it for a failure) cost about a
    // third of the suite's CPU. A failure still leaves its screenshot and page snapshot in
    // test-results; `--trace on` records traces when a journey needs a closer look.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // The system's Chromium, never a downloaded browser: its headless shell where installed (the
      // same engine on about a third less CPU, which two workers on two cores need), else the full
      // browser. PODIUM_CHROMIUM names another.
      executablePath: process.env.PODIUM_CHROMIUM ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [
    // Journeys on data of their own (fixtures make random-named users, acts and bookings): any
    // two of them can run side by side.
    { name: 'journeys', grepInvert: /@site-wide/, teardown: 'site-wide', use: { ...devices['Desktop Chrome'] } },
    // Journeys tagged '@site-wide' change or assert what the whole site shows (the ranking, the
    // news, a seeded act's approval or public page, whole result lists with their counts, the
    // BANDS leaderboard): one at a time, once the rest has finished, so no other journey adds or
    // moves a row under them. A teardown rather than a dependency: it runs after the journeys even
    // when one of them failed, so one failure does not hide these checks.
    { name: 'site-wide', grep: /@site-wide/, workers: 1, use: { ...devices['Desktop Chrome'] } },
  ],
});

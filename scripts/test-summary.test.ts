// The closing line of `npm test`, read from real reports: Playwright's JSON of a test that failed
// once and passed on its retry is a failure, not a pass.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { mergePlaywrightReports, mergeVitestReports, summarise } from './test-summary.mjs';

const e2e = fileURLToPath(new URL('../e2e/package.json', import.meta.url));
// Imported by its absolute path: the spec lives in a temporary folder without node_modules.
const playwrightDir = path.dirname(createRequire(e2e).resolve('@playwright/test'));
const playwright = path.join(playwrightDir, 'index.mjs');
const playwrightCli = path.join(playwrightDir, 'cli.js');

describe('the summary of npm test', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-summary-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts a Playwright test that passed only on its retry as failed', { timeout: 60_000 }, () => {
    const results = path.join(dir, 'results');
    writeFileSync(
      path.join(dir, 'journeys.spec.mjs'),
      `import { test, expect } from ${JSON.stringify(playwright)};
test('passes', () => {});
test('passes on its second try', ({}, info) => expect(info.retry).toBe(1));
`,
    );
    writeFileSync(path.join(dir, 'playwright.config.mjs'), `export default { testDir: '.', retries: 1, reporter: [['json', { outputFile: ${JSON.stringify(path.join(results, 'e2e.json'))} }]] };\n`);
    const run = spawnSync(process.execPath, [playwrightCli, 'test', '--config', path.join(dir, 'playwright.config.mjs')], { cwd: dir, encoding: 'utf8' });
    // Playwright itself calls this run a success: the retry passed.
    expect(run.status, run.stderr).toBe(0);
    writeFileSync(path.join(results, 'vitest.json'), JSON.stringify({ numPassedTests: 3, numFailedTests: 0, numPendingTests: 1, numTodoTests: 0, testResults: [] }));

    expect(summarise(results)).toEqual({
      failed: 1,
      failures: ['e2e/journeys.spec.mjs › passes on its second try (flaky)\n    Error: expect(received).toBe(expected) // Object.is equality\n    Expected: 1\n    Received: 0'],
      line: 'tests: 4 passed, 1 failed, 1 skipped (1 of them flaky)',
    });
  });

  it('counts a runner that left no report, and a test file that did not load', () => {
    const results = path.join(dir, 'no-e2e', '.data', 'test-results');
    mkdirSync(results, { recursive: true });
    const broken = { name: path.join(dir, 'no-e2e', 'supabase', 'broken.test.ts'), status: 'failed', assertionResults: [] };
    writeFileSync(path.join(results, 'vitest.json'), JSON.stringify({ numPassedTests: 2, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [broken] }));
    expect(summarise(results)).toEqual({
      failed: 2,
      failures: ['supabase/broken.test.ts did not load'],
      line: 'tests: 2 passed, 1 failed, 0 skipped (1 test file did not load; playwright left no report)',
    });
  });

  it('names each failed test, so the end of a long log says which to look at', () => {
    const results = path.join(dir, 'named', '.data', 'test-results');
    mkdirSync(results, { recursive: true });
    const file = {
      name: path.join(dir, 'named', 'supabase', 'tests', 'chat.test.ts'),
      status: 'failed',
      assertionResults: [
        { status: 'passed', fullName: 'chat sends' },
        { status: 'failed', fullName: 'chat masks a phone number' },
      ],
    };
    writeFileSync(path.join(results, 'vitest.json'), JSON.stringify({ numPassedTests: 1, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0, testResults: [file] }));
    const spec = (title: string, status: string) => ({ title, tests: [{ status }] });
    const e2eReport = {
      stats: { expected: 1, unexpected: 1, flaky: 0, skipped: 0 },
      errors: [],
      suites: [{ title: 'tests/chat.spec.ts', specs: [spec('opens', 'expected')], suites: [{ title: 'on a phone', specs: [spec('goes back', 'unexpected')] }] }],
    };
    writeFileSync(path.join(results, 'e2e.json'), JSON.stringify(e2eReport));
    expect(summarise(results)).toEqual({
      failed: 2,
      failures: ['supabase/tests/chat.test.ts › chat masks a phone number', 'e2e/tests/chat.spec.ts › on a phone › goes back'],
      line: 'tests: 2 passed, 2 failed, 0 skipped',
    });
  });

  it('adds up the reports of vitest’s parts, and counts a part that left none', () => {
    const results = path.join(dir, 'parts', '.data', 'test-results');
    mkdirSync(results, { recursive: true });
    const file = (name: string, status: string) => ({ name: path.join(dir, 'parts', name), status, assertionResults: [{ status, fullName: `${name} works` }] });
    const report = (passed: number, failed: number, files: object[]) => ({
      numPassedTests: passed,
      numFailedTests: failed,
      numPendingTests: 0,
      numTodoTests: 0,
      startTime: 1,
      success: failed === 0,
      testResults: files,
    });
    writeFileSync(path.join(results, 'vitest-unit.json'), JSON.stringify(report(5, 0, [file('shared/src/a.test.ts', 'passed')])));
    writeFileSync(path.join(results, 'vitest-stack.json'), JSON.stringify(report(2, 1, [file('supabase/tests/b.test.ts', 'failed')])));
    writeFileSync(path.join(results, 'e2e.json'), JSON.stringify({ stats: { expected: 1, unexpected: 0, flaky: 0, skipped: 0 }, errors: [], suites: [] }));

    mergeVitestReports(results, ['unit', 'stack', 'drills']);
    expect(summarise(results)).toEqual({
      failed: 2,
      failures: ['supabase/tests/b.test.ts › supabase/tests/b.test.ts works'],
      line: "tests: 8 passed, 1 failed, 0 skipped (vitest's drills part left no report)",
    });
  });

  it('adds up the reports of Playwright’s projects, names their failures, and counts a project that left none', () => {
    const results = path.join(dir, 'projects', '.data', 'test-results');
    mkdirSync(results, { recursive: true });
    writeFileSync(path.join(results, 'vitest.json'), JSON.stringify({ numPassedTests: 3, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] }));
    const spec = (title: string, status: string) => ({ title, tests: [{ status }] });
    writeFileSync(
      path.join(results, 'e2e-journeys.json'),
      JSON.stringify({ stats: { expected: 4, unexpected: 1, flaky: 0, skipped: 0 }, errors: [], suites: [{ title: 'checkout.spec.ts', specs: [spec('pays with iDEAL', 'unexpected')] }] }),
    );
    mergePlaywrightReports(results, ['journeys', 'site-wide']);
    expect(summarise(results)).toEqual({
      failed: 2,
      failures: ['e2e/checkout.spec.ts › pays with iDEAL'],
      line: "tests: 7 passed, 1 failed, 0 skipped (playwright's site-wide project left no report)",
    });

    writeFileSync(path.join(results, 'e2e-site-wide.json'), JSON.stringify({ stats: { expected: 2, unexpected: 0, flaky: 1, skipped: 1 }, errors: [], suites: [] }));
    mergePlaywrightReports(results, ['journeys', 'site-wide']);
    expect(summarise(results).line).toBe('tests: 9 passed, 2 failed, 1 skipped (1 of them flaky)');
  });
  it('says under each failure why it failed: the first lines of its message, without colours or stack frames', () => {
    const results = path.join(dir, 'reasons', '.data', 'test-results');
    mkdirSync(results, { recursive: true });
    const message = '\u001b[31mAssertionError: expected 404 to be 403 // Object.is equality\u001b[39m\n    at stack/gateway.test.ts:183:20\n ❯ stack/gateway.test.ts:183:20\n\n- Expected\n+ Received';
    const file = {
      name: path.join(dir, 'reasons', 'supabase', 'stack', 'gateway.test.ts'),
      status: 'failed',
      assertionResults: [{ status: 'failed', fullName: 'refuses a forged owner', failureMessages: [message] }],
    };
    writeFileSync(path.join(results, 'vitest.json'), JSON.stringify({ numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0, testResults: [file] }));
    const failedJourney = {
      status: 'unexpected',
      results: [{ status: 'failed', errors: [{ message: "Error: expect(locator).toBeVisible() failed\n\nLocator: getByText('Bedankt')\n    at tests/contact.spec.ts:40:5" }] }],
    };
    const axeDiff =
      'Error: act\n\nexpect(received).toEqual(expected) // deep equality\n\n- Expected  - 1\n+ Received  + 3\n\n- Array []\n+ Array [\n+   "color-contrast: button.chakra-button",\n+ ]\n    at tests/onboarding.spec.ts:9:5';
    const failedAxe = { status: 'unexpected', results: [{ status: 'failed', errors: [{ message: axeDiff }] }] };
    writeFileSync(
      path.join(results, 'e2e.json'),
      JSON.stringify({
        stats: { expected: 0, unexpected: 1, flaky: 0, skipped: 0 },
        errors: [],
        suites: [
          {
            title: 'contact.spec.ts',
            specs: [
              { title: 'sends', tests: [failedJourney] },
              { title: 'axe', tests: [failedAxe] },
            ],
          },
        ],
      }),
    );
    expect(summarise(results).failures).toEqual([
      'supabase/stack/gateway.test.ts › refuses a forged owner\n    AssertionError: expected 404 to be 403 // Object.is equality\n    - Expected\n    + Received',
      "e2e/contact.spec.ts › sends\n    Error: expect(locator).toBeVisible() failed\n    Locator: getByText('Bedankt')",
      'e2e/contact.spec.ts › axe\n    Error: act\n    expect(received).toEqual(expected) // deep equality\n    - Expected  - 1\n    + Received  + 3\n    - Array []\n    + Array [\n    +   "color-contrast: button.chakra-button",\n    + ]',
    ]);
  });
});

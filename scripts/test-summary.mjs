// The closing line of `npm test` over both runners' JSON reports: `tests: N passed, N failed, N
// skipped`. A flaky test (one that passed only on a retry) is a failure to fix, and so is a test
// file that failed without a failed test in it (it did not load) or a runner that left no report.
// Each failure is named too, so the end of a long CI log says which tests to look at.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The failed tests of Playwright's JSON report: its suites nest by file and describe. */
function e2eFailures(suites, titles = []) {
  return (suites ?? []).flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
        .map((test) => `${[...titles, suite.title, spec.title].join(' › ')}${test.status === 'flaky' ? ' (flaky)' : ''}`),
    ),
    ...e2eFailures(suite.suites, [...titles, suite.title]),
  ]);
}

/**
 * Reads `vitest.json` and `e2e.json` from `results`; `failed` also counts a missing report, and
 * `failures` names each failed test (and each test file that did not load).
 */
export function summarise(results) {
  const read = (file) => (existsSync(path.join(results, file)) ? JSON.parse(readFileSync(path.join(results, file), 'utf8')) : undefined);
  const vitest = read('vitest.json');
  const e2e = read('e2e.json');
  const brokenFiles = (vitest?.testResults ?? []).filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')).length;
  const flaky = e2e?.stats.flaky ?? 0;
  const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats.expected ?? 0);
  const failed = (vitest?.numFailedTests ?? 0) + brokenFiles + (e2e?.stats.unexpected ?? 0) + flaky + (e2e?.errors?.length ?? 0);
  const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats.skipped ?? 0);
  const notes = [
    flaky && `${flaky} of them flaky`,
    brokenFiles && `${brokenFiles} test file${brokenFiles === 1 ? '' : 's'} did not load`,
    !vitest && 'vitest left no report',
    !e2e && 'playwright left no report',
  ].filter(Boolean);
  const root = path.resolve(results, '..', '..');
  const failures = [
    ...(vitest?.testResults ?? []).flatMap((file) => {
      const name = path.relative(root, file.name);
      const tests = file.assertionResults.filter((test) => test.status === 'failed');
      if (file.status === 'failed' && tests.length === 0) return [`${name} did not load`];
      return tests.map((test) => `${name} › ${test.fullName}`);
    }),
    ...e2eFailures(e2e?.suites).map((title) => `e2e/${title}`),
    ...(e2e?.errors ?? []).map((error) => `e2e: ${String(error.message ?? error).split('\n')[0]}`),
  ];
  return {
    failed: failed + (vitest ? 0 : 1) + (e2e ? 0 : 1),
    failures,
    line: `tests: ${passed} passed, ${failed} failed, ${skipped} skipped${notes.length ? ` (${notes.join('; ')})` : ''}`,
  };
}

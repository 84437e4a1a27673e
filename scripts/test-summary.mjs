// The closing line of `npm test` over both runners' JSON reports: `tests: N passed, N failed, N
// skipped`. A flaky test (one that passed only on a retry) is a failure to fix, and so is a test
// file that failed without a failed test in it (it did not load) or a runner that left no report.
// Each failure is named too, so the end of a long CI log says which tests to look at.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The first lines of a failure's message, indented under its name: CI shows only the end of a
 * long log, and a run that failed once must say why without the run's files. Colours, stack and
 * code frames are left out.
 */
export function reasonOf(message) {
  if (typeof message !== 'string') return '';
  const lines = message
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    // Stack frames (`at …`, `❯ …`) and code frames (`> 3 | …`, `  | ^`) say where, not why.
    .filter((line) => line.trim() && !/^\s*(at |❯ )/.test(line) && !/^\s*>?\s*\d*\s*\|/.test(line))
    // Enough for a short diff to show what came instead (a list of axe violations, say).
    .slice(0, 12)
    .map((line) => `    ${line.trim().slice(0, 300)}`);
  return lines.length ? `\n${lines.join('\n')}` : '';
}

/** The failed tests of Playwright's JSON report: its suites nest by file and describe. */
function e2eFailures(suites, titles = []) {
  return (suites ?? []).flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
        .map((test) => {
          const firstError = (test.results ?? []).flatMap((result) => result.errors ?? (result.error ? [result.error] : []))[0];
          return `${[...titles, suite.title, spec.title].join(' › ')}${test.status === 'flaky' ? ' (flaky)' : ''}${reasonOf(firstError?.message)}`;
        }),
    ),
    ...e2eFailures(suite.suites, [...titles, suite.title]),
  ]);
}

/** The reports `<runner>-<name>.json` in `results`, and the names that left none. */
function reportsOf(results, runner, names) {
  const reports = [];
  const missing = [];
  for (const name of names) {
    const file = path.join(results, `${runner}-${name}.json`);
    if (existsSync(file)) reports.push(JSON.parse(readFileSync(file, 'utf8')));
    else missing.push(name);
  }
  return { reports, missing };
}

/**
 * Joins the reports of vitest's parts (`vitest-<part>.json`, run as separate processes) into the
 * one `vitest.json` the summary reads; a part that left no report is named in `missingParts`.
 */
export function mergeVitestReports(results, parts) {
  const { reports, missing: missingParts } = reportsOf(results, 'vitest', parts);
  if (reports.length === 0) return;
  const merged = { ...reports[0], testResults: [], missingParts };
  for (const key of Object.keys(merged)) if (/^num[A-Z]/.test(key)) merged[key] = 0;
  for (const report of reports) {
    for (const [key, value] of Object.entries(report)) if (/^num[A-Z]/.test(key) && typeof value === 'number') merged[key] = (merged[key] ?? 0) + value;
    merged.testResults.push(...(report.testResults ?? []));
    merged.startTime = Math.min(merged.startTime ?? report.startTime, report.startTime ?? Infinity);
  }
  merged.success = missingParts.length === 0 && reports.every((report) => report.success);
  writeFileSync(path.join(results, 'vitest.json'), JSON.stringify(merged));
}

/**
 * Joins Playwright's reports of its projects (`e2e-<project>.json`, run one after another) into
 * the one `e2e.json` the summary reads; a project that left no report is named in `missingProjects`.
 */
export function mergePlaywrightReports(results, projects) {
  const { reports, missing: missingProjects } = reportsOf(results, 'e2e', projects);
  if (reports.length === 0) return;
  const stats = {};
  for (const report of reports) for (const [key, value] of Object.entries(report.stats ?? {})) if (typeof value === 'number' && key !== 'startTime') stats[key] = (stats[key] ?? 0) + value;
  const merged = {
    ...reports[0],
    stats: { ...reports[0].stats, ...stats },
    suites: reports.flatMap((report) => report.suites ?? []),
    errors: reports.flatMap((report) => report.errors ?? []),
    missingProjects,
  };
  writeFileSync(path.join(results, 'e2e.json'), JSON.stringify(merged));
}

/**
 * Reads `vitest.json` and `e2e.json` from `results`; `failed` also counts a missing report, and
 * `failures` names each failed test (and each test file that did not load), with the first lines
 * of its message under it.
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
    ...(vitest?.missingParts ?? []).map((part) => `vitest's ${part} part left no report`),
    !e2e && 'playwright left no report',
    ...(e2e?.missingProjects ?? []).map((project) => `playwright's ${project} project left no report`),
  ].filter(Boolean);
  const root = path.resolve(results, '..', '..');
  const failures = [
    ...(vitest?.testResults ?? []).flatMap((file) => {
      const name = path.relative(root, file.name);
      const tests = file.assertionResults.filter((test) => test.status === 'failed');
      if (file.status === 'failed' && tests.length === 0) return [`${name} did not load`];
      return tests.map((test) => `${name} › ${test.fullName}${reasonOf(test.failureMessages?.[0])}`);
    }),
    ...e2eFailures(e2e?.suites).map((title) => `e2e/${title}`),
    ...(e2e?.errors ?? []).map((error) => `e2e: ${String(error.message ?? error).split('\n')[0]}`),
  ];
  return {
    failed: failed + (vitest ? (vitest.missingParts?.length ?? 0) : 1) + (e2e ? (e2e.missingProjects?.length ?? 0) : 1),
    failures,
    line: `tests: ${passed} passed, ${failed} failed, ${skipped} skipped${notes.length ? ` (${notes.join('; ')})` : ''}`,
  };
}

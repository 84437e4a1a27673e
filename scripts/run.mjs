#!/usr/bin/env node
// The two quick-start commands, for a machine with only Node >= 20 and npm:
//   npm start  installs, starts the whole product (stack, seed, web) and builds the three apps
//              (the storefront prerenders its public pages with data from the running stack);
//   npm test   installs, then runs lint, typecheck, unit and integration tests and the
//              Playwright journeys against a running stack.
// pnpm comes through npx, pinned to the version in package.json; nothing is installed globally.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { packageManager } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', npm_config_nodedir: '' };
const CHROMIUM = '/usr/bin/chromium';

function run(command, args, options = {}) {
  console.log(`\n▶ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env, ...options });
  if (result.status !== 0) {
    if (options.allowFailure) return false;
    console.error(`✖ ${[command, ...args].join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
  return true;
}

const pnpm = (...args) => run('npx', ['--yes', packageManager, ...args]);

/** Runs a pnpm step with its output in .data/<log>; prints one line, or the output when it fails. */
function quietly(what, log, args) {
  const file = path.join(root, '.data', log);
  mkdirSync(path.dirname(file), { recursive: true });
  process.stdout.write(`▶ ${what} ... `);
  const started = Date.now();
  const result = spawnSync('npx', ['--yes', packageManager, ...args], { cwd: root, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  writeFileSync(file, `${result.stdout ?? ''}${result.stderr ?? ''}`);
  if (result.status !== 0) {
    console.log('failed');
    console.error(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    console.error(`✖ ${what} failed (output in ${path.relative(root, file)})`);
    process.exit(result.status ?? 1);
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s (output in ${path.relative(root, file)})`);
}

function installed() {
  const marker = path.join(root, 'node_modules', '.modules.yaml');
  return existsSync(marker) && statSync(marker).mtimeMs >= statSync(path.join(root, 'pnpm-lock.yaml')).mtimeMs;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const root = process.getuid?.() === 0;
  if (root && existsSync('/usr/bin/apt-get')) {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } });
    return;
  }
  console.error(`The end-to-end tests drive Chromium at ${CHROMIUM}. Install it with your package manager (Debian/Ubuntu: sudo apt-get install chromium).`);
  process.exit(1);
}

const results = path.join(root, '.data', 'test-results');

/** One closing line over both runners: `tests: N passed, N failed, N skipped`. */
function printSummary() {
  const read = (file) => (existsSync(path.join(results, file)) ? JSON.parse(readFileSync(path.join(results, file), 'utf8')) : undefined);
  const vitest = read('vitest.json');
  const e2e = read('e2e.json');
  // A journey that passed only on a retry is a failure to fix, not a pass.
  const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats.expected ?? 0);
  const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats.unexpected ?? 0) + (e2e?.stats.flaky ?? 0) + (vitest ? 0 : 1) + (e2e ? 0 : 1);
  const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats.skipped ?? 0);
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

const command = process.argv[2];
if (!installed()) pnpm('install', '--frozen-lockfile');

// The stack starts before the build: the storefront's build prerenders its public pages with
// data read from the API (storefront/scripts/prerender.ts). The web server serves whatever dist/
// holds on each request, so building after it started is fine.
if (command === 'start') {
  // The table of URLs, keys and health comes last, once the apps are built and the web server
  // answers; the steps before it report a line each (their full output only when they fail).
  quietly('starting the local stack (database, API, auth, storage, realtime, functions, mail, payments, web)', 'stack-start.log', ['run', '--silent', 'stack', 'start']);
  quietly('building the storefront, back office and artist portal', 'build.log', ['run', 'build']);
  pnpm('run', '--silent', 'stack', 'status');
} else if (command === 'test') {
  ensureChromium();
  pnpm('run', 'lint');
  pnpm('run', 'typecheck');
  const wasRunning = run('npx', ['--yes', packageManager, 'run', '--silent', 'stack', 'status'], { allowFailure: true, stdio: 'ignore' });
  // A stack left from `npm start` keeps running; one started here is stopped afterwards.
  if (!wasRunning) pnpm('run', 'stack', 'start');
  pnpm('run', 'build');
  rmSync(results, { recursive: true, force: true });
  const unit = run('npx', ['--yes', packageManager, 'exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`], { allowFailure: true });
  const e2e = run('npx', ['--yes', packageManager, '--filter', '@podium/e2e', 'run', 'test'], { allowFailure: true });
  if (!wasRunning) pnpm('run', 'stack', 'stop');
  printSummary();
  if (!unit || !e2e) {
    console.error(`✖ tests failed (${[!unit && 'vitest', !e2e && 'playwright'].filter(Boolean).join(', ')})`);
    process.exit(1);
  }
} else {
  console.error('usage: node scripts/run.mjs <start|test>');
  process.exit(1);
}

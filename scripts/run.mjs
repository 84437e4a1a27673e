#!/usr/bin/env node
// The two quick-start commands, for a machine with only Node >= 20 and npm:
//   npm start  installs, starts the whole product (stack, seed, web), builds the three apps (the
//              storefront prerenders its public pages with data from the running stack, so the
//              stack comes first) and ends with the stack's URLs, keys and health, web included;
//   npm test   installs, then runs lint, typecheck, unit and integration tests and the
//              Playwright journeys against a stack of its own (own data dir and ports, so the
//              demo data of a stack from `npm start` never gets its test accounts), on a build
//              made for it, and ends with its wall time.
// The stack's and the build's own output go to log files under .data/, so the terminal ends with
// what a person needs. pnpm comes through npx, pinned to the version in package.json; nothing is
// installed globally.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv } from './run-env.mjs';
import { mergePlaywrightReports, mergeVitestReports, summarise } from './test-summary.mjs';

const began = Date.now();
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { packageManager } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const env = childEnv(process.env);
const CHROMIUM = '/usr/bin/chromium';
// Chromium's headless shell (the same engine without the browser's UI layers) runs the journeys
// on about a third less CPU than the full browser; Lighthouse and the benches keep the full one.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const logs = path.join(root, '.data');

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
// The root's own scripts through npm: under `pnpm run` a script's npx would see pnpm's settings
// in its environment and warn 'Unknown env config' for each (run-env.mjs).
const npmRun = (script, ...args) => run('npm', ['run', script, ...(args.length ? ['--', ...args] : [])]);
const npmRunArgs = (script, ...args) => ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])];

/**
 * A command running beside others: its output goes to `log`, and when it ends one line says how
 * it went (with the log's end when it failed), so parts running at once do not interleave.
 */
function beside(name, command, args, log, { nice = 0 } = {}) {
  mkdirSync(path.dirname(log), { recursive: true });
  const shown = path.relative(process.cwd(), log) || log;
  const started = Date.now();
  const fd = openSync(log, 'w');
  console.log(`\n▶ ${name} beside the rest${nice ? ' (at a lower priority)' : ''}: ${[command, ...args].join(' ')} (output in ${shown})`);
  const [file, argv] = nice ? ['nice', ['-n', String(nice), command, ...args]] : [command, args];
  const child = spawn(file, argv, { cwd: root, env: { ...env, ...partEnv(name) }, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (code === 0) console.log(`✓ ${name} passed in ${seconds} s (output in ${shown})`);
      else {
        console.error(`\n${readFileSync(log, 'utf8').trimEnd().split('\n').slice(-40).join('\n')}`);
        console.error(`✖ ${name} failed after ${seconds} s; the whole output is in ${shown}`);
      }
      resolve(code === 0);
    });
  });
}

/** The same command in the foreground, its output on the terminal. */
function foreground(name, command, args, extraEnv = {}) {
  console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`);
  const child = spawn(command, args, { cwd: root, env: { ...env, ...partEnv(name), ...extraEnv }, stdio: 'inherit' });
  return new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));
}

/** Which vitest part (vitest.config.ts) a run is; other commands get no extra environment. */
const partEnv = (name) => (name.startsWith('vitest ') ? { PODIUM_TEST_PART: name.slice('vitest '.length) } : {});

function installed() {
  const marker = path.join(root, 'node_modules', '.modules.yaml');
  return existsSync(marker) && statSync(marker).mtimeMs >= statSync(path.join(root, 'pnpm-lock.yaml')).mtimeMs;
}

/**
 * Chromium for the journeys: from Debian's packages when missing and we are root (CI), started
 * beside `pnpm install` (both mostly wait on downloads). Resolves once it is there; exits with the
 * end of the package manager's output when it cannot be installed (inBackground).
 */
function ensureChromium() {
  if (existsSync(CHROMIUM) && existsSync(HEADLESS_SHELL)) return Promise.resolve();
  const asRoot = process.getuid?.() === 0;
  if (asRoot && existsSync('/usr/bin/apt-get')) {
    console.log('\n▶ apt-get install chromium chromium-headless-shell (beside the install; output in .data/apt.log)');
    const script = 'apt-get update -qq && apt-get install -y -qq chromium chromium-headless-shell';
    return inBackground('installing Chromium', 'sh', ['-c', script], 'apt.log', { env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  // Without the headless shell the journeys drive the full browser (e2e/playwright.config.ts).
  if (existsSync(CHROMIUM)) return Promise.resolve();
  console.error(`The end-to-end tests drive Chromium at ${CHROMIUM}. Install it with your package manager (Debian/Ubuntu: sudo apt-get install chromium).`);
  process.exit(1);
}

/** The running stack's state file (supervisor.ts), if a stack of this checkout runs. */
function runningStack() {
  const quiet = spawnSync('npm', npmRunArgs('stack', 'status'), { cwd: root, env, stdio: 'ignore' });
  if (quiet.status !== 0) return undefined;
  const stateFile = path.join(env.PODIUM_DATA_DIR ?? path.join(root, '.data'), 'stack.json');
  try {
    return JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch {
    return {};
  }
}

/** The newest file under supabase/<parts>. */
function newestOf(parts) {
  let newest = { file: '', mtimeMs: 0 };
  const visit = (entry) => {
    const stats = statSync(entry);
    if (stats.isDirectory()) {
      for (const name of readdirSync(entry)) if (name !== 'node_modules') visit(path.join(entry, name));
    } else if (stats.mtimeMs > newest.mtimeMs) {
      newest = { file: path.relative(root, entry), mtimeMs: stats.mtimeMs };
    }
  };
  for (const part of parts) {
    const entry = path.join(root, 'supabase', part);
    if (existsSync(entry)) visit(entry);
  }
  return newest;
}

/**
 * A warning when the embedded database was made before a migration or the seed last changed: new
 * migrations apply at start, but its rows are an older seed's (and earlier runs' test data), not
 * what a fresh clone tests against.
 */
function staleDatabaseNote() {
  const created = path.join(env.PODIUM_DATA_DIR ?? path.join(root, '.data'), 'db', 'PG_VERSION');
  if (env.DATABASE_URL || !existsSync(created)) return undefined;
  const newest = newestOf(['migrations', 'seed.sql']);
  if (newest.mtimeMs <= statSync(created).mtimeMs) return undefined;
  return `note: the database was made before ${newest.file} changed; a fresh clone tests another one (npm run reset makes it anew)`;
}

/**
 * A command whose output goes to .data/<logName>, run beside others; resolves to its seconds.
 * Its lines that match `echo` also go to the terminal, indented. When it fails: the log's end
 * and path, and the run stops.
 */
function inBackground(what, command, args, logName, { echo, ...options } = {}) {
  mkdirSync(logs, { recursive: true });
  const log = path.join(logs, logName);
  const started = Date.now();
  const fd = openSync(log, 'w');
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', echo ? 'pipe' : fd, fd], ...options });
  if (echo) {
    let partial = '';
    child.stdout.on('data', (chunk) => {
      writeSync(fd, chunk);
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (echo.test(line)) console.log(`  ${line}`);
    });
    child.stdout.on('end', () => closeSync(fd));
  } else closeSync(fd);
  return new Promise((resolve) => {
    const finish = (code, error) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (code === 0) return resolve(seconds);
      console.error(readFileSync(log, 'utf8').trimEnd().split('\n').slice(-30).join('\n'));
      console.error(`✖ ${what} failed after ${seconds} s${error ? ` (${error.message})` : ''}; the whole output is in ${shown(log)}`);
      process.exit(code || 1);
    };
    child.once('error', (error) => finish(1, error));
    child.once('close', (code) => finish(code));
  });
}

const shown = (file) => path.relative(process.cwd(), file) || file;

const apps = ['storefront', 'backoffice', 'artist-portal'];

/** Where an app's build goes (the storefront's may be moved by STOREFRONT_OUT_DIR, as vite.config.ts reads it). */
const distOf = (app) => path.resolve(root, app, (app === 'storefront' && env.STOREFRONT_OUT_DIR) || 'dist');

/** The settings a build bakes into its bundle: the stack it talks to and the site's address. */
const buildSettings = () =>
  Object.fromEntries(
    Object.entries(env)
      .filter(([name]) => /^(VITE_.*|PODIUM_PORT_BASE|PODIUM_.*_PORT|SITE_URL|NODE_ENV|STOREFRONT_OUT_DIR)$/.test(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** The newest file under the given paths (relative to the root), node_modules and build folders left out. */
function newestFile(entries, skip) {
  let newest = { file: '', mtimeMs: 0 };
  const visit = (entry) => {
    const stats = statSync(entry);
    if (stats.isDirectory()) {
      for (const name of readdirSync(entry)) {
        const child = path.join(entry, name);
        if (name !== 'node_modules' && name !== '.git' && !skip.includes(child)) visit(child);
      }
    } else if (stats.mtimeMs > newest.mtimeMs) {
      newest = { file: path.relative(root, entry), mtimeMs: stats.mtimeMs };
    }
  };
  for (const entry of entries.map((part) => path.join(root, part))) if (existsSync(entry)) visit(entry);
  return newest;
}

const stampFile = (app) => path.join(distOf(app), '.podium-build.json');

/**
 * Why an app must be built again, or undefined when its last build by `npm start` still stands:
 * nothing it is built from (its own folder, shared/, the workspace's manifests, lockfile and
 * patches) changed since that build began, it was made with the same settings, and nothing else
 * (`npm run build`, a test run) wrote its index.html since. The storefront's prerendered pages
 * also hold data from the database: a database made after the build (a reset, a new seed or
 * migration) builds it again.
 */
function staleBuild(app) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile(app), 'utf8'));
  } catch {
    return 'no earlier build';
  }
  const index = path.join(distOf(app), 'index.html');
  if (!existsSync(index) || statSync(index).mtimeMs !== stamp.indexMtimeMs) return 'its build was changed since';
  if (JSON.stringify(stamp.settings) !== JSON.stringify(buildSettings())) return 'other settings';
  const inputs = [app, 'shared', 'package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'tsconfig.base.json', 'patches'];
  if (app === 'storefront') inputs.push('supabase/migrations', 'supabase/seed.sql');
  const newest = newestFile(inputs, apps.map(distOf));
  if (newest.mtimeMs >= stamp.startedAt) return `${newest.file} changed`;
  if (app === 'storefront') {
    // Its prerendered pages hold the data of the database they read: one made after that is another.
    const created = path.join(env.PODIUM_DATA_DIR ?? logs, 'db', 'PG_VERSION');
    if (!existsSync(created) || statSync(created).mtimeMs >= (stamp.pagesReadAt ?? stamp.startedAt)) return 'a new database';
  }
  return undefined;
}

/**
 * The three apps' builds side by side, each to its own log (then one build.log of all three),
 * saying what it waits for and each app as it finishes. An app whose last build still stands is
 * kept. The storefront's prerender waits for `stackReady`.
 */
async function buildApps(stackReady, { always = false } = {}) {
  const started = Date.now();
  const toBuild = apps.filter((app) => {
    const reason = always ? 'no earlier build' : staleBuild(app);
    if (!reason) console.log(`✓ ${app} unchanged since its last build: kept`);
    else if (reason !== 'no earlier build') console.log(`  ${app} is built again: ${reason}`);
    return reason;
  });
  if (toBuild.length > 0) console.log(`Building ${toBuild.join(', ')}…`);
  let stackUp = false;
  stackReady.then(() => (stackUp = true));
  const waiting = new Set(toBuild);
  const building = toBuild.map(async (app) => {
    const appStarted = Date.now();
    let pagesReadAt;
    rmSync(stampFile(app), { force: true });
    const cwd = path.join(root, app);
    const log = path.join(logs, `build-${app}.log`);
    await inBackground(`the ${app} build`, path.join(cwd, 'node_modules', '.bin', 'vite'), ['build'], path.basename(log), { cwd });
    if (app === 'storefront') {
      // The prerender in two steps, each's output after the vite build's in the same log: the
      // server bundle needs no stack and is built while it starts; the pages read the stack.
      const prerenderStep = async (label, step) => {
        const before = readFileSync(log, 'utf8');
        await inBackground(label, process.execPath, ['--import', 'tsx', 'scripts/prerender.ts', step], path.basename(log), { cwd });
        writeFileSync(log, before + readFileSync(log, 'utf8'));
      };
      await prerenderStep("the storefront's server bundle", '--server-only');
      if (!stackUp) console.log('  storefront: built, its prerender waits for the stack…');
      await stackReady;
      // The database the pages are rendered from: a stack started beside the build (`npm test`'s,
      // made a second after the build began) is this build's, not a newer one.
      pagesReadAt = Date.now();
      await prerenderStep("the storefront's prerender", '--pages');
    }
    const index = path.join(distOf(app), 'index.html');
    writeFileSync(stampFile(app), `${JSON.stringify({ startedAt: appStarted, pagesReadAt, indexMtimeMs: statSync(index).mtimeMs, settings: buildSettings() })}\n`);
    waiting.delete(app);
    console.log(`✓ ${app} built in ${Math.round((Date.now() - appStarted) / 1000)} s${waiting.size ? ` (waiting for ${[...waiting].join(', ')})` : ''}`);
  });
  await Promise.all([...building, stackReady]);
  const log = path.join(logs, 'build.log');
  if (toBuild.length === 0) {
    console.log(`✓ apps built before and unchanged, nothing to build (that build's output is in ${shown(log)})`);
    return;
  }
  writeFileSync(log, toBuild.map((app) => `=== ${app} ===\n${readFileSync(path.join(logs, `build-${app}.log`), 'utf8')}`).join('\n'));
  for (const app of toBuild) rmSync(path.join(logs, `build-${app}.log`), { force: true });
  console.log(`✓ apps built in ${Math.round((Date.now() - started) / 1000)} s (output in ${shown(log)})`);
}

const results = path.join(root, '.data', 'test-results');
const vitestParts = ['unit', 'alone', 'stack', 'drills'];
/** The tests' own stack's ports: clear of the defaults, the benches' (24300, 24700) and the drills' (25300 up). */
const testPortBase = 24100;
const asideRoot = path.join(root, '.data', 'builds-aside');

/** `npm test: 12 min 5 s wall`, from this runner's start (install included). */
function wallTime() {
  const seconds = Math.round((Date.now() - began) / 1000);
  return `npm test: ${Math.floor(seconds / 60)} min ${seconds % 60} s wall`;
}

/**
 * Moves the apps' dist/ (the build `npm start` made for a person's stack) out of the way while
 * `npm test` builds its own for the tests' stack; a copy left by a run that was stopped halfway
 * comes back first. Returns the folders moved.
 */
function setBuildsAside(ownTestStack) {
  putBuildsBack(apps.filter((app) => existsSync(path.join(asideRoot, app))));
  if (!ownTestStack) return [];
  const moved = apps.filter((app) => existsSync(path.join(root, app, 'dist')));
  mkdirSync(asideRoot, { recursive: true });
  for (const app of moved) renameSync(path.join(root, app, 'dist'), path.join(asideRoot, app));
  if (moved.length) console.log(`\nThe running stack's build waits in ${path.relative(root, asideRoot)} until the tests end.`);
  return moved;
}

function putBuildsBack(moved) {
  for (const app of moved) {
    rmSync(path.join(root, app, 'dist'), { recursive: true, force: true });
    renameSync(path.join(asideRoot, app), path.join(root, app, 'dist'));
  }
}

const command = process.argv[2];
const chromium = command === 'test' ? ensureChromium() : Promise.resolve();
if (!installed()) pnpm('install', '--frozen-lockfile');

if (command === 'start') {
  // The stack and the builds side by side: only the storefront's prerender reads from the stack
  // (storefront/scripts/prerender.ts), so it alone waits for it; the back office, the artist
  // portal and the storefront's own vite build start at once. The stack's own table would show
  // the web not answering yet, so it goes to the log and `stack status` prints it last, apps built.
  console.log('Starting the local stack (database and seed, API, mail, web)…');
  const stack = inBackground('starting the stack', 'npm', npmRunArgs('stack', 'start'), 'start.log', { echo: /^stack: waiting for / }).then((seconds) =>
    console.log(`✓ stack running in ${seconds} s (output in ${shown(path.join(logs, 'start.log'))})`),
  );
  await buildApps(stack);
  const status = spawnSync('npm', npmRunArgs('stack', 'status'), { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(`\n${status.stdout}`);
  if (status.status !== 0 || status.stdout.includes('NOT ANSWERING')) {
    console.error(`✖ not every service answers; the stack's log is ${path.relative(process.cwd(), path.join(env.PODIUM_DATA_DIR ?? logs, 'stack.log'))}`);
    process.exit(1);
  }
} else if (command === 'test') {
  await chromium;
  // The tests' own stack, beside any other: a stack from `npm start` holds the demo data a person
  // is looking at, and the suite's test accounts and bookings do not belong there. A caller that
  // names a data dir or ports (CI, a second checkout) gets exactly those.
  const ownTestStack = !process.env.PODIUM_DATA_DIR && !process.env.PODIUM_PORT_BASE;
  if (ownTestStack) {
    env.PODIUM_DATA_DIR = path.join(root, '.data', 'test-stack');
    env.PODIUM_PORT_BASE = String(testPortBase);
  }
  // Passwords hashed at bcrypt's lowest cost in the stacks the tests start (the suite signs up and
  // in thousands of accounts); `npm start` and the benches keep GoTrue's.
  env.PODIUM_AUTH_BCRYPT_COST ??= '4';
  rmSync(results, { recursive: true, force: true });
  // Lint, the formatter's check and the type check each use one core: they run beside the stack's
  // start and the builds rather than before them.
  const checks = ['lint', 'format:check', 'typecheck'].map((script) => beside(`npm run ${script}`, 'npm', npmRunArgs(script), path.join(results, `${script.replace(':', '-')}.log`)));
  let running = runningStack();
  // A test stack left running (a run that was stopped halfway) is reused with its data. One
  // started before its code, migrations or seed last changed (a pull, an edit) would test
  // yesterday's server: it restarts, which applies new migrations.
  if (running?.startedAt) {
    const newest = newestOf(['stack', 'migrations', 'functions', 'seed.sql', 'config.toml']);
    if (newest.mtimeMs > Date.parse(running.startedAt)) {
      console.log(`\nThe running stack started before ${newest.file} changed: restarting it.`);
      npmRun('stack', 'stop');
      running = undefined;
    }
  }
  const startedHere = !running;
  const where = `ports from ${env.PODIUM_PORT_BASE ?? 'the defaults'}, data in ${path.relative(root, env.PODIUM_DATA_DIR ?? logs)}`;
  let stackReady = Promise.resolve();
  if (startedHere) {
    console.log(`\nStarting the tests' stack (${where})…`);
    stackReady = inBackground("starting the tests' stack", 'npm', npmRunArgs('stack', 'start'), 'start.log').then((seconds) =>
      console.log(`✓ stack running in ${seconds} s (output in ${shown(path.join(logs, 'start.log'))})`),
    );
  } else console.log(`\nUsing the running stack (${where}; started ${running.startedAt ?? 'earlier'}) and its data.`);
  // The build is made for the tests' stack, into the apps' dist/ (the web server and the bundle
  // tests read it there); a build a person's stack serves waits aside and comes back at the end.
  const setAside = setBuildsAside(ownTestStack);
  // Back also when a step fails (process.exit) or the run is interrupted.
  process.on('exit', () => putBuildsBack(setAside));
  process.on('SIGINT', () => process.exit(130));
  // Always a build of this checkout for this stack: an old dist/ would test old code. Its stamp
  // lets `npm start` inside the suite (scripts/run.test.ts) keep it.
  await buildApps(stackReady, { always: true });
  const staleAtStart = staleDatabaseNote();
  if (staleAtStart) console.log(staleAtStart);
  if (!(await Promise.all(checks)).every(Boolean)) {
    if (startedHere) npmRun('stack', 'stop');
    console.error(`\n✖ lint, format or type check failed\n${wallTime()}`);
    process.exit(1);
  }
  const vitest = (part) => ['--yes', packageManager, 'exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest-${part}.json`];
  const playwright = (project) => [
    // A folder per project: Playwright empties its output folder when it starts, and the site-wide
    // run after the journeys took a failed journey's screenshot and page snapshot with it.
    ['--yes', packageManager, '--filter', '@podium/e2e', 'exec', 'playwright', 'test', '--project', project, '--no-deps', '--output', `test-results/${project}`],
    { PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(results, `e2e-${project}.json`) },
  ];
  // Four vitest parts (vitest.config.ts) and the journeys, in the order that keeps both cores
  // busy without pulling the ground from under a test:
  //   1. the files that need the shared stack to themselves (a service restarted, its apps built
  //      again, bad input that must change no row anywhere), one at a
  //      time, with the unit files beside them (no stack);
  //   2. the journeys, two at a time, with the files that share the stack beside them, one at a
  //      time;
  //   throughout 1 and 2, the drills on stacks of their own at a lower priority;
  //   3. the journeys that count what the whole site shows, alone: nothing else adds rows then.
  const unitPart = beside('vitest unit', 'npx', vitest('unit'), path.join(results, 'vitest-unit.log'));
  // The drills take what CPU the rest leaves (their limits are minutes, a journey's seconds),
  // from the start: the files that run alone leave one core mostly idle once the unit files are
  // done, and drills that started only with the journeys were the last to finish.
  const drills = beside('vitest drills', 'npx', vitest('drills'), path.join(results, 'vitest-drills.log'), { nice: 10 });
  const alonePart = await foreground('vitest alone', 'npx', vitest('alone'));
  const stackPart = beside('vitest stack', 'npx', vitest('stack'), path.join(results, 'vitest-stack.log'));
  const journeys = await foreground('playwright journeys', 'npx', ...playwright('journeys'));
  const vitestPassed = (await unitPart) && alonePart && (await stackPart);
  const siteWide = await foreground('playwright site-wide', 'npx', ...playwright('site-wide'));
  const drillsPassed = await drills;
  const e2e = journeys && siteWide;
  mergeVitestReports(results, vitestParts);
  mergePlaywrightReports(results, ['journeys', 'site-wide']);
  if (startedHere) npmRun('stack', 'stop');
  const { failed, failures, line } = summarise(results);
  const stale = staleDatabaseNote();
  const failedList = failures.map((name) => `✗ ${name}\n`).join('');
  console.log(`\n${stale ? `${stale}\n` : ''}${failedList}${line}\n${wallTime()}`);
  if (!vitestPassed || !drillsPassed || !e2e || failed > 0) {
    console.error(
      `✖ tests failed (${[!vitestPassed && 'vitest', !drillsPassed && 'vitest drills', !e2e && 'playwright', vitestPassed && drillsPassed && e2e && 'flaky or missing results'].filter(Boolean).join(', ')})`,
    );
    process.exitCode = 1;
  }
} else {
  console.error('usage: node scripts/run.mjs <start|test>');
  process.exit(1);
}

// `npm start` as a person sees it: after the build it ends with the stack's URLs, keys and health,
// every service answering (the web server too, now that the apps are built), and the build's
// own output is in a log rather than on the terminal. Run against the suite's running stack, so
// `stack start` finds it up and the build is the one `npm test` made (same stack, same code).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The environment of a terminal: without what vitest adds (NODE_ENV=test would build React's development bundle). */
const terminalEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(VITEST.*|VITE_.*|NODE_ENV|TEST|MODE|DEV|PROD|SSR|BASE_URL)$/.test(name)));

describe('npm start', () => {
  it('ends with the status table, every service healthy, the build output in a log', { timeout: 600_000 }, () => {
    const status = spawnSync('npm', ['run', '--silent', 'status'], { cwd: root, env: terminalEnv, encoding: 'utf8' });
    if (status.status !== 0) throw new Error(`this test runs against the running stack: start it first (npm start)\n${status.stdout}`);

    const start = spawnSync(process.execPath, ['scripts/run.mjs', 'start'], { cwd: root, env: terminalEnv, encoding: 'utf8' });
    expect(start.status, start.stderr).toBe(0);
    const lines = start.stdout.trimEnd().split('\n');
    const health = lines.slice(-10).map((line) => line.trim());
    expect(health).toEqual(['db', 'rest', 'auth', 'storage', 'realtime', 'mail', 'payments', 'instagram', 'functions', 'web'].map((name) => expect.stringMatching(new RegExp(`^${name}: healthy`))));
    // The table once, at the end: not first with the web 'NOT ANSWERING' and the build after it.
    expect(start.stdout).not.toContain('NOT ANSWERING');
    expect(lines.filter((line) => /^\s*API URL: /.test(line))).toHaveLength(1);
    expect(start.stdout).not.toMatch(/vite v\d|✓ built in|prerender:/);
    expect(start.stdout).toContain('apps built');
    expect(start.stdout).toMatch(/output (is )?in .*build\.log/);
    // The stack is the one the storefront's pages were prerendered from, though it was made a
    // second after that build began: its build stands (rebuilding it took 40 s here).
    expect(start.stdout).not.toContain('storefront is built again: a new database');
  });
});

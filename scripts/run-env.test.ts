// What `npm start` and `npm test` hand their commands: no pnpm-only settings for npm to warn
// about, pnpm's update notifier off, no colours under CI. The npm checks run the real npm.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { childEnv, isCi } from './run-env.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The settings pnpm 10 hands a script it runs (`pnpm run typecheck` here), as seen from a fresh shell. */
const fromPnpm = {
  npm_config_catalog: '{"typescript":"5.9.3"}',
  npm_config_verify_deps_before_run: 'false',
  npm_config_npm_globalconfig: '/usr/etc/npmrc',
  npm_config__jsr_registry: 'https://npm.jsr.io/',
  npm_config_patched_dependencies: '{}',
  npm_config_user_agent: 'pnpm/10.34.8 npm/? node/v20.20.2 linux x64',
};

/** stderr of a real, quick npm run (eslint's version) with this environment. */
const npmStderr = (env: NodeJS.ProcessEnv) => spawnSync('npm', ['run', 'lint', '--', '--version'], { cwd: root, env, encoding: 'utf8' }).stderr;

describe('childEnv', () => {
  it("drops pnpm's own settings, so npm under it prints no 'Unknown env config'", () => {
    const parent = { ...process.env, ...fromPnpm };
    // The warnings this is about, from the same npm: the check below can see them.
    expect(npmStderr(parent)).toContain('Unknown env config "catalog"');
    const env = childEnv(parent);
    expect(npmStderr(env)).not.toContain('Unknown env config');
    expect(env.npm_config_user_agent).toBe(fromPnpm.npm_config_user_agent);
  }, 60_000);

  it("turns pnpm's update notifier off, also through the repository's .npmrc", () => {
    expect(childEnv({}).npm_config_update_notifier).toBe('false');
    expect(readFileSync(new URL('../.npmrc', import.meta.url), 'utf8')).toMatch(/^update-notifier=false$/m);
  });

  it('asks for no colours under CI and leaves them alone elsewhere', () => {
    expect(childEnv({ CI: 'true', FORCE_COLOR: '1' })).toMatchObject({ NO_COLOR: '1' });
    expect(childEnv({ CI: 'true', FORCE_COLOR: '1' }).FORCE_COLOR).toBeUndefined();
    expect(childEnv({ CI: '1' }).NO_COLOR).toBe('1');
    expect(childEnv({}).NO_COLOR).toBeUndefined();
    expect(childEnv({ CI: 'false', FORCE_COLOR: '1' })).toMatchObject({ FORCE_COLOR: '1' });
    expect(isCi({ CI: '' })).toBe(false);
  });

  it('gives vitest under CI a log without ANSI colour codes', () => {
    const listed = spawnSync('npx', ['--yes', 'pnpm@10.34.8', 'exec', 'vitest', 'run', '--project', 'repo', 'scripts/known-warnings.test.ts'], {
      cwd: root,
      env: childEnv({ ...process.env, CI: 'true' }),
      encoding: 'utf8',
    });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('passed');
    expect(listed.stdout).not.toContain('\u001b[');
  }, 120_000);
});

// The environment `npm start` and `npm test` give the commands they run.
//
// - pnpm's update notifier off: the README pins pnpm (package.json's packageManager, run through
//   npx), so a box saying 'Update available!' with a curl-to-shell line contradicts it.
// - No settings that only pnpm knows: pnpm hands its own settings to the scripts it runs as
//   npm_config_* variables, and every npm or npx under them warns 'Unknown env config' for each.
//   They are there when this runner itself runs under pnpm (`pnpm test`).
// - Under CI (CI set and not 'false'), no colours: vitest turns them on for CI even when the log
//   is a file. NO_COLOR is what vitest, Playwright and pnpm honour; FORCE_COLOR would win over it.

/** npm_config_* keys pnpm sets that npm does not know (npm warns about each, once per command). */
export const pnpmOnlySettings = [
  'catalog',
  'catalogs',
  'verify_deps_before_run',
  'npm_globalconfig',
  '_jsr_registry',
  'patched_dependencies',
  'only_built_dependencies',
  'link_workspace_packages',
  'shared_workspace_lockfile',
  'node_linker',
];

/** Whether the CI variable says this is a CI run. */
export function isCi(env) {
  return env.CI !== undefined && env.CI !== '' && env.CI !== '0' && env.CI.toLowerCase() !== 'false';
}

/** The child environment for `parent` (process.env). */
export function childEnv(parent) {
  const env = { ...parent, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', npm_config_nodedir: '', npm_config_update_notifier: 'false' };
  for (const name of Object.keys(env)) {
    const match = /^npm_config_(.+)$/i.exec(name);
    if (match && pnpmOnlySettings.includes(match[1].toLowerCase().replace(/-/g, '_'))) delete env[name];
  }
  if (isCi(parent)) {
    env.NO_COLOR = '1';
    delete env.FORCE_COLOR;
  }
  return env;
}

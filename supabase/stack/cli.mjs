// `npm run stack -- <command>` (and `npm start`'s stack): the stack CLI (cli.ts) from its bundle
// while that is current (prebuilt.ts, which this check mirrors), else from the sources through
// tsx. Plain JavaScript, so a start does not first load tsx only to find a bundle it can run.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const stackDir = path.dirname(fileURLToPath(import.meta.url));
const bundleDir = process.env.PODIUM_STACK_BUNDLE_DIR ?? path.join(stackDir, '..', 'node_modules', '.cache', 'podium-stack');

/** The current build's folder (current.json names it), when every file it was made from is unchanged. */
function currentBuild() {
  if (process.env.PODIUM_STACK_BUNDLES === 'off') return undefined;
  try {
    const { build } = JSON.parse(readFileSync(path.join(bundleDir, 'current.json'), 'utf8'));
    const dir = path.join(bundleDir, build);
    const { inputs } = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    for (const entry of ['cli', 'service', 'realtime']) statSync(path.join(dir, `${entry}.mjs`));
    const unchanged = Object.entries(inputs).every(([file, [size, mtimeMs]]) => {
      const stats = statSync(file, { throwIfNoEntry: false });
      return stats?.size === size && stats.mtimeMs === mtimeMs;
    });
    return unchanged ? dir : undefined;
  } catch {
    return undefined;
  }
}

const build = currentBuild();
if (build) {
  await import(pathToFileURL(path.join(build, 'cli.mjs')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(stackDir, 'cli.ts')).href);
}

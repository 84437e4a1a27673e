// The stack's Node processes (the supervisor and its auth, payments, mail and realtime children)
// run from bundles made with esbuild rather than through tsx: tsx loads esbuild and a loader
// thread into every process and resolves each of the ~150 modules through it, which is most of
// a child's start, and five of them start at once on a small machine. A bundle is used only
// while every file it was made from is unchanged (same size and mtime); after an edit a process
// runs the sources through tsx, as before, until `stack start` bundles them again.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const stackDir = fileURLToPath(new URL('./', import.meta.url));
const supabaseDir = path.dirname(stackDir);

/** The processes' entry points, relative to stack/. */
export const entries = {
  cli: 'cli.ts',
  service: 'service-main.ts',
  realtime: 'realtime/main.ts',
} as const;
export type Entry = keyof typeof entries;

/**
 * The packages left outside the bundles: native addons and binaries (they load files of their
 * own next to them), and what only a rare command needs. Everything else goes in, so a process
 * starts without resolving and reading a few hundred files of node_modules.
 */
const outsidePackages = ['bcrypt', 'sharp', 'esbuild', 'tar', 'pg-native', 'pg-cloudflare', 'bufferutil', 'utf-8-validate', 'tsx'];
const outside = (specifier: string) => specifier.startsWith('node:') || outsidePackages.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** Inside supabase/node_modules, so the bundles' bare imports resolve as the sources' do. */
export function bundleDir() {
  return process.env.PODIUM_STACK_BUNDLE_DIR ?? path.join(supabaseDir, 'node_modules', '.cache', 'podium-stack');
}

interface Manifest {
  /** Every source file in the bundles, with its size and mtime when they were made. */
  inputs: Record<string, [number, number]>;
}

// Spelled in parts: this file is bundled too, and the literal would be replaced in it.
const metaUrl = ['import', 'meta', 'url'].join('.');

/**
 * Each build goes to a folder of its own, and current.json names the one to use: a start never
 * sees a build half-written or replaced under it, also when stacks of this checkout start at
 * once. Running processes keep the build they started from; the oldest builds beyond `keptBuilds` go.
 */
const keptBuilds = 10;
const currentFile = () => path.join(bundleDir(), 'current.json');

/** The folder of the current build, when every file it was made from is unchanged. */
function freshBuild(): string | undefined {
  try {
    const { build } = JSON.parse(readFileSync(currentFile(), 'utf8')) as { build: string };
    const dir = path.join(bundleDir(), build);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    if (!Object.keys(entries).every((entry) => existsSync(path.join(dir, `${entry}.mjs`)))) return undefined;
    const unchanged = Object.entries(manifest.inputs).every(([file, [size, mtimeMs]]) => {
      const stats = statSync(file, { throwIfNoEntry: false });
      return stats?.size === size && stats.mtimeMs === mtimeMs;
    });
    return unchanged ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** How to run an entry with this Node: its bundle while that is current, else its source through tsx. */
export function nodeArgs(entry: Entry): string[] {
  const build = process.env.PODIUM_STACK_BUNDLES === 'off' ? undefined : freshBuild();
  if (build) return [path.join(build, `${entry}.mjs`)];
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return ['--import', tsx, path.join(stackDir, entries[entry])];
}

/**
 * Makes the bundles when they are missing or any source changed; a failure only costs speed (the
 * processes run through tsx), so it is reported and not thrown.
 */
export async function ensureBundles(report: (message: string) => void = () => {}): Promise<void> {
  if (process.env.PODIUM_STACK_BUNDLES === 'off' || freshBuild()) return;
  const began = performance.now();
  try {
    const esbuild = await import('esbuild');
    const build = `build-${Date.now().toString(36)}-${process.pid}`;
    const out = path.join(bundleDir(), build);
    mkdirSync(out, { recursive: true });
    const result = await esbuild.build({
      entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(stackDir, file)])),
      outdir: out,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // Chunks: a `stack status` or `stop` loads the CLI, not the supervisor and every service.
      splitting: true,
      chunkNames: 'chunk-[hash]',
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node}`,
      // The bundled packages' CommonJS require()s of Node's own modules.
      banner: { js: `import { createRequire as __podiumRequire } from 'node:module'; const require = __podiumRequire(${metaUrl});` },
      absWorkingDir: supabaseDir,
      metafile: true,
      logLevel: 'silent',
      plugins: [
        {
          name: 'podium-stack',
          setup(build) {
            // Only the packages `outside` names stay outside; the others and the workspace's
            // own TypeScript (@podium/shared) go in.
            build.onResolve({ filter: /^[^./]/ }, (args) => (outside(args.path) ? { path: args.path, external: true } : undefined));
            // Each module keeps its own import.meta.url: paths to SQL, HTML, the Deno runtime
            // and the repository root are relative to the source file, not to the bundle.
            build.onLoad({ filter: /\.ts$/ }, (args) => ({
              contents: readFileSync(args.path, 'utf8').replaceAll(metaUrl, JSON.stringify(pathToFileURL(args.path).href)),
              loader: 'ts',
            }));
          },
        },
      ],
    });
    const inputs: Manifest['inputs'] = {};
    for (const input of Object.keys(result.metafile.inputs)) {
      const file = path.resolve(supabaseDir, input);
      const stats = statSync(file);
      inputs[file] = [stats.size, stats.mtimeMs];
    }
    writeFileSync(path.join(out, 'manifest.json'), JSON.stringify({ inputs } satisfies Manifest));
    const next = `${currentFile()}.${process.pid}`;
    writeFileSync(next, JSON.stringify({ build }));
    renameSync(next, currentFile());
    const builds = readdirSync(bundleDir())
      .filter((name) => name.startsWith('build-'))
      .map((name) => ({ name, mtimeMs: statSync(path.join(bundleDir(), name)).mtimeMs }))
      .sort((a, b) => b.mtimeMs - a.mtimeMs);
    for (const { name } of builds.slice(keptBuilds)) if (name !== build) rmSync(path.join(bundleDir(), name), { recursive: true, force: true });
    report(`bundled the stack's processes in ${Math.round(performance.now() - began)} ms`);
  } catch (error) {
    report(`bundling the stack's processes failed, running them through tsx: ${(error as Error).message}`);
  }
}

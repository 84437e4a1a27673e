// The stack's Node processes (the supervisor and its auth, payments, mail and realtime children)
// run from bundles made with esbuild rather than through tsx: tsx loads esbuild and a loader
// thread into every process and resolves each of the ~150 modules through it, which is most of
// a child's start, and five of them start at once on a small machine. A bundle is used only
// while every file it was made from is unchanged (same size and mtime); after an edit a process
// runs the sources through tsx, as before, until `stack start` bundles them again.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

const manifestFile = () => path.join(bundleDir(), 'manifest.json');
const bundleFile = (entry: Entry) => path.join(bundleDir(), `${entry}.mjs`);

function isFresh(): boolean {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile(), 'utf8')) as Manifest;
  } catch {
    return false;
  }
  if (!Object.keys(entries).every((entry) => existsSync(bundleFile(entry as Entry)))) return false;
  return Object.entries(manifest.inputs).every(([file, [size, mtimeMs]]) => {
    try {
      const stats = statSync(file);
      return stats.size === size && stats.mtimeMs === mtimeMs;
    } catch {
      return false;
    }
  });
}

/** How to run an entry with this Node: its bundle while that is current, else its source through tsx. */
export function nodeArgs(entry: Entry): string[] {
  if (process.env.PODIUM_STACK_BUNDLES !== 'off' && isFresh()) return [bundleFile(entry)];
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return ['--import', tsx, path.join(stackDir, entries[entry])];
}

/**
 * Makes the bundles when they are missing or any source changed; a failure only costs speed (the
 * processes run through tsx), so it is reported and not thrown.
 */
export async function ensureBundles(report: (message: string) => void = () => {}): Promise<void> {
  if (process.env.PODIUM_STACK_BUNDLES === 'off' || isFresh()) return;
  const began = performance.now();
  try {
    const esbuild = await import('esbuild');
    const dir = bundleDir();
    const partial = `${dir}.${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    const result = await esbuild.build({
      entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(stackDir, file)])),
      outdir: partial,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // Chunks: a `stack status` or `stop` loads the CLI, not the supervisor and every service.
      splitting: true,
      chunkNames: 'chunk-[hash]',
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node}`,
      absWorkingDir: supabaseDir,
      metafile: true,
      logLevel: 'silent',
      plugins: [
        {
          name: 'podium-stack',
          setup(build) {
            // Packages stay outside (native modules, their own files); the workspace's own
            // TypeScript (@podium/shared) goes in.
            build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@podium/') || path.isAbsolute(args.path) ? undefined : { path: args.path, external: true }));
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
    writeFileSync(path.join(partial, 'manifest.json'), JSON.stringify({ inputs } satisfies Manifest));
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
    report(`bundled the stack's processes in ${Math.round(performance.now() - began)} ms`);
  } catch (error) {
    report(`bundling the stack's processes failed, running them through tsx: ${(error as Error).message}`);
  }
}

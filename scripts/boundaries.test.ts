// Where code lives (../shared/ARCHITECTURE.md): the apps and @podium/shared, build configs,
// benches and test support included, talk to Supabase over HTTP and take local URLs and keys from
// @podium/shared's local defaults, never from the local stack's code, so the same code builds
// against hosted Supabase. And the local service-role key stays out of what browsers load.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const skipped = new Set(['node_modules', 'dist', '.lh', 'test-results', 'playwright-report']);

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|mts|js|mjs|cjs)$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.join(root, folder));
  return files;
}

/** Every module a file names: static imports, re-exports, side-effect and dynamic imports. */
function importsOf(file: string): { line: number; specifier: string }[] {
  const text = readFileSync(file, 'utf8');
  const found: { line: number; specifier: string }[] = [];
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)) {
    found.push({ line: text.slice(0, match.index).split('\n').length, specifier: match[1] ?? '' });
  }
  return found;
}

/** The repository path a specifier lands on (relative ones resolved), or the bare specifier. */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return path
    .relative(root, path.resolve(path.dirname(file), specifier))
    .split(path.sep)
    .join('/');
}

const where = (file: string, line: number, specifier: string) => `${path.relative(root, file)}:${line} imports ${specifier}`;

describe('import boundaries', () => {
  it('nothing under storefront/, backoffice/, artist-portal/ or shared/src imports supabase/stack/', () => {
    const offending = ['storefront', 'backoffice', 'artist-portal', 'shared/src'].flatMap((folder) =>
      sourceFiles(folder).flatMap((file) =>
        importsOf(file)
          .filter(({ specifier }) => /(^|\/)supabase\/stack(\/|$)/.test(target(file, specifier)))
          .map(({ line, specifier }) => where(file, line, specifier)),
      ),
    );
    expect(offending).toEqual([]);
  });

  it('app code never imports the local secrets (local-stack-node) or the test support holding them', () => {
    const isTestCode = (file: string) => /\.test\.|\.test-support\.|[\\/]test[\\/]/.test(file);
    const offending = ['storefront/src', 'backoffice/src', 'artist-portal/src', 'shared/src'].flatMap((folder) =>
      sourceFiles(folder)
        .filter((file) => !isTestCode(file) && !file.endsWith('local-stack-node.ts'))
        .flatMap((file) =>
          importsOf(file)
            .filter(({ specifier }) => /local-stack-node|stack\.test-support/.test(specifier))
            .map(({ line, specifier }) => where(file, line, specifier)),
        ),
    );
    expect(offending).toEqual([]);
  });
});

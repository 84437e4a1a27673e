// @vitest-environment node
// `pnpm bench` builds the storefront against its own throwaway stack. That build must go to a
// folder of the bench's own: dist/ holds the user's build, made for their stack and served on
// :3000, and a bench that replaced it left the product talking to a stopped API.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStorefront } from './bench.ts';

const dist = fileURLToPath(new URL('./dist', import.meta.url));

/** Every file under `dir` with a hash of its bytes; undefined when there is no such folder. */
function contents(dir: string): Record<string, string> | undefined {
  if (!existsSync(dir)) return undefined;
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return files;
}

describe('the storefront bench’s build', () => {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'podium-bench-build-test-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('goes to its own folder and leaves dist/ byte for byte as it was', { timeout: 240_000 }, () => {
    const before = contents(dist);
    // An API of its own (here one that refuses connections, so the prerender skips the data
    // pages quickly): a build that leaked into dist/ could not come out identical to the user's.
    const benchApi = 'http://127.0.0.1:9';
    buildStorefront(outDir, { ...process.env, VITE_SUPABASE_URL: benchApi });

    expect(contents(dist)).toEqual(before);
    const built = readdirSync(path.join(outDir, 'assets')).filter((file) => file.endsWith('.js'));
    expect(built.some((file) => readFileSync(path.join(outDir, 'assets', file), 'utf8').includes(benchApi))).toBe(true);
    // The prerender wrote there too.
    expect(readFileSync(path.join(outDir, 'over-ons', 'index.html'), 'utf8')).toContain('data-prerendered="/over-ons"');
  });
});

// Reads the build `npm test` makes before the tests (the back office's dist/): what a browser
// loads for /admin/login. Every screen in one chunk would make it load the
// whole back office (some 1.5 MB, 450 KB gzip) before the sign-in form.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkWarningBytes, firstPages, initialJavaScript, javaScriptChunks } from '@podium/shared/bundle-size';

const dist = path.resolve(import.meta.dirname, '../../dist');

describe('the back office build', () => {
  it('exists (npm run build)', () => {
    expect(existsSync(`${dist}/.vite/manifest.json`), 'build the back office first: npm run build').toBe(true);
  });

  it('loads at most 250 KB gzip of JavaScript for /admin/login', () => {
    const { gzipBytes, files } = initialJavaScript(dist, [...firstPages.backoffice.keys]);
    expect(gzipBytes, files.map((file) => `${file.file} ${(file.gzipBytes / 1024).toFixed(1)} KB`).join('\n')).toBeLessThanOrEqual(firstPages.backoffice.targetGzipBytes);
  });

  it("has no chunk over Vite's 500 kB warning", () => {
    expect(
      javaScriptChunks(dist)
        .filter((chunk) => chunk.bytes > chunkWarningBytes)
        .map((chunk) => chunk.file),
    ).toEqual([]);
  });
});
